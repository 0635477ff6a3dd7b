// The DataLayer over supabase-js: PostgREST for rows, the media function for files. Errors
// become DataErrors; a rejected token becomes a SessionExpiredError.
import { FunctionsHttpError } from "@supabase/supabase-js";
import { TIE_BREAKS } from "../../../src/lib/content/tables.ts";
import { SET_PASSWORD_PATH } from "../account/auth.ts";
import { organisationName } from "../app/organisation.ts";
import { type MessageQuery, pageRange, searchFilters } from "../messages/inbox-query.ts";
import { failures, notificationWords, teamWords } from "../words.ts";
import type { AdminClient } from "./client.ts";
import {
  ConflictError,
  columnWords,
  DataError,
  isNetworkFailure,
  SessionExpiredError,
  toDataError,
} from "./errors.ts";

export { columnWords, toDataError };

import {
  type AdminSettings,
  type AuditEntry,
  type DataLayer,
  type ListOrder,
  type MessageCounts,
  type MessagePage,
  type PendingChange,
  type Row,
  type SettingsValues,
  type TableName,
  type TeamApi,
  TeamError,
  type TeamMember,
  type TrashEntry,
  type UploadProgress,
  type VersionState,
} from "./data-layer.ts";

/** The Edge Function every upload goes through (functions/media)... */
export const MEDIA_FUNCTION = "media";
/** ...into this bucket, from which admins may remove objects directly. */
export const MEDIA_BUCKET = "media";
/** The Edge Function that purges the trash's expired deletions (functions/trash). */
export const TRASH_FUNCTION = "trash";
/** The most changes of one record a history shows. */
export const HISTORY_LIMIT = 100;
/**
 * The rows one read asks for. PostgREST answers at most its max-rows (Supabase's
 * default is 1000) whatever is asked, so a list reads on until it has every row.
 */
export const READ_BATCH = 1000;
/** PostgREST's answer to a range that starts after the last row (HTTP 416). */
const PAST_THE_END = "PGRST103";

// supabase-js' typed builders are keyed by literal table names; the registry works
// with any table name, so the screens go through this one untyped view.
// biome-ignore lint/suspicious/noExplicitAny: see above
type LooseClient = { from(table: string): any; rpc(fn: string, args: object): any };

export function supabaseDataLayer(
  client: AdminClient,
  supabaseUrl: string,
  publishableKey: string,
): DataLayer {
  const db = client as unknown as LooseClient;
  const base = supabaseUrl.replace(/\/+$/, "");

  return {
    async list(table: TableName, order: ListOrder) {
      // Read by ranges until every row counted is in: ordered by id after the list's
      // own order, so rows with the same place never move between two reads; a list in
      // its editors' order breaks ties as the site does.
      const rows: Row[] = [];
      const ties = order.column === "sort_order" ? TIE_BREAKS : (["id"] as const);
      for (;;) {
        const { data, error, count } = await ties
          .reduce(
            (query, column) => query.order(column, { ascending: true }),
            db.from(table).select("*", { count: "exact" }).order(order.column, {
              ascending: order.ascending,
            }),
          )
          .range(rows.length, rows.length + READ_BATCH - 1);
        // Rows deleted between two reads leave the range past the end: what was read stands.
        if (error?.code === PAST_THE_END && rows.length > 0) return rows;
        if (error) throw toDataError(error);
        const batch = data as Row[];
        rows.push(...batch);
        if (batch.length === 0 || rows.length >= Number(count ?? 0)) return rows;
      }
    },

    async insert(table: TableName, values: Record<string, unknown>[]) {
      const { data, error } = await db.from(table).insert(values).select();
      if (error) throw toDataError(error);
      return data as Row[];
    },

    async update(table: TableName, id: string, values: Record<string, unknown>, loadedAt?: string) {
      let query = db.from(table).update(values).eq("id", id);
      if (loadedAt) query = query.eq("updated_at", loadedAt);
      const { data, error } = await query.select();
      if (error) throw toDataError(error);
      const rows = data as Row[];
      if (rows.length === 1) return rows[0] as Row;
      // Nothing matched: tell a concurrent change from a deleted row.
      const { data: still, error: lookupError } = await db.from(table).select("id").eq("id", id);
      if (lookupError) throw toDataError(lookupError);
      throw new ConflictError((still as unknown[]).length === 0);
    },

    async remove(table: TableName, id: string) {
      const { data, error } = await db.from(table).delete().eq("id", id).select("id");
      if (error) throw toDataError(error);
      if ((data as unknown[]).length === 0) {
        throw new DataError(failures.nothingDeleted);
      }
    },

    async reorder(table: TableName, ids: string[]) {
      const { error } = await db.rpc("reorder_rows", { target: table, ids });
      if (error) throw toDataError(error);
    },

    async history(table: TableName, id: string) {
      const { data, error } = await db
        .from("audit_log")
        .select("id, occurred_at, actor_email, table_name, row_id, action, old_data, new_data")
        .eq("table_name", table)
        .eq("row_id", id)
        .order("id", { ascending: false })
        .limit(HISTORY_LIMIT);
      if (error) throw toDataError(error);
      return data as AuditEntry[];
    },

    async restoreVersion(entry: number, state: VersionState) {
      const { data, error } = await db.rpc("restore_version", { entry, state });
      if (error) throw toDataError(error);
      return data as Row;
    },

    async trash() {
      const { data, error } = await db.rpc("trash_entries", {});
      if (error) throw toDataError(error);
      return data as TrashEntry[];
    },

    async purgeTrash() {
      try {
        const { error } = await client.functions.invoke(TRASH_FUNCTION, {
          body: { action: "purge" },
        });
        if (error) console.warn(failures.purgeFailed, error);
      } catch (error) {
        console.warn(failures.purgeFailed, error);
      }
    },

    async activateLogo(id: string) {
      const { error } = await db.rpc("activate_logo", { logo_id: id });
      if (error) throw toDataError(error);
    },

    async removeUpload(url: string) {
      const prefix = `${base}/storage/v1/object/public/${MEDIA_BUCKET}/`;
      if (!url.startsWith(prefix)) return;
      const path = url.slice(prefix.length).split("/").map(decodeURIComponent).join("/");
      const { error } = await client.storage.from(MEDIA_BUCKET).remove([path]);
      if (error) throw new DataError(failures.unexplained, "upload", error.message);
    },

    async upload(path: string, file: Blob, onProgress?: UploadProgress) {
      const { data } = await client.auth.getSession();
      const token = data.session?.access_token;
      if (!token) throw new SessionExpiredError();
      // Through the media function, which checks the bytes are the image (or PDF) they
      // claim to be before storing them: admins cannot write to the bucket directly.
      const target = `${base}/functions/v1/${MEDIA_FUNCTION}?path=${encodeURIComponent(path)}`;
      // XMLHttpRequest, not fetch: only it reports upload progress.
      return new Promise<string>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open("POST", target);
        xhr.setRequestHeader("apikey", publishableKey);
        xhr.setRequestHeader("Authorization", `Bearer ${token}`);
        xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
        };
        xhr.onload = () => {
          let body: { url?: string; message?: string } = {};
          try {
            body = JSON.parse(xhr.responseText) as typeof body;
          } catch {
            // Not JSON: the status line below says what happened.
          }
          if (xhr.status >= 200 && xhr.status < 300 && body.url) {
            onProgress?.(1);
            resolve(body.url);
            return;
          }
          if (xhr.status === 401) {
            reject(new SessionExpiredError());
            return;
          }
          // The media function answers in words for editors; anything else (a gateway's
          // page) is for the log only. A 403 refuses the caller, not the file.
          reject(
            body.message
              ? new DataError(body.message, xhr.status === 403 ? "forbidden" : "upload")
              : new DataError(failures.unexplained, "upload", failures.uploadFailed(xhr.status)),
          );
        };
        xhr.onerror = () => reject(new DataError(failures.uploadUnreachable, "network"));
        xhr.send(file);
      });
    },

    async unreadMessages() {
      const { count, error } = await db
        .from("contact_messages")
        .select("id", { count: "exact", head: true })
        .eq("handled", false);
      if (error) throw toDataError(error);
      return Number(count ?? 0);
    },

    async messages(query: MessageQuery): Promise<MessagePage> {
      const matching = (options: { count: "exact"; head?: boolean }) => {
        let request = db.from("contact_messages").select("*", options);
        if (query.show !== "all") request = request.eq("handled", query.show === "handled");
        for (const filter of searchFilters(query.search)) request = request.or(filter);
        return request;
      };
      const { from, to } = pageRange(query.page, query.pageSize);
      const { data, error, count } = await matching({ count: "exact" })
        .order("created_at", { ascending: false })
        .order("id", { ascending: false })
        .range(from, to);
      if (error?.code === PAST_THE_END) {
        // A page past the last (its messages were deleted): none, and how many there are.
        const counted = await matching({ count: "exact", head: true });
        if (counted.error) throw toDataError(counted.error);
        return { rows: [], total: Number(counted.count ?? 0) };
      }
      if (error) throw toDataError(error);
      return { rows: data as Row[], total: Number(count ?? 0) };
    },

    async messageCounts(): Promise<MessageCounts> {
      const count = async (unreadOnly: boolean) => {
        let request = db.from("contact_messages").select("id", { count: "exact", head: true });
        if (unreadOnly) request = request.eq("handled", false);
        const { count: found, error } = await request;
        if (error) throw toDataError(error);
        return Number(found ?? 0);
      };
      const [total, unread] = await Promise.all([count(false), count(true)]);
      return { total, unread };
    },

    async settings() {
      const { data, error } = await db.from("admin_settings").select("*").eq("id", true);
      if (error) throw toDataError(error);
      const row = (data as AdminSettings[])[0];
      if (!row) throw new DataError(notificationWords.noSettings);
      return row;
    },

    async saveSettings(values: SettingsValues) {
      const { data, error } = await db
        .from("admin_settings")
        .update(values)
        .eq("id", true)
        .select();
      if (error) throw toDataError(error);
      const row = (data as AdminSettings[])[0];
      if (!row) throw new DataError(notificationWords.noSettings);
      return row;
    },

    async pendingChanges() {
      const { data, error } = await db.rpc("pending_payment_changes", {});
      if (error) throw toDataError(error);
      return data as PendingChange[];
    },

    async decideChange(id: number, approve: boolean) {
      const { error } = await db.rpc(approve ? "approve_payment_change" : "reject_payment_change", {
        p_change_id: id,
      });
      if (error) throw toDataError(error);
    },

    async changePaymentDetails(action, id, values, loadedAt) {
      const { data, error } = await db.rpc("change_payment_details", {
        p_action: action,
        p_row_id: id,
        p_values: values,
        p_loaded_at: loadedAt ?? null,
      });
      if (error) throw toDataError(error);
      const answer = (data ?? {}) as { status?: string; change_id?: number; row?: Row };
      switch (answer.status) {
        case "applied":
          return { status: "applied", row: answer.row ?? null };
        case "pending":
          return { status: "pending", changeId: Number(answer.change_id) };
        case "conflict":
          throw new ConflictError(false);
        case "gone":
          throw new ConflictError(true);
        default:
          return { status: "unchanged" };
      }
    },
  };
}

/** The Edge Function that manages the team of administrators (functions/team). */
export const TEAM_FUNCTION = "team";

/**
 * The TeamApi over the team function. Its emailed links lead to this site's
 * set-password screen (`origin`); a refusal becomes a TeamError with the admin's own
 * words for its code, an ended session a SessionExpiredError.
 */
export function supabaseTeamApi(client: AdminClient, origin: string): TeamApi {
  const redirectTo = `${origin}${SET_PASSWORD_PATH}`;

  async function call<T>(body?: Record<string, unknown>): Promise<T> {
    let result: { data: unknown; error: unknown };
    try {
      result = await client.functions.invoke(TEAM_FUNCTION, body ? { body } : { method: "GET" });
    } catch {
      throw new DataError(failures.unreachable, "network");
    }
    const { data, error } = result;
    if (!error) return data as T;
    if (error instanceof FunctionsHttpError) {
      const response = error.context as Response;
      if (response.status === 401) throw new SessionExpiredError();
      let code = "";
      try {
        const answer = (await response.json()) as { error?: unknown };
        if (typeof answer.error === "string") code = answer.error;
      } catch {
        // Not the function's JSON (a gateway's page): the status below says enough.
      }
      throw new TeamError(teamWords.refusals[code] ?? teamWords.failed, code || "unavailable");
    }
    throw new DataError(failures.unreachable, "network");
  }

  return {
    async list() {
      return (await call<{ members: TeamMember[] }>()).members;
    },
    async invite(email) {
      // The invitation email names the charity as the admin shows it.
      await call({ action: "invite", email, redirectTo, siteName: organisationName() });
    },
    async resend(userId) {
      await call({ action: "resend", userId, redirectTo });
    },
    async remove(userId, confirmSelf) {
      const answer = await call<{ removedSelf?: boolean }>({
        action: "remove",
        userId,
        confirmSelf,
      });
      return { removedSelf: answer.removedSelf === true };
    },
  };
}
