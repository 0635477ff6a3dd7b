// Renders a definition's fields inside a react-hook-form form.
import { Minus, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { type FieldErrors, useFieldArray, useFormContext } from "react-hook-form";
import type { Field, ListField as ListFieldDef } from "../../resources/types.ts";
import { button, input } from "../ui.ts";
import { describedBy, FieldShell } from "./FieldShell.tsx";
import { UploadField } from "./UploadField.tsx";

function errorAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  if (typeof message === "string") return message;
  // An array's own error (e.g. too few items) sits under `root`.
  const root = (node as { root?: { message?: unknown } } | undefined)?.root?.message;
  return typeof root === "string" ? root : undefined;
}

function fieldId(path: string) {
  return `field-${path.replace(/\./g, "-")}`;
}

export function FieldInput({ field, path }: { field: Field; path: string }) {
  const { register, formState } = useFormContext();
  const error = errorAt(formState.errors, path);
  const id = fieldId(path);
  const aria = {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, field.hint, error),
    "aria-required": field.required ? true : undefined,
  };

  // The simple inputs share one shell: label, hint and error around the control.
  let control: ReactNode = null;
  switch (field.kind) {
    case "text":
      control = (
        <input
          id={id}
          type={field.inputType ?? "text"}
          className={input}
          placeholder={field.placeholder}
          {...aria}
          {...register(path)}
        />
      );
      break;
    case "textarea":
      control = (
        <textarea
          id={id}
          rows={4}
          className={input}
          placeholder={field.placeholder}
          {...aria}
          {...register(path)}
        />
      );
      break;
    case "number":
      control = (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={field.min}
          step={1}
          className={input}
          {...aria}
          {...register(path)}
        />
      );
      break;
    case "select":
      control = (
        <select id={id} className={input} {...aria} {...register(path)}>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      );
      break;
  }
  if (control) {
    return (
      <FieldShell
        id={id}
        label={field.label}
        required={field.required}
        hint={field.hint}
        error={error}
      >
        {control}
      </FieldShell>
    );
  }

  switch (field.kind) {
    case "checkbox":
      return (
        <div className="flex items-center gap-3 self-end py-2">
          <input id={id} type="checkbox" className="size-5 accent-brand-700" {...register(path)} />
          <label htmlFor={id} className="text-sm font-semibold text-ink">
            {field.label}
          </label>
        </div>
      );
    case "image":
    case "document":
      return <UploadField field={field} name={path} error={error} />;
    case "list":
      return <ListFieldInput field={field} path={path} error={error} />;
    default:
      return null;
  }
}

/** A repeating list: add freely, remove only while more than one remains. */
function ListFieldInput({
  field,
  path,
  error,
}: {
  field: ListFieldDef;
  path: string;
  error?: string;
}) {
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: path });
  return (
    <fieldset className="min-w-0 rounded-lg border border-surface-sunken p-4">
      <legend className="px-1 text-base font-semibold text-ink">{field.label}</legend>
      {error ? <p className="mb-2 text-sm font-medium text-red-800">{error}</p> : null}
      <ol className="flex flex-col gap-4">
        {fields.map((item, index) => (
          <li key={item.id} className="rounded-lg bg-surface-muted p-3">
            <div className="mb-2 flex items-center justify-between gap-3">
              <h4 className="text-sm font-semibold text-ink-muted">
                {field.itemLabel} {index + 1}
              </h4>
              <button
                type="button"
                className={button.smallDanger}
                disabled={fields.length <= 1}
                onClick={() => remove(index)}
                aria-label={`Remove ${field.itemLabel} ${index + 1}`}
                title={
                  fields.length <= 1
                    ? `At least one ${field.itemLabel.toLowerCase()} is needed`
                    : undefined
                }
              >
                <Minus aria-hidden="true" className="size-4" />
                Remove
              </button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {field.fields.map((sub) => (
                <div
                  key={sub.name}
                  className={sub.wide || sub.kind === "textarea" ? "sm:col-span-2" : undefined}
                >
                  <FieldInput field={sub} path={`${path}.${index}.${sub.name}`} />
                </div>
              ))}
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className={`${button.small} mt-3`}
        onClick={() => append({ ...field.newItem })}
      >
        <Plus aria-hidden="true" className="size-4" />
        {field.addLabel}
      </button>
    </fieldset>
  );
}
