// /rpc/<function>, as PostgREST calls a function: POST with the arguments as a JSON
// object (or, for a function with one unnamed json/jsonb parameter, the whole body);
// GET and HEAD with them in the query string, in a read-only transaction. A function
// returning rows takes select, filters, order, limit, offset and counts on its result.
import { invalidJson, notInStandIn, RestError, tooManyAffected } from "./errors.ts";
import { countsRows, maxAffected } from "./prefer.ts";
import { type Request, readBody, readRange, respond, run } from "./request.ts";
import type { FunctionInfo, SchemaCache } from "./schema.ts";
import {
  aggregate,
  orderSql,
  quote,
  type Relation,
  type Rows,
  rowsOf,
  selectList,
  whereSql,
} from "./sql.ts";

const signature = (fn: FunctionInfo) =>
  `public.${fn.name}(${fn.args.map((arg) => `${arg.name} => ${arg.type}`).join(", ")})`;

/** One parameter, unnamed, of type json or jsonb: it takes the whole body. */
const takesBody = (fn: FunctionInfo) =>
  fn.args.length === 1 && fn.args[0]?.name === "" && /^jsonb?$/.test(fn.args[0]?.type ?? "");

function pickFunction(schema: SchemaCache, name: string, given: string[]): FunctionInfo {
  const candidates = schema.functions.get(name) ?? [];
  const matches = candidates.filter(
    (fn) =>
      fn.args.every((arg) => arg.name !== "") &&
      given.every((key) => fn.args.some((arg) => arg.name === key)) &&
      fn.args.every((arg) => arg.hasDefault || given.includes(arg.name)),
  );
  if (matches.length > 1) {
    throw new RestError(300, {
      code: "PGRST203",
      message: `Could not choose the best candidate function between: ${matches.map(signature).join(", ")}`,
      details: null,
      hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    });
  }
  const match = matches[0] ?? candidates.find(takesBody);
  if (!match) {
    const names = [...given].sort().join(", ");
    throw new RestError(404, {
      code: "PGRST202",
      message: `Could not find the function public.${name}(${names}) in the schema cache`,
      details: `Searched for the function public.${name} with parameters ${names || "(none)"} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      hint: null,
    });
  }
  return match;
}

/** The function's arguments: the JSON body (POST), or the query's plain parameters. */
async function argumentsOf(req: Request): Promise<{ args: Record<string, unknown>; raw?: string }> {
  if (req.c.req.method !== "POST") return { args: req.plan.args };
  const body = (await readBody(req.c)) ?? {};
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw invalidJson("The body must be a JSON object");
  return { args: body as Record<string, unknown>, raw: JSON.stringify(body) };
}

/** The call, with each argument bound and cast to its parameter's type. */
function callSql(
  fn: FunctionInfo,
  args: Record<string, unknown>,
  raw: string | undefined,
  params: unknown[],
): string {
  if (takesBody(fn)) {
    params.push(raw ?? JSON.stringify(args));
    return `public.${quote(fn.name)}($1::${fn.args[0]?.type})`;
  }
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
  return `public.${quote(fn.name)}(${named})`;
}

export async function rpc(req: Request, name: string): Promise<Response> {
  const head = req.c.req.method === "HEAD";
  const { args, raw } = await argumentsOf(req);
  const fn = pickFunction(req.schema, name, Object.keys(args));
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
  const { plan } = req;
  const shaped =
    plan.filters.length > 0 ||
    plan.order.length > 0 ||
    plan.select.some((item) => item.column !== "*");
  if (!fn.returnsRows && shaped) {
    throw notInStandIn(
      "select, filters or order on a function that returns no rows of columns",
      "PostgREST applies them to the function's result",
    );
  }
  const params: unknown[] = [];
  const call = callSql(fn, args, raw, params);
  if (fn.returnType === "void") {
    await run(req, (tx) => tx.query(`select ${call}`, params));
    return respond(req, { kind: "rpc", status: 204, range: "0-0/*" });
  }
  // The result as a relation, as PostgREST names it; its columns are left to Postgres.
  // The call runs once (a CTE), whatever reads and counts its rows.
  const relation: Relation = { name: "pgrst_call", columns: null };
  const from = "_pgrst_source pgrst_call";
  const where = whereSql(relation, plan.filters, params);
  const offset = plan.offset ?? 0;
  const page = `${plan.limit !== undefined ? ` limit ${plan.limit}` : ""}${offset ? ` offset ${offset}` : ""}`;
  const rowsSql = fn.returnsRows
    ? aggregate(
        `select ${selectList(relation, plan.select, "pgrst_call")} from ${from}${where}${orderSql(relation, plan.order)}${page}`,
      )
    : aggregate(`select pgrst_call.pgrst_scalar from ${from}${page}`, "_r.pgrst_scalar");
  // A function's result is counted exactly, for count=exact or estimated; PostgREST
  // has no plan to read for count=planned, which leaves the total unknown.
  const totalSql = countsRows(req.prefer)
    ? `(select count(*)::int from ${from}${where})`
    : "null::int";
  const sql = `with _pgrst_source as materialized (${fn.returnsRows ? `select * from ${call}` : `select ${call} as pgrst_scalar`}) select ${totalSql} as total, _a.* from (${rowsSql}) _a`;
  const { rows, total } = await run(req, async (tx) => {
    const rows = await rowsOf<Rows & { total: number | null }>(tx, sql, params);
    if (limit !== undefined && rows.n > limit) throw tooManyAffected(rows.n);
    return { rows, total: rows.total ?? undefined };
  });
  // One row (not SETOF), a row of columns or a scalar, is that value (null when none),
  // and counts as one row.
  if (!fn.returnsSet) {
    const { status, range } = readRange(offset, 1, total === undefined ? undefined : 1);
    return respond(req, { kind: "rpc", status, range, json: rows.first ?? "null", head });
  }
  const { status, range } = readRange(offset, rows.n, total);
  return respond(req, { kind: "rpc", status, range, rows, head });
}
