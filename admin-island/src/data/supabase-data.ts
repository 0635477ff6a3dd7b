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

/** The Edge Function every upload goes through (functions/media)... */
export const MEDIA_FUNCTION = "media";
/** ...into this bucket, from which admins may remove objects directly. */
export const MEDIA_BUCKET = "media";

interface PostgrestLikeError {
  message: string;
  code?: string;
  details?: string | null;
  hint?: string | null;
}

/**
 * The message a person sees for a refused write: the database's own words name
 * constraints and relations ('violates check constraint "banners_image_url_valid"'),
 * so the known codes become a sentence about the field. The code stays as it was.
 */
export function toDataError(error: PostgrestLikeError): DataError {
  if (
    error.code === "PGRST301" ||
    error.code === "PGRST303" ||
    /JWT expired/i.test(error.message)
  ) {
    return new SessionExpiredError();
  }
  return new DataError(readableMessage(error), error.code);
}

const LIST_COLUMNS = new Set([
  "statistics",
  "services",
  "health_tips",
  "qr_codes",
  "bank_accounts",
]);
const ONE_OF_A_KIND: Record<string, string> = {
  logo_settings_one_active:
    "Only one logo can be active at a time. Activate this logo from its card instead.",
  about_content_single_row:
    "There is already an about record. Edit that one instead of adding another.",
};
const REFUSED = "The database refused a value. Check the fields and try again.";
const RELOAD = "Reload the page and try again.";

/** 'about_image_url' -> 'About image address'. */
function columnWords(column: string): string {
  const words = column
    .replace(/_url$/, "_address")
    .replaceAll("_", " ")
    .replace(/\bqr\b/, "QR")
    .replace(/\bpdf\b/, "PDF");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function checkMessage(message: string): string {
  const relation = /relation "([^"]+)"/.exec(message)?.[1];
  const constraint = /check constraint "([^"]+)"/.exec(message)?.[1];
  if (!relation || !constraint?.startsWith(`${relation}_`)) return REFUSED;
  const name = constraint.slice(relation.length + 1);
  const kind = name.slice(name.lastIndexOf("_") + 1);
  const column = name.slice(0, name.lastIndexOf("_"));
  const field = columnWords(column);
  switch (kind) {
    case "filled":
      return `${field} must be filled in, and not be too long.`;
    case "length":
      return `${field} is too long.`;
    case "range":
      return `${field} is outside the allowed range.`;
    case "valid":
      if (LIST_COLUMNS.has(column)) {
        return `${field}: keep 1 to 50 items and fill in the required fields of each.`;
      }
      if (/(^|_)(url|image)$/.test(column)) {
        return `${field} is not valid. Enter a web address starting with https://, or upload a file.`;
      }
      if (column === "email") return "Enter a valid email address.";
      return `${field} is not one of the allowed choices.`;
    default:
      return REFUSED;
  }
}

function wrongKindMessage(message: string): string {
  const type = /for type ([a-z ]+)/.exec(message)?.[1] ?? "";
  if (/int|numeric/.test(type)) return "A number field holds something that is not a whole number.";
  if (type.startsWith("boolean")) return "A yes/no field holds something other than yes or no.";
  if (type.startsWith("uuid")) return `The item's id is not valid. ${RELOAD}`;
  if (type.startsWith("json")) return `A list holds data that is not valid. ${RELOAD}`;
  if (type.startsWith("timestamp") || type.startsWith("date")) return "A date is not valid.";
  return REFUSED;
}

function readableMessage(error: PostgrestLikeError): string {
  const { code = "", message } = error;
  switch (code) {
    case "23514":
      return checkMessage(message);
    case "23502": {
      const column = /column "([^"]+)"/.exec(message)?.[1];
      return column ? `${columnWords(column)} is required.` : REFUSED;
    }
    case "23505": {
      const constraint = /constraint "([^"]+)"/.exec(message)?.[1] ?? "";
      if (ONE_OF_A_KIND[constraint]) return ONE_OF_A_KIND[constraint];
      return constraint.endsWith("_pkey")
        ? `An item with this id already exists. ${RELOAD}`
        : "This would duplicate an item that already exists.";
    }
    case "22P02":
      return wrongKindMessage(message);
    case "22003":
      return "A number is too large.";
    case "22007":
    case "22008":
      return "A date is not valid.";
    case "22021":
    case "22P05":
      return "A text contains a character that cannot be stored (a NUL character). Remove it and try again.";
    case "42501":
      return "This account may not make that change.";
    case "PGRST102":
      return `The data sent was not valid. ${RELOAD}`;
    case "PGRST204": {
      const column = /the '([^']+)' column/.exec(message)?.[1];
      return `The form sent a field the database does not have${column ? ` ("${column}")` : ""}. ${RELOAD}`;
    }
    default:
      // A database message that names a constraint or relation is not for people.
      return /violates|constraint "|relation "|schema cache/.test(message) ? REFUSED : message;
  }
}

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

    async removeUpload(url: string) {
      const prefix = `${base}/storage/v1/object/public/${MEDIA_BUCKET}/`;
      if (!url.startsWith(prefix)) return;
      const path = url.slice(prefix.length).split("/").map(decodeURIComponent).join("/");
      const { error } = await client.storage.from(MEDIA_BUCKET).remove([path]);
      if (error) throw new DataError(error.message, "upload");
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
          reject(new DataError(body.message ?? `Upload failed (HTTP ${xhr.status})`, "upload"));
        };
        xhr.onerror = () =>
          reject(new DataError("The upload could not reach the server.", "network"));
        xhr.send(file);
      });
    },
  };
}
