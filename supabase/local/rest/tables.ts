// Reading and writing a table as PostgREST does: GET and HEAD (with exact, planned and
// estimated counts), POST (insert and upsert), PATCH and DELETE, each in one
// transaction under the caller's role, so the real RLS policies decide.
import type { Transaction } from "@electric-sql/pglite";
import {
  invalidJson,
  notFoundTable,
  singularError,
  tooManyAffected,
  unknownColumn,
  unknownPayloadColumn,
} from "./errors.ts";
import { countsRows, maxAffected, type Preferences } from "./prefer.ts";
import { MAX_ROWS, type Request, readBody, readRange, respond, run } from "./request.ts";
import type { SchemaCache, TableInfo } from "./schema.ts";
import {
  aggregate,
  NO_ROWS,
  orderSql,
  plannedRows,
  quote,
  type Relation,
  rowsOf,
  selectList,
  whereSql,
} from "./sql.ts";

function tableOf(schema: SchemaCache, name: string): TableInfo & Relation {
  const table = schema.tables.get(name);
  if (!table) throw notFoundTable(name);
  return table;
}

/**
 * The total a read reports, as PostgREST counts it: exact counts every row; planned
 * takes EXPLAIN's estimate; estimated counts up to the row cap and estimates past it.
 */
export async function countRows(
  tx: Transaction,
  count: Preferences["count"],
  source: string,
  params: unknown[],
): Promise<number | undefined> {
  if (count === undefined) return undefined;
  if (count === "planned") return plannedRows(tx, source, params);
  const cap = count === "estimated" ? ` limit ${MAX_ROWS + 1}` : "";
  const counted = await tx.query<{ n: number }>(
    `select count(*)::int as n from (${source}${cap}) _c`,
    params,
  );
  const exact = counted.rows[0]?.n ?? 0;
  if (count === "exact" || exact <= MAX_ROWS) return exact;
  return Math.max(exact, await plannedRows(tx, source, params));
}

export async function read(req: Request, tableName: string, head: boolean): Promise<Response> {
  const table = tableOf(req.schema, tableName);
  const params: unknown[] = [];
  const from = `from public.${quote(table.name)}${whereSql(table, req.plan.filters, params)}`;
  const limit = Math.min(req.plan.limit ?? MAX_ROWS, MAX_ROWS);
  const offset = req.plan.offset ?? 0;
  const source = `select ${selectList(table, req.plan.select, table.name)} ${from}${orderSql(table, req.plan.order)} limit ${limit} offset ${offset}`;
  const { rows, total } = await run(req, async (tx) => ({
    rows: await rowsOf(tx, aggregate(source), params),
    total: await countRows(tx, req.prefer.count, `select 1 ${from}`, params),
  }));
  const { status, range } = readRange(offset, rows.n, total);
  return respond(req, { kind: "read", status, range, rows, head });
}

type WriteKind = "insert" | "update" | "delete";

/** Counts the rows an upsert merged, from its DO UPDATE, as PostgREST counts them. */
const COUNT_MERGED = `set_config('pgrst.merged', (coalesce(nullif(current_setting('pgrst.merged', true), '')::int, 0) + 1)::text, true) <> '-1'`;

/**
 * Runs a write. With return=representation the changed rows come back as JSON; without,
 * it returns only `1` a row, which needs no SELECT right on the table, as in PostgREST.
 */
async function mutate(
  req: Request,
  table: TableInfo & Relation,
  kind: WriteKind,
  sql: string,
  params: unknown[],
): Promise<Response> {
  const representation = req.prefer.return === "representation";
  // PostgREST ignores max-affected on an insert.
  const limit = kind === "insert" ? undefined : maxAffected(req.prefer);
  const target = `public.${quote(table.name)}`;
  const upsert = kind === "insert" && req.prefer.resolution === "merge-duplicates";
  const rows = await run(req, async (tx) => {
    const returning = representation ? `${target}.*` : "1";
    const select = representation ? selectList(table, req.plan.select, "_m", true) : "1";
    const rows = await rowsOf(
      tx,
      `with _m as (${sql} returning ${returning}) ${aggregate(`select ${select} from _m`)}`,
      params,
    );
    // A singular request that did not touch exactly one row changes nothing.
    if (req.singular && rows.n !== 1) throw singularError(rows.n);
    if (limit !== undefined && rows.n > limit) throw tooManyAffected(rows.n);
    if (!upsert) return { ...rows, merged: 0 };
    const merged = await tx.query<{ n: number }>(
      "select coalesce(nullif(current_setting('pgrst.merged', true), ''), '0')::int as n",
    );
    return { ...rows, merged: merged.rows[0]?.n ?? 0 };
  });
  const total = countsRows(req.prefer) ? String(rows.n) : "*";
  // PostgREST's Content-Range for writes: an update names its rows, the others do not.
  const range = kind === "update" && rows.n > 0 ? `0-${rows.n - 1}/${total}` : `*/${total}`;
  // An upsert that only merged rows is 200; any other insert 201, whatever is returned.
  const onlyMerged = upsert && rows.n > 0 && rows.merged === rows.n;
  const status = kind === "insert" ? (onlyMerged ? 200 : 201) : representation ? 200 : 204;
  const conflictTarget = table.primaryKey.length > 0 || req.plan.onConflict !== undefined;
  return respond(req, {
    kind,
    status,
    range,
    rows: representation ? rows : undefined,
    conflictTarget,
  });
}

function payloadColumns(
  table: TableInfo,
  rows: Record<string, unknown>[],
  explicit: string[] | undefined,
): string[] {
  const columns = explicit ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  for (const column of columns)
    if (!table.columns.has(column)) throw unknownPayloadColumn(table, column);
  return columns;
}

function asRows(body: unknown): Record<string, unknown>[] {
  const rows = Array.isArray(body) ? body : [body];
  if (
    body === undefined ||
    rows.some((row) => row === null || typeof row !== "object" || Array.isArray(row))
  ) {
    throw invalidJson("The body must be a JSON object or an array of objects");
  }
  return rows as Record<string, unknown>[];
}

export async function insert(req: Request, tableName: string): Promise<Response> {
  const table = tableOf(req.schema, tableName);
  const rows = asRows(await readBody(req.c));
  const columns = payloadColumns(table, rows, req.plan.columns);
  if (rows.length === 0) {
    return respond(req, { kind: "insert", status: 201, range: "*/0", rows: NO_ROWS });
  }
  const target = `public.${quote(table.name)}`;
  const list = columns.map(quote).join(", ");
  const params: unknown[] = [];
  let source: string;
  if (columns.length === 0) {
    source = `default values`;
  } else if (req.prefer.missing === "default") {
    // Keys a row leaves out take the column default instead of null.
    source = `values ${rows
      .map((row) => {
        params.push(JSON.stringify(row));
        const record = `(json_populate_record(null::${target}, $${params.length}::json))`;
        return `(${columns.map((column) => (column in row ? `${record}.${quote(column)}` : "default")).join(", ")})`;
      })
      .join(", ")}`;
  } else {
    params.push(JSON.stringify(rows));
    source = `select ${list} from json_populate_recordset(null::${target}, $1::json) _p`;
  }
  let conflict = "";
  if (req.prefer.resolution) {
    const keys = (req.plan.onConflict ?? table.primaryKey).map((column) => {
      if (!table.columns.has(column)) throw unknownColumn(table.name, column);
      return quote(column);
    });
    conflict =
      req.prefer.resolution === "ignore-duplicates" || columns.length === 0
        ? ` on conflict (${keys.join(", ")}) do nothing`
        : ` on conflict (${keys.join(", ")}) do update set ${columns.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(", ")} where ${COUNT_MERGED}`;
  }
  const sql = `insert into ${target}${columns.length ? ` (${list})` : ""} ${source}${conflict}`;
  return mutate(req, table, "insert", sql, params);
}

export async function update(req: Request, tableName: string): Promise<Response> {
  const table = tableOf(req.schema, tableName);
  const body = await readBody(req.c);
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw invalidJson("The body must be a JSON object");
  }
  const columns = payloadColumns(table, [body as Record<string, unknown>], req.plan.columns);
  const params: unknown[] = [JSON.stringify(body)];
  const where = whereSql(table, req.plan.filters, params);
  if (columns.length === 0) {
    return respond(req, { kind: "update", status: 200, range: "*/*", rows: NO_ROWS });
  }
  const target = `public.${quote(table.name)}`;
  const sets = columns.map((column) => `${quote(column)} = _b.${quote(column)}`).join(", ");
  const sql = `update ${target} set ${sets} from (select * from json_populate_record(null::${target}, $1::json)) _b${where}`;
  return mutate(req, table, "update", sql, params);
}

export async function remove(req: Request, tableName: string): Promise<Response> {
  const table = tableOf(req.schema, tableName);
  const params: unknown[] = [];
  const sql = `delete from public.${quote(table.name)}${whereSql(table, req.plan.filters, params)}`;
  return mutate(req, table, "delete", sql, params);
}
