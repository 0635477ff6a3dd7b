import { describe, expect, it } from "vitest";
import { adminTitle, dashboardRoutes } from "./routes.ts";

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
