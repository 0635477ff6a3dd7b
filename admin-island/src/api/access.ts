// Whether this browser may still act as an administrator. The database refuses the
// writes of a session that ended (signed out elsewhere, or the account's password
// changed, which ends every other session) and of an administrator who was removed.
// Its refusal alone reads like any other (no row matched, not allowed), so when a
// request is refused the admin asks the database who this session is
// (public.admin_access) and says that instead. Once the session has ended or the
// access was removed, every screen says so and no request is sent any more: the
// person signs in again (unsaved forms are kept as drafts for after).
import { atom } from "nanostores";
import type { AdminClient } from "./client.ts";
import {
  AccessRemovedError,
  type DataError,
  isNetworkFailure,
  SessionExpiredError,
} from "./errors.ts";

export type Access = "admin" | "ended" | "removed";

/** What this session may do, as last learnt. */
export const $access = atom<Access>("admin");

/** The error a request meets once the session may no longer act. */
export function accessError(access: Exclude<Access, "admin">): DataError {
  return access === "ended" ? new SessionExpiredError() : new AccessRemovedError();
}

/**
 * Asks the database what this session may do now, and keeps the answer. A token the
 * API no longer takes (expired and not renewed) is an ended session; when the server
 * cannot be reached, nothing is learnt.
 */
export async function checkAccess(client: AdminClient): Promise<Access> {
  try {
    const { data, error } = await client.rpc("admin_access");
    if (error) {
      if (isNetworkFailure(error)) return $access.get();
      if (error.code === "PGRST301" || error.code === "PGRST303" || /JWT/i.test(error.message))
        $access.set("ended");
      return $access.get();
    }
    if (data === "ended" || data === "removed" || data === "admin") $access.set(data);
  } catch {
    // Unreachable: keep what was known.
  }
  return $access.get();
}
