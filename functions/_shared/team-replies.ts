// What the team function is asked and what it answers, written once for the function
// and the admin that calls it (a function may import only from functions/, so the
// admin imports this file). Types and plain values only: no Deno, no DOM.

/** What a member may do: an editor changes the content; an administrator also the
 * payment details, the team, the alert and approval settings and the logo. */
export type TeamRole = "admin" | "editor";

/** The roles, in the order the admin offers them. */
export const TEAM_ROLES: readonly TeamRole[] = ["editor", "admin"];

/** A member of the team as the team function lists them. */
export interface TeamMember {
  id: string;
  email: string;
  role: TeamRole;
  /** Invited: has not accepted the invitation yet. */
  status: "invited" | "active";
  /** Signs in with a code from an authenticator app (has a verified factor). */
  secondFactor: boolean;
  invitedAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
  /** The caller themselves. */
  you: boolean;
}

/**
 * A POST to the team function (a GET lists too). `redirectTo` is the admin's
 * set-password screen, where emailed links lead; `siteName` is the charity's name,
 * which the invitation names.
 */
export type TeamRequest =
  | { action: "list" }
  | { action: "invite"; email: string; role: TeamRole; redirectTo?: string; siteName?: string }
  | { action: "role"; userId: string; role: TeamRole }
  | { action: "factors"; userId: string }
  | { action: "resend"; userId: string; redirectTo?: string }
  | { action: "remove"; userId: string; confirmSelf?: boolean };

/** The answer to a list. */
export interface TeamList {
  members: TeamMember[];
}

/** The answer to an invitation, a new one, a role change or a removal: what was done, in words. */
export interface TeamDone {
  ok: true;
  message: string;
}

/** The answer to a removal: whether the caller removed themselves. */
export interface TeamRemoved extends TeamDone {
  removedSelf: boolean;
}

/** Why the team function refused (each with its HTTP status in the handler). */
export type TeamRefusalCode =
  | "unauthorized"
  | "forbidden"
  | "method_not_allowed"
  | "invalid_request"
  | "invalid_email"
  | "invalid_role"
  | "second_factor_required"
  | "not_yourself"
  | "invalid_redirect"
  | "not_found"
  | "last_admin"
  | "confirm_self"
  | "already_member"
  | "already_invited"
  | "already_accepted"
  | "too_soon"
  | "too_many"
  | "mail_failed"
  | "unavailable"
  | "not_recorded";

/** A refusal: its code, and words an editor can read (never the cause). */
export interface TeamRefusal {
  error: TeamRefusalCode;
  message: string;
}
