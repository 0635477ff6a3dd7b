import { describe, expect, it } from "vitest";
import { isActiveLink, navLinks, publicRoutes } from "./nav";

describe("isActiveLink", () => {
  it("marks Home active only on the root", () => {
    expect(isActiveLink("/", "/")).toBe(true);
    expect(isActiveLink("/medical/", "/")).toBe(false);
    expect(isActiveLink("/about/our-team/", "/")).toBe(false);
  });

  it("ignores trailing slashes, queries and fragments", () => {
    expect(isActiveLink("/medical/", "/medical/")).toBe(true);
    expect(isActiveLink("/medical/?x=1#top", "/medical/")).toBe(true);
    expect(isActiveLink("", "/")).toBe(true);
  });

  it("marks a section active on its sub-pages but not on look-alike routes", () => {
    expect(isActiveLink("/projects/2024/", "/projects/")).toBe(true);
    expect(isActiveLink("/children-home-extra", "/children-home/")).toBe(false);
    expect(isActiveLink("/relief/", "/medical/")).toBe(false);
  });
});

describe("navLinks", () => {
  it("lists the seven top links in order, each once", () => {
    expect(navLinks.map((link) => link.href)).toEqual([
      "/",
      "/children-home/",
      "/oldage-home/",
      "/medical/",
      "/relief/",
      "/projects/",
      "/certifications/",
    ]);
  });

  it("has exactly one link active on any of its own routes", () => {
    for (const link of navLinks) {
      const active = navLinks.filter((other) => isActiveLink(link.href, other.href));
      expect(active).toEqual([link]);
    }
  });
});

describe("publicRoutes", () => {
  it("lists each route once and includes every header link", () => {
    expect(new Set(publicRoutes).size).toBe(publicRoutes.length);
    expect(publicRoutes).toHaveLength(13);
    for (const link of navLinks) expect(publicRoutes).toContain(link.href);
  });
});
