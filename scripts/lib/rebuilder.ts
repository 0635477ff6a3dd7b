// The local stand-in for a CDN's build-and-deploy, in a host's stages: the build runs
// into a fresh folder under <dataDir>/builds, then the deploy (after a delay that can
// be set) swaps it in atomically by renaming a new symlink over <dataDir>/site, so a
// visitor never sees a half-built site, then the host reports (a deploy notification,
// when set up). Requests that arrive while a build runs coalesce into exactly one more
// build, so no publish is lost and a burst of them costs at most two builds. Faults
// (host-faults.ts) make a stage fail the way a real host's does.
import { type ChildProcess, spawn } from "node:child_process";
import {
  lstat,
  mkdir,
  readdir,
  readlink,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Notify } from "./deploy-notice.ts";
import type { HostFault } from "./host-faults.ts";
import { type NetlifyBuildOptions, netlifyBuild } from "./netlify-build.ts";

/** How to run one build. The rebuilder adds ASTRO_OUT_DIR (where to write) to env. */
export interface BuildCommand {
  command: string;
  args: string[];
  cwd?: string;
  env?: Record<string, string | undefined>;
}

export interface BuildRun {
  id: string;
  startedAt: string;
  finishedAt: string;
  ok: boolean;
  error?: string;
  /** A deploy preview is built but never deployed to the site. */
  context: "production" | "deploy-preview";
}

export interface RebuilderStatus {
  state: "idle" | "building";
  current: { id: string; builtAt: string } | null;
  /** The last 40 lines of output of the most recent failed build, until a build succeeds. */
  lastError: string | null;
  /** True when a build has been asked for while one runs; it starts when that one ends. */
  pending: boolean;
  running: { id: string; startedAt: string } | null;
  /** Finished runs, newest first. */
  builds: BuildRun[];
}

export interface RebuilderOptions {
  dataDir: string;
  build: BuildCommand;
  /** Called with each finished run, e.g. to log it. */
  onRun?: (run: BuildRun) => void;
  /** Receives the build's output as it comes (stdout and stderr together). */
  onOutput?: (chunk: string) => void;
  /** How many finished runs the status remembers. */
  history?: number;
  /** How long the deploy takes after a good build before the site switches. */
  deployDelayMs?: number;
  /** Tells the publish function how each deploy ended, as the host's notifications do. */
  notify?: Notify;
  /**
   * The `netlify` mode: each build in a fresh copy of the repository, with an install
   * and Netlify's cache (netlify-build.ts); `build.env` is the host's environment.
   * Without it, `build` runs in place.
   */
  netlify?: NetlifyBuildOptions;
}

/** How long a cancelled build runs before the host stops it. */
const CANCEL_AFTER_MS = 1500;

export interface Rebuilder {
  /** Cleans up after a killed run and finds the current build. Call once, first. */
  init(): Promise<void>;
  /**
   * Asks for a build: starts one when idle, or marks one more when busy. A fault given
   * here is played by the next build to start.
   */
  trigger(fault?: HostFault | null): RebuilderStatus;
  status(): RebuilderStatus;
  /** Resolves when no build runs and none is pending. */
  idle(): Promise<void>;
  /** Stops a running build (its folder is removed) and refuses further builds. */
  close(): Promise<void>;
  readonly siteDir: string;
}

const ERROR_LINES = 40;
const BUILD_ID = /^\d{6,}$/;
const PARTIAL = /^\d{6,}\.partial$/;
const TEMP_LINK = /^\.site-.*\.tmp$/;

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Keeps the last `max` lines of a stream of text. */
class Tail {
  private lines: string[] = [];
  private partial = "";
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  push(chunk: string): void {
    const parts = (this.partial + chunk).split(/\r?\n/);
    this.partial = parts.pop() ?? "";
    this.lines.push(...parts);
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
  }
  text(): string {
    const lines = this.partial ? [...this.lines, this.partial] : this.lines;
    return lines.slice(-this.max).join("\n");
  }
}

export function createRebuilder(options: RebuilderOptions): Rebuilder {
  const dataDir = resolve(options.dataDir);
  const buildsDir = join(dataDir, "builds");
  const siteLink = join(dataDir, "site");
  const history = options.history ?? 10;

  let current: { id: string; builtAt: string } | null = null;
  let nextNumber = 1;
  let building = false;
  let pending = false;
  let closed = false;
  let running: { id: string; startedAt: string } | null = null;
  let nextFault: HostFault | null = null;
  let lastError: string | null = null;
  const runs: BuildRun[] = [];
  let child: ChildProcess | undefined;
  let loop: Promise<void> = Promise.resolve();

  const status = (): RebuilderStatus => ({
    state: building ? "building" : "idle",
    current: current ? { ...current } : null,
    lastError,
    pending,
    running: running ? { ...running } : null,
    builds: runs.map((run) => ({ ...run })),
  });

  /** The build folder `site` points to, if it points to one that exists. */
  async function linkedBuild(): Promise<string | null> {
    try {
      const target = await readlink(siteLink);
      const id = target.split(/[\\/]/).pop() ?? "";
      return BUILD_ID.test(id) && (await exists(join(buildsDir, id))) ? id : null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") return null;
      if (code === "EINVAL")
        throw new Error(`${siteLink} is not a symlink; move it away and start again`);
      throw error;
    }
  }

  /** Points `site` at builds/<id> in one rename, which POSIX makes atomic. */
  async function swapTo(id: string): Promise<void> {
    const temp = join(dataDir, `.site-${id}.tmp`);
    await rm(temp, { force: true });
    // Relative, so the data folder can be moved as a whole.
    await symlink(join("builds", id), temp, "dir");
    await rename(temp, siteLink);
    const builtAt = (await lstat(siteLink)).mtime.toISOString();
    current = { id, builtAt };
  }

  /**
   * Removes a folder nothing serves, as far as it can. Never fails: a build left running
   * by a killed rebuilder (its parent gone, it may still write for a moment) can make a
   * removal fail, and a leftover folder must not fail a start or a build that went live.
   */
  async function removeStale(path: string): Promise<void> {
    await rm(path, { recursive: true, force: true, maxRetries: 3, retryDelay: 50 }).catch((error) =>
      console.error(`rebuilder: could not remove ${path}: ${(error as Error).message}`),
    );
  }

  /**
   * Keeps the current build and the one before it (pages loaded just before a swap still
   * find their assets). Also removes half-built folders: builds run one at a time, so
   * any still there were left by a killed run (whose orphaned build may have written on
   * after the last start cleaned up).
   */
  async function prune(keep: Set<string>): Promise<void> {
    for (const name of await readdir(buildsDir)) {
      if ((BUILD_ID.test(name) && !keep.has(name)) || PARTIAL.test(name)) {
        await removeStale(join(buildsDir, name));
      }
    }
  }

  async function init(): Promise<void> {
    await mkdir(buildsDir, { recursive: true });
    for (const name of await readdir(dataDir)) {
      if (TEMP_LINK.test(name)) await rm(join(dataDir, name), { force: true });
    }
    const names = await readdir(buildsDir);
    for (const name of names) {
      if (PARTIAL.test(name)) await removeStale(join(buildsDir, name));
    }
    const complete = names.filter((name) => BUILD_ID.test(name)).sort();
    let id = await linkedBuild();
    if (!id) {
      await rm(siteLink, { force: true });
      // Only finished builds lose their .partial suffix, so the newest is a good one.
      const newest = complete.at(-1);
      if (newest) {
        await swapTo(newest);
        id = newest;
      }
    } else {
      current = { id, builtAt: (await lstat(siteLink)).mtime.toISOString() };
    }
    const previous = complete.filter((name) => name !== id).at(-1);
    await prune(new Set([id, previous].filter((name): name is string => Boolean(name))));
    const last = [...complete, ...names.filter((name) => PARTIAL.test(name))]
      .map((name) => Number.parseInt(name, 10))
      .reduce((max, n) => Math.max(max, n), 0);
    nextNumber = last + 1;
  }

  function runCommand(
    outDir: string,
    tail: Tail,
    extraEnv: Record<string, string>,
  ): Promise<number> {
    return new Promise((resolveExit) => {
      const { command, args, cwd, env } = options.build;
      child = spawn(command, args, {
        cwd,
        env: { ...process.env, ...env, ...extraEnv, ASTRO_OUT_DIR: outDir },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const onData = (data: Buffer) => {
        const text = data.toString("utf8");
        tail.push(text);
        options.onOutput?.(text);
      };
      child.stdout?.on("data", onData);
      child.stderr?.on("data", onData);
      child.once("error", (error) => {
        tail.push(`\n${error.message}\n`);
        resolveExit(-1);
      });
      child.once("close", (code, signal) => resolveExit(code ?? (signal ? 128 : 1)));
    });
  }

  let wake: (() => void) | undefined;
  /** Waits, or less when the host closes. */
  function pause(ms: number): Promise<void> {
    return new Promise((done) => {
      const timer = setTimeout(done, ms);
      wake = () => {
        clearTimeout(timer);
        done();
      };
    });
  }

  /** The build stage: what the host runs, and what it says when that fails. */
  async function build(partialDir: string, tail: Tail, fault: HostFault | null) {
    if (fault?.name === "install-fail") {
      tail.push("npm error Installing the dependencies failed (a host fault asked for it).\n");
      return "Failed during stage 'Install dependencies': the install failed.";
    }
    if (fault?.name === "build-fail") {
      const failFile = options.build.env?.BUILD_FAIL_FILE;
      if (failFile) await writeFile(failFile, "The build failed (a host fault asked for it).");
    }
    const extraEnv: Record<string, string> = {
      CONTEXT: fault?.name === "preview" ? "deploy-preview" : "production",
    };
    const cancel =
      fault?.name === "cancel"
        ? setTimeout(() => child?.kill("SIGTERM"), CANCEL_AFTER_MS)
        : undefined;
    if (options.netlify) {
      const failure = await netlifyBuild(
        options.netlify,
        partialDir,
        {
          env: options.build.env ?? {},
          output: (text) => {
            tail.push(text);
            options.onOutput?.(text);
          },
          started: (started) => {
            child = started;
          },
        },
        extraEnv,
      );
      clearTimeout(cancel);
      child = undefined;
      if (closed) return "stopped";
      if (fault?.name === "cancel") return "Build was canceled.";
      return failure ? `${tail.text()}\n${failure}` : undefined;
    }
    const code = await runCommand(partialDir, tail, extraEnv);
    clearTimeout(cancel);
    child = undefined;
    if (closed) return "stopped";
    if (fault?.name === "cancel") return "Build was canceled.";
    if (code !== 0) return tail.text() || `the build exited with code ${code}`;
    if (!(await exists(join(partialDir, "index.html"))))
      return `the build exited with 0 but wrote no index.html\n${tail.text()}`;
    return undefined;
  }

  async function buildOnce(): Promise<void> {
    const id = String(nextNumber++).padStart(6, "0");
    const partialDir = join(buildsDir, `${id}.partial`);
    const startedAt = new Date().toISOString();
    running = { id, startedAt };
    const tail = new Tail(ERROR_LINES);
    let error: string | undefined;
    const fault = nextFault;
    nextFault = null;
    const context = fault?.name === "preview" ? "deploy-preview" : "production";
    try {
      await rm(partialDir, { recursive: true, force: true });
      error = await build(partialDir, tail, fault);
      if (!error) {
        // The deploy stage: the host uploads the output, then switches the site.
        await pause(
          fault?.name === "slow-deploy" ? (fault.delayMs ?? 0) : (options.deployDelayMs ?? 0),
        );
        if (closed) error = "stopped";
        else if (fault?.name === "deploy-fail")
          error = "Failed during stage 'Deploy site': the upload failed.";
      }
      if (error || context !== "production") {
        // A preview is deployed elsewhere: production keeps serving what it served.
        await rm(partialDir, { recursive: true, force: true });
      } else {
        const previous = current?.id;
        await rename(partialDir, join(buildsDir, id));
        await swapTo(id);
        await prune(new Set([id, previous].filter((name): name is string => Boolean(name))));
      }
    } catch (caught) {
      error = (caught as Error).message;
      await rm(partialDir, { recursive: true, force: true }).catch(() => {});
    }
    running = null;
    if (!closed && options.notify) {
      await options.notify({
        id,
        state: error ? "error" : "ready",
        context,
        // The host creates the deploy when the build starts.
        created_at: startedAt,
        ...(error ? { error_message: error.split("\n").filter(Boolean).slice(-3).join(" ") } : {}),
      });
    }
    const run: BuildRun = {
      id,
      startedAt,
      finishedAt: new Date().toISOString(),
      ok: !error,
      context,
    };
    if (error) run.error = error;
    if (!closed) lastError = error ?? null;
    runs.unshift(run);
    runs.splice(history);
    try {
      options.onRun?.(run);
    } catch (caught) {
      console.error("rebuilder: onRun failed:", caught);
    }
  }

  async function drain(): Promise<void> {
    try {
      do {
        pending = false;
        await buildOnce();
      } while (pending && !closed);
    } finally {
      building = false;
      pending = false;
    }
  }

  return {
    siteDir: siteLink,
    init,
    trigger(fault) {
      if (closed) return status();
      if (fault) nextFault = fault;
      if (building) {
        pending = true;
      } else {
        building = true;
        loop = drain();
      }
      return status();
    },
    status,
    async idle() {
      // A build that finishes may have started another; wait until none runs.
      while (building) await loop;
    },
    async close() {
      closed = true;
      pending = false;
      wake?.();
      const running = child;
      if (running && running.exitCode === null && running.signalCode === null) {
        const killer = setTimeout(() => running.kill("SIGKILL"), 5000);
        running.kill("SIGTERM");
        await loop;
        clearTimeout(killer);
      }
      await loop;
    },
  };
}
