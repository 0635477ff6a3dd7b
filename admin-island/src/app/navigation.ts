// Leaving the page: to another admin path, or signed out to the sign-in page. Once
// the page is leaving, the auth guard stays out of the way.
import { signOut } from "../account/auth.ts";
import type { AuthHolder } from "../account/auth-client.ts";
import { LOGIN_URL } from "./paths.ts";

// Set once this page is navigating away, so the guard does not send the user elsewhere
// while, for example, signing out is already taking them to /admin/.
let leaving = false;

export function isLeaving(): boolean {
  return leaving;
}

export function go(path: string) {
  leaving = true;
  window.location.assign(path);
}

/** Signs out, then goes to the sign-in page (the guard stays out of the way). */
export async function signOutAndLeave(client: AuthHolder) {
  leaving = true;
  await signOut(client);
  go(LOGIN_URL);
}

/**
 * Leaves a session that may no longer act: signs it out here, then to the sign-in page
 * (back to this page after, when the session only ended).
 */
export async function leaveEnded(client: AuthHolder, path: string, ended: boolean) {
  leaving = true;
  await signOut(client);
  go(ended ? `${LOGIN_URL}?next=${encodeURIComponent(path)}&ended=1` : LOGIN_URL);
}
