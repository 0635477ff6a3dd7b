// What the access group attacks and what the RLS matrix allows on it (docs/architecture.md,
// supabase/tests/rls-matrix.test.ts): which tables visitors may read, a plausible row and
// change per table, plausible arguments per RPC. Tables and RPCs themselves are discovered
// from the catalog; anything discovered that is not listed here is treated as private
// (nobody but admins and the service role may read or write it), so a new table or RPC is
// attacked from the day it lands.
import { CONTENT_TABLES } from "../../src/lib/schema/tables.ts";
import { SINGLE_RECORD, validContactMessage, validRows } from "../../supabase/tests/fixtures.ts";

/** The tables the RLS matrix keeps from anon and signed-in non-admins entirely. */
export const HIDDEN_TABLES = [
  "contact_messages",
  "audit_log",
  "publish_runs",
  "admin_settings",
  "alert_outbox",
  "payment_changes",
] as const;

/** Tables visitors may read besides the content tables: the published revision. */
const PUBLIC_EXTRA = ["content_revision"];

/** Whether anon and signed-in non-admins may read (the active rows of) a table. */
export function visitorsMayRead(table: string): boolean {
  return (CONTENT_TABLES as readonly string[]).includes(table) || PUBLIC_EXTRA.includes(table);
}

/**
 * Tables that hold exactly one row: an insert can never be valid, an update can. The
 * content tables of one record (the about section, the organisation) are among them:
 * a unique index refuses a second row.
 */
export const SINGLETONS: readonly string[] = [
  ...SINGLE_RECORD,
  "content_revision",
  "admin_settings",
];

/** The public RPCs the matrix names; each is closed to anon and non-admins. */
export const KNOWN_RPCS = [
  "activate_logo",
  "submit_contact_message",
  "request_publish",
  "report_build",
  "expire_publish_runs",
  "report_deploy",
  "reorder_rows",
  "restore_version",
  "trash_entries",
  "expired_trash",
  "mark_trash_purged",
  "record_team_change",
  "approve_payment_change",
  "reject_payment_change",
  "pending_payment_changes",
  "change_payment_details",
  "claim_alerts",
  "finish_alerts",
  "admin_access",
  "second_factor_verified",
] as const;

/**
 * RPCs that anyone signed in may call, as they only describe the caller: each is
 * "refused" when its answer grants nothing ("removed" or "ended", never "admin" or
 * "editor"; no second factor verified).
 */
export const CALLER_ONLY_RPCS: Record<string, (data: unknown) => boolean> = {
  admin_access: (data) => data !== "admin" && data !== "editor",
  second_factor_verified: (data) => data !== true,
};

/** A row an admin (or the service role) could really insert: every constraint passes. */
export function rowFor(table: string): Record<string, unknown> | undefined {
  // One active logo at most: a new logo row is valid only while inactive.
  if (table === "logo_settings") return { ...validRows.logo_settings, is_active: false };
  if (table in validRows) return { ...validRows[table as keyof typeof validRows] };
  switch (table) {
    case "contact_messages":
      return { ...validContactMessage, subject: "Forged message" };
    case "audit_log":
      return { actor_role: "admin", table_name: "banners", action: "DELETE" };
    case "publish_runs":
      return { status: "succeeded", requested_revision: 0, built_revision: 0 };
    case "content_revision":
      return { id: 1, revision: 999_999 };
    case "admin_settings":
      return { id: true, alert_address: "mallory@example.org" };
    case "alert_outbox":
      // A forged alert, or one meant to look delivered already.
      return { kind: "payment", payload: { actor_email: "admin@example.org" }, status: "sent" };
    case "payment_changes":
      // A change that claims to be approved already.
      return {
        target: "donate_content",
        action: "INSERT",
        new_data: { ...validRows.donate_content },
        status: "approved",
      };
    default:
      return undefined;
  }
}

/** A change to apply to every row: one that would show if any row took it. */
export function patchFor(table: string, columns: string[]): Record<string, unknown> {
  switch (table) {
    case "contact_messages":
      // The only column non-admins hold an UPDATE grant on: RLS alone must refuse.
      return { handled: true };
    case "audit_log":
      return { table_name: "tampered", action: "INSERT" };
    case "publish_runs":
      return { status: "failed", error: "tampered" };
    case "content_revision":
      return { revision: 999_999 };
    case "admin_settings":
      // Pointing the message alerts at the attacker, or switching approval off.
      return { alert_address: "mallory@example.org", require_payment_approval: false };
    case "alert_outbox":
      // Marking alerts delivered, so nobody hears of a change.
      return { status: "sent" };
    case "payment_changes":
      return { status: "approved" };
  }
  // The valid row itself (not is_active: one active logo at most would refuse that
  // alone; nor sort_order: positions never tie, and one changes through reorder_rows).
  const row = rowFor(table);
  if (row) {
    const { sort_order: _position, ...rest } = row;
    return rest;
  }
  // A table nobody told this file about: touch its timestamp, or any column it has.
  if (columns.includes("updated_at")) return { updated_at: "2000-01-01T00:00:00Z" };
  const column = columns.find((name) => name !== "id") ?? "id";
  return { [column]: null };
}

export interface RpcContext {
  inactiveLogoId: string;
  userId: string;
  /** The ids of every cause, in their order: a complete list for reorder_rows. */
  causeIds?: string[];
  /** A recorded change (an audit entry) to restore. */
  auditEntry?: number;
}

/** Arguments an attacker would plausibly send. Unknown RPCs are called without any. */
export function rpcArgs(name: string, ctx: RpcContext): Record<string, unknown> {
  switch (name) {
    case "activate_logo":
      return { logo_id: ctx.inactiveLogoId };
    case "submit_contact_message":
      return {
        p_client_hash: "ab".repeat(32),
        p_name: "Mallory",
        p_email: "mallory@example.org",
        p_subject: "Stored without the function",
        p_message: "Bypassing validation and the rate limit.",
      };
    case "request_publish":
      return { p_requested_by: ctx.userId };
    case "report_build":
      return { p_event: "succeeded", p_revision: 999_999, p_error: null };
    case "report_deploy":
      return { p_succeeded: false, p_error: "forged" };
    case "expire_publish_runs":
      return { p_queue_limit_seconds: 1, p_build_limit_seconds: 1 };
    case "reorder_rows":
      return { target: "causes", ids: [...(ctx.causeIds ?? [])].reverse() };
    case "restore_version":
      return { entry: ctx.auditEntry ?? 1, state: "before" };
    case "expired_trash":
      return { as_of: "2999-01-01T00:00:00Z" };
    case "mark_trash_purged":
      return { entries: [ctx.auditEntry ?? 1], files: ["forged.png"] };
    // The access stack proposes one change to the donation details (access-stack.ts):
    // the first pending change.
    case "approve_payment_change":
    case "reject_payment_change":
      return { p_change_id: 1 };
    case "change_payment_details":
      return {
        p_action: "INSERT",
        p_values: {
          ...validRows.donate_content,
          bank_accounts: [
            { bank_name: "Mallory Bank", account_name: "Mallory", account_number: "666" },
          ],
        },
      };
    case "claim_alerts":
      return { p_message_limit: 1000, p_window_seconds: 1 };
    case "finish_alerts":
      return {
        p_claim_id: "00000000-0000-4000-8000-000000000000",
        p_results: [{ id: 1, ok: true }],
      };
    case "record_team_change":
      return {
        p_actor: ctx.userId,
        p_action: "INVITE",
        p_member: ctx.userId,
        p_new: { email: "mallory@example.org", role: "admin", status: "active" },
      };
    default:
      return {};
  }
}

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A different 1x1 PNG, for overwrites. */
export const OTHER_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
