// What the admin's screens may ask of the backend. Components never call supabase-js
// themselves: they receive a DataLayer (the real one in supabase-data.ts, a fake in
// component tests), and every method throws a DataError instead of returning one.
import type { Database } from "../../../supabase/database.types.ts";
import type { MessageQuery } from "../messages/inbox-query.ts";
import { DataError } from "./errors.ts";

export {
  AccessRemovedError,
  ConflictError,
  DataError,
  isNetworkFailure,
  SessionExpiredError,
} from "./errors.ts";

type AnyTable = keyof Database["public"]["Tables"];
/**
 * The tables the admin edits record by record: each record has a uuid `id` (the
 * settings, the audit log and pending changes are read and written by their own queries).
 */
export type TableName = {
  [T in AnyTable]: Database["public"]["Tables"][T]["Row"] extends { id: string } ? T : never;
}[AnyTable];

export interface Row {
  id: string;
  updated_at?: string;
  [column: string]: unknown;
}

export interface ListOrder {
  column: string;
  ascending: boolean;
}

export type UploadProgress = (fraction: number) => void;

/** One recorded change of a content row (public.audit_log), as the database keeps it. */
export interface AuditEntry {
  id: number;
  occurred_at: string;
  /** Who made the change; null for the secret key (a schedule or a script). */
  actor_email: string | null;
  table_name: string;
  row_id: string;
  action: "INSERT" | "UPDATE" | "DELETE";
  /** The row before the change (none for INSERT) and after it (none for DELETE). */
  old_data: Record<string, unknown> | null;
  new_data: Record<string, unknown> | null;
}

/** A recorded version: the row before an entry's change, or after it. */
export type VersionState = "before" | "after";

/** A deletion of the last 30 days whose record has not come back (public.trash_entries). */
export interface TrashEntry {
  entry_id: number;
  table_name: string;
  row_id: string;
  deleted_at: string;
  deleted_by: string | null;
  /** The record as it was when deleted. */
  data: Record<string, unknown>;
  /** When the deletion is purged and can no longer be restored. */
  purge_at: string;
}

export interface DataLayer {
  list(table: TableName, order: ListOrder): Promise<Row[]>;
  insert(table: TableName, values: Record<string, unknown>[]): Promise<Row[]>;
  /**
   * Saves changes to one row. With `loadedAt` (the row's updated_at when it was
   * loaded) the save only applies if nobody changed the row since; otherwise it
   * throws a ConflictError and changes nothing.
   */
  update(
    table: TableName,
    id: string,
    values: Record<string, unknown>,
    loadedAt?: string,
  ): Promise<Row>;
  remove(table: TableName, id: string): Promise<void>;
  /**
   * Writes a whole list's order at once (the reorder_rows RPC): `ids` is every row of
   * the table in its new order, and each row's sort_order becomes its place. All or
   * nothing: when rows came or went since the list loaded, nothing changes.
   */
  reorder(table: TableName, ids: string[]): Promise<void>;
  /** The recorded changes of one row, newest first. */
  history(table: TableName, id: string): Promise<AuditEntry[]>;
  /**
   * Writes the version before or after a recorded change back, as a new recorded change
   * (the restore_version RPC); a deleted record comes back with its id. Answers the row.
   */
  restoreVersion(entry: number, state: VersionState): Promise<Row>;
  /** The last 30 days' deletions that were not restored, newest first. */
  trash(): Promise<TrashEntry[]>;
  /**
   * Asks the trash function to purge the deletions past their 30 days. Best effort:
   * it never throws, and a failure is only logged (the next opening tries again).
   */
  purgeTrash(): Promise<void>;
  /** Makes one logo the active one, atomically (the activate_logo RPC). */
  activateLogo(id: string): Promise<void>;
  /** Stores a file in the media bucket and returns its public URL. */
  upload(path: string, file: Blob, onProgress?: UploadProgress): Promise<string>;
  /**
   * Removes a file this admin uploaded but never saved, by the URL upload() gave.
   * Addresses outside the media bucket are left alone.
   */
  removeUpload(url: string): Promise<void>;
  /** How many contact messages are not marked handled yet. */
  unreadMessages(): Promise<number>;
  /**
   * One page of the contact messages, newest first, searched and filtered on the
   * server, with how many messages match in all.
   */
  messages(query: MessageQuery): Promise<MessagePage>;
  /** How many contact messages there are, and how many of them are not handled yet. */
  messageCounts(): Promise<MessageCounts>;
  /** The admin's settings: where alerts go, whether payment changes need approval. */
  settings(): Promise<AdminSettings>;
  /**
   * Saves settings and answers them as they now are. Turning approval off becomes a
   * change waiting for another administrator: the answer still has it on.
   */
  saveSettings(values: SettingsValues): Promise<AdminSettings>;
  /** The changes waiting for a second administrator, oldest first. */
  pendingChanges(): Promise<PendingChange[]>;
  /** Approves (a different administrator) or rejects (anyone; the proposer withdraws) a change. */
  decideChange(id: number, approve: boolean): Promise<void>;
  /**
   * A write to the donation details (the change_payment_details RPC) that says what
   * became of it: applied, or held for approval. With `loadedAt` a newer change
   * elsewhere throws a ConflictError, as update does.
   */
  changePaymentDetails(
    action: PaymentAction,
    id: string | null,
    values: Record<string, unknown> | null,
    loadedAt?: string,
  ): Promise<PaymentWrite>;
}

/** A page of the inbox and how many messages match the query in all. */
export interface MessagePage {
  rows: Row[];
  total: number;
}

export interface MessageCounts {
  total: number;
  unread: number;
}

/** The admin's one settings record (public.admin_settings). */
export interface AdminSettings {
  /** A change to the payment details waits for a second administrator's approval. */
  require_payment_approval: boolean;
  /** Where new-message alerts go: null, every administrator. */
  alert_address: string | null;
  updated_at: string;
  updated_by: string | null;
}

export type SettingsValues = Partial<
  Pick<AdminSettings, "require_payment_approval" | "alert_address">
>;

export type PaymentAction = "INSERT" | "UPDATE" | "DELETE";

/** A change waiting for approval (public.pending_payment_changes). */
export interface PendingChange {
  id: number;
  /** donate_content: the donation details; admin_settings: turning approval off. */
  target: "donate_content" | "admin_settings";
  action: PaymentAction;
  row_id: string | null;
  /** The record when proposed (none for a new one), and as proposed (none when deleted). */
  old_data: Record<string, unknown> | null;
  new_data: Record<string, unknown> | null;
  proposed_by_email: string | null;
  proposed_at: string;
  /** The signed-in admin proposed it, and so may not approve it. */
  proposed_by_me: boolean;
}

/** What became of a write to the donation details. */
export type PaymentWrite =
  | { status: "applied"; row: Row | null }
  | { status: "pending"; changeId: number }
  | { status: "unchanged" };

/** An administrator as the team function lists them (functions/team). */
export interface TeamMember {
  id: string;
  email: string;
  /** Invited: has not accepted the invitation yet. */
  status: "invited" | "active";
  invitedAt: string | null;
  lastSignInAt: string | null;
  createdAt: string;
  /** The signed-in admin themselves. */
  you: boolean;
}

/**
 * What the Team screen may ask: the team function does the work with the secret key,
 * which never reaches the browser. Every method throws a DataError (a TeamError when
 * the function refused, with its code) instead of returning one.
 */
export interface TeamApi {
  list(): Promise<TeamMember[]>;
  /** Invites an address: an email with a link to choose a password, and the admin role. */
  invite(email: string): Promise<void>;
  /** Sends an invitation not yet accepted again. */
  resend(userId: string): Promise<void>;
  /** Removes an administrator; removing oneself needs `confirmSelf`. */
  remove(userId: string, confirmSelf: boolean): Promise<{ removedSelf: boolean }>;
}

/** The team function refused: `code` is its reason (last_admin, too_soon, ...). */
export class TeamError extends DataError {
  constructor(message: string, code: string) {
    super(message, code);
    this.name = "TeamError";
  }
}
