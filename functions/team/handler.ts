// The team function's request handling, free of the network and the environment so
// `deno test` drives every answer with fakes (index.ts wires the real ones).
//
// The team is the users whose app_metadata.role is 'admin' (an administrator) or
// 'editor' (who changes the content only). An invited member has not accepted yet (no
// confirmed address); an active one has. Only the secret key may change app_metadata
// or invite, so administrators change the team through this function
// (its requests, answers and refusal codes are typed in _shared/team-replies.ts, which
// the admin imports too):
//
//   GET, or POST {action: "list"}             200 {members}
//   POST {action: "invite", email, role, redirectTo?, siteName?}
//        Auth's invitation (the project's invite template, which names the charity,
//        siteName, and who invited, from the user_metadata), then the role. An
//        account left without the role (closed before removals deleted accounts) is
//        deleted first, so every invitation is the same: a new account that has no
//        password until its link is followed. The same answer either way.
//                                             200 {ok, message}
//   POST {action: "resend", userId, redirectTo?}   a new invitation    200 {ok, message}
//   POST {action: "role", userId, role}   the member's new role; the last active
//        administrator keeps theirs                                   200 {ok, message}
//   POST {action: "factors", userId}   removes another member's authenticator apps (a
//        lost phone), through Auth's admin API; recorded as FACTORS, which mails
//        everyone on the team                                          200 {ok, message}
//   POST {action: "remove", userId, confirmSelf?}
//        the account is deleted: an active admin's (after the role is taken away, so
//        the last admin check holds), or an unaccepted invitation's. Its password and
//        sessions end with it; coming back takes a new invitation.
//                                             200 {ok, message, removedSelf}
//   OPTIONS                                   204, CORS preflight
//
// Every change (all but the list) needs the caller's session to have verified a second
// factor (aal2), as the database decides it (public.second_factor_verified(), asked
// with the caller's own token): 403 second_factor_required otherwise.
//
// Refusals, each {error, message} with words an editor can read and no detail of the
// cause (causes are logged):
//   401 unauthorized (no, bad or expired token), 403 forbidden (not an administrator:
//   editors included), 400 invalid_request / invalid_email / invalid_role /
//   invalid_redirect, 404 not_found, 409 last_admin (nobody removes or demotes the last
//   active administrator), confirm_self (removing
//   yourself needs {confirmSelf: true}), already_member, already_invited, already_accepted,
//   429 too_soon (one email per address a minute, as Auth's own wait) and too_many
//   (TEAM_MAILS_PER_HOUR team emails an hour, counted in the audit log),
//   502 mail_failed (Auth could not send the email), 500 unavailable, not_recorded.
//
// Every change is written to the audit log (record_team_change) after it is made, as
// the administrator who asked. Links lead to the admin's set-password screen: the
// SITE_URL secret's, else the one the admin app names, which must be that screen on
// some site (Auth then allows it only if it is in the project's redirect URLs).
//
// `verify_jwt` is off (the platform check knows only the legacy JWT secret), so the
// caller is checked here, exactly as publish and media do (_shared/access.ts, with
// _shared/caller.ts' identify).
import { admitAdmin, UNAUTHORIZED_MESSAGE } from "../_shared/access.ts";
import type { Caller } from "../_shared/caller.ts";
import { isEmail } from "../_shared/email-rules.ts";
import { bearerToken, endpointAnswers, readJsonObject } from "../_shared/http.ts";
import {
  TEAM_ROLES,
  type TeamDone,
  type TeamList,
  type TeamMember,
  type TeamRefusalCode,
  type TeamRemoved,
  type TeamRole,
} from "../_shared/team-replies.ts";

export type { Caller, TeamMember };

/** What Auth's admin API says of a user, the part the team needs. */
export interface AuthUser {
  id: string;
  email: string;
  /** app_metadata.role, which only the secret key can set. */
  role: string | null;
  invitedAt: string | null;
  /** When the address was confirmed: accepting an invitation confirms it. */
  confirmedAt: string | null;
  lastSignInAt: string | null;
  /** When the last invitation was sent. */
  confirmationSentAt: string | null;
  /** When the last password-reset link was sent. */
  recoverySentAt: string | null;
  bannedUntil: string | null;
  createdAt: string;
  /** How many verified authenticator apps the account has. */
  verifiedFactors: number;
}

export type TeamAction = "INVITE" | "RESEND" | "REMOVE" | "ROLE" | "FACTORS";

/** What the invitation email names (the user_metadata its template reads as .Data). */
export interface InviteData {
  /** The charity whose website it is. */
  site_name: string;
  /** The address of the administrator who invited. */
  invited_by: string;
}

/** One audit entry: who acted, on whom, and the member before and after. */
export interface TeamChange {
  actor: string;
  action: TeamAction;
  member: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Auth refused a call; `status` and `code` are Auth's own. */
export class AuthFailure extends Error {
  override name = "AuthFailure";
  constructor(
    readonly status: number,
    readonly code?: string,
  ) {
    super(`Auth answered ${status}${code ? ` ${code}` : ""}`);
  }
}

export interface TeamDeps {
  /** Who the bearer token belongs to, checked with Supabase Auth. */
  identify(token: string): Promise<Caller>;
  /** Every user of the project. */
  users(): Promise<AuthUser[]>;
  /**
   * Sends an invitation, creating the user with `data` as its user_metadata (an
   * unaccepted user keeps theirs); throws AuthFailure.
   */
  invite(email: string, redirectTo: string, data?: InviteData): Promise<AuthUser>;
  setRole(userId: string, role: TeamRole | null): Promise<void>;
  /** Whether the session of this bearer token verified a second factor (aal2), per the database. */
  secondFactorVerified(token: string): Promise<boolean>;
  /** The ids of a user's authenticator apps (verified or not). */
  factorsOf(userId: string): Promise<string[]>;
  deleteFactor(userId: string, factorId: string): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  record(change: TeamChange): Promise<void>;
  /** How many team emails (INVITE and RESEND entries) the log holds since `since`. */
  mailsSince(since: Date): Promise<number>;
  /** The SITE_URL secret: links lead to its set-password screen when it is set. */
  siteUrl?: string;
  /** Team emails allowed per hour (default TEAM_MAILS_PER_HOUR). */
  mailsPerHour?: number;
  now?(): Date;
  logError?(message: string, error: unknown): void;
}

/** Where every emailed link of the team leads: the admin's set-password screen. */
export const SET_PASSWORD_PATH = "/admin/reset-password";
/** One email per address this often, as Auth's own wait between two links. */
export const MAIL_WAIT_SECONDS = 60;
/** Team emails per hour, for the whole project: invitations and resent ones. */
export const TEAM_MAILS_PER_HOUR = 30;
const MAX_BODY_BYTES = 4 * 1024;
const answers = endpointAnswers(["GET", "POST"]);

/** The longest charity name an invitation carries. */
const MAX_SITE_NAME = 120;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const MESSAGES = {
  unauthorized: UNAUTHORIZED_MESSAGE,
  forbidden: "Only administrators can manage the team.",
  invalidRequest: "The request was not understood. Reload the page and try again.",
  invalidEmail: "Enter a valid email address.",
  invalidRole: "Choose Editor or Administrator.",
  secondFactor:
    "Changing the team needs two-step sign-in: set up an authenticator app on your Account page, then sign in again with its code.",
  notYourself: "Remove your own authenticator apps on your Account page.",
  noFactors: (email: string) => `${email} has no authenticator app to remove.`,
  factorsRemoved: (email: string) =>
    `The authenticator apps of ${email} were removed: they sign in with their password, and can set up a new app on their Account page. Everyone on the team was told by email.`,
  invalidRedirect: "The link in the email would lead nowhere. Reload the page and try again.",
  notFound: "This person is not on the team any more. Reload the list.",
  lastAdmin:
    "The last administrator cannot be removed: invite someone else, and remove this account once they have accepted.",
  lastAdminRole: "The last administrator must stay one: make someone else an administrator first.",
  confirmSelf: "You are about to remove yourself. Confirm it to go on.",
  alreadyMember: "This address is already on the team.",
  alreadyInvited: "This address is already invited. Use 'Resend invite' to send a new email.",
  alreadyAccepted: "This person has already accepted the invitation.",
  tooSoon: "An email was sent to this address less than a minute ago. Please wait a minute.",
  tooMany: "Too many emails have been sent recently. Please try again later.",
  mailFailed: "The email could not be sent. Please try again later.",
  unavailable: "The team could not be changed. Please try again.",
  notRecorded:
    "The change was made, but it could not be written to the log. Reload the list to see the team.",
  invited: (email: string) => `Invitation sent to ${email}.`,
  resent: (email: string) => `A new invitation was sent to ${email}.`,
  roleChanged: (email: string, role: TeamRole) =>
    `${email} is now ${role === "admin" ? "an administrator" : "an editor"}.`,
  roleUnchanged: (email: string, role: TeamRole) =>
    `${email} is already ${role === "admin" ? "an administrator" : "an editor"}.`,
  removed: (email: string) => `${email} was removed from the team and their account closed.`,
  withdrawn: (email: string) => `The invitation to ${email} was withdrawn.`,
  removedSelf: "You have left the team.",
} as const;

type Refusal = { status: number; error: TeamRefusalCode; message: string; retryAfter?: number };

function refusal(
  status: number,
  error: TeamRefusalCode,
  message: string,
  retryAfter?: number,
): Refusal {
  return { status, error, message, ...(retryAfter === undefined ? {} : { retryAfter }) };
}

function refuse(r: Refusal): Response {
  return answers.error(
    r.status,
    r.error,
    r.message,
    r.retryAfter === undefined ? {} : { "Retry-After": String(r.retryAfter) },
  );
}

const isRole = (value: unknown): value is TeamRole => TEAM_ROLES.includes(value as TeamRole);

type Member = AuthUser & { role: TeamRole };

/** On the team: an editor or an administrator. */
function isMember(user: AuthUser): user is Member {
  return isRole(user.role);
}

/** The member with the id a request names, if the team has one. */
function findMember(users: AuthUser[], id: string): Member | undefined {
  return users.filter(isMember).find((user) => user.id === id.toLowerCase());
}

function isBanned(user: AuthUser, now: Date): boolean {
  const until = Date.parse(user.bannedUntil ?? "");
  return Number.isFinite(until) && until > now.getTime();
}

/** An administrator who can sign in and act: accepted, not banned. */
function isActive(user: AuthUser, now: Date): boolean {
  return user.role === "admin" && user.confirmedAt !== null && !isBanned(user, now);
}

function member(user: Member, callerId: string): TeamMember {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    status: user.confirmedAt ? "active" : "invited",
    secondFactor: user.verifiedFactors > 0,
    invitedAt: user.invitedAt,
    lastSignInAt: user.lastSignInAt,
    createdAt: user.createdAt,
    you: user.id === callerId,
  };
}

function teamOf(users: AuthUser[], callerId: string): TeamMember[] {
  return users
    .filter(isMember)
    .map((user) => member(user, callerId))
    .sort(
      (a, b) =>
        Number(a.status === "invited") - Number(b.status === "invited") ||
        a.email.localeCompare(b.email),
    );
}

/** What an audit entry keeps of a member: no more than the list shows. */
function snapshot(user: AuthUser): Record<string, unknown> {
  return {
    email: user.email,
    role: user.role,
    status: user.confirmedAt ? "active" : "invited",
  };
}

/** The email address as Auth keeps it, or null when it is none. */
export function normaliseEmail(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const email = value.trim().toLowerCase();
  return isEmail(email) ? email : null;
}

/**
 * The charity's name as the admin shows it, for the invitation: one line of at most
 * MAX_SITE_NAME characters; else the site's host name.
 */
function siteName(given: unknown, target: string): string {
  const name = typeof given === "string" ? given.replace(/\s+/g, " ").trim() : "";
  if (name && name.length <= MAX_SITE_NAME && !/\p{Cc}/u.test(name)) return name;
  return new URL(target).hostname;
}

/** Seconds left before `sentAt` is a wait ago, or 0. */
function waitLeft(sentAt: string | null, now: Date): number {
  const sent = Date.parse(sentAt ?? "");
  if (!Number.isFinite(sent)) return 0;
  const left = sent + MAIL_WAIT_SECONDS * 1000 - now.getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** A refusal for Auth's own refusal of an email. */
function mailRefusal(error: unknown): Refusal | null {
  if (!(error instanceof AuthFailure)) return null;
  if (error.status === 429) {
    // Auth's own limits: an address's wait, the project's email budget, or this
    // server's requests. Which one is Auth's business; the words are the same.
    return refusal(429, "too_many", MESSAGES.tooMany);
  }
  if (error.status === 400 || error.status === 422) {
    return refusal(400, "invalid_email", MESSAGES.invalidEmail);
  }
  return refusal(502, "mail_failed", MESSAGES.mailFailed);
}

export function createTeamHandler(deps: TeamDeps): (request: Request) => Promise<Response> {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));
  const now = deps.now ?? (() => new Date());
  const mailsPerHour = deps.mailsPerHour ?? TEAM_MAILS_PER_HOUR;

  /** Where the emailed link leads: SITE_URL's set-password screen, else the admin's. */
  function linkTarget(given: unknown): string | null {
    const site = deps.siteUrl?.trim().replace(/\/+$/, "");
    if (site) return `${site}${SET_PASSWORD_PATH}`;
    if (typeof given !== "string" || given.length > 2048) return null;
    try {
      const url = new URL(given);
      if (url.protocol !== "https:" && url.protocol !== "http:") return null;
      if (url.username || url.password || url.pathname !== SET_PASSWORD_PATH) return null;
      return `${url.origin}${SET_PASSWORD_PATH}`;
    } catch {
      return null;
    }
  }

  /** A refusal when the project's hourly budget of team emails is spent. */
  async function budgetLeft(): Promise<Refusal | null> {
    const since = new Date(now().getTime() - 3600_000);
    return (await deps.mailsSince(since)) >= mailsPerHour
      ? refusal(429, "too_many", MESSAGES.tooMany, 3600)
      : null;
  }

  async function record(change: TeamChange): Promise<Refusal | null> {
    try {
      await deps.record(change);
      return null;
    } catch (error) {
      logError("team: the change was made but not recorded", error);
      return refusal(500, "not_recorded", MESSAGES.notRecorded);
    }
  }

  async function list(callerId: string): Promise<Response> {
    const answer: TeamList = { members: teamOf(await deps.users(), callerId) };
    return answers.json(answer, 200);
  }

  async function invite(callerId: string, body: Record<string, unknown>): Promise<Response> {
    const email = normaliseEmail(body.email);
    if (!email) return refuse(refusal(400, "invalid_email", MESSAGES.invalidEmail));
    const target = linkTarget(body.redirectTo);
    if (!target) return refuse(refusal(400, "invalid_redirect", MESSAGES.invalidRedirect));
    const users = await deps.users();
    const role = body.role;
    if (!isRole(role)) return refuse(refusal(400, "invalid_role", MESSAGES.invalidRole));
    const existing = users.find((user) => user.email.toLowerCase() === email);
    if (existing && isMember(existing)) {
      return refuse(
        existing.confirmedAt
          ? refusal(409, "already_member", MESSAGES.alreadyMember)
          : refusal(409, "already_invited", MESSAGES.alreadyInvited),
      );
    }
    // An address Auth emailed within the minute waits, whoever asked.
    const wait = existing
      ? Math.max(
          waitLeft(existing.confirmationSentAt, now()),
          waitLeft(existing.recoverySentAt, now()),
        )
      : 0;
    if (wait > 0) return refuse(refusal(429, "too_soon", MESSAGES.tooSoon, wait));
    const budget = await budgetLeft();
    if (budget) return refuse(budget);

    const data: InviteData = {
      site_name: siteName(body.siteName, target),
      invited_by: users.find((user) => user.id === callerId)?.email ?? "An administrator",
    };
    let memberId: string;
    try {
      // An account without the role is a closed one (removals once kept accounts):
      // it goes, so the invitation makes a new one, as for anyone else.
      if (existing) await deps.deleteUser(existing.id);
      memberId = (await deps.invite(email, target, data)).id;
    } catch (error) {
      const known = mailRefusal(error);
      if (!known) throw error;
      logError("team: Auth refused the invitation", error);
      return refuse(known);
    }
    await deps.setRole(memberId, role);
    const recorded = await record({
      actor: callerId,
      action: "INVITE",
      member: memberId,
      before: existing ? snapshot(existing) : null,
      after: { email, role, status: "invited" },
    });
    if (recorded) return refuse(recorded);
    const answer: TeamDone = { ok: true, message: MESSAGES.invited(email) };
    return answers.json(answer, 200);
  }

  async function resend(callerId: string, body: Record<string, unknown>): Promise<Response> {
    const id = body.userId;
    if (typeof id !== "string" || !UUID.test(id)) {
      return refuse(refusal(400, "invalid_request", MESSAGES.invalidRequest));
    }
    const target = linkTarget(body.redirectTo);
    if (!target) return refuse(refusal(400, "invalid_redirect", MESSAGES.invalidRedirect));
    const user = findMember(await deps.users(), id);
    if (!user) return refuse(refusal(404, "not_found", MESSAGES.notFound));
    if (user.confirmedAt) {
      return refuse(refusal(409, "already_accepted", MESSAGES.alreadyAccepted));
    }
    const wait = waitLeft(user.confirmationSentAt, now());
    if (wait > 0) return refuse(refusal(429, "too_soon", MESSAGES.tooSoon, wait));
    const budget = await budgetLeft();
    if (budget) return refuse(budget);
    try {
      // Auth keeps an unaccepted user's user_metadata: the first invitation's words.
      await deps.invite(user.email, target);
    } catch (error) {
      const known = mailRefusal(error);
      if (!known) throw error;
      logError("team: Auth refused to invite again", error);
      return refuse(known);
    }
    const recorded = await record({
      actor: callerId,
      action: "RESEND",
      member: user.id,
      before: snapshot(user),
      after: snapshot(user),
    });
    if (recorded) return refuse(recorded);
    const answer: TeamDone = { ok: true, message: MESSAGES.resent(user.email) };
    return answers.json(answer, 200);
  }

  /**
   * Gives `user` the role `role` (null: none). When they were an active administrator,
   * two changes at once could each have seen another one left: whoever finds none left
   * afterwards gives the role back and answers false, so the team never loses its last
   * administrator.
   */
  async function keptAnAdministrator(
    user: Member,
    role: TeamRole | null,
    wasActiveAdmin: boolean,
  ): Promise<boolean> {
    await deps.setRole(user.id, role);
    if (wasActiveAdmin && !(await deps.users()).some((u) => isActive(u, now()))) {
      await deps.setRole(user.id, user.role);
      return false;
    }
    return true;
  }

  async function changeRole(callerId: string, body: Record<string, unknown>): Promise<Response> {
    const id = body.userId;
    if (typeof id !== "string" || !UUID.test(id)) {
      return refuse(refusal(400, "invalid_request", MESSAGES.invalidRequest));
    }
    const role = body.role;
    if (!isRole(role)) return refuse(refusal(400, "invalid_role", MESSAGES.invalidRole));
    const users = await deps.users();
    const user = findMember(users, id);
    if (!user) return refuse(refusal(404, "not_found", MESSAGES.notFound));
    if (user.role === role) {
      const answer: TeamDone = { ok: true, message: MESSAGES.roleUnchanged(user.email, role) };
      return answers.json(answer, 200);
    }
    const active = isActive(user, now());
    if (active && users.filter((u) => isActive(u, now())).length <= 1) {
      return refuse(refusal(409, "last_admin", MESSAGES.lastAdminRole));
    }
    if (!(await keptAnAdministrator(user, role, active))) {
      return refuse(refusal(409, "last_admin", MESSAGES.lastAdminRole));
    }
    const recorded = await record({
      actor: callerId,
      action: "ROLE",
      member: user.id,
      before: snapshot(user),
      after: { ...snapshot(user), role },
    });
    if (recorded) return refuse(recorded);
    const answer: TeamDone = { ok: true, message: MESSAGES.roleChanged(user.email, role) };
    return answers.json(answer, 200);
  }

  async function removeFactors(callerId: string, body: Record<string, unknown>): Promise<Response> {
    const id = body.userId;
    if (typeof id !== "string" || !UUID.test(id)) {
      return refuse(refusal(400, "invalid_request", MESSAGES.invalidRequest));
    }
    const user = findMember(await deps.users(), id);
    if (!user) return refuse(refusal(404, "not_found", MESSAGES.notFound));
    if (user.id === callerId) return refuse(refusal(409, "not_yourself", MESSAGES.notYourself));
    const factors = await deps.factorsOf(user.id);
    if (factors.length === 0) {
      const answer: TeamDone = { ok: true, message: MESSAGES.noFactors(user.email) };
      return answers.json(answer, 200);
    }
    for (const factorId of factors) await deps.deleteFactor(user.id, factorId);
    const recorded = await record({
      actor: callerId,
      action: "FACTORS",
      member: user.id,
      before: { ...snapshot(user), factors: factors.length },
      after: { ...snapshot(user), factors: 0 },
    });
    if (recorded) return refuse(recorded);
    const answer: TeamDone = { ok: true, message: MESSAGES.factorsRemoved(user.email) };
    return answers.json(answer, 200);
  }

  async function remove(callerId: string, body: Record<string, unknown>): Promise<Response> {
    const id = body.userId;
    if (typeof id !== "string" || !UUID.test(id)) {
      return refuse(refusal(400, "invalid_request", MESSAGES.invalidRequest));
    }
    const users = await deps.users();
    const user = findMember(users, id);
    if (!user) return refuse(refusal(404, "not_found", MESSAGES.notFound));
    const self = user.id === callerId;
    if (self && body.confirmSelf !== true) {
      return refuse(refusal(409, "confirm_self", MESSAGES.confirmSelf));
    }
    const active = isActive(user, now());
    if (active && users.filter((u) => isActive(u, now())).length <= 1) {
      return refuse(refusal(409, "last_admin", MESSAGES.lastAdmin));
    }

    // The role goes first: from here the account can do nothing.
    if (!(await keptAnAdministrator(user, null, active))) {
      return refuse(refusal(409, "last_admin", MESSAGES.lastAdmin));
    }
    // Recorded while the account still exists: the log names who acted by it, and
    // someone removing themselves is that account.
    const recorded = await record({
      actor: callerId,
      action: "REMOVE",
      member: user.id,
      before: snapshot(user),
      after: null,
    });
    if (recorded) return refuse(recorded);
    // Then the account goes: its password and sessions end, and coming back takes a
    // new invitation (an unaccepted one is withdrawn the same way). If Auth fails
    // here, an account without the role is left, which can do nothing and which
    // inviting the address again closes.
    try {
      await deps.deleteUser(user.id);
    } catch (error) {
      logError("team: the role was removed but the account could not be deleted", error);
    }
    const message = self
      ? MESSAGES.removedSelf
      : user.confirmedAt
        ? MESSAGES.removed(user.email)
        : MESSAGES.withdrawn(user.email);
    const answer: TeamRemoved = { ok: true, message, removedSelf: self };
    return answers.json(answer, 200);
  }

  return async (request) => {
    const refused = await answers.refuseMethod(request, MESSAGES.invalidRequest);
    if (refused) return refused;
    try {
      const caller = await admitAdmin(request, answers, {
        identify: (token) => deps.identify(token),
        forbidden: MESSAGES.forbidden,
      });
      if (caller instanceof Response) return caller;
      if (request.method === "GET") return await list(caller.userId);

      const body = await readJsonObject(request, MAX_BODY_BYTES);
      if (!body.ok) return refuse(refusal(400, "invalid_request", MESSAGES.invalidRequest));
      const fields = body.value;
      if (fields.action === "list") return await list(caller.userId);
      // A change: the session must have verified a second factor.
      if (!(await deps.secondFactorVerified(bearerToken(request) ?? ""))) {
        return refuse(refusal(403, "second_factor_required", MESSAGES.secondFactor));
      }
      switch (fields.action) {
        case "invite":
          return await invite(caller.userId, fields);
        case "resend":
          return await resend(caller.userId, fields);
        case "role":
          return await changeRole(caller.userId, fields);
        case "factors":
          return await removeFactors(caller.userId, fields);
        case "remove":
          return await remove(caller.userId, fields);
        default:
          return refuse(refusal(400, "invalid_request", MESSAGES.invalidRequest));
      }
    } catch (error) {
      logError("team: request failed", error);
      return refuse(refusal(500, "unavailable", MESSAGES.unavailable));
    }
  };
}
