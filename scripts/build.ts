// `npm run build`: `astro build`, reporting its start, success (with the content
// revision it built, from build-info.json) and failure (with the reason) to the
// publish Edge Function, so the admin can tell when saved changes are live. The CDN's
// build runs this, and so does the local rebuilder.
//
// Only production builds report. On Netlify that is CONTEXT=production (deploy
// previews and branch deploys say otherwise); on Cloudflare Pages, a build of the
// production branch (CF_PAGES_BRANCH equal to PUBLISH_PRODUCTION_BRANCH, default
// "main"). A production build on a host without PUBLISH_BUILD_TOKEN fails at once,
// saying why: it could never tell the admin it went live. A build outside any host
// (no CONTEXT, no CF_PAGES) reports when it has the token and builds quietly without.
//
// BUILD_FAIL_FILE (set by `npm start` to <DATA_DIR>/fail-next-build): when that file
// exists, the next build fails with its text as the reason and deletes it, to rehearse
// a failed deploy.
//
// Two builds from one checkout never run at once: Astro writes the content layer's
// generated modules (.astro/content-assets.mjs and friends) into the project folder
// whatever its outDir and cacheDir, so a second build would read the first one's
// picture list. A build waits for the lock at .astro/build.lock; a lock left by a
// killed build is taken over once it has not been refreshed for 15 s.
//
// BUILD_LOG_FILE: when set, astro's output is appended to that file too (the scale
// benchmark reads each build's stage timings from it).
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import lockfile from "proper-lockfile";

const root = join(import.meta.dirname, "..");
const env = process.env;
const outDir = env.ASTRO_OUT_DIR || join(root, "dist");
const REPORT_TIMEOUT_MS = 10_000;
const MAX_REASON = 1500;

/**
 * How the publish function answered a report: "accepted", "refused" (the build token is
 * not the function's), "unreachable", or "off" (this build does not report). The start's
 * answer goes into build-info.json, where `npm run doctor` reads it.
 */
type Reporting = "accepted" | "refused" | "unreachable" | "off";

async function report(
  event: "started" | "succeeded" | "failed",
  details: { revision?: number; error?: string } = {},
): Promise<Reporting> {
  const url = env.PUBLIC_SUPABASE_URL?.replace(/\/+$/, "");
  const token = env.PUBLISH_BUILD_TOKEN;
  if (!url || !token) return "off";
  try {
    // The build token alone says who is reporting: no API key rides along.
    const response = await fetch(`${url}/functions/v1/publish`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-build-token": token,
      },
      body: JSON.stringify({ action: "report", event, ...details }),
      signal: AbortSignal.timeout(REPORT_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return "accepted";
    console.warn(
      `[build] reporting "${event}" to the publish function got HTTP ${response.status}.`,
    );
    return response.status === 401 ? "refused" : "unreachable";
  } catch (error) {
    console.warn(
      `[build] could not report "${event}" to the publish function: ${(error as Error).message}`,
    );
    return "unreachable";
  }
}

/** The lines that say why a build failed: Astro's error lines, else the last lines. */
export function failureReason(output: string): string {
  const lines = output
    .split("\n")
    .map((line) => stripVTControlCharacters(line).trimEnd())
    .filter((line) => line.trim() !== "");
  const errorLines = lines.filter((line) => /error|could not|failed|cannot/i.test(line));
  const chosen = (errorLines.length ? errorLines : lines).slice(-6).join("\n");
  return (chosen || "The build failed without saying why.").slice(-MAX_REASON);
}

async function forcedFailure(): Promise<string | null> {
  const file = env.BUILD_FAIL_FILE;
  if (!file) return null;
  try {
    const reason =
      (await readFile(file, "utf8")).trim() || "A failure was asked for (BUILD_FAIL_FILE).";
    await rm(file, { force: true });
    return reason;
  } catch {
    return null;
  }
}

function astroBuild(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [join(root, "node_modules", "astro", "bin", "astro.mjs"), "build"],
      {
        cwd: root,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let output = "";
    const logFile = env.BUILD_LOG_FILE
      ? createWriteStream(env.BUILD_LOG_FILE, { flags: "a" })
      : null;
    const keep = (chunk: Buffer, to: NodeJS.WriteStream) => {
      to.write(chunk);
      logFile?.write(chunk);
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on("data", (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on("data", (chunk: Buffer) => keep(chunk, process.stderr));
    child.on("close", (code, signal) => {
      logFile?.end();
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
    // A host that cancels the build stops this script: astro stops with it.
    process.once("SIGTERM", () => {
      child.kill("SIGTERM");
      process.exit(143);
    });
    child.on("error", (error) => resolve({ code: 1, output: String(error) }));
  });
}

/** Runs the build while holding the build lock in dir (this checkout's .astro/). */
export async function oneAtATime<T>(
  build: () => Promise<T>,
  dir = join(root, ".astro"),
): Promise<T> {
  await mkdir(dir, { recursive: true });
  const options = {
    lockfilePath: join(dir, "build.lock"),
    stale: 15_000,
    update: 5_000,
    onCompromised: (error: Error) =>
      console.warn(`[build] the build lock was lost: ${error.message}`),
  };
  const release = await lockfile.lock(dir, options).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ELOCKED") throw error;
    console.log("[build] another build of this folder is running; waiting for it to end.");
    return lockfile.lock(dir, {
      ...options,
      retries: { forever: true, minTimeout: 250, maxTimeout: 1_000, factor: 1.5 },
    });
  });
  try {
    return await build();
  } finally {
    await release().catch(() => {});
  }
}

export type BuildContext =
  | { kind: "production"; host: string }
  | { kind: "preview"; host: string; name: string }
  | { kind: "local" };

/** Which kind of build this is, from the host's environment. */
export function buildContext(vars: Record<string, string | undefined>): BuildContext {
  if (vars.CONTEXT) {
    return vars.CONTEXT === "production"
      ? { kind: "production", host: "Netlify" }
      : { kind: "preview", host: "Netlify", name: vars.CONTEXT };
  }
  if (vars.CF_PAGES === "1") {
    const production = vars.PUBLISH_PRODUCTION_BRANCH || "main";
    const branch = vars.CF_PAGES_BRANCH ?? "";
    return branch === production
      ? { kind: "production", host: "Cloudflare Pages" }
      : { kind: "preview", host: "Cloudflare Pages", name: `branch ${branch || "(unknown)"}` };
  }
  return { kind: "local" };
}

export const MISSING_TOKEN_MESSAGE =
  "PUBLISH_BUILD_TOKEN is not set for this production build, so it could not tell the " +
  "admin when the site goes live. Set it in the host's environment variables to the " +
  "same value as the publish function's PUBLISH_BUILD_TOKEN secret.";

async function main(): Promise<number> {
  const context = buildContext(env);
  if (context.kind === "preview") {
    // A preview never touches the production runs.
    console.log(`[build] ${context.host} ${context.name} build: not reporting to publish.`);
    delete env.PUBLISH_BUILD_TOKEN;
  } else if (context.kind === "production" && !env.PUBLISH_BUILD_TOKEN) {
    console.error(`[build] ${MISSING_TOKEN_MESSAGE}`);
    return 1;
  }
  env.PUBLISH_REPORTING = await report("started");
  const forced = await forcedFailure();
  if (forced) {
    console.error(`[build] ${forced}`);
    await report("failed", { error: forced });
    return 1;
  }
  const { code, output } = await oneAtATime(astroBuild);
  if (code !== 0) {
    await report("failed", { error: failureReason(output) });
    return code;
  }
  let revision: number | undefined;
  try {
    const info = JSON.parse(await readFile(join(outDir, "build-info.json"), "utf8")) as {
      revision?: unknown;
    };
    if (typeof info.revision === "number") revision = info.revision;
  } catch (error) {
    console.warn(`[build] build-info.json could not be read: ${(error as Error).message}`);
  }
  await report("succeeded", { revision });
  return 0;
}

if (import.meta.main) process.exitCode = await main();
