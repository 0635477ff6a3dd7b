import type { Row } from "../api/rows.ts";
import type { Field, FormValues, ResourceDefinition } from "./resources/types.ts";

function fieldValue(field: Field, value: unknown, fallback: unknown): unknown {
  if (value === undefined) return fallback;
  switch (field.kind) {
    case "checkbox":
      return Boolean(value);
    case "number":
      return typeof value === "number" ? value : fallback;
    case "list":
      return Array.isArray(value)
        ? value.map((item: Record<string, unknown>) =>
            Object.fromEntries(
              Object.keys({ ...field.newItem }).map((key) => [
                key,
                typeof item?.[key] === "string" ? item[key] : "",
              ]),
            ),
          )
        : fallback;
    default:
      return typeof value === "string" ? value : "";
  }
}

/** A row as the form's values: nulls as empty text, lists with every key present. */
export function rowToForm(definition: ResourceDefinition, row: Row | null): FormValues {
  const defaults = definition.defaults();
  if (!row) return defaults;
  const values: FormValues = {};
  for (const field of definition.fields) {
    values[field.name] = fieldValue(field, row[field.name], defaults[field.name]);
  }
  return values;
}
