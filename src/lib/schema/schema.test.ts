// The schemas against the database they describe: every content table's columns,
// their nullability and types, the keys of every JSON list, the column defaults and
// the seed, read from the migrated database; and, at compile time, against the
// generated supabase/database.types.ts. A migration that adds, drops or changes a
// column without its schema fails here, before any build drops its values.
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { Tables } from "../../../supabase/database.types.ts";
import { createDatabase } from "../../../supabase/local/database.ts";
import { INSERTED_BY_MIGRATION, NEW_RECORDS, SAMPLE } from "../sample-content.ts";
import type { Column, ItemKey } from "./columns.ts";
import { statistic } from "./items.ts";
import { CONTENT_TABLES, type ContentTable, type RowOf, TABLES } from "./tables.ts";

let db: PGlite;

beforeAll(async () => {
  db = await createDatabase({ seed: true });
}, 60_000);

afterAll(async () => {
  await db?.close();
});

interface DbColumn {
  column_name: string;
  is_nullable: "YES" | "NO";
  data_type: string;
  column_default: string | null;
}

async function columnsOf(table: string): Promise<DbColumn[]> {
  const { rows } = await db.query<DbColumn>(
    `select column_name, is_nullable, data_type, column_default from information_schema.columns
      where table_schema = 'public' and table_name = $1 order by ordinal_position`,
    [table],
  );
  return rows;
}

/** Per SQL type: a value of it, and a value of another type the schema must refuse. */
const VALUES_OF_TYPE: Record<string, [unknown, unknown]> = {
  text: ["x", 1],
  uuid: ["00000000-0000-4000-8000-000000000000", 1],
  "timestamp with time zone": ["2026-01-01T00:00:00Z", 0],
  integer: [1, "1"],
  boolean: [true, "true"],
};

describe("each content table's schema", () => {
  it("covers every content table of the database", async () => {
    const { rows } = await db.query<{ table_name: string }>(
      `select c.relname as table_name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname = 'write_audit_entry' and not t.tgisinternal order by 1`,
    );
    expect([...CONTENT_TABLES].sort()).toEqual(rows.map((row) => row.table_name));
  });

  it.each(CONTENT_TABLES)("%s: the same columns, nullability and types", async (table) => {
    const shape = TABLES[table].row.shape as Record<
      string,
      { safeParse(v: unknown): { success: boolean } }
    >;
    const columns = await columnsOf(table);
    expect(Object.keys(shape).sort(), "columns").toEqual(columns.map((c) => c.column_name).sort());
    for (const column of columns) {
      const schema = shape[column.column_name];
      if (!schema) continue;
      const label = `${table}.${column.column_name}`;
      expect(schema.safeParse(null).success, `${label} takes null`).toBe(
        column.is_nullable === "YES",
      );
      if (column.data_type === "jsonb") {
        expect(schema.safeParse([]).success, `${label}: a list of at least one item`).toBe(false);
      } else {
        const values = VALUES_OF_TYPE[column.data_type];
        expect(values, `${label}: type ${column.data_type}`).toBeDefined();
        const sample = (SAMPLE[table][0] as Record<string, unknown>)[column.column_name];
        const [good, wrong] = values ?? [];
        expect(schema.safeParse(sample ?? good).success, `${label} takes its type`).toBe(true);
        expect(schema.safeParse(wrong).success, `${label} refuses another type`).toBe(false);
      }
    }
  });

  it("refuses a row with a column it does not know, naming the column", () => {
    const row = {
      ...SAMPLE.banners[0],
      image_alt: null,
      image_decorative: false,
      id: "a",
      created_at: "t",
      updated_at: "t",
    };
    expect(TABLES.banners.row.safeParse(row).success).toBe(true);
    const result = TABLES.banners.row.safeParse({ ...row, alt_text: "A picture" });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain("alt_text");
  });

  it.each(CONTENT_TABLES)("%s: every seed row parses as it is stored", async (table) => {
    const { rows } = await db.query<Record<string, unknown>>(
      `select to_jsonb(t) as row from public.${table} t`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { row } of rows as unknown as { row: Record<string, unknown> }[]) {
      const result = TABLES[table].row.safeParse(row);
      expect(result.error?.issues ?? [], `${table} ${String(row.id)}`).toEqual([]);
    }
  });
});

describe("JSON list items", () => {
  /** The required and optional keys each list's CHECK constraint names. */
  async function checkedKeys(): Promise<
    { table: string; column: string; required: string[]; optional: string[] }[]
  > {
    const { rows } = await db.query<{ table: string; def: string }>(
      `select conrelid::regclass::text as table, pg_get_constraintdef(oid) as def
         from pg_constraint where contype = 'c' and pg_get_constraintdef(oid) like '%is_object_list%'`,
    );
    const keys = (text: string | undefined) =>
      [...(text ?? "").matchAll(/'([a-z_]+)'/g)].map((m) => m[1] as string);
    return rows.map(({ table, def }) => {
      const match = def.match(/is_object_list\((\w+), ARRAY\[([^\]]*)\](?:, ARRAY\[([^\]]*)\])?/);
      return {
        table: table.replace(/^public\./, ""),
        column: match?.[1] ?? "?",
        required: keys(match?.[2]),
        optional: keys(match?.[3]),
      };
    });
  }

  it("has the keys the database checks, required and optional alike", async () => {
    const lists = await checkedKeys();
    expect(lists.length).toBe(20);
    for (const list of lists) {
      const columns: Record<string, Column> = TABLES[list.table as ContentTable].columns;
      const item = columns[list.column]?.item;
      expect(item, `${list.table}.${list.column}`).toBeDefined();
      if (!item) continue;
      const keys = Object.entries(item.keys as Record<string, ItemKey>);
      const label = `${list.table}.${list.column}`;
      expect(
        keys
          .filter(([, k]) => k.required)
          .map(([name]) => name)
          .sort(),
        label,
      ).toEqual([...list.required].sort());
      expect(
        keys
          .filter(([, k]) => !k.required)
          .map(([name]) => name)
          .sort(),
        label,
      ).toEqual([...list.optional].sort());
      const column = (TABLES[list.table as ContentTable].columns as Record<string, Column>)[
        list.column
      ];
      expect(column?.row.safeParse([{}]).success, `${label} refuses an empty item`).toBe(false);
    }
  });

  it("refuses an item with a key of its own", () => {
    expect(statistic.row.safeParse({ number: "5", label: "L" }).success).toBe(true);
    expect(statistic.row.safeParse({ number: "5", label: "L", colour: "red" }).success).toBe(false);
  });
});

describe("default content", () => {
  it.each([...INSERTED_BY_MIGRATION])(
    "%s: its migration inserted the built-in rows",
    async (table) => {
      const order = TABLES[table].read.order === "sort_order" ? "sort_order" : "created_at";
      const { rows } = await db.query<Record<string, unknown>>(
        `select * from public.${table} order by ${order}`,
      );
      const columns: Record<string, Column> = TABLES[table].columns;
      const stored = rows.map(({ id: _id, created_at: _c, updated_at: _u, ...row }) => row);
      // A column the sample leaves out holds what the database fills: its initial value
      // (is_active true), or null.
      const expected = (SAMPLE[table] as readonly Record<string, unknown>[]).map((sample) => ({
        ...Object.fromEntries(
          Object.keys(columns).map((key) => [
            key,
            key === "is_active" ? true : (columns[key]?.initial ?? null),
          ]),
        ),
        ...sample,
      }));
      expect(stored).toEqual(expected);
    },
  );

  it("gives new records what the database's column defaults give", async () => {
    for (const table of CONTENT_TABLES) {
      const written =
        (NEW_RECORDS as Partial<Record<ContentTable, Record<string, unknown>>>)[table] ?? {};
      for (const column of await columnsOf(table)) {
        const { column_name: name, column_default: expression } = column;
        if (!expression || ["id", "created_at", "updated_at"].includes(name)) continue;
        const { rows } = await db.query<{ value: unknown }>(
          `select to_jsonb(${expression}) as value`,
        );
        const value = rows[0]?.value;
        const label = `${table}.${name} default`;
        const spec = (TABLES[table].columns as Record<string, Column>)[name];
        if (spec?.initial !== undefined) expect(value, label).toEqual(spec.initial);
        else if (name === "is_active") expect(value, label).toBe(true);
        else if (name === "sort_order") expect(value, label).toBe(0);
        else if (column.data_type === "jsonb") {
          // A list starts with its first sample item; the editor writes its description.
          const sample: Record<string, unknown> = SAMPLE[table][0] ?? {};
          const first = (sample[name] as unknown[] | undefined)?.[0];
          expect(value, label).toEqual([first]);
          const starter = (written[name] as Record<string, string>[] | undefined)?.[0];
          expect(starter?.title ?? starter?.label, `${label}: new record`).toBe(
            (first as Record<string, string>).title ?? (first as Record<string, string>).label,
          );
        } else expect(written[name], label).toEqual(value);
      }
    }
  });
});

// Compile time: each schema's row has exactly the generated Row's columns, and its
// values fit the generated types (a tighter type, such as an enum or a typed list,
// is allowed).
type SameKeys<A, B> = [keyof A] extends [keyof B]
  ? [keyof B] extends [keyof A]
    ? true
    : false
  : false;
type KeysAgree = { [T in ContentTable]: SameKeys<RowOf<T>, Tables<T>> };
type RowsFit = { [T in ContentTable]: RowOf<T> extends Tables<T> ? true : false };

describe("schemas against supabase/database.types.ts", () => {
  it("agree on every table's columns and types", () => {
    expectTypeOf<KeysAgree[ContentTable]>().toEqualTypeOf<true>();
    expectTypeOf<RowsFit[ContentTable]>().toEqualTypeOf<true>();
  });
});
