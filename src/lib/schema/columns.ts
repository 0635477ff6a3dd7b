// The kinds of column a content table has. Each kind is written once and gives two
// schemas for the same column:
//   - `row`: the value as the database stores it and the build reads it (strict:
//     a value of another type fails the build instead of reaching a page);
//   - `form(message)`: the admin's rule, from what an editor typed to the value to
//     store, refusing with `message` (or the kind's own words) what the database's
//     CHECK constraint would refuse.
// Items of the JSON lists (services, statistics, ...) are built the same way.

import { serviceIconOf } from "../icons.ts";
import {
  countryCode as countryCodeRule,
  isActive,
  itemList,
  oneOf,
  optionalEmail,
  optionalImage,
  optionalLink,
  optionalText,
  requiredEmail,
  requiredImage,
  requiredLink,
  requiredText,
  wholeNumber,
} from "./rules.ts";
import { z } from "./zod.ts";

export interface Column<Stored = unknown> {
  /** What the database stores when a record leaves the column out, where it fills one. */
  readonly initial?: Stored;
  /** The stored value. */
  readonly row: z.ZodType<Stored>;
  /**
   * From the form's input to the value to store; `message` is the form's refusal.
   * (What it stores always passes `row`: the schema tests insert what forms give.)
   */
  form(message: string): z.ZodType;
  /** A JSON list's item, for a list column. */
  readonly item?: ListItem;
  /** Text the pages read one item per line (src/lib/text.ts lines()). */
  readonly lines?: true;
}

const column = <Stored>(
  row: z.ZodType<Stored>,
  form: (message: string) => z.ZodType,
): Column<Stored> => ({ row, form });

/** Required text of at most `max` characters with something visible in it. */
export const text = (max: number) => column(z.string(), (message) => requiredText(message, max));

/** Optional text of at most `max` characters; blank is stored as null. */
export const optText = (max: number) => column(z.string().nullable(), () => optionalText(max));

/** A picture's address (http(s), a site path, or an older embedded image). */
export const image = () => column(z.string(), (message) => requiredImage(message));

/** An optional picture; none is stored as null. */
export const optImage = () => column(z.string().nullable(), () => optionalImage());

/** An optional link (http(s) or a site path); none is stored as null. */
export const optLink = () => column(z.string().nullable(), () => optionalLink());

const ICON_MESSAGE = "Choose an icon from the list";

/** An icon the admin's picker offers (src/lib/icons.ts), stored by its name. */
export const icon = () =>
  column(z.string(), () =>
    requiredText("Choose an icon", 100).refine(
      (name) => serviceIconOf(name) !== null,
      ICON_MESSAGE,
    ),
  );

/** Optional text of at most `max` characters that pages show as a list, one item per line. */
export const optLines = (max: number): Column<string | null> => ({ ...optText(max), lines: true });

/** An optional email address; blank is stored as null. */
export const optEmail = () => column(z.string().nullable(), () => optionalEmail());

/** A whole number from 0 to `max`. */
export const count = (max: number) => column(z.number().int(), () => wholeNumber(max));

/** A year from `min` to `max`. */
export const year = (min: number, max: number) =>
  column(z.number().int(), () => wholeNumber(max, min));

/** A country's two-letter code (ISO 3166-1 alpha-2), stored in capitals. */
export const countryCode = () => column(z.string(), () => countryCodeRule());

/** The place in a list, shown to editors as sort_order + 1. */
export const sortOrder = () => count(100_000);

/** One of a fixed set of values; `message` when the form sends anything else. */
export const choice = <const T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) => column(z.enum(values), () => oneOf(values, message));

/** Whether visitors see the record. */
export const active = () => column(z.boolean(), () => isActive());

/** A yes/no the database starts as `initial` (no, unless it says otherwise). */
export const flag = (initial = false): Column<boolean> & { initial: boolean } => ({
  ...column(z.boolean(), () => isActive()),
  initial,
});

// ---------------------------------------------------------------------------
// JSON list items: objects with exactly their own keys (private.is_object_list).

export interface ItemKey<Stored = unknown> {
  readonly row: z.ZodType<Stored>;
  readonly form: () => z.ZodType;
  readonly required: boolean;
}

/** A required item text (at most 2000 characters), refused with `message`. */
export const itemText = (message: string): ItemKey<string> => ({
  row: z.string(),
  form: () => requiredText(message, 2000),
  required: true,
});

/** An optional item text; blank is stored as null. */
export const itemOptText = (): ItemKey<string | null | undefined> => ({
  row: z.string().nullable().optional(),
  form: () => optionalText(2000),
  required: false,
});

/** A required email address inside an item. */
export const itemEmail = (message: string): ItemKey<string> => ({
  row: z.string(),
  form: () => requiredEmail(message),
  required: true,
});

/** A required link inside an item (http(s), or a path on the site). */
export const itemLink = (message: string): ItemKey<string> => ({
  row: z.string(),
  form: () => requiredLink(message),
  required: true,
});

/** A required picture address inside an item. */
export const itemImage = (message: string): ItemKey<string> => ({
  row: z.string(),
  form: () => requiredImage(message),
  required: true,
});

/**
 * An icon the admin's picker chose: stored as text, so older rows with any name still
 * load and show the default icon; the form takes only what `shown` accepts, and
 * refuses the rest with `refusal`.
 */
export const pickedIcon = (
  blank: string,
  shown: (text: string) => boolean,
  refusal: string,
): ItemKey<string> => {
  const key = itemText(blank);
  return {
    ...key,
    form: () =>
      key.form().refine((text) => typeof text !== "string" || !text || shown(text), refusal),
  };
};

/** An item's icon, one the admin's picker offers. */
export const serviceIcon = () =>
  pickedIcon("Choose an icon", (name) => serviceIconOf(name) !== null, ICON_MESSAGE);

type RowShape<K extends Record<string, ItemKey>> = { [P in keyof K]: K[P]["row"] };

export interface ListItem<K extends Record<string, ItemKey> = Record<string, ItemKey>> {
  /** What one item is called in messages ('service', 'health tip'). */
  readonly what: string;
  readonly keys: K;
  readonly row: z.ZodObject<RowShape<K>, z.core.$strict>;
}

export function listItem<const K extends Record<string, ItemKey>>(
  what: string,
  keys: K,
): ListItem<K> {
  const shape = Object.fromEntries(
    Object.entries(keys).map(([key, spec]) => [key, spec.row]),
  ) as RowShape<K>;
  return { what, keys, row: z.strictObject(shape) };
}

/** The stored shape of one item. */
export type ItemOf<I extends ListItem> = z.output<I["row"]>;

/** A list of 1 to `max` items (the database's is_object_list limit). */
export function list<K extends Record<string, ItemKey>>(
  item: ListItem<K>,
  max = 50,
): Column<ItemOf<ListItem<K>>[]> {
  const row: z.ZodType<ItemOf<ListItem<K>>[]> = z.array(item.row).min(1).max(max);
  const form = () => {
    const shape = Object.fromEntries(
      Object.entries(item.keys).map(([key, spec]) => [key, spec.form()]),
    );
    return itemList(shape, item.what, max);
  };
  return { row, form, item };
}
