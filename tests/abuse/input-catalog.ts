// What the input group knows about each column, read from the migrated catalog (not a
// hand list): its type, whether it may be null, and the rule its CHECK constraint
// applies (a length, a range, a list of values, an address, a code's pattern, or a JSON
// list's keys and what kind of value each key holds).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGliteInterface } from "@electric-sql/pglite";

export type Rule =
  | { kind: "text"; max: number; visible: boolean }
  | { kind: "enum"; values: string[] }
  | { kind: "image" }
  | { kind: "link" }
  | { kind: "email"; max: number }
  | { kind: "integer"; min: number; max: number }
  /**
   * A short code a pattern fixes whole (country_code ~ '^[A-Z]{2}$'): `sample` is a
   * value the pattern takes, `min` and `max` its shortest and longest.
   */
  | { kind: "code"; pattern: string; sample: string; min: number; max: number }
  | { kind: "boolean" }
  | {
      kind: "list";
      required: string[];
      optional: string[];
      maxItems: number;
      /** Keys whose values must be of a kind (private.list_values_are): an address or a link. */
      values: Record<string, ListValueKind>;
    }
  | { kind: "uuid" }
  | { kind: "timestamp" }
  /** A text column no constraint bounds: the suite flags it (anything of any length fits). */
  | { kind: "unbounded" };

/** The kinds private.list_values_are checks an item's value against. */
export const LIST_VALUE_KINDS = ["email", "link"] as const;
export type ListValueKind = (typeof LIST_VALUE_KINDS)[number];

export interface Column {
  table: string;
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  rule: Rule;
  /** The CHECK constraints on the column, as the catalog prints them. */
  checks: string[];
}

const root = join(import.meta.dirname, "..", "..");

/** The Row columns of each table in supabase/database.types.ts (generated from the migrations). */
export function typedColumns(table: string): string[] {
  const types = readFileSync(join(root, "supabase", "database.types.ts"), "utf8");
  const start = types.indexOf(`      ${table}: {\n        Row: {`);
  if (start < 0) return [];
  const body = types.slice(start, types.indexOf("        };", start));
  return [...body.matchAll(/^ {10}(\w+)\??:/gm)].map((match) => match[1] as string);
}

const keysOf = (array: string | undefined) =>
  [...(array ?? "").matchAll(/'([^']*)'::text/g)].map((match) => match[1] as string);

/** A text[] argument as the catalog prints it: ARRAY['a'::text, ...] or the literal '{a,b}'::text[]. */
const TEXT_ARRAY = String.raw`(?:ARRAY\[([^\]]*)\]|'\{([^}]*)\}'::text\[\])`;

function arrayItems(array: string | undefined, literal: string | undefined): string[] {
  if (array !== undefined) return keysOf(array);
  return (literal ?? "").split(",").filter(Boolean);
}

/**
 * A pattern that fixes a whole short value: anchored at both ends, made of character
 * classes and literal characters each repeated a fixed number of times ({n}, {n,m},
 * ?). Anything else (alternatives, groups, * or +) is not read: a column under such a
 * pattern has no bound the suite can test, and is reported.
 */
export function readPattern(
  pattern: string,
): { sample: string; min: number; max: number } | undefined {
  const body = /^\^(.*)\$$/s.exec(pattern)?.[1];
  if (body === undefined) return undefined;
  const atom =
    /(\[[^\]^\\][^\]\\]*\]|\\[^A-Za-z0-9]|[^\\[\](){}|.*+?^$])(\{(\d+)(?:,(\d+))?\}|\?)?/y;
  let sample = "";
  let min = 0;
  let max = 0;
  while (atom.lastIndex < body.length) {
    const match = atom.exec(body);
    if (!match) return undefined;
    const [, unit = "", quantifier, low, high] = match;
    const first = unit.startsWith("[") ? (unit[1] as string) : unit.replace(/^\\/, "");
    const least = quantifier === "?" ? 0 : Number(low ?? 1);
    const most = quantifier === "?" ? 1 : Number(high ?? low ?? 1);
    sample += first.repeat(least);
    min += least;
    max += most;
  }
  return max > 0 ? { sample, min, max } : undefined;
}

function ruleOf(type: string, checks: string[]): Rule | string {
  const all = checks.join(" ");
  switch (type) {
    case "uuid":
      return { kind: "uuid" };
    case "timestamp with time zone":
      return { kind: "timestamp" };
    case "boolean":
      return { kind: "boolean" };
    case "integer":
    case "bigint":
    case "smallint": {
      const min = /(?:>=|>) \(?(-?\d+)/.exec(all)?.[1];
      const max = /(?:<=|<) \(?(-?\d+)/.exec(all)?.[1];
      if (min === undefined || max === undefined) return `no range on this ${type} column`;
      return { kind: "integer", min: Number(min), max: Number(max) };
    }
    case "jsonb": {
      const match = new RegExp(
        String.raw`private\.is_object_list\(\w+, ${TEXT_ARRAY}(?:, ${TEXT_ARRAY})?(?:, (\d+))?\)`,
      ).exec(all);
      if (!match) return "no is_object_list rule on this jsonb column";
      const values: Record<string, ListValueKind> = {};
      for (const [, key = "", kind = ""] of all.matchAll(
        /private\.list_values_are\(\w+, '([^']*)'::text, '([^']*)'::text\)/g,
      )) {
        if (!(LIST_VALUE_KINDS as readonly string[]).includes(kind)) {
          return `no generator for list values of kind ${kind}`;
        }
        values[key] = kind as ListValueKind;
      }
      return {
        kind: "list",
        required: arrayItems(match[1], match[2]),
        optional: arrayItems(match[3], match[4]),
        maxItems: Number(match[5] ?? 50),
        values,
      };
    }
    case "text": {
      if (all.includes("private.is_image_url(")) return { kind: "image" };
      if (all.includes("private.is_link_url(")) return { kind: "link" };
      // private.is_email bounds an address at 254 characters.
      if (all.includes("private.is_email(")) return { kind: "email", max: 254 };
      const values = /= ANY \(\(?ARRAY\[([^\]]*)\]/.exec(all);
      if (values) return { kind: "enum", values: keysOf(values[1]) };
      // A pattern alone fixes a code: its length is the pattern's.
      const code = /^CHECK \(\("?\w+"? ~ '((?:[^']|'')*)'::text\)\)$/.exec(all);
      if (code) {
        const pattern = (code[1] as string).replaceAll("''", "'");
        const read = readPattern(pattern);
        if (!read) return `a pattern the suite cannot bound: ${pattern}`;
        return { kind: "code", pattern, ...read };
      }
      const nonblank = /private\.nonblank\("?\w+"?, (\d+)\)/.exec(all);
      if (nonblank) return { kind: "text", max: Number(nonblank[1]), visible: true };
      const length = /char_length\("?\w+"?\) <= (\d+)/.exec(all);
      if (length && all.includes(" ~ ")) return { kind: "email", max: Number(length[1]) };
      if (length) return { kind: "text", max: Number(length[1]), visible: false };
      return { kind: "unbounded" };
    }
    default:
      return `no generator for type ${type}`;
  }
}

/**
 * Every column of the given tables with its rule. Columns whose constraint the suite
 * cannot read are returned in `unread`, so a new kind of rule cannot go untested.
 */
export async function readCatalog(
  db: PGliteInterface,
  tables: readonly string[],
): Promise<{ columns: Column[]; unread: string[] }> {
  const { rows } = await db.query<{
    table: string;
    name: string;
    type: string;
    nullable: boolean;
    has_default: boolean;
    checks: string[];
  }>(
    `select c.table_name as table, c.column_name as name, c.data_type as type,
            c.is_nullable = 'YES' as nullable,
            c.column_default is not null or c.is_identity = 'YES' as has_default,
            coalesce((
              select array_agg(pg_get_constraintdef(co.oid) order by co.conname)
                from pg_constraint co
                join pg_attribute a on a.attrelid = co.conrelid and a.attnum = any(co.conkey)
               where co.contype = 'c' and co.conrelid = ('public.' || c.table_name)::regclass
                 and a.attname = c.column_name
            ), '{}') as checks
       from information_schema.columns c
      where c.table_schema = 'public' and c.table_name = any($1)
      order by c.table_name, c.ordinal_position`,
    [tables],
  );
  const columns: Column[] = [];
  const unread: string[] = [];
  for (const row of rows) {
    const rule = ruleOf(row.type, row.checks);
    if (typeof rule === "string") {
      unread.push(`${row.table}.${row.name}: ${rule}`);
      continue;
    }
    columns.push({
      table: row.table,
      name: row.name,
      type: row.type,
      nullable: row.nullable,
      hasDefault: row.has_default,
      rule,
      checks: row.checks,
    });
  }
  return { columns, unread };
}
