// The admin's routes: the sign-in page, the dashboard, and one route per registry
// entry that has one (admin-island/src/app/registry.ts), with its tile and
// screen. The static shells (src/pages/admin/[...path].astro) are generated from it.
import { registry, type Screen } from "./registry.ts";

export type { Screen };

export interface AdminRoute {
  path: string;
  title: string;
  description: string;
  screen: Screen;
  /** False: no tile on the dashboard (the account page, the set-password screen). */
  tile?: false;
  /** Shown without a session too: the set-password screen emailed links lead to. */
  open?: true;
}

export const LOGIN_PATH = "/admin";
/** Where the app sends the browser to sign in: the folder's own address (hosts answer
 * /admin with a redirect to /admin/). */
export const LOGIN_URL = `${LOGIN_PATH}/`;
export const DASHBOARD_PATH = "/admin/dashboard";

export const adminRoutes: AdminRoute[] = registry.flatMap(({ route, screen }) =>
  route ? [{ ...route, screen }] : [],
);

/** The routes with a tile on the dashboard, in registry order. */
export const dashboardRoutes: AdminRoute[] = adminRoutes.filter((route) => route.tile !== false);

/** Where the signed-in admin changes their own password (linked from every screen's header). */
export const ACCOUNT_PATH =
  adminRoutes.find((route) => route.screen.kind === "account")?.path ?? DASHBOARD_PATH;

/** The route a path shows; trailing slashes and index.html are ignored. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/index\.html$/, "").replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

export function findRoute(pathname: string): AdminRoute | undefined {
  const path = normalisePath(pathname);
  return adminRoutes.find((route) => route.path === path);
}

/**
 * The browser tab's title on an admin path. The app sets it as well as the path's own
 * shell: a host may answer any admin path with the shell of /admin/ (Cloudflare Pages
 * applies the admin's rewrite even where a route has a shell of its own).
 */
export function adminTitle(pathname: string, siteName?: string | null): string {
  const path = normalisePath(pathname);
  const page =
    path === LOGIN_PATH
      ? "Admin Login"
      : path === DASHBOARD_PATH
        ? "Admin Dashboard"
        : (findRoute(path)?.title ?? "Admin");
  return siteName ? `${page} | ${siteName} Admin` : `${page} | Admin`;
}
