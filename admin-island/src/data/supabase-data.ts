// The DataLayer over supabase-js: PostgREST for rows, the media function for files. Errors
// become DataErrors; a rejected token becomes a SessionExpiredError.
import type { AdminClient } from "./client.ts";
import {
  ConflictError,
  DataError,
  type DataLayer,
  type ListOrder,
  type Row,
  SessionExpiredError,
  type TableName,
  type UploadProgress,
} from "./data-layer.ts";

/** The Edge Function every upload goes through (functions/media). */
export const MEDIA_FUNCTION = "media";

interface PostgrestLikeError {
  message: string;
  code?: string;
  details?: string | null;
  hint?: string | null;
}

function toDataError(error: PostgrestLikeError): DataError {
  if (
    error.code === "PGRST301" ||
    error.code === "PGRST303" ||
    /JWT expired/i.test(error.message)
  ) {
    return new SessionExpiredError();
  }
  return new DataError(error.message, error.code);
}

// supabase-js' typed builders are keyed by literal table names; the registry works
// with any table name, so the screens go through this one untyped view.
// biome-ignore lint/suspicious/noExplicitAny: see above
type LooseClient = { from(table: string): any; rpc(fn: string, args: object): any };

export function supabaseDataLayer(
  client: AdminClient,
  supabaseUrl: string,
  anonKey: string,
): DataLayer {
  const db = client as unknown as LooseClient;
  const base = supabaseUrl.replace(/\/+$/, "");

  return {
    async list(table: TableName, order: ListOrder) {
      const { data, error } = await db
        .from(table)
        .select("*")
        .order(order.column, { ascending: order.ascending });
      if (error) throw toDataError(error);
      return data as Row[];
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
        throw new DataError("Nothing was deleted: the item is gone or you may not delete it.");
      }
    },

    async activateLogo(id: string) {
      const { error } = await db.rpc("activate_logo", { logo_id: id });
      if (error) throw toDataError(error);
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
        xhr.setRequestHeader("apikey", anonKey);
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
          reject(new DataError(body.message ?? `Upload failed (HTTP ${xhr.status})`, "upload"));
        };
        xhr.onerror = () =>
          reject(new DataError("The upload could not reach the server.", "network"));
        xhr.send(file);
      });
    },
  };
}
