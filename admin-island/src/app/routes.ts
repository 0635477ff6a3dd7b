// The admin's routes: the sign-in page, the dashboard, and one route per registry
// entry that has one (admin-island/src/app/registry.ts), with its tile and
// screen. The static shells (src/pages/admin/[...path].astro) are generated from it.
import { DASHBOARD_PATH, LOGIN_PATH, normalisePath } from "./paths.ts";
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
  /** Only administrators change what it holds: editors see no tile, and a page that says so. */
  administrators?: true;
}

export const adminRoutes: AdminRoute[] = registry.flatMap(({ route, screen }) =>
  route ? [{ ...route, screen }] : [],
);

/** The routes with a tile on the dashboard, in registry order. */
export const dashboardRoutes: AdminRoute[] = adminRoutes.filter((route) => route.tile !== false);

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
