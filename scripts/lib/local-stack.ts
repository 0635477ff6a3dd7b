// `npm start` as the benchmarks (scripts/bench.ts) and the scale suite run it: a child
// process on a data folder of its own, on ports of its own (PORT, API_PORT and
// REBUILD_PORT chosen free, HOST 127.0.0.1), with a known admin account; awaited until
// it serves the home page, then driven through the local host's deploy hook and status,
// and stopped with Ctrl-C (SIGINT), as a person stops it. (The embedded backend that
// `npm start` runs inside is stack.ts.)

import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { apiKeys, loadOrCreateKeys } from "../../supabase/local/keys.ts";
import { freePort } from "../../supabase/local/server.ts";
import type { AdminCredentials } from "./admin-account.ts";
import type { BuildRun as HostBuildRun } from "./rebuilder.ts";
import { repoRoot } from "./settings.ts";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The admin account every stack here starts with (ADMIN_EMAIL and ADMIN_PASSWORD). */
export const BENCH_ADMIN: AdminCredentials = {
  email: "bench-admin@helpinghands.example",
  password: "bench-admin-password-1",
};

/** How long `npm start` may take to serve the home page (its first, cold build included). */
const START_TIMEOUT_MS = 600_000;
/** How often the home page is asked for while starting: the start time's resolution. */
const START_POLL_MS = 100;
/** How often the host's status is asked for while waiting for a build. */
const STATUS_POLL_MS = 250;

/** A run as the host's status reports it. */
export type BuildRun = Pick<HostBuildRun, "id" | "startedAt" | "finishedAt" | "ok" | "error">;

export interface HostStatus {
  state: string;
  pending: boolean;
  /** Newest first. */
  builds: BuildRun[];
}

/** A run's build time as the host measured it, in seconds (NaN for no run). */
export const buildSeconds = (run: BuildRun | undefined): number =>
  run ? (Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000 : Number.NaN;

export interface LocalStackOptions<Logged extends boolean = boolean> {
  /** Added to npm start's environment (HOST_MODE, PUBLISH_QUEUE_LIMIT_SECONDS, ...). */
  env?: Record<string, string>;
  /** The site's and the API's ports (default: free ones): the same across restarts. */
  ports?: { site: number; api: number };
  /**
   * Keep what npm start prints in <dataDir>-start.log and every build's astro output in
   * <dataDir>-builds.log (scripts/build.ts, BUILD_LOG_FILE); otherwise both are dropped.
   */
  logs?: Logged;
}

export interface LocalStack<Logged extends boolean = boolean> {
  dataDir: string;
  /** The site: http://127.0.0.1:<PORT>. */
  origin: string;
  /** The API stand-in: http://127.0.0.1:<API_PORT>. */
  apiUrl: string;
  publishableKey: string;
  secretKey: string;
  admin: AdminCredentials;
  /** Everything `npm start` printed, when started with `logs`. */
  logFile: Logged extends true ? string : undefined;
  /** Every build's astro output, appended, when started with `logs`. */
  buildLogFile: Logged extends true ? string : undefined;
  /** Seconds from the launch to the home page (on a new folder, the first build included). */
  startSeconds: number;
  status(): Promise<HostStatus>;
  /** Waits until the host has no build running or queued; answers its status then. */
  idle(): Promise<HostStatus>;
  /** Calls the deploy hook and waits for the build it causes; answers that run. */
  build(): Promise<BuildRun>;
  /** Stops `npm start` with SIGINT and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Runs `npm start` on dataDir (new, or one an earlier start left) and answers once it
 * serves the home page. On a warm folder the site is served before the API is up, so
 * the API may still be starting then. A start that fails is stopped before the error.
 */
export async function startLocalStack<Logged extends boolean = false>(
  dataDir: string,
  options: LocalStackOptions<Logged> = {},
): Promise<LocalStack<Logged>> {
  const port = options.ports?.site ?? (await freePort());
  const apiPort = options.ports?.api ?? (await freePort());
  const rebuildPort = await freePort();
  const logFile = options.logs ? `${dataDir}-start.log` : undefined;
  const buildLogFile = options.logs ? `${dataDir}-builds.log` : undefined;
  const log = logFile ? createWriteStream(logFile) : undefined;
  const child = spawn(process.execPath, [join(repoRoot, "scripts", "start.ts")], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      REBUILD_PORT: String(rebuildPort),
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      ...(buildLogFile ? { BUILD_LOG_FILE: buildLogFile } : {}),
      ...options.env,
    },
    stdio: log ? ["ignore", "pipe", "pipe"] : "ignore",
  });
  if (log) {
    // Both into one file, which ends once both have (the process may exit first).
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    child.once("close", () => log.end());
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGINT");
      await exited;
    }
  };

  const origin = `http://127.0.0.1:${port}`;
  const launched = performance.now();
  let startSeconds: number;
  let keys: { publishable: string; secret: string };
  let token: string;
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        const why = child.exitCode ?? child.signalCode;
        throw new Error(`npm start exited early (${why})${logFile ? `; see ${logFile}` : ""}`);
      }
      const served = await fetch(`${origin}/`).then(
        (response) => response.ok,
        () => false,
      );
      if (served) break;
      if (performance.now() - launched > START_TIMEOUT_MS) {
        throw new Error(`home page not served within ${START_TIMEOUT_MS / 1000} s`);
      }
      await sleep(START_POLL_MS);
    }
    startSeconds = (performance.now() - launched) / 1000;
    // Both written before the site is first served, and kept in the folder.
    keys = apiKeys(await loadOrCreateKeys(dataDir));
    ({ token } = JSON.parse(await readFile(join(dataDir, "hook.json"), "utf8")) as {
      token: string;
    });
  } catch (error) {
    await stop();
    throw error;
  }

  const host = `http://127.0.0.1:${rebuildPort}`;
  const status = async () => (await (await fetch(`${host}/status/${token}`)).json()) as HostStatus;
  const idle = async () => {
    for (;;) {
      const now = await status();
      if (now.state === "idle" && !now.pending) return now;
      await sleep(STATUS_POLL_MS);
    }
  };
  const stack: LocalStack = {
    dataDir,
    origin,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    publishableKey: keys.publishable,
    secretKey: keys.secret,
    admin: BENCH_ADMIN,
    logFile,
    buildLogFile,
    startSeconds,
    status,
    idle,
    async build() {
      const before = (await idle()).builds[0]?.id;
      await fetch(`${host}/hooks/${token}`, { method: "POST" });
      for (;;) {
        await sleep(STATUS_POLL_MS);
        const now = await status();
        if (now.state === "idle" && !now.pending && now.builds[0]?.id !== before) {
          return now.builds[0] as BuildRun;
        }
      }
    },
    stop,
  };
  return stack as LocalStack<Logged>;
}

/**
 * A stack on a new data folder in the system's temporary one (named `prefix` and a
 * random tail), given to fn, then stopped; the folder is removed after, and so are the
 * logs (`logs`) unless the start or fn failed. `announce` prints where it starts.
 */
export async function withLocalStack<T, Logged extends boolean = false>(
  prefix: string,
  options: LocalStackOptions<Logged> & { announce?: string },
  fn: (stack: LocalStack<Logged>) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  if (options.announce) console.log(`\n${options.announce}: starting a stack in ${dataDir}`);
  let failed = true;
  let stack: LocalStack<Logged> | undefined;
  try {
    stack = await startLocalStack(dataDir, options);
    const result = await fn(stack);
    failed = false;
    return result;
  } finally {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
    if (options.logs && !failed) {
      await rm(`${dataDir}-start.log`, { force: true });
      await rm(`${dataDir}-builds.log`, { force: true });
    }
  }
}
