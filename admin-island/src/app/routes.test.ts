import { describe, expect, it } from "vitest";
import { adminRoutes, adminTitle, dashboardRoutes } from "./routes.ts";

describe("the dashboard's tiles", () => {
  it("list the programmes in the site's order, each as its content, banners, then gallery", () => {
    const programmeTiles = dashboardRoutes
      .map((route) => route.path.replace("/admin/", ""))
      .filter((path) => /^(children|oldage|medical|relief)-/.test(path));
    expect(programmeTiles).toEqual([
      "children-content-management",
      "children-banner-management",
      "children-gallery-management",
      "oldage-content-management",
      "oldage-banner-management",
      "oldage-gallery-management",
      "medical-management",
      "medical-gallery-management",
      "relief-management",
      "relief-gallery-management",
    ]);
  });
});

describe("adminTitle", () => {
  it("names the route whatever shell answered the path", () => {
    expect(adminTitle("/admin/", "Helping Hands")).toBe("Admin Login | Helping Hands Admin");
    expect(adminTitle("/admin/dashboard", "Helping Hands")).toBe(
      "Admin Dashboard | Helping Hands Admin",
    );
    expect(adminTitle("/admin/trash/", "Helping Hands")).toMatch(/^Trash \| Helping Hands Admin$/);
    expect(adminTitle("/admin/nowhere", "Helping Hands")).toBe("Admin | Helping Hands Admin");
  });
});

describe("the routes' screens", () => {
  it("each carry a view of their own, a lazy chunk but for the set-password screen's", () => {
    const views = adminRoutes.map((route) => route.screen.view);
    expect(new Set(views).size).toBe(adminRoutes.length);
    for (const route of adminRoutes) {
      // The shell draws nothing there: AdminApp draws the set-password screen itself.
      const lazy = route.screen.kind !== "set-password";
      expect(
        (route.screen.view as { $$typeof?: symbol }).$$typeof === Symbol.for("react.lazy"),
        route.path,
      ).toBe(lazy);
    }
  });
});
