// The settings of `npm start` and `npm run dev`, and the claim on the data folder.
// Kept free of heavy imports: start.ts serves a warm site before loading the rest.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";

export const repoRoot = resolve(import.meta.dirname, "..", "..");

export interface Settings {
  port: number;
  host: string;
  /** 0: any free port. */
  apiPort: number;
  /** 0: any free port. */
  rebuildPort: number;
  /** The mail catcher's page and API (MAIL_PORT); 0: any free port. */
  mailPort: number;
  /** The mail catcher's SMTP port (MAIL_SMTP_PORT); 0: any free port. */
  mailSmtpPort: number;
  dataDir: string;
  /** Start from an empty data folder (for throwaway runs such as the browser tests). */
  freshData: boolean;
  adminEmail?: string;
  adminPassword?: string;
  /** How long the local host's deploy takes after a good build (HOST_DEPLOY_DELAY_MS). */
  deployDelayMs: number;
  /** HOST_MODE: `local` builds in place; `netlify` builds as Netlify does (netlify-build.ts). */
  hostMode: "local" | "netlify";
}

function delayFrom(value: string | undefined, name: string): number {
  if (value === undefined || value.trim() === "") return 0;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 0 || ms > 600_000) {
    throw new Error(`${name} must be a number of milliseconds (0 to 600000), not "${value}"`);
  }
  return ms;
}

function hostModeFrom(value: string | undefined): "local" | "netlify" {
  const mode = value?.trim() || "local";
  if (mode !== "local" && mode !== "netlify")
    throw new Error(`HOST_MODE must be "local" or "netlify", not "${value}"`);
  return mode;
}

function portFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number (0 to 65535), not "${value}"`);
  }
  return port;
}

/** Reads the settings of `npm start` and `npm run dev` from the environment. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const dataDir = env.DATA_DIR?.trim() || ".data";
  return {
    port: portFrom(env.PORT, 4321, "PORT"),
    host: env.HOST?.trim() || "127.0.0.1",
    apiPort: portFrom(env.API_PORT, 54321, "API_PORT"),
    rebuildPort: portFrom(env.REBUILD_PORT, 0, "REBUILD_PORT"),
    mailPort: portFrom(env.MAIL_PORT, 0, "MAIL_PORT"),
    mailSmtpPort: portFrom(env.MAIL_SMTP_PORT, 0, "MAIL_SMTP_PORT"),
    dataDir: isAbsolute(dataDir) ? dataDir : join(repoRoot, dataDir),
    freshData: ["1", "true", "yes"].includes((env.FRESH_DATA ?? "").toLowerCase()),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    deployDelayMs: delayFrom(env.HOST_DEPLOY_DELAY_MS, "HOST_DEPLOY_DELAY_MS"),
    hostMode: hostModeFrom(env.HOST_MODE),
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** What a data folder made by this script holds; FRESH_DATA empties only such a folder. */
const OURS = new Set([
  "running.pid",
  "keys.json",
  "hook.json",
  "build-token.json",
  "notify-secret.json",
  "host-fault",
  "runtime.json",
  "fail-next-build",
  "admin.json",
  "db",
  "storage",
  "builds",
  "site",
  "astro-cache",
  "host",
]);

function ours(name: string): boolean {
  return OURS.has(name) || /^\.site-.*\.tmp$/.test(name);
}

/**
 * Claims the data folder for this process (PGlite must have one user only),
 * emptying it first when asked. Returns the release function.
 */
export async function claimDataDir(dataDir: string, fresh: boolean): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lock = join(dataDir, "running.pid");
  const holder = Number.parseInt(await readFile(lock, "utf8").catch(() => ""), 10);
  if (holder && holder !== process.pid && alive(holder)) {
    throw new Error(
      `Another process (pid ${holder}) is using ${dataDir}; stop it or set DATA_DIR.`,
    );
  }
  if (fresh) {
    const entries = await readdir(dataDir);
    const foreign = entries.filter((name) => !ours(name));
    if (foreign.length > 0) {
      throw new Error(
        `FRESH_DATA: ${dataDir} holds files this project did not make (${foreign.slice(0, 5).join(", ")}); not emptying it.`,
      );
    }
    for (const name of entries) await rm(join(dataDir, name), { recursive: true, force: true });
  }
  await writeFile(lock, `${process.pid}\n`);
  return async () => {
    const still = Number.parseInt(await readFile(lock, "utf8").catch(() => ""), 10);
    if (still === process.pid) await rm(lock, { force: true });
  };
}
