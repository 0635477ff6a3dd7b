// Errors answered as PostgREST answers them: `{code, message, details, hint}`, all four
// present, with PostgREST's statuses. Features the stand-in does not play are refused
// here too, in the same shape, so nothing is ever answered differently in silence.
import type { Context } from "hono";
import type { CallerError } from "../caller.ts";
import type { Caller } from "../context.ts";
import { isPgError } from "../transaction.ts";
import type { TableInfo } from "./schema.ts";

export interface RestErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** An error answered as PostgREST answers it. */
export class RestError extends Error {
  readonly status: number;
  readonly body: RestErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: RestErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

const error = (status: number, code: string, message: string, details: string | null = null) =>
  new RestError(status, { code, message, details, hint: null });

/** The code the stand-in answers for what PostgREST does and it does not. */
export const NOT_IN_STAND_IN = "STANDIN501";

/**
 * What PostgREST does and the stand-in does not: refused out loud (501), naming the
 * feature, changing nothing.
 */
export function notInStandIn(feature: string, hosted: string): RestError {
  return new RestError(501, {
    code: NOT_IN_STAND_IN,
    message: `${feature} is not supported by the local stand-in`,
    details: hosted,
    hint: "Leave it out here, or try the request against a hosted Supabase project",
  });
}

export const notFoundTable = (name: string) =>
  error(404, "PGRST205", `Could not find the table 'public.${name}' in the schema cache`);

export const unknownColumn = (relation: string, column: string) =>
  error(400, "42703", `column ${relation}.${column} does not exist`);

export const unknownPayloadColumn = (table: TableInfo, column: string) =>
  error(
    400,
    "PGRST204",
    `Could not find the '${column}' column of '${table.name}' in the schema cache`,
  );

export const invalidJson = (details: string | null = null) =>
  error(400, "PGRST102", "Empty or invalid json", details);

export const singularError = (n: number) =>
  error(
    406,
    "PGRST116",
    "Cannot coerce the result to a single JSON object",
    `The result contains ${n} rows`,
  );

export const tooManyAffected = (n: number) =>
  error(
    400,
    "PGRST124",
    "Query result exceeds max-affected preference constraint",
    `The query affects ${n} rows`,
  );

/** A range that starts past the last row, when the total is known. */
export const outOfRange = (offset: number, total: number) =>
  error(
    416,
    "PGRST103",
    "Requested range not satisfiable",
    `An offset of ${offset} was requested, but there are only ${total} rows.`,
  );

export const parseError = (message: string, details: string | null) =>
  error(400, "PGRST100", message, details);

/** PostgREST's mapping of SQLSTATE to HTTP status (Error.hs, pgErrorStatus). */
export function statusForSqlState(code: string, role: string, message = ""): number {
  const exact: Record<string, number> = {
    "23503": 409,
    "23505": 409,
    "25006": 405,
    "53400": 500,
    "57P01": 503,
    P0001: 400,
    "42P01": 404,
    "42P17": 500,
  };
  if (code in exact) return exact[code] as number;
  if (code === "21000") return message.endsWith("requires a WHERE clause") ? 400 : 500;
  if (code === "22023") return /^role .* does not exist$/.test(message) ? 401 : 400;
  if (code === "42883") return message.startsWith("function xmlagg(") ? 406 : 404;
  if (code === "42501") return role === "anon" ? 401 : 403;
  // RAISE SQLSTATE 'PT403' answers that status.
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code.startsWith("PT")) return 500;
  if (/^(08|53)/.test(code)) return 503;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (/^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code)) return 500;
  return 400;
}

/**
 * `RAISE SQLSTATE 'PGRST'`: the MESSAGE is the body as JSON (code, message, details,
 * hint) and the DETAIL the status and headers, as PostgREST lets a function answer.
 */
function raisedResponse(message: string, detail: string | undefined): RestError {
  const invalid = (details: string, hint: string) =>
    new RestError(500, {
      code: "PGRST121",
      message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
      details,
      hint,
    });
  const parse = (text: string) => {
    try {
      const value: unknown = JSON.parse(text);
      return value !== null && typeof value === "object" && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : undefined;
    } catch {
      return undefined;
    }
  };
  const body = parse(message);
  if (!body || typeof body.code !== "string" || typeof body.message !== "string") {
    return invalid(
      `Invalid JSON value for MESSAGE: '${message}'`,
      "MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",
    );
  }
  const detailsHint =
    "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.";
  if (detail === undefined) return invalid("DETAIL is missing in the RAISE statement", detailsHint);
  const meta = parse(detail);
  const headers = meta?.headers;
  if (
    !meta ||
    typeof meta.status !== "number" ||
    headers === null ||
    typeof headers !== "object" ||
    Object.values(headers).some((value) => typeof value !== "string")
  ) {
    return invalid(`Invalid JSON value for DETAIL: '${detail}'`, detailsHint);
  }
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return new RestError(
    meta.status,
    { code: body.code, message: body.message, details: text(body.details), hint: text(body.hint) },
    headers as Record<string, string>,
  );
}

export function fromPgError(cause: unknown, caller: Caller): RestError {
  if (!isPgError(cause)) throw cause;
  const code = cause.code ?? "XX000";
  if (code === "PGRST") return raisedResponse(cause.message, cause.detail);
  const status = statusForSqlState(code, caller.role, cause.message);
  return new RestError(
    status,
    { code, message: cause.message, details: cause.detail ?? null, hint: cause.hint ?? null },
    status === 401 ? { "WWW-Authenticate": "Bearer" } : {},
  );
}

export function jwtError(cause: CallerError): RestError {
  if (cause.kind === "jwt-expired") {
    return new RestError(
      401,
      { code: "PGRST303", message: "JWT expired", details: null, hint: null },
      { "WWW-Authenticate": 'Bearer error="invalid_token", error_description="JWT expired"' },
    );
  }
  // PostgREST answers a token whose role does not exist with 401.
  if (cause.kind === "bad-role") return error(401, "22023", `role "${cause.role}" does not exist`);
  const message = cause.kind === "jwt-invalid" ? cause.message : "JWT invalid";
  return new RestError(
    401,
    { code: "PGRST301", message: `JWSError (${message})`, details: null, hint: null },
    {
      "WWW-Authenticate": `Bearer error="invalid_token", error_description="${message.replaceAll('"', "'")}"`,
    },
  );
}

export function send(c: Context, failure: RestError): Response {
  for (const [name, value] of Object.entries(failure.headers)) c.header(name, value);
  return c.json(failure.body, failure.status as 400);
}
