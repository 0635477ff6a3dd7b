// One PostgREST request on the stand-in: its transaction (the caller's role and claims,
// the preferred time zone), and its answer as PostgREST writes it: Content-Range and
// its status rule, Preference-Applied, one object or an array, and the status and
// headers a function may set through the response.status and response.headers settings.
import type { Transaction } from "@electric-sql/pglite";
import type { Context } from "hono";
import { type Caller, headerMap, type StandInContext } from "../context.ts";
import { withCaller } from "../transaction.ts";
import { invalidJson, outOfRange, RestError, singularError } from "./errors.ts";
import { OBJECT_MEDIA_TYPE, stripNulls } from "./media.ts";
import { type Preferences, preferenceApplied, type RequestKind } from "./prefer.ts";
import type { QueryPlan } from "./query.ts";
import type { SchemaCache } from "./schema.ts";
import type { Rows } from "./sql.ts";

/** Hosted projects cap every read at this many rows (PostgREST's db-max-rows). */
export const MAX_ROWS = 1000;

export type Env = { Variables: { caller: Caller } };

interface Overrides {
  status?: number;
  headers: [string, string][];
}

export interface Request {
  ctx: StandInContext;
  c: Context<Env>;
  caller: Caller;
  schema: SchemaCache;
  plan: QueryPlan;
  prefer: Preferences;
  /** Accept: application/vnd.pgrst.object+json. */
  singular: boolean;
  /** Accept: ...;nulls=stripped. */
  nullsStripped: boolean;
  /** What the request's functions set in response.status and response.headers. */
  overrides?: Overrides;
}

function overridesFrom(status: string | null, headers: string | null): Overrides {
  const result: Overrides = { headers: [] };
  if (headers) {
    let list: unknown;
    try {
      list = JSON.parse(headers);
    } catch {}
    const valid =
      Array.isArray(list) &&
      list.every(
        (item) =>
          item !== null &&
          typeof item === "object" &&
          Object.keys(item).length === 1 &&
          typeof Object.values(item)[0] === "string",
      );
    if (!valid) {
      throw new RestError(500, {
        code: "PGRST111",
        message:
          "response.headers guc must be a JSON array composed of objects with a single key and a string value",
        details: null,
        hint: null,
      });
    }
    result.headers = (list as Record<string, string>[]).map(
      (item) => Object.entries(item)[0] as [string, string],
    );
  }
  if (status) {
    const code = Number(status);
    if (!/^\d{3}$/.test(status.trim()) || code < 100 || code > 599) {
      throw new RestError(500, {
        code: "PGRST112",
        message: "response.status guc must be a valid status code",
        details: null,
        hint: null,
      });
    }
    result.status = code;
  }
  return result;
}

/** Runs fn in the request's transaction, then reads what it set for the response. */
export function run<T>(req: Request, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  const { c } = req;
  const info = { method: c.req.method, path: new URL(c.req.url).pathname, headers: headerMap(c) };
  const readOnly = c.req.method === "GET" || c.req.method === "HEAD";
  return withCaller(
    req.ctx.db,
    req.caller,
    info,
    async (tx) => {
      if (req.prefer.timezone) {
        await tx.query("select set_config('timezone', $1, true)", [req.prefer.timezone]);
      }
      const value = await fn(tx);
      const set = await tx.query<{ status: string | null; headers: string | null }>(
        `select nullif(current_setting('response.status', true), '') as status,
              nullif(current_setting('response.headers', true), '') as headers`,
      );
      const row = set.rows[0];
      req.overrides = overridesFrom(row?.status ?? null, row?.headers ?? null);
      return value;
    },
    readOnly,
  );
}

export async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidJson((error as Error).message);
  }
}

/**
 * Content-Range and status for rows read from `offset` (PostgREST's RangeQuery): 206
 * when fewer rows than the known total, 416 when the offset is past it.
 */
export function readRange(
  offset: number,
  n: number,
  total: number | undefined,
): { status: number; range: string } {
  const upper = offset + n - 1;
  const range = `${total !== 0 && offset <= upper ? `${offset}-${upper}` : "*"}/${total ?? "*"}`;
  if (total === undefined) return { status: 200, range };
  if (offset > total) throw outOfRange(offset, total);
  return { status: n < total ? 206 : 200, range };
}

export interface Answer {
  kind: RequestKind;
  status: number;
  range?: string;
  /** Rows as JSON; absent for an answer without a body. */
  rows?: Rows;
  /** A JSON value written as is (a function's scalar or single row). */
  json?: string;
  head?: boolean;
  /** An insert into a table with a primary key, or with on_conflict given. */
  conflictTarget?: boolean;
}

/** Writes the answer with PostgREST's headers, then what a function set for it. */
export function respond(req: Request, answer: Answer): Response {
  const { c } = req;
  if (answer.range !== undefined) c.header("Content-Range", answer.range);
  const applied = preferenceApplied(req.prefer, answer.kind, answer.conflictTarget);
  if (applied) c.header("Preference-Applied", applied);
  let status = answer.status;
  let body: string | null = null;
  if (answer.rows) {
    if (req.singular) {
      if (answer.rows.n !== 1) throw singularError(answer.rows.n);
      c.header("Content-Type", `${OBJECT_MEDIA_TYPE}; charset=utf-8`);
      body = answer.rows.first ?? "null";
    } else {
      c.header("Content-Type", "application/json; charset=utf-8");
      body = answer.rows.body;
    }
  } else if (answer.json !== undefined) {
    c.header("Content-Type", "application/json; charset=utf-8");
    body = answer.json;
  }
  if (req.nullsStripped && body !== null) body = JSON.stringify(stripNulls(JSON.parse(body)));
  for (const [name, value] of req.overrides?.headers ?? []) c.header(name, value);
  status = req.overrides?.status ?? status;
  return answer.head || body === null ? c.body(null, status as 200) : c.body(body, status as 200);
}
