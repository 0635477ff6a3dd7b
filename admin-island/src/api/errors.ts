// What a request to Supabase may fail with, as the admin's screens see it: every
// failure is a DataError whose message is written for editors (the database's own
// words name constraints and relations, which people cannot act on), and the kinds a
// screen acts on have classes of their own (a conflict, an ended session, removed access).
import { failures } from "./words.ts";

export class DataError extends Error {
  readonly code: string | undefined;
  /**
   * The server's own words, for the log only: set when `message` could not put them
   * into words for editors, who then see no reason beyond the screen's own message.
   */
  readonly detail: string | undefined;
  constructor(message: string, code?: string, detail?: string) {
    super(message);
    this.name = "DataError";
    this.code = code;
    this.detail = detail;
  }
}

/**
 * A request that never reached the server (offline, refused, aborted): fetch's
 * TypeError ('Failed to fetch', 'NetworkError when attempting to fetch resource',
 * 'Load failed'), as thrown or as supabase-js reports it in words, with no code.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof DataError) return error.code === "network";
  if (error instanceof TypeError) return true;
  if (error === null || typeof error !== "object") return false;
  const { message, code } = error as { message?: unknown; code?: unknown };
  return (
    !code &&
    typeof message === "string" &&
    /^(TypeError|FetchError|AbortError)\b|Failed to fetch|NetworkError|Load failed/.test(message)
  );
}

/** Someone else saved the row after it was loaded, or deleted it. */
export class ConflictError extends DataError {
  readonly deleted: boolean;
  constructor(deleted: boolean) {
    super(deleted ? failures.deletedElsewhere : failures.changedElsewhere, "conflict");
    this.name = "ConflictError";
    this.deleted = deleted;
  }
}

/** The session ended (expired or signed out elsewhere): the user must sign in again. */
export class SessionExpiredError extends DataError {
  constructor() {
    super(failures.sessionEnded, "session_expired");
    this.name = "SessionExpiredError";
  }
}

/** The account is no longer an administrator (removed by another one): it may change nothing. */
export class AccessRemovedError extends DataError {
  constructor() {
    super(failures.accessRemoved, "access_removed");
    this.name = "AccessRemovedError";
  }
}

export interface PostgrestLikeError {
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
  if (isNetworkFailure(error)) return new DataError(failures.unreachable, "network", error.message);
  const words = readableMessage(error);
  return words === null
    ? new DataError(failures.unexplained, error.code, error.message)
    : new DataError(words, error.code);
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
export function columnWords(column: string): string {
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

/** The refusal in words for editors; null when the server's own words are all there is. */
function readableMessage(error: PostgrestLikeError): string | null {
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
      // Positions never tie: another record holds the position given.
      if (constraint.endsWith("_sort_order_key")) return failures.positionTaken;
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
    case "22023":
      // The admin's own database functions refuse a request they cannot do in a
      // sentence for people (a deletion past its 30 days, a list that changed).
      return message;
    case "42501":
      return "This account may not make that change.";
    case "40001":
      return failures.listChanged;
    case "PGRST102":
      return `The data sent was not valid. ${RELOAD}`;
    case "PGRST204": {
      const column = /the '([^']+)' column/.exec(message)?.[1];
      return `The form sent a field the database does not have${column ? ` ("${column}")` : ""}. ${RELOAD}`;
    }
    default:
      // A database message that names a constraint or relation is not for people, and
      // neither is any other message of the server's (it goes to the log).
      return /violates|constraint "|relation "|schema cache/.test(message) ? REFUSED : null;
  }
}
