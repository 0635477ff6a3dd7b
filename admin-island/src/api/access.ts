// What this browser may still do: act as an administrator, act as an editor, or
// nothing. The database refuses the writes of a session that ended (signed out
// elsewhere, or the account's password changed, which ends every other session), of a
// member who was removed, and an editor's writes to what only administrators change.
// Its refusal alone reads like any other (no row matched, not allowed), so when a
// request is refused the admin asks the database who this session is
// (public.admin_access) and says that instead. Once the session has ended or the
// access was removed, every screen says so and no request is sent any more: the
// person signs in again (unsaved forms are kept as drafts for after).
import { atom } from "nanostores";
import type { TeamRole } from "../../../functions/_shared/team-replies.ts";
import type { AdminClient } from "./client.ts";
import {
  AccessRemovedError,
  type DataError,
  isNetworkFailure,
  SessionExpiredError,
} from "./errors.ts";

/** The session's role (it may act), or why it may not act any more. */
export type Access = TeamRole | "ended" | "removed";

/** What this session may do, as last learnt: at first the role the session names. */
export const $access = atom<Access>("editor");

/** Whether a session with this access may still act (as an editor or an administrator). */
export function canAct(access: Access): access is TeamRole {
  return access === "admin" || access === "editor";
}

/** The error a request meets once the session may no longer act. */
export function accessError(access: Exclude<Access, TeamRole>): DataError {
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
    if (data === "ended" || data === "removed" || data === "admin" || data === "editor")
      $access.set(data);
  } catch {
    // Unreachable: keep what was known.
  }
  return $access.get();
}
