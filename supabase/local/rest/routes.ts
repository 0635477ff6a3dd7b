// /rest/v1: the subset of PostgREST the product uses, on the embedded database.
// Every request runs in one transaction as the caller's role with their JWT
// claims (see transaction.ts), so the real RLS policies decide each outcome.
// Names are checked against the schema cache and quoted; values are always
// bound as parameters.
import type { Transaction } from "@electric-sql/pglite";
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { CallerError } from "./caller.ts";
import {
  type Caller,
  callerFrom,
  gatewayError,
  headerMap,
  type StandInContext,
} from "./context.ts";
import {
  type Condition,
  type Filter,
  isLogicTree,
  type Preferences,
  parsePrefer,
  parseQuery,
  type QueryPlan,
  RestParseError,
  type SelectItem,
} from "./rest-query.ts";
import {
  type FunctionInfo,
  loadSchemaCache,
  type SchemaCache,
  type TableInfo,
} from "./rest-schema.ts";
import { isPgError, withCaller } from "./transaction.ts";

/** Hosted projects cap every read at this many rows. */
const MAX_ROWS = 1000;
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
const OBJECT_MEDIA_TYPE = "application/vnd.pgrst.object+json";

type Env = { Variables: { caller: Caller } };

/** An error answered as PostgREST answers it. */
class RestError extends Error {
  readonly status: number;
  readonly body: { code: string; message: string; details: string | null; hint: string | null };
  readonly headers: Record<string, string>;

  constructor(status: number, body: RestError["body"], headers: Record<string, string> = {}) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

function notFoundTable(name: string): RestError {
  return new RestError(404, {
    code: "PGRST205",
    message: `Could not find the table 'public.${name}' in the schema cache`,
    details: null,
    hint: null,
  });
}

function unknownColumn(table: TableInfo, column: string): RestError {
  return new RestError(400, {
    code: "42703",
    message: `column ${table.name}.${column} does not exist`,
    details: null,
    hint: null,
  });
}

function unknownPayloadColumn(table: TableInfo, column: string): RestError {
  return new RestError(400, {
    code: "PGRST204",
    message: `Could not find the '${column}' column of '${table.name}' in the schema cache`,
    details: null,
    hint: null,
  });
}

function invalidJson(details: string | null = null): RestError {
  return new RestError(400, {
    code: "PGRST102",
    message: "Empty or invalid json",
    details,
    hint: null,
  });
}

/**
 * What PostgREST does and the stand-in does not: refused out loud, in PostgREST's error
 * shape, so a request is never answered differently from hosted in silence.
 */
function notInStandIn(feature: string, hosted: string): RestError {
  return new RestError(501, {
    code: "STANDIN501",
    message: `${feature} is not supported by the local stand-in`,
    details: hosted,
    hint: "Leave it out here, or try the request against a hosted Supabase project",
  });
}

/**
 * The request's preferences as PostgREST takes them: under handling=strict an invalid
 * one is refused (PGRST122); the ones the stand-in does not play are refused out loud.
 */
function checkPreferences(prefer: Preferences): void {
  if (prefer.handling === "strict" && prefer.invalid.length > 0) {
    throw new RestError(400, {
      code: "PGRST122",
      message: "Invalid preferences given with handling=strict",
      details: `Invalid preferences: ${prefer.invalid.join(", ")}`,
      hint: null,
    });
  }
  if (prefer.tx === "rollback") {
    throw notInStandIn(
      "Prefer: tx=rollback",
      "PostgREST honours it only when db-tx-end allows an override, and commits otherwise",
    );
  }
  if (prefer.timezone !== undefined) {
    throw notInStandIn("Prefer: timezone", "PostgREST sets the transaction's time zone");
  }
  if (prefer.return === "headers-only") {
    throw notInStandIn("Prefer: return=headers-only", "PostgREST answers with a Location header");
  }
  if (prefer.count === "planned" || prefer.count === "estimated") {
    throw notInStandIn(
      `Prefer: count=${prefer.count}`,
      "PostgREST counts from the query planner's estimate; use count=exact",
    );
  }
}

/** What PostgREST answers in plain JSON (or as one object, `vnd.pgrst.object+json`). */
const JSON_MEDIA_TYPES = new Set([
  "*/*",
  "application/*",
  "application/json",
  "application/vnd.pgrst.array+json",
  OBJECT_MEDIA_TYPE,
]);

/**
 * Media types PostgREST may answer in (CSV always; GeoJSON with PostGIS; plans when the
 * project enables them), which the stand-in does not write. Others, such as text/plain,
 * need a handler of the project's own, which this schema has none of: 406 in both.
 */
const NOT_PLAYED_MEDIA_TYPES = new Set([
  "text/csv",
  "application/geo+json",
  "application/vnd.pgrst.plan",
  "application/vnd.pgrst.plan+json",
  "application/vnd.pgrst.plan+text",
]);

/** The media types of an Accept header, lower-cased, with whether each strips nulls. */
function acceptedTypes(header: string | undefined): { type: string; nullsStripped: boolean }[] {
  if (!header?.trim()) return [];
  return header.split(",").map((part) => {
    const [type = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    return { type, nullsStripped: params.includes("nulls=stripped") };
  });
}

/**
 * The Accept header as PostgREST reads it: a JSON type is answered; one PostgREST can
 * answer and the stand-in does not write (CSV, stripped nulls, plans) is refused out
 * loud; none it knows is 406 PGRST107.
 */
function checkAccept(header: string | undefined): void {
  const parts = acceptedTypes(header);
  if (parts.length === 0) return;
  if (parts.some((part) => JSON_MEDIA_TYPES.has(part.type) && !part.nullsStripped)) return;
  const played = parts.find((part) => NOT_PLAYED_MEDIA_TYPES.has(part.type) || part.nullsStripped);
  if (played) {
    throw notInStandIn(
      `Accept: ${played.type}${played.nullsStripped ? ";nulls=stripped" : ""}`,
      "PostgREST answers in that format",
    );
  }
  throw new RestError(406, {
    code: "PGRST107",
    message: `None of these media types are available: ${parts.map((part) => part.type).join(", ")}`,
    details: null,
    hint: null,
  });
}

/** max-affected=N under handling=strict: more rows than N are refused, and undone. */
function maxAffected(prefer: Preferences): number | undefined {
  return prefer.handling === "strict" ? prefer.maxAffected : undefined;
}

function tooManyAffected(n: number): RestError {
  return new RestError(400, {
    code: "PGRST124",
    message: "Query result exceeds max-affected preference constraint",
    details: `The query affects ${n} rows`,
    hint: null,
  });
}

/** PostgREST's mapping of SQLSTATE to HTTP status. */
export function statusForSqlState(code: string, role: string): number {
  if (code === "42501") return role === "anon" ? 401 : 403;
  if (code === "23503" || code === "23505") return 409;
  if (code === "42883" || code === "42P01") return 404;
  if (code === "P0001") return 400;
  if (code.startsWith("08") || code.startsWith("53")) return 503;
  if (code === "25006") return 405;
  if (code.startsWith("0L") || code.startsWith("0P") || code.startsWith("28")) return 403;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code) || code === "42P17") return 500;
  return 400;
}

function fromPgError(error: unknown, caller: Caller): RestError {
  if (!isPgError(error)) throw error;
  const code = error.code ?? "XX000";
  const status = statusForSqlState(code, caller.role);
  return new RestError(
    status,
    { code, message: error.message, details: error.detail ?? null, hint: error.hint ?? null },
    status === 401 ? { "WWW-Authenticate": "Bearer" } : {},
  );
}

function jwtError(error: CallerError): RestError {
  if (error.kind === "jwt-expired") {
    return new RestError(
      401,
      { code: "PGRST303", message: "JWT expired", details: null, hint: null },
      { "WWW-Authenticate": 'Bearer error="invalid_token", error_description="JWT expired"' },
    );
  }
  if (error.kind === "bad-role") {
    return new RestError(400, {
      code: "22023",
      message: `role "${error.role}" does not exist`,
      details: null,
      hint: null,
    });
  }
  const message = error.kind === "jwt-invalid" ? error.message : "JWT invalid";
  return new RestError(
    401,
    { code: "PGRST301", message: `JWSError (${message})`, details: null, hint: null },
    {
      "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message.replaceAll('"', "'")}"`,
    },
  );
}

function send(c: Context, error: RestError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.body, error.status as 400);
}

// --- SQL building -------------------------------------------------------------

function checkColumn(table: TableInfo, column: string): string {
  if (!table.columns.has(column)) throw unknownColumn(table, column);
  return column;
}

function selectList(table: TableInfo, items: SelectItem[], qualifier: string | null): string {
  const prefix = qualifier === null ? "" : `${quote(qualifier)}.`;
  return items
    .map((item) => {
      if (item.column === "*") return `${prefix}*`;
      const column = `${prefix}${quote(checkColumn(table, item.column))}`;
      return item.alias ? `${column} as ${quote(item.alias)}` : column;
    })
    .join(", ");
}

function filterSql(table: TableInfo, filter: Filter, params: unknown[]): string {
  const column = `${quote(table.name)}.${quote(checkColumn(table, filter.column))}`;
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  let sql: string;
  switch (filter.operator) {
    case "eq":
      sql = `${column} = ${bind(filter.value)}`;
      break;
    case "neq":
      sql = `${column} <> ${bind(filter.value)}`;
      break;
    case "gt":
      sql = `${column} > ${bind(filter.value)}`;
      break;
    case "gte":
      sql = `${column} >= ${bind(filter.value)}`;
      break;
    case "lt":
      sql = `${column} < ${bind(filter.value)}`;
      break;
    case "lte":
      sql = `${column} <= ${bind(filter.value)}`;
      break;
    case "like":
    case "ilike":
      sql = `${column} ${filter.operator} ${bind(String(filter.value).replaceAll("*", "%"))}`;
      break;
    case "in": {
      const values = filter.value as string[];
      sql = values.length === 0 ? "false" : `${column} in (${values.map(bind).join(", ")})`;
      break;
    }
    case "is": {
      const value = String(filter.value).toLowerCase();
      sql = value === "not_null" ? `${column} is not null` : `${column} is ${value}`;
      break;
    }
  }
  return filter.negated ? `not (${sql})` : sql;
}

/** A filter or a logic tree (`or=(...)`, nested `and(...)`, each maybe negated). */
function conditionSql(table: TableInfo, condition: Condition, params: unknown[]): string {
  if (!isLogicTree(condition)) return filterSql(table, condition, params);
  const parts = condition.conditions.map((inner) => `(${conditionSql(table, inner, params)})`);
  const sql = parts.join(` ${condition.logic} `);
  return condition.negated ? `not (${sql})` : `(${sql})`;
}

function whereSql(table: TableInfo, filters: Condition[], params: unknown[]): string {
  if (filters.length === 0) return "";
  return ` where ${filters.map((filter) => conditionSql(table, filter, params)).join(" and ")}`;
}

function orderSql(table: TableInfo, plan: QueryPlan): string {
  if (plan.order.length === 0) return "";
  const terms = plan.order.map((term) => {
    const column = `${quote(table.name)}.${quote(checkColumn(table, term.column))}`;
    const nulls = term.nulls ? ` nulls ${term.nulls}` : "";
    return `${column} ${term.descending ? "desc" : "asc"}${nulls}`;
  });
  return ` order by ${terms.join(", ")}`;
}

/** Wraps a row source so Postgres itself writes the JSON, exactly as PostgREST does. */
function aggregate(source: string): string {
  return `select count(*)::int as n, coalesce(json_agg(_r), '[]')::text as body, (json_agg(_r) -> 0)::text as first from (${source}) _r`;
}

interface Rows {
  n: number;
  body: string;
  first: string | null;
}

async function rowsOf(tx: Transaction, sql: string, params: unknown[]): Promise<Rows> {
  const result = await tx.query<Rows>(sql, params);
  return result.rows[0] ?? { n: 0, body: "[]", first: null };
}

// --- request handling ---------------------------------------------------------

interface Request {
  ctx: StandInContext;
  c: Context<Env>;
  caller: Caller;
  schema: SchemaCache;
  plan: QueryPlan;
  prefer: Preferences;
  singular: boolean;
}

function wantsObject(c: Context): boolean {
  return acceptedTypes(c.req.header("accept")).some((part) => part.type === OBJECT_MEDIA_TYPE);
}

function singularError(n: number): RestError {
  return new RestError(406, {
    code: "PGRST116",
    message: "Cannot coerce the result to a single JSON object",
    details: `The result contains ${n} rows`,
    hint: null,
  });
}

function respondRows(req: Request, rows: Rows, status: number, range: string): Response {
  const { c } = req;
  c.header("Content-Range", range);
  if (req.singular) {
    if (rows.n !== 1) throw singularError(rows.n);
    c.header("Content-Type", `${OBJECT_MEDIA_TYPE}; charset=utf-8`);
    return c.body(rows.first ?? "null", status as 200);
  }
  c.header("Content-Type", "application/json; charset=utf-8");
  return c.body(rows.body, status as 200);
}

async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidJson((error as Error).message);
  }
}

function tableOf(schema: SchemaCache, name: string): TableInfo {
  const table = schema.tables.get(name);
  if (!table) throw notFoundTable(name);
  return table;
}

function run<T>(req: Request, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return withCaller(req.ctx.db, req.caller, requestInfo(req.c), fn);
}

function requestInfo(c: Context) {
  return { method: c.req.method, path: new URL(c.req.url).pathname, headers: headerMap(c) };
}

async function read(req: Request, tableName: string, head: boolean): Promise<Response> {
  const table = tableOf(req.schema, tableName);
  const params: unknown[] = [];
  const where = whereSql(table, req.plan.filters, params);
  const limit = Math.min(req.plan.limit ?? MAX_ROWS, MAX_ROWS);
  const offset = req.plan.offset ?? 0;
  const source = `select ${selectList(table, req.plan.select, table.name)} from public.${quote(table.name)}${where}${orderSql(table, req.plan)} limit ${limit} offset ${offset}`;
  const { rows, total } = await run(req, async (tx) => {
    const rows = await rowsOf(tx, aggregate(source), params);
    if (req.prefer.count === undefined) return { rows, total: undefined };
    const counted = await tx.query<{ n: number }>(
      `select count(*)::int as n from public.${quote(table.name)}${where}`,
      params,
    );
    return { rows, total: counted.rows[0]?.n ?? 0 };
  });
  const range = `${rows.n === 0 ? "*" : `${offset}-${offset + rows.n - 1}`}/${total ?? "*"}`;
  const status = total !== undefined && rows.n < total ? 206 : 200;
  if (head) {
    req.c.header("Content-Range", range);
    return req.c.body(null, status as 200);
  }
  return respondRows(req, rows, status, range);
}

/** Runs a mutation; with return=representation the changed rows come back as JSON. */
async function mutate(
  req: Request,
  table: TableInfo,
  sql: string,
  params: unknown[],
  status: number,
): Promise<Response> {
  const representation = req.prefer.return === "representation";
  // PATCH and DELETE only: PostgREST ignores max-affected on a POST.
  const limit = req.c.req.method === "POST" ? undefined : maxAffected(req.prefer);
  const rows = await run(req, async (tx) => {
    if (!representation) {
      const result = await tx.query(sql, params);
      const n = result.affectedRows ?? 0;
      if (limit !== undefined && n > limit) throw tooManyAffected(n);
      return { n, body: "", first: null };
    }
    // A data-modifying WITH must sit at the top of the statement; RETURNING names
    // the target so an UPDATE ... FROM does not also return the payload's columns.
    const changed = `with _m as (${sql} returning public.${quote(table.name)}.*)`;
    const rows = await rowsOf(
      tx,
      `${changed} ${aggregate(`select ${selectList(table, req.plan.select, "_m")} from _m`)}`,
      params,
    );
    // A singular request that did not touch exactly one row changes nothing.
    if (req.singular && rows.n !== 1) throw singularError(rows.n);
    if (limit !== undefined && rows.n > limit) throw tooManyAffected(rows.n);
    return rows;
  });
  const counted = req.prefer.count !== undefined ? String(rows.n) : "*";
  const range = representation && rows.n > 0 ? `0-${rows.n - 1}/${counted}` : `*/${counted}`;
  if (!representation) {
    req.c.header("Content-Range", range);
    return req.c.body(null, (status === 201 ? 201 : 204) as 201);
  }
  return respondRows(req, rows, status === 201 ? 201 : 200, range);
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

async function insert(req: Request, tableName: string): Promise<Response> {
  const table = tableOf(req.schema, tableName);
  const rows = asRows(await readBody(req.c));
  const columns = payloadColumns(table, rows, req.plan.columns);
  if (rows.length === 0) return respondRows(req, { n: 0, body: "[]", first: null }, 201, "*/0");
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
      if (!table.columns.has(column)) throw unknownColumn(table, column);
      return quote(column);
    });
    conflict =
      req.prefer.resolution === "ignore-duplicates" || columns.length === 0
        ? ` on conflict (${keys.join(", ")}) do nothing`
        : ` on conflict (${keys.join(", ")}) do update set ${columns.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(", ")}`;
  }
  const sql = `insert into ${target}${columns.length ? ` (${list})` : ""} ${source}${conflict}`;
  return mutate(req, table, sql, params, 201);
}

async function update(req: Request, tableName: string): Promise<Response> {
  const table = tableOf(req.schema, tableName);
  const body = await readBody(req.c);
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    throw invalidJson("The body must be a JSON object");
  }
  const columns = payloadColumns(table, [body as Record<string, unknown>], req.plan.columns);
  const params: unknown[] = [JSON.stringify(body)];
  const where = whereSql(table, req.plan.filters, params);
  if (columns.length === 0) {
    return respondRows(req, { n: 0, body: "[]", first: null }, 200, "*/*");
  }
  const target = `public.${quote(table.name)}`;
  const sets = columns.map((column) => `${quote(column)} = _b.${quote(column)}`).join(", ");
  const sql = `update ${target} set ${sets} from (select * from json_populate_record(null::${target}, $1::json)) _b${where}`;
  return mutate(req, table, sql, params, 200);
}

async function remove(req: Request, tableName: string): Promise<Response> {
  const table = tableOf(req.schema, tableName);
  const params: unknown[] = [];
  const sql = `delete from public.${quote(table.name)}${whereSql(table, req.plan.filters, params)}`;
  return mutate(req, table, sql, params, 200);
}

function pickFunction(
  schema: SchemaCache,
  name: string,
  args: Record<string, unknown>,
): FunctionInfo {
  const given = Object.keys(args);
  const candidates = schema.functions.get(name) ?? [];
  const matches = candidates.filter(
    (fn) =>
      given.every((key) => fn.args.some((arg) => arg.name === key)) &&
      fn.args.every((arg) => arg.hasDefault || given.includes(arg.name)),
  );
  if (matches.length > 1) {
    const signature = (fn: FunctionInfo) =>
      `public.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.type}`).join(", ")})`;
    throw new RestError(300, {
      code: "PGRST203",
      message: `Could not choose the best candidate function between: ${matches.map(signature).join(", ")}`,
      details: null,
      hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    });
  }
  const [match] = matches;
  if (!match) {
    throw new RestError(404, {
      code: "PGRST202",
      message: `Could not find the function public.${name}(${[...given].sort().join(", ")}) in the schema cache`,
      details: `Searched for the function public.${name} with parameters ${[...given].sort().join(", ") || "(none)"} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      hint: null,
    });
  }
  return match;
}

async function rpc(req: Request, name: string): Promise<Response> {
  const body = (await readBody(req.c)) ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw invalidJson("The body must be a JSON object");
  const args = body as Record<string, unknown>;
  const fn = pickFunction(req.schema, name, args);
  const params: unknown[] = [];
  const named = fn.args
    .filter((arg) => arg.name in args)
    .map((arg) => {
      const value = args[arg.name];
      params.push(
        value === null || value === undefined
          ? null
          : typeof value === "object"
            ? JSON.stringify(value)
            : String(value),
      );
      // A JSON array for an array parameter becomes a Postgres array, as PostgREST
      // converts it (its elements as text, cast to the element type).
      if (arg.type.endsWith("[]") && Array.isArray(value)) {
        return `${quote(arg.name)} => (select coalesce(array_agg(e), '{}') from jsonb_array_elements_text($${params.length}::jsonb) as e)::${arg.type}`;
      }
      return `${quote(arg.name)} => $${params.length}::${arg.type}`;
    })
    .join(", ");
  const call = `public.${quote(fn.name)}(${named})`;
  const limit = maxAffected(req.prefer);
  if (limit !== undefined && !fn.returnsSet) {
    throw new RestError(400, {
      code: "PGRST128",
      message:
        "Function must return SETOF or TABLE when max-affected preference is used with handling=strict",
      details: null,
      hint: null,
    });
  }
  if (fn.returnType === "void") {
    await run(req, (tx) => tx.query(`select ${call}`, params));
    return req.c.body(null, 204);
  }
  const sql = fn.returnsRows
    ? aggregate(`select * from ${call}`)
    : fn.returnsSet
      ? `select count(*)::int as n, coalesce(json_agg(_v), '[]')::text as body, null as first from ${call} as _v`
      : `select 1 as n, to_json(${call})::text as body, null as first`;
  const rows = await run(req, async (tx) => {
    const rows = await rowsOf(tx, sql, params);
    if (limit !== undefined && rows.n > limit) throw tooManyAffected(rows.n);
    return rows;
  });
  req.c.header("Content-Type", "application/json; charset=utf-8");
  // One composite row (not SETOF) is an object, or null when there is none, as in PostgREST.
  const single = fn.returnsRows && !fn.returnsSet;
  return req.c.body(single ? (rows.first ?? "null") : rows.body, 200);
}

export function restRoutes(ctx: StandInContext): Hono<Env> {
  const app = new Hono<Env>();
  let cache: Promise<SchemaCache> | undefined;
  const schema = () => {
    cache ??= loadSchemaCache(ctx.db);
    return cache;
  };

  app.use(
    "*",
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: (c) => c.json({ message: "Request Entity Too Large" }, 413),
    }),
  );

  app.use("*", async (c, next) => {
    const resolved = await callerFrom(c, ctx.keys);
    if (!resolved.ok) return gatewayError(c, resolved.error) ?? send(c, jwtError(resolved.error));
    const profile = c.req.header("accept-profile") ?? c.req.header("content-profile");
    if (profile && profile !== "public") {
      return send(
        c,
        new RestError(406, {
          code: "PGRST106",
          message: `Invalid schema: ${profile}`,
          details: null,
          hint: "Only the following schemas are exposed: public",
        }),
      );
    }
    c.set("caller", resolved.caller);
    await next();
  });

  async function handle(
    c: Context<Env>,
    action: (req: Request) => Promise<Response>,
  ): Promise<Response> {
    const caller = c.get("caller");
    try {
      const req: Request = {
        ctx,
        c,
        caller,
        schema: await schema(),
        plan: parseQuery(new URL(c.req.url).searchParams),
        prefer: parsePrefer(c.req.header("prefer")),
        singular: wantsObject(c),
      };
      checkPreferences(req.prefer);
      checkAccept(c.req.header("accept"));
      return await action(req);
    } catch (error) {
      if (error instanceof RestError) return send(c, error);
      if (error instanceof RestParseError) {
        return send(
          c,
          new RestError(400, {
            code: "PGRST100",
            message: error.message,
            details: error.details,
            hint: null,
          }),
        );
      }
      return send(c, fromPgError(error, caller));
    }
  }

  app.post("/rpc/:fn", (c) => handle(c, (req) => rpc(req, c.req.param("fn"))));
  app.get("/:table", (c) => handle(c, (req) => read(req, c.req.param("table"), false)));
  app.on("HEAD", "/:table", (c) => handle(c, (req) => read(req, c.req.param("table"), true)));
  app.post("/:table", (c) => handle(c, (req) => insert(req, c.req.param("table"))));
  app.patch("/:table", (c) => handle(c, (req) => update(req, c.req.param("table"))));
  app.delete("/:table", (c) => handle(c, (req) => remove(req, c.req.param("table"))));
  return app;
}
