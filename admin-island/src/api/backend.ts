// What every query and mutation of the admin is given: the signed-in user's Supabase
// client and the project's address and publishable key (uploads post to the media
// function themselves, to report progress). The admin app provides it; component
// tests provide one signed in to an embedded stack.
import { createContext, useContext } from "react";
import { $access, accessError, canAct, checkAccess } from "./access.ts";
import type { AdminClient } from "./client.ts";
import { ConflictError, DataError, SessionExpiredError, toDataError } from "./errors.ts";
import { failures } from "./words.ts";

export interface Backend {
  client: AdminClient;
  /** The project's address, without a trailing slash. */
  url: string;
  publishableKey: string;
}

export const BackendContext = createContext<Backend | null>(null);

export function useBackend(): Backend {
  const backend = useContext(BackendContext);
  if (!backend) throw new Error("useBackend needs a <BackendContext.Provider> above it");
  return backend;
}

/**
 * The rows one read asks for. PostgREST answers at most its max-rows (Supabase's
 * default is 1000) whatever is asked, so a list reads on until it has every row.
 */
export const READ_BATCH = 1000;
/** PostgREST's answer to a range that starts after the last row (HTTP 416). */
export const PAST_THE_END = "PGRST103";

/** What supabase-js answers for a request to PostgREST. */
interface Answer<T> {
  data: T | null;
  error: { message: string; code?: string; details?: string | null; hint?: string | null } | null;
}

/** Throws an answer's error, in the editors' words. */
export function succeeded(answer: Pick<Answer<unknown>, "error">): void {
  if (answer.error) throw toDataError(answer.error);
}

/** The data of an answer; its error (or an answer without data) is thrown instead. */
export function dataOf<T>(answer: Answer<T>): T {
  succeeded(answer);
  if (answer.data === null) throw new DataError(failures.unexplained, "no_data");
  return answer.data;
}

/** Failures that may mean the session can no longer act, rather than what they say. */
function mayBeAccess(error: unknown): boolean {
  if (error instanceof SessionExpiredError || error instanceof ConflictError) return true;
  if (!(error instanceof DataError)) return false;
  return error.code === "42501" || error.code === "forbidden";
}

/**
 * Runs one operation of the admin's (a query or a mutation) held to this session's
 * access: nothing is sent once the session ended or the access was removed, and a
 * refusal that may come from either is asked about, so the person reads the real reason.
 */
export async function guarded<T>(client: AdminClient, operation: () => Promise<T>): Promise<T> {
  const known = $access.get();
  if (!canAct(known)) throw accessError(known);
  try {
    return await operation();
  } catch (error) {
    if (!mayBeAccess(error)) throw error;
    const access = await checkAccess(client);
    throw canAct(access) ? error : accessError(access);
  }
}
