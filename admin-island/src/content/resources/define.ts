// defineResource<'table'>: a resource definition typed by its table. Its fields may
// name only the table's columns and its card reads the table's row type, so the
// compiler checks both. What the table's schema already says is derived, never
// written again: the form rules (src/lib/schema), the values a new record starts
// with (src/lib/sample-content.ts), the list order (the order visitors see).
import { NEW_ITEM_ICONS, NEW_RECORDS } from "../../../../src/lib/sample-content.ts";
import type { Column, ListItem } from "../../../../src/lib/schema/columns.ts";
import {
  type ColumnOf,
  type ContentTable,
  formSchema,
  type RowOf,
  TABLES,
} from "../../../../src/lib/schema/tables.ts";
import type { ListOrder, Row } from "../../api/rows.ts";
import type {
  CardView,
  Field,
  FormValues,
  ItemField,
  ListField,
  ListSearch,
  ResourceDefinition,
  ResourceTexts,
  ScreenNotice,
} from "./types.ts";

export interface ResourceSpec<T extends ContentTable> {
  /** Tells two screens of one table apart; the table's name by default. */
  key?: string;
  table: T;
  texts: ResourceTexts;
  fields: Field<ColumnOf<T>>[];
  /** A field's own refusal, where it is not `texts.invalid`. */
  messages?: Partial<Record<ColumnOf<T>, string>>;
  card: (row: RowOf<T>) => CardView;
  activation?: "logo";
  modal?: "normal" | "wide";
  bulk?: { imageField: ColumnOf<T>; titleField: ColumnOf<T>; folder: string };
  notice?: ScreenNotice;
}

/** The column a list is filtered by, when its table has one. */
const CATEGORY_COLUMNS = new Set(["category", "category_name"]);

/**
 * What a list's search looks in: the record's own words, its text fields (titles,
 * names, captions, descriptions), never a link address or a picture's description
 * (which mostly repeats the title). A table with a category column is filtered by it.
 */
export function listSearch(fields: readonly Field[]): ListSearch {
  const words = fields.filter(
    (field) =>
      (field.kind === "text" || field.kind === "textarea") &&
      field.inputType !== "url" &&
      !("describes" in field),
  );
  const category = fields.find((field) => CATEGORY_COLUMNS.has(field.name));
  return {
    fields: words.map((field) => field.name),
    labels: words.map((field) => field.label),
    category: category
      ? {
          field: category.name,
          label: category.label,
          options: category.kind === "select" ? category.options : undefined,
        }
      : undefined,
  };
}

/** A field without its name, kind by kind. */
type Unnamed<F> = F extends unknown ? Omit<F, "name"> : never;

/** The order visitors see a table in, which the admin's list keeps. */
export function listOrder(table: ContentTable): ListOrder {
  return TABLES[table].read.order === "sort_order"
    ? { column: "sort_order", ascending: true }
    : { column: "created_at", ascending: false };
}

/** A list item as the form holds it: every key present, as text. */
function formItem(field: ListField, item: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.keys(field.newItem).map((key) => {
      const value = item[key];
      return [key, typeof value === "string" ? value : ""];
    }),
  );
}

/** The form values a new record of `table` starts with. */
export function newRecordValues(table: ContentTable, fields: readonly Field[]): FormValues {
  const given: Record<string, unknown> =
    (NEW_RECORDS as Partial<Record<ContentTable, Record<string, unknown>>>)[table] ?? {};
  const columns: Record<string, Column> = TABLES[table].columns;
  const values: FormValues = {};
  for (const field of fields) {
    const value = given[field.name];
    switch (field.kind) {
      case "checkbox": {
        // A yes/no the database starts somewhere (a decorative picture: no) starts
        // there; the Active flag has none, and a new record is shown.
        const initial = columns[field.name]?.initial;
        values[field.name] =
          typeof value === "boolean" ? value : typeof initial === "boolean" ? initial : true;
        break;
      }
      case "number":
        values[field.name] = typeof value === "number" ? value : 0;
        break;
      case "select":
        values[field.name] = typeof value === "string" ? value : (field.options[0]?.value ?? "");
        break;
      case "list":
        values[field.name] = Array.isArray(value)
          ? value.map((item: Record<string, unknown>) => formItem(field, item))
          : [{ ...field.newItem }];
        break;
      default:
        values[field.name] = typeof value === "string" ? value : "";
    }
  }
  return values;
}

/**
 * A repeating list field of a table's JSON list column: one item field per key of
 * the list's item (the compiler asks for every key), and a new item that starts
 * blank but for its icon.
 */
export function listField<T extends ContentTable, I extends ListItem>(
  table: T,
  column: ColumnOf<T>,
  item: I,
  spec: Omit<ListField, "kind" | "name" | "fields" | "newItem"> & {
    fields: { [K in keyof I["keys"] & string]: Unnamed<ItemField> };
  },
): ListField<ColumnOf<T>> {
  const icons: Record<string, string | undefined> =
    (NEW_ITEM_ICONS as Partial<Record<ContentTable, Record<string, string>>>)[table] ?? {};
  const keys = Object.keys(item.keys);
  return {
    ...spec,
    kind: "list",
    name: column,
    fields: keys.map((key) => ({ ...spec.fields[key], name: key }) as ItemField),
    newItem: Object.fromEntries(
      keys.map((key) => [key, key === "icon" ? (icons[column] ?? "") : ""]),
    ),
  };
}

export function defineResource<T extends ContentTable>(spec: ResourceSpec<T>): ResourceDefinition {
  const { table, texts, fields } = spec;
  // Each column's rule (a number refuses a blank or unreadable entry: wholeNumber), and
  // each required field refusing blank with the form's own words.
  const schema = formSchema(
    table,
    fields.map((field) => field.name),
    texts.invalid,
    spec.messages,
  );
  return {
    key: spec.key ?? table,
    table,
    texts,
    fields,
    schema,
    defaults: () => newRecordValues(table, fields),
    order: listOrder(table),
    // Rows come from this table, so they have its row's shape.
    card: (row: Row) => spec.card(row as RowOf<T>),
    search: listSearch(fields),
    activation: spec.activation,
    showsOne: TABLES[table].read.shows === "one",
    modal: spec.modal,
    bulk: spec.bulk,
    notice: spec.notice,
  };
}
