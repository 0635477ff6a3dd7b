// Outcomes are toasts (an aria-live region). A failure is logged for whoever debugs
// it, and always shown too: never only logged.
import { atom } from "nanostores";
import type { CSSProperties } from "react";
import { toast } from "sonner";
import { DataError, isNetworkFailure } from "../api/errors.ts";
import { failures } from "../api/words.ts";
import type { UploadManyResult } from "../uploads/uploads.ts";
import { uploads } from "../uploads/words.ts";
import { undoing } from "./words.ts";

/**
 * Toasts rise from the bottom right (across the bottom on phones), away from the
 * header's Back to Dashboard, Account and Logout, which they would cover at the top.
 */
export const TOAST_POSITION = "bottom-right" as const;

/**
 * Sonner's light rich colors with their text darkened to at least 6.5:1 on their own
 * backgrounds (its own reach only 3.1 to 4.4:1, under the 4.5:1 of WCAG AA).
 */
export const TOAST_COLORS = {
  "--success-text": "hsl(140, 100%, 20%)",
  "--info-text": "hsl(210, 92%, 33%)",
  "--warning-text": "hsl(31, 92%, 27%)",
  "--error-text": "hsl(360, 100%, 35%)",
} as CSSProperties;

/** The same message twice is one toast: the second replaces the first (sonner's id). */
export function notifySuccess(message: string): void {
  toast.success(message, { id: message });
}

/**
 * The last change that can still be undone, offered beside the publish status until
 * that change is live (PublishStatus clears it), long after its toast has gone.
 */
export const $undo = atom<{ message: string; run: () => void } | null>(null);

/**
 * A change that went through, whose toast offers Undo for a few seconds, and the
 * publish status until it is live. `undo` takes the change back (itself a recorded
 * change) and says how that went; it runs once, from either. `after` runs once the undo
 * is over, whether it worked or not (the list reloads, say); a promise it returns is
 * waited for before the outcome is told.
 */
export function notifyUndoable(
  message: string,
  undo: () => Promise<unknown>,
  after?: () => unknown,
): void {
  const undoThenAfter = async () => {
    try {
      await undo();
    } finally {
      await after?.();
    }
  };
  let used = false;
  const entry = {
    message,
    run: () => {
      if (used) return;
      used = true;
      if ($undo.get() === entry) $undo.set(null);
      undoThenAfter().then(
        () => notifySuccess(undoing.done),
        (error: unknown) => notifyError(undoing.failed, error),
      );
    },
  };
  $undo.set(entry);
  toast.success(message, {
    duration: undoing.durationMs,
    action: { label: undoing.action, onClick: entry.run },
  });
}

export function notifyError(message: string, error?: unknown): void {
  if (error !== undefined) console.error(message, error);
  const detail = describe(error);
  toast.error(
    message,
    detail ? { id: `${message}\n${detail}`, description: detail } : { id: message },
  );
}

/**
 * A short, readable cause for a failure, in words for editors: that the server could
 * not be reached, or a refusal put into words for editors (api/errors.ts:
 * toDataError), e.g. "Image address is not valid. Enter a web address starting with
 * https://, or upload a file." The server's or the browser's own words never reach a
 * toast ('TypeError: Failed to fetch'): they are in the log above.
 */
function describe(error: unknown): string | undefined {
  if (error === undefined) return undefined;
  if (isNetworkFailure(error) || (typeof navigator !== "undefined" && navigator.onLine === false))
    return failures.unreachable;
  if (!(error instanceof DataError) || error.detail !== undefined) return undefined;
  return error.message;
}

/**
 * A batch of pictures: how many were added, then whether any failed. `partly` is said
 * when some failed and others were added; when none was added the words are the same
 * everywhere.
 */
export function notifyBatch({ added, failed }: UploadManyResult, partly: string): void {
  if (added > 0) notifySuccess(uploads.added(added));
  if (failed.length > 0) notifyError(added > 0 ? partly : uploads.allFailed);
}
