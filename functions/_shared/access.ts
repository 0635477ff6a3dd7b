// Who may call a function: the caller a request's bearer token names, and the checks
// of the functions only the team may call (media and trash: editors and administrators;
// team: administrators), which refuse everyone else in the same words. Free of the network: identify (caller.ts' supabaseIdentify in production) is
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
/** A member of the team: an editor or an administrator. */
export type TeamCaller = Extract<Caller, { kind: "admin" | "editor" }>;

export interface AdminGate {
  /** Who a bearer token belongs to (checked with Supabase Auth). */
  identify(token: string): Promise<Caller>;
  /** The words of the 403: who alone may do what is asked here. */
  forbidden: string;
}

/**
 * Lets in the callers `admits` accepts. Anyone else is answered {error, message} with
 * the endpoint's CORS headers, the request body cancelled unread: 401 unauthorized with
 * no token or a token of nobody, 403 forbidden when signed in but not let in.
 */
async function admit<T extends Caller>(
  request: Request,
  answers: EndpointAnswers,
  gate: AdminGate,
  admits: (caller: Caller) => caller is T,
): Promise<T | Response> {
  const caller = await callerOf(request, (token) => gate.identify(token));
  if (admits(caller)) return caller;
  await discardBody(request);
  return caller.kind === "none"
    ? answers.error(401, "unauthorized", UNAUTHORIZED_MESSAGE)
    : answers.error(403, "forbidden", gate.forbidden);
}

const isAdmin = (caller: Caller): caller is AdminCaller => caller.kind === "admin";
const isTeam = (caller: Caller): caller is TeamCaller =>
  caller.kind === "admin" || caller.kind === "editor";

/** Lets an administrator in (the team function); refuses editors too. */
export function admitAdmin(
  request: Request,
  answers: EndpointAnswers,
  gate: AdminGate,
): Promise<AdminCaller | Response> {
  return admit(request, answers, gate, isAdmin);
}

/** Lets a member of the team in, editor or administrator (uploads, the trash). */
export function admitTeam(
  request: Request,
  answers: EndpointAnswers,
  gate: AdminGate,
): Promise<TeamCaller | Response> {
  return admit(request, answers, gate, isTeam);
}

/**
 * admitTeam, and the project's own secret key too (a scheduled call): that key is let
 * in as the server, without asking identify.
 */
export async function admitTeamOrSecretKey(
  request: Request,
  answers: EndpointAnswers,
  gate: AdminGate & { isSecretKey(token: string): boolean },
): Promise<TeamCaller | { kind: "server" } | Response> {
  const token = bearerToken(request);
  if (token !== null && gate.isSecretKey(token)) return { kind: "server" };
  return await admitTeam(request, answers, gate);
}
