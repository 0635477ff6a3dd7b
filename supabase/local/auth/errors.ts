// Errors as GoTrue renders them: an HTTPError (status, error code, message) in either
// of its two body formats, chosen by the X-Supabase-Api-Version the request names,
// and the OAuth errors of the token endpoint (always 400, `{error, error_description}`).
import type { Context } from "hono";

const API_VERSION_2024 = "2024-01-01";
const INVALID_LOGIN = "Invalid login credentials";

/** GoTrue's HTTPError: a status, an error code and a message. */
export class AuthApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown> | undefined;
  constructor(status: number, code: string, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** GoTrue's OAuthError: always 400, `{error, error_description}`. */
export class OAuthError extends Error {
  readonly error: string;
  readonly description: string;
  constructor(error: string, description: string) {
    super(`${error}: ${description}`);
    this.error = error;
    this.description = description;
  }
}

export const badRequest = (code: string, message: string) => new AuthApiError(400, code, message);
export const validationFailed = (message: string) => badRequest("validation_failed", message);
export const invalidCredentials = () => badRequest("invalid_credentials", INVALID_LOGIN);
export const badJson = (detail: string) =>
  badRequest("bad_json", `Could not parse request body as JSON: ${detail}`);
export const badJwt = (message: string) => new AuthApiError(403, "bad_jwt", message);
export const notAdmin = (message = "User not allowed") =>
  new AuthApiError(403, "not_admin", message);
export const emailExists = () =>
  new AuthApiError(
    422,
    "email_exists",
    "A user with this email address has already been registered",
  );
export const phoneExists = () =>
  new AuthApiError(422, "phone_exists", "Phone number already registered by another user");
export const unexpectedFailure = (message: string) =>
  new AuthApiError(500, "unexpected_failure", message);

/** The API version the request asked for, as GoTrue works it out (undefined: the initial one). */
function requestedApiVersion(c: Context): string | undefined {
  const header = c.req.header("x-supabase-api-version");
  const match = header ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(header) : null;
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.getTime() >= Date.UTC(2024, 0, 1) ? API_VERSION_2024 : undefined;
}

function oauthBody(error: OAuthError): Record<string, string> {
  const body: Record<string, string> = { error: error.error };
  if (error.description) body.error_description = error.description;
  return body;
}

/** Anything that is not an AuthApiError is logged and answered as GoTrue's 500. */
function asApiError(error: unknown): AuthApiError {
  if (error instanceof AuthApiError) return error;
  console.error("auth stand-in error:", error);
  return unexpectedFailure("Unexpected failure, please check server logs for more information");
}

/**
 * The 2024-01-01 format is `{code, message}`; the initial one `{code: status, error_code,
 * msg}`. Both carry the code in X-Sb-Error-Code, except a weak password in the new format.
 */
function apiErrorBody(error: AuthApiError, version: string | undefined, headers: Headers) {
  if (version) {
    if (error.code !== "weak_password") headers.set("x-sb-error-code", error.code);
    return { code: error.code, message: error.message, ...error.extra };
  }
  headers.set("x-sb-error-code", error.code);
  return { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
}

export function errorResponse(c: Context, error: unknown): Response {
  const version = requestedApiVersion(c);
  const headers = new Headers({ "content-type": "application/json" });
  // GoTrue echoes the version it settled on; without the echo auth-js ignores `code`.
  if (version) headers.set("x-supabase-api-version", version);
  if (error instanceof OAuthError) {
    return new Response(JSON.stringify(oauthBody(error)), { status: 400, headers });
  }
  const apiError = asApiError(error);
  const body = apiErrorBody(apiError, version, headers);
  return new Response(JSON.stringify(body), { status: apiError.status, headers });
}

type Handler = (c: Context) => Promise<Response>;

/** A route handler whose thrown errors become GoTrue's error answers. */
export function handle(fn: Handler): Handler {
  return async (c) => {
    try {
      return await fn(c);
    } catch (error) {
      return errorResponse(c, error);
    }
  };
}
