import { describe, expect, it } from "vitest";
import { findChromium } from "./chromium";

const only =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe("findChromium", () => {
  it("prefers CHROMIUM_PATH over everything else", () => {
    const result = findChromium({
      env: { CHROMIUM_PATH: "/opt/chrome/chrome", PATH: "/usr/bin" },
      isExecutable: only("/opt/chrome/chrome", "/usr/bin/chromium"),
      playwrightPath: () => "/pw/chrome",
    });
    expect(result).toEqual({ ok: true, path: "/opt/chrome/chrome", source: "CHROMIUM_PATH" });
  });

  it("refuses a CHROMIUM_PATH that is not executable instead of silently using another", () => {
    const result = findChromium({
      env: { CHROMIUM_PATH: "/nowhere/chrome", PATH: "/usr/bin" },
      isExecutable: only("/usr/bin/chromium"),
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain("/nowhere/chrome");
  });

  it("finds the system Chromium on PATH before Playwright's download", () => {
    const result = findChromium({
      env: { PATH: "/usr/local/bin:/usr/bin" },
      isExecutable: only("/usr/bin/chromium", "/pw/chrome"),
      playwrightPath: () => "/pw/chrome",
    });
    expect(result).toEqual({ ok: true, path: "/usr/bin/chromium", source: "system" });
  });

  it("falls back to Playwright's own browser, then reports none", () => {
    expect(
      findChromium({
        env: { PATH: "/usr/bin" },
        isExecutable: only("/pw/chrome"),
        playwrightPath: () => "/pw/chrome",
      }),
    ).toEqual({ ok: true, path: "/pw/chrome", source: "playwright" });
    expect(
      findChromium({
        env: { PATH: "/usr/bin" },
        isExecutable: only(),
        playwrightPath: () => "/pw/chrome",
      }).ok,
    ).toBe(false);
  });
});
