// The admin's fixed addresses, and which paths the sign-in page may send someone on to.
// Kept apart from the routes (routes.ts reads the whole registry) so that the sign-in
// page, which needs only these, loads none of the screens' definitions.

export const LOGIN_PATH = "/admin";
/** Where the app sends the browser to sign in: the folder's own address (hosts answer
 * /admin with a redirect to /admin/). */
export const LOGIN_URL = `${LOGIN_PATH}/`;
export const DASHBOARD_PATH = "/admin/dashboard";
/**
 * Where the signed-in member changes their password and sets up two-step sign-in
 * (linked from every screen's header, and from the screens that need a second factor).
 */
export const ACCOUNT_PATH = "/admin/account";

/** The route a path shows; trailing slashes and index.html are ignored. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/index\.html$/, "").replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** The sign-in page's own addresses: /admin, /admin/ and /admin/index.html. */
export const LOGIN_PAGE = /^\/admin(\/+(index\.html)?)?$/;

export function isLoginPath(pathname: string): boolean {
  return LOGIN_PAGE.test(pathname);
}

/** A path of this admin below /admin/: letters, digits, dashes and slashes only. */
const ADMIN_PAGE = /^\/admin\/[a-z0-9-]+(\/[a-z0-9-]+)*\/?$/;

/**
 * Where to go after signing in: the admin page the person was sent away from (the
 * `next` parameter), if it is one of ours, else the dashboard. Anything else (another
 * site, `//host`, a script URL) is ignored, so the link cannot send anyone elsewhere.
 */
export function pathAfterSignIn(search: string): string {
  const next = new URLSearchParams(search).get("next");
  return next && ADMIN_PAGE.test(next) ? next : DASHBOARD_PATH;
}
