// Alerts of the spec become toasts (an aria-live region). Failures are also logged,
// as the spec asks, but never only logged: the user always sees them.
import { toast } from "sonner";
import { ConflictError, DataError } from "../data/data-layer.ts";

export function notifySuccess(message: string): void {
  toast.success(message);
}

export function notifyError(message: string, error?: unknown): void {
  if (error !== undefined) console.error(message, error);
  const detail = error instanceof ConflictError ? error.message : describe(error);
  toast.error(message, detail ? { description: detail } : undefined);
}

/**
 * A short, readable cause for a failure, where the database gave one. The data layer
 * has already put refusals into words (supabase-data.ts: toDataError), e.g. "Image
 * address is not valid. Enter a web address starting with https://, or upload a file."
 */
export function describe(error: unknown): string | undefined {
  if (!(error instanceof DataError)) return undefined;
  if (error.code === "network") return "The server could not be reached. Check the connection.";
  return error.message;
}
