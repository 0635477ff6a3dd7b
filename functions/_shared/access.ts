// Who may call a function: the caller a request's bearer token names, and the check of
// the admin-only functions (media, team, trash), which refuse everyone else in the same
// words. Free of the network: identify (caller.ts' supabaseIdentify in production) is
// given, so handler tests pass fakes.
import type { Caller } from "./caller.ts";
import { bearerToken, discardBody, type EndpointAnswers } from "./http.ts";

/** The words of a 401: no token, or a token of nobody (expired, forged, signed out). */
export const UNAUTHORIZED_MESSAGE = "Your session has expired. Please sign in again.";

/** Who the request's bearer token belongs to; nobody without one. */
export async function callerOf(
  request: Request,
  identify: (token: string) => Promise<Caller>,
): Promise<Caller> {
  const token = bearerToken(request);
  return token ? await identify(token) : { kind: "none" };
}

/** An administrator, as identify names one. */
export type AdminCaller = Extract<Caller, { kind: "admin" }>;

export interface AdminGate {
  /** Who a bearer token belongs to (checked with Supabase Auth). */
  identify(token: string): Promise<Caller>;
  /** The words of the 403: what only administrators may do here. */
  forbidden: string;
}

/**
 * Lets an administrator in. Anyone else is answered {error, message} with the
 * endpoint's CORS headers, the request body cancelled unread: 401 unauthorized with no
 * token or a token of nobody, 403 forbidden when signed in but no administrator.
 */
export async function admitAdmin(
  request: Request,
  answers: EndpointAnswers,
  gate: AdminGate,
): Promise<AdminCaller | Response> {
  const caller = await callerOf(request, (token) => gate.identify(token));
  if (caller.kind === "admin") return caller;
  await discardBody(request);
  return caller.kind === "none"
    ? answers.error(401, "unauthorized", UNAUTHORIZED_MESSAGE)
    : answers.error(403, "forbidden", gate.forbidden);
}

/**
 * admitAdmin, and the project's own secret key too (a scheduled call): that key is let
 * in as the server, without asking identify.
 */
export async function admitAdminOrSecretKey(
  request: Request,
  answers: EndpointAnswers,
  gate: AdminGate & { isSecretKey(token: string): boolean },
): Promise<AdminCaller | { kind: "server" } | Response> {
  const token = bearerToken(request);
  if (token !== null && gate.isSecretKey(token)) return { kind: "server" };
  return await admitAdmin(request, answers, gate);
}
