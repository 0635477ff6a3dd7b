// PostgREST's schema cache: which tables, columns and functions the `public`
// schema exposes. Names in requests are checked against it before any SQL is built.
import type { PGliteInterface } from "@electric-sql/pglite";

export interface ColumnInfo {
  name: string;
  type: string;
}

export interface TableInfo {
  name: string;
  columns: Map<string, ColumnInfo>;
  primaryKey: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** A composite (row) result, as opposed to a scalar or void. */
  returnsRows: boolean;
}

export interface SchemaCache {
  tables: Map<string, TableInfo>;
  functions: Map<string, FunctionInfo[]>;
  /** The time zones PostgreSQL knows: the values `Prefer: timezone=` takes. */
  timezones: Set<string>;
}

export async function loadSchemaCache(
  db: PGliteInterface,
  schema = "public",
): Promise<SchemaCache> {
  const columns = await db.query<{ table_name: string; column_name: string; type: string }>(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as type
       from pg_catalog.pg_class c
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid
      where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')
        and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
    [schema],
  );
  const keys = await db.query<{ table_name: string; column_name: string }>(
    `select c.relname as table_name, a.attname as column_name
       from pg_catalog.pg_index i
       join pg_catalog.pg_class c on c.oid = i.indrelid
       join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
      where n.nspname = $1 and i.indisprimary`,
    [schema],
  );
  const functions = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[] | null;
    arg_modes: string[] | null;
    defaults: number;
    return_type: string;
    returns_set: boolean;
    returns_rows: boolean;
  }>(
    `select p.proname as name,
            p.proargnames as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes) as t) as arg_types,
            p.proargmodes::text[] as arg_modes,
            p.pronargdefaults as defaults,
            format_type(p.prorettype, null) as return_type,
            p.proretset as returns_set,
            (rt.typtype = 'c' or p.prorettype = 'record'::regtype) as returns_rows
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       join pg_catalog.pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype`,
    [schema],
  );

  const tables = new Map<string, TableInfo>();
  for (const row of columns.rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: new Map(), primaryKey: [] };
      tables.set(row.table_name, table);
    }
    table.columns.set(row.column_name, { name: row.column_name, type: row.type });
  }
  for (const row of keys.rows) tables.get(row.table_name)?.primaryKey.push(row.column_name);

  const fns = new Map<string, FunctionInfo[]>();
  for (const row of functions.rows) {
    const types = row.arg_types ?? [];
    const inputNames = (row.arg_names ?? []).filter(
      (_, i) => !row.arg_modes || ["i", "b", "v"].includes(row.arg_modes[i] ?? "i"),
    );
    const firstDefault = types.length - row.defaults;
    const info: FunctionInfo = {
      name: row.name,
      args: types.map((type, i) => ({
        name: inputNames[i] ?? "",
        type,
        hasDefault: i >= firstDefault,
      })),
      returnType: row.return_type,
      returnsSet: row.returns_set,
      returnsRows: row.returns_rows,
    };
    fns.set(row.name, [...(fns.get(row.name) ?? []), info]);
  }
  const zones = await db.query<{ name: string }>("select name from pg_catalog.pg_timezone_names");
  return { tables, functions: fns, timezones: new Set(zones.rows.map((zone) => zone.name)) };
}
