// Finds a Chromium for the browser tests, in the order the project promises:
// CHROMIUM_PATH, then the system's Chromium, then Playwright's own download.
import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";
import { chromium } from "@playwright/test";

export interface ChromiumLookup {
  env?: NodeJS.ProcessEnv;
  isExecutable?: (path: string) => boolean;
  playwrightPath?: () => string | undefined;
}

export type ChromiumResult =
  | { ok: true; path: string; source: "CHROMIUM_PATH" | "system" | "playwright" }
  | { ok: false; reason: string };

const SYSTEM_NAMES = ["chromium", "chromium-browser", "google-chrome-stable", "google-chrome"];

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function playwrightOwn(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

export function findChromium(lookup: ChromiumLookup = {}): ChromiumResult {
  const env = lookup.env ?? process.env;
  const isExecutable = lookup.isExecutable ?? executable;

  const explicit = env.CHROMIUM_PATH?.trim();
  if (explicit) {
    return isExecutable(explicit)
      ? { ok: true, path: explicit, source: "CHROMIUM_PATH" }
      : {
          ok: false,
          reason: `CHROMIUM_PATH is set to ${explicit}, which is not an executable file.`,
        };
  }

  const dirs = (env.PATH ?? "").split(delimiter).filter(Boolean);
  for (const name of SYSTEM_NAMES) {
    for (const dir of dirs) {
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return { ok: true, path: candidate, source: "system" };
    }
  }

  const own = (lookup.playwrightPath ?? playwrightOwn)();
  if (own && isExecutable(own)) return { ok: true, path: own, source: "playwright" };

  return { ok: false, reason: "No Chromium found." };
}

/** Flags for a headless Chromium on a machine with a closed network, as root. */
export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
