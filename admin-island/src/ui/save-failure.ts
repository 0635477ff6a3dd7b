// Why a form's save failed, for the top of the form: one rule for every form that
// saves a record (the card lists' add/edit form and the one-record form).
import { ConflictError, SessionExpiredError } from "../api/errors.ts";
import type { FormFailure } from "./FormFailure.tsx";
import { notifyError } from "./notify.ts";

/**
 * Someone else saved or deleted the record first: their words, with `reload` (told
 * which conflict it was) as the way on, or none. Any other failure: the form's own
 * `saveError` (the session-ended words when the session ended), also on a toast with
 * the cause logged. The draft stays either way, so nothing typed is lost.
 */
export function saveFailure(
  error: unknown,
  saveError: string,
  reload: (conflict: ConflictError) => FormFailure["action"],
): FormFailure {
  if (error instanceof ConflictError) return { message: error.message, action: reload(error) };
  notifyError(saveError, error);
  return { message: error instanceof SessionExpiredError ? error.message : saveError };
}
