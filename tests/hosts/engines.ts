// The vendors' own engines, run on what we ship: Netlify's build (`netlify build
// --offline`) on a clean copy of the repository, and the built site served by Netlify's
// engine (`netlify dev`), by Cloudflare Pages' (`wrangler pages dev`) and by the local
// static server, so one set of checks can ask all three the same questions.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { mkdir, readdir, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { runToEnd } from "../../scripts/lib/run-to-end.ts";
import { toolCommand, toolEnv } from "../../scripts/tools.ts";
import { freePort } from "../../supabase/local/server.ts";

const run = promisify(execFile);

/** The project's Node first on the PATH: the tools, Netlify's plugins and npm run it. */
function nodePath(): string {
  return `${dirname(process.execPath)}:${process.env.PATH ?? ""}`;
}

export interface Finished {
  code: number;
  output: string;
  seconds: number;
}

/** Runs a vendor tool to its end, keeping everything it prints. */
export async function runTool(
  name: "netlify" | "wrangler",
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<Finished> {
  const started = performance.now();
  const { command, args: argv } = toolCommand(name, args);
  const { code, output } = await runToEnd(command, argv, {
    cwd: options.cwd,
    env: { ...process.env, ...toolEnv, ...options.env, PATH: nodePath() },
  });
  return { code, output, seconds: (performance.now() - started) / 1000 };
}

/**
 * A clean copy of the repository, as a host checks it out: the files git knows, with
 * the installed dependencies linked in (hard links: the copy's builds write their own
 * caches, never the checkout's).
 */
export async function cleanCopy(repoDir: string, workDir: string): Promise<void> {
  const { copyRepository } = await import("../../scripts/lib/netlify-build.ts");
  await copyRepository(repoDir, workDir);
  await run("cp", ["-al", join(repoDir, "node_modules"), join(workDir, "node_modules")]);
  // Caches a build of the checkout left there: a fresh host has none.
  for (const cache of [".astro", ".vite"])
    await rm(join(workDir, "node_modules", cache), { recursive: true, force: true });
}

export interface Engine {
  name: string;
  url: string;
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

async function ready(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`it stopped (exit ${child.exitCode}) before serving:\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  throw new Error(`it did not serve ${url} within 3 minutes:\n${output()}`);
}

/** Starts a vendor tool's server, waits until it answers, and can stop it (its whole group). */
async function serveWith(
  name: string,
  tool: "netlify" | "wrangler",
  args: (port: number) => string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<Engine> {
  const port = await freePort();
  const { command, args: argv } = toolCommand(tool, args(port));
  const child = spawn(command, argv, {
    cwd: options.cwd,
    env: { ...process.env, ...toolEnv, ...options.env, PATH: nodePath(), CI: "true" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const closed = new Promise((resolve) => child.once("close", resolve));
    process.kill(-child.pid, "SIGTERM");
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, "SIGKILL"), 5_000);
    await closed;
    clearTimeout(timer);
  };
  try {
    await ready(url, child, () => printed);
  } catch (error) {
    await stop();
    throw new Error(`${name}: ${(error as Error).message}`);
  }
  return { name, url, output: () => printed, stop };
}

/**
 * Netlify's engine: `netlify dev` serving the publish folder as static files, with the
 * site's `_redirects` and `_headers`. Offline, and without its Edge Functions runtime
 * (which it would download first).
 */
export function netlifyEngine(projectDir: string, publishDir: string): Promise<Engine> {
  return serveWith(
    "Netlify (netlify dev)",
    "netlify",
    (port) => [
      ...["dev", "--offline", "--framework", "#static", "--dir", publishDir],
      ...["--port", String(port), "--no-open", "--skip-gitignore"],
      "--internal-disable-edge-functions",
    ],
    { cwd: projectDir },
  );
}

/**
 * The compatibility date the Pages engine runs with: at most the newest its bundled
 * workerd supports (it refuses later ones).
 */
const PAGES_COMPATIBILITY_DATE = "2026-11-01";

/** Cloudflare Pages' engine: `wrangler pages dev` on the publish folder. */
export async function pagesEngine(projectDir: string, publishDir: string): Promise<Engine> {
  const logs = join(projectDir, ".wrangler-logs");
  await mkdir(logs, { recursive: true });
  return serveWith(
    "Cloudflare Pages (wrangler pages dev)",
    "wrangler",
    (port) => [
      ...["pages", "dev", publishDir, "--ip", "127.0.0.1", "--port", String(port)],
      `--compatibility-date=${PAGES_COMPATIBILITY_DATE}`,
    ],
    {
      cwd: projectDir,
      // No request for Cloudflare's request metadata, which needs the network.
      env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_LOG_PATH: logs },
    },
  );
}

/** Every file under a folder, as paths from its root ("/_astro/x.js"). */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length));
}
