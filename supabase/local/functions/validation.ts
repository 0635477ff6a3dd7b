// What the gateway checks before a request reaches a function: the name, the body's
// declared size, and verify_jwt.
//
// verify_jwt (config.toml, default true) takes a JWT in Authorization signed with the
// legacy JWT secret (the legacy anon key passes) and refuses anything else with 401.
// The check knows no asymmetric key and no new API key, so sessions signed with ES256
// and `sb_` keys are refused: functions that take them set verify_jwt = false and check
// callers themselves. Hosted documents disagree on this; the stand-in takes the
// stricter reading of "Edge Function 401 error response"
// (https://supabase.com/docs/guides/troubleshooting/edge-function-401-error-response)
// and of the API keys guide (https://supabase.com/docs/guides/api/api-keys, "Known
// limitations": "Edge Functions only support JWT verification via the anon and
// service_role JWT-based API keys").
import type { Context } from "hono";
import { bearerToken } from "../caller.ts";
import { type ProjectKeys, verifyJwt } from "../keys.ts";
import { INVALID_JWT, type JsonBody, MISSING_AUTHORIZATION } from "./errors.ts";

/** Largest request body passed to a function (the stand-in's limit, not a hosted one). */
export const MAX_FUNCTION_BODY_BYTES = 10 * 1024 * 1024;

/** Function names as the CLI accepts them; also keeps `_shared` and `..` out. */
const FUNCTION_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function isFunctionName(name: string): boolean {
  return FUNCTION_NAME.test(name);
}

/** Whether the request declares a body over the limit (a streamed one is cut off later). */
export function declaresTooLarge(c: Context): boolean {
  return Number(c.req.header("content-length") ?? 0) > MAX_FUNCTION_BODY_BYTES;
}

/** verify_jwt's refusal of this Authorization header, or undefined when it passes. */
export async function jwtRefusal(
  keys: ProjectKeys,
  authorization: string | undefined,
): Promise<JsonBody | undefined> {
  if (!authorization) return MISSING_AUTHORIZATION;
  const token = bearerToken(authorization);
  if (!token) return INVALID_JWT;
  // The platform check knows only the legacy JWT secret: a token signed with an
  // asymmetric key (every session in "new" mode) is refused, as hosted refuses it,
  // and once that secret is revoked nothing passes.
  const legacy = keys.signingKeys.find((key) => key.alg === "HS256");
  if (keys.mode === "new" && legacy?.status === "revoked") return INVALID_JWT;
  const verified = await verifyJwt(token, keys.jwtSecret);
  return verified.ok ? undefined : INVALID_JWT;
}
