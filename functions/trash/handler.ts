// The trash function's request handling, free of the network and the environment so
// `deno test` drives every answer with fakes (index.ts wires the real ones).
//
// A deleted record stays in the trash for 30 days (public.trash_entries). After that
// it is purged: the media files it used that no current record and no deletion still
// in the trash uses are removed through the Storage API (a row deleted from
// storage.objects by SQL would leave the file behind), then the deletion is marked
// purged and can no longer be restored. The database decides what is due
// (public.expired_trash); this function only does the removing.
//
//   POST {action: "purge"}   an admin (the admin app, when its Trash screen opens) or
//                            the secret key (a schedule); 200 {purged, files}
//   OPTIONS                  204, CORS preflight
//   not POST                 405 method_not_allowed
//   no or bad token          401 unauthorized
//   signed in, not an admin  403 forbidden
//   anything but purge       400 invalid_action
//   anything else failing    500 unavailable (logged; no details leave)
import { admitTeamOrSecretKey, UNAUTHORIZED_MESSAGE } from "../_shared/access.ts";
import type { Caller } from "../_shared/caller.ts";
import { endpointAnswers, readJsonObject } from "../_shared/http.ts";

export interface ExpiredDeletion {
  entryId: number;
  /** Paths in the media bucket that nothing else uses. */
  unusedFiles: string[];
}

export interface TrashDeps {
  identify(token: string): Promise<Caller>;
  /** Whether the token is the project's own secret key (a scheduled purge). */
  isSecretKey(token: string): boolean;
  expired(): Promise<ExpiredDeletion[]>;
  /** Removes files from the media bucket; a file already gone is no error. */
  remove(paths: string[]): Promise<void>;
  markPurged(entryIds: number[], files: string[]): Promise<void>;
  logError?(message: string, error: unknown): void;
}

/** Storage removes at most 1000 objects per call. */
export const REMOVE_BATCH = 1000;

const answers = endpointAnswers(["POST"]);

export const MESSAGES = {
  unauthorized: UNAUTHORIZED_MESSAGE,
  forbidden: "Only editors and administrators can empty the trash.",
  invalidAction: 'Send {"action": "purge"}.',
  unavailable: "The trash could not be emptied. It will be tried again.",
} as const;

export function createTrashHandler(deps: TrashDeps): (request: Request) => Promise<Response> {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));

  return async (request) => {
    const refused = await answers.refuseMethod(request, "Only POST is accepted.");
    if (refused) return refused;
    // A member of the team, or the secret key (a schedule).
    const admitted = await admitTeamOrSecretKey(request, answers, {
      identify: (token) => deps.identify(token),
      isSecretKey: (token) => deps.isSecretKey(token),
      forbidden: MESSAGES.forbidden,
    });
    if (admitted instanceof Response) return admitted;
    const body = await readJsonObject(request, 1024);
    if (!body.ok || body.value.action !== "purge") {
      return answers.error(400, "invalid_action", MESSAGES.invalidAction);
    }

    try {
      const due = await deps.expired();
      const files = [...new Set(due.flatMap((deletion) => deletion.unusedFiles))];
      for (let i = 0; i < files.length; i += REMOVE_BATCH) {
        await deps.remove(files.slice(i, i + REMOVE_BATCH));
      }
      // Marked only once its files are gone: a failure above leaves it due, so the
      // next purge tries again.
      if (due.length > 0)
        await deps.markPurged(
          due.map((deletion) => deletion.entryId),
          files,
        );
      return answers.json({ purged: due.length, files: files.length }, 200);
    } catch (error) {
      logError("trash purge failed", error);
      return answers.error(500, "unavailable", MESSAGES.unavailable);
    }
  };
}
