// The abuse suite's "faults" group: what breaks must change nothing it should not.
//
// 1. The database unreachable during a build: the build fails and the previous site stays
//    served. The real rebuilder (scripts/lib/rebuilder.ts) runs a quick stand-in build
//    that reads content_revision as the content loader does, behind a front server that
//    can refuse, hang, reset, answer garbage or answer as PostgREST does when its database
//    is down; and the real `npm run build` (scripts/build.ts + astro build, on a throwaway
//    copy of the site) runs against an unreachable PUBLIC_SUPABASE_URL and must exit
//    non-zero. The static server (scripts/lib/static-server.ts) keeps serving the last good
//    build, byte for byte, during and after every failed build.
// 2. The rebuilder killed in the middle of a build: a child process runs the real
//    rebuilder with a slow build that writes its files one by one; the whole process group
//    is SIGKILLed at a random point of a build, then started again: the site still serves
//    the last good build (every file intact, none of the half-written one), the leftovers
//    are cleaned, and the next build goes live. Then every state a kill can leave between
//    the steps of a build (half-written folder, finished folder not yet linked, temporary
//    link, old folders not yet pruned, a dangling link), and `npm start` itself
//    (scripts/start.ts) restarted on such a folder: it serves the last good site at once
//    and builds again.
// 3. The embedded database killed during writes: a child process opens <dataDir>/db as
//    `npm start` does (openDatabase) and commits writes in a loop, reporting each only
//    after its commit returned; it is SIGKILLed at a random moment, the folder is opened
//    again, and every reported write must be there exactly once, multi-statement
//    transactions whole or absent, the triggers' audit and revision in step, every table
//    readable, every B-tree index valid (amcheck, heapallindexed) and the migrations
//    recorded. Also a first run killed between initdb and the seed.
// 4. An Edge Function that throws, rejects, returns no Response, hangs, spins, exits or
//    fails to boot: the caller gets a clear 5xx (never a hung request or a dropped
//    connection) and the next call works. These 5xx answers are the expected outcome.
import { type ChildProcess, spawn } from "node:child_process";
import { createHash, randomInt } from "node:crypto";
import { existsSync } from "node:fs";
import {
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { PGliteInterface } from "@electric-sql/pglite";
import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import { createClient, FunctionsHttpError } from "@supabase/supabase-js";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../scripts/lib/listen.ts";
import {
  type BuildRun,
  createRebuilder,
  type Rebuilder,
  type RebuilderStatus,
} from "../../scripts/lib/rebuilder.ts";
import { openDatabase } from "../../scripts/lib/stack.ts";
import { type StaticServer, startStaticServer } from "../../scripts/lib/static-server.ts";
import { createDatabase, listMigrations } from "../../supabase/local/database.ts";
import { functionRoutes } from "../../supabase/local/functions/index.ts";
import { apiKeys, ephemeralKeys, type ProjectKeys } from "../../supabase/local/keys.ts";
import { freePort, startStandIn } from "../../supabase/local/server.ts";
import { createProject } from "../build/project.ts";
import { LONG, scale, Tally } from "./tally.ts";

const tally = new Tally("faults");
/** ABUSE_VERBOSE=1 prints every case with its outcome. */
const verbose = process.env.ABUSE_VERBOSE === "1";
function holds(name: string, ok: boolean): boolean {
  if (verbose) console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
  return tally.holds(name, ok);
}
function refused(name: string, ok: boolean): boolean {
  if (verbose) console.log(`${ok ? "ok  " : "FAIL"} ${name}`);
  return tally.refused(name, ok);
}
const repoRoot = join(import.meta.dirname, "..", "..");
const nodeBin = join(repoRoot, "node_modules", ".bin", "node");
let work: string;
/** Every child process group started here, to make sure none outlives the file. */
const children = new Set<ChildProcess>();

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "abuse-faults-"));
});

afterAll(async () => {
  for (const child of children) killGroup(child, "SIGKILL");
  if (work) await rm(work, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------
// Helpers.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True while the process runs (a zombie waiting to be reaped counts as gone). */
async function alive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return !/^\d+ \(.*\) [ZX] /.test(stat);
}

/** Waits up to timeoutMs for the process to be gone. */
async function gone(pid: number, timeoutMs = 5000): Promise<boolean> {
  const started = performance.now();
  while (await alive(pid)) {
    if (performance.now() - started > timeoutMs) return false;
    await sleep(20);
  }
  return true;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** A child process (its own process group) whose stdout is read line by line. */
class Child {
  readonly process: ChildProcess;
  readonly lines: string[] = [];
  stderr = "";
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private listeners = new Set<() => void>();

  constructor(args: string[], options: { env?: Record<string, string>; cwd?: string } = {}) {
    this.process = spawn(nodeBin, args, {
      cwd: options.cwd ?? repoRoot,
      env: { ...process.env, ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    children.add(this.process);
    let buffer = "";
    this.process.stdout?.setEncoding("utf8");
    this.process.stdout?.on("data", (chunk: string) => {
      buffer += chunk;
      const parts = buffer.split("\n");
      buffer = parts.pop() ?? "";
      this.lines.push(...parts);
      for (const listener of this.listeners) listener();
    });
    this.process.stderr?.setEncoding("utf8");
    this.process.stderr?.on("data", (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-20_000);
    });
    this.process.stdin?.on("error", () => {});
    this.exited = new Promise((resolve) => {
      this.process.once("exit", (code, signal) => {
        children.delete(this.process);
        for (const listener of this.listeners) listener();
        resolve({ code, signal });
      });
    });
  }

  get pid(): number {
    return this.process.pid as number;
  }

  send(line: string): void {
    this.process.stdin?.write(`${line}\n`);
  }

  /** The first line from index `from` on that matches, with its index. */
  waitFor(
    match: (line: string) => boolean,
    timeoutMs: number,
    from = 0,
  ): Promise<{ line: string; index: number }> {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let i = from; i < this.lines.length; i++) {
          const line = this.lines[i] as string;
          if (match(line)) {
            done();
            resolve({ line, index: i });
            return;
          }
        }
        if (this.process.exitCode !== null || this.process.signalCode !== null) {
          done();
          reject(new Error(`the child exited first; stderr: ${this.stderr.slice(-2000)}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching line within ${timeoutMs} ms; stderr: ${this.stderr}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      this.listeners.add(check);
      check();
    });
  }

  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    killGroup(this.process, signal);
    await this.exited;
  }
}

/** Every file under dir (following the site link), by relative path, as a SHA-256. */
async function tree(dir: string): Promise<Map<string, string>> {
  const root = await realpath(dir);
  const files = new Map<string, string>();
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.isFile()) {
        files.set(
          relative(root, path),
          createHash("sha256")
            .update(await readFile(path))
            .digest("hex"),
        );
      }
    }
  };
  await walk(root);
  return files;
}

/** GETs every file of a build through the static server; names the first that differs. */
async function servedDiffers(siteUrl: string, files: Map<string, string>): Promise<string | null> {
  for (const [file, hash] of files) {
    const response = await fetch(`${siteUrl}/${file}`, {
      headers: { "accept-encoding": "identity" },
    });
    const body = Buffer.from(await response.arrayBuffer());
    const got = createHash("sha256").update(body).digest("hex");
    if (response.status !== 200 || got !== hash) return `${file}: HTTP ${response.status}`;
  }
  return null;
}

/** Reads `/` from the static server over and over until stopped; lists what went wrong. */
function pollSite(server: StaticServer, expected: string) {
  let running = true;
  let reads = 0;
  const problems: string[] = [];
  const done = (async () => {
    while (running) {
      try {
        const response = await fetch(`${server.url}/`);
        const text = await response.text();
        reads += 1;
        if (response.status !== 200 || !text.includes(expected)) {
          problems.push(`HTTP ${response.status}: ${text.slice(0, 80)}`);
        }
      } catch (error) {
        problems.push((error as Error).message);
      }
      await sleep(15);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { reads, problems };
    },
  };
}

async function leftovers(dataDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const name of await readdir(dataDir)) if (/^\.site-.*\.tmp$/.test(name)) found.push(name);
  for (const name of await readdir(join(dataDir, "builds"))) {
    if (name.endsWith(".partial")) found.push(`builds/${name}`);
  }
  return found;
}

// ---------------------------------------------------------------------------------------
// 1. The database unreachable during a build.

// A quick stand-in for `astro build` where astro is not the point: reads content_revision
// from PUBLIC_SUPABASE_URL as the content loader does (failing the build, naming the
// table, on any error) and writes a small site that shows the revision.
const CONTENT_BUILD = `
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const url = process.env.PUBLIC_SUPABASE_URL;
const key = process.env.PUBLIC_SUPABASE_PUBLISHABLE_KEY;
let revision;
try {
  const response = await fetch(url + "/rest/v1/content_revision?select=*", {
    headers: { apikey: key, authorization: "Bearer " + key },
    signal: AbortSignal.timeout(Number(process.env.READ_TIMEOUT_MS || 30000)),
  });
  if (!response.ok) throw new Error("HTTP " + response.status + ": " + (await response.text()).slice(0, 200));
  const rows = await response.json();
  if (!Array.isArray(rows) || rows.length !== 1 || typeof rows[0].revision !== "number") {
    throw new Error("the answer is not the revision row");
  }
  revision = rows[0].revision;
} catch (error) {
  console.error('Could not load the content table "content_revision" from ' + url + ": " + error.message + ". The build stops here so the last good deploy stays live.");
  process.exit(1);
}
const out = process.env.ASTRO_OUT_DIR;
const marker = "revision-" + revision + "-" + process.env.BUILD_LABEL;
mkdirSync(join(out, "_astro"), { recursive: true });
mkdirSync(join(out, "about"), { recursive: true });
writeFileSync(join(out, "_astro", "app." + revision + ".js"), "// " + marker);
writeFileSync(join(out, "about", "index.html"), "<html><body>about " + marker + "</body></html>");
writeFileSync(join(out, "index.html"), "<html><body>" + marker + "</body></html>");
`;

type FrontMode = "pass" | "refuse" | "hang" | "reset" | "garbage" | "db-down";

/** A front server before the stand-in, to make the API fail in chosen ways. */
async function startFront(target: string) {
  let mode: FrontMode = "pass";
  const server: Server = createServer(async (req, res) => {
    if (mode === "hang") return; // accepted, never answered
    if (mode === "reset") {
      req.socket.destroy();
      return;
    }
    if (mode === "garbage") {
      // A captive portal or a misrouted host: 200, but no API behind it.
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>Welcome to the hotel wifi</body></html>");
      return;
    }
    if (mode === "db-down") {
      // What PostgREST answers when it cannot reach its database.
      res.writeHead(503, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          code: "PGRST000",
          details: "connection refused",
          hint: null,
          message: "Could not connect with the database due to an incorrect db-uri",
        }),
      );
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && name !== "host") headers[name] = value;
    }
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode(next: FrontMode) {
      mode = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("faults: the database unreachable during a build", () => {
  let dataDir: string;
  let site: StaticServer | undefined;
  let rebuilder: Rebuilder | undefined;
  let standIn: Awaited<ReturnType<typeof startStandIn>> | undefined;
  let db: PGliteInterface | undefined;
  let front: Awaited<ReturnType<typeof startFront>> | undefined;

  afterAll(async () => {
    await rebuilder?.close();
    await site?.close();
    await front?.close();
    await standIn?.close();
    if (db && !db.closed) await db.close();
  });

  async function buildOnce(r: Rebuilder): Promise<BuildRun> {
    r.trigger();
    await r.idle();
    const run = r.status().builds[0];
    if (!run) throw new Error("no build ran");
    return run;
  }

  it("fails the build and keeps serving the last good site, whatever the API does", async () => {
    dataDir = join(work, "unreachable");
    await mkdir(dataDir, { recursive: true });
    const buildScript = join(work, "content-build.mjs");
    await writeFile(buildScript, CONTENT_BUILD);
    const database = await createDatabase({ seed: true });
    db = database;
    const keys = await ephemeralKeys();
    standIn = await startStandIn(
      {
        db: database,
        keys,
        storageDir: join(work, "unreachable-storage"),
        functionsDir: join(repoRoot, "functions"),
        functionSecrets: {},
      },
      await freePort(),
    );
    front = await startFront(standIn.url);
    const env: Record<string, string> = {
      PUBLIC_SUPABASE_URL: front.url,
      PUBLIC_SUPABASE_PUBLISHABLE_KEY: apiKeys(keys).publishable,
      READ_TIMEOUT_MS: "1500",
      BUILD_LABEL: "first",
    };
    rebuilder = createRebuilder({
      dataDir,
      build: { command: nodeBin, args: [buildScript], env },
    });
    await rebuilder.init();
    const good = await buildOnce(rebuilder);
    expect(good.ok, good.error).toBe(true);
    site = await startStaticServer({ siteDir: rebuilder.siteDir, port: 0, host: "127.0.0.1" });
    let live = await tree(rebuilder.siteDir);
    let liveMarker =
      /revision-\d+-first/.exec(await readFile(join(dataDir, "site", "index.html"), "utf8"))?.[0] ??
      "";
    expect(liveMarker).not.toBe("");

    const failures: Array<[FrontMode, string]> = [
      ["refuse", "connection refused"],
      ["hang", "no answer"],
      ["reset", "connection reset"],
      ["garbage", "a 200 HTML page instead of the API"],
      ["db-down", "503 PGRST000 (database unreachable)"],
    ];
    for (const [mode, label] of failures) {
      let frontUrl = front.url;
      if (mode === "refuse") {
        frontUrl = `http://127.0.0.1:${await freePort()}`;
      } else front.setMode(mode);
      env.PUBLIC_SUPABASE_URL = frontUrl;
      env.BUILD_LABEL = mode;
      const before = rebuilder.status().current?.id;
      const poll = pollSite(site, liveMarker);
      const run = await buildOnce(rebuilder);
      const { reads, problems } = await poll.stop();
      const after = await tree(rebuilder.siteDir);
      const differs = await servedDiffers(site.url, live);
      const left = await leftovers(dataDir);
      const status = rebuilder.status();
      const ok =
        !run.ok &&
        /Could not load the content table "content_revision"/.test(run.error ?? "") &&
        status.current?.id === before &&
        status.lastError === run.error &&
        JSON.stringify([...after]) === JSON.stringify([...live]) &&
        differs === null &&
        problems.length === 0 &&
        left.length === 0;
      refused(
        `build against an API giving ${label}: ${run.ok ? "went live" : "failed"}; ${reads} reads during it, problems ${JSON.stringify(problems.slice(0, 3))}; served ${differs ?? "the previous site"}; leftovers ${left}`,
        ok,
      );
      front.setMode("pass");
    }

    // The API back: the next build goes live (with a newer revision after a write).
    env.PUBLIC_SUPABASE_URL = front.url;
    env.BUILD_LABEL = "recovered";
    await database.query("update public.banners set sort_order = sort_order + 1");
    const recovered = await buildOnce(rebuilder);
    const recoveredHtml = await (await fetch(`${site.url}/`)).text();
    holds(
      `the first build after the API is back goes live (${recovered.error ?? "ok"})`,
      recovered.ok &&
        /revision-\d+-recovered/.test(recoveredHtml) &&
        !recoveredHtml.includes(liveMarker),
    );
    live = await tree(rebuilder.siteDir);
    liveMarker = /revision-\d+-recovered/.exec(recoveredHtml)?.[0] ?? "?";

    // The database itself gone from behind the running API (its PGlite closed).
    await database.close();
    env.BUILD_LABEL = "database-closed";
    const poll = pollSite(site, liveMarker);
    const closedRun = await buildOnce(rebuilder);
    const { problems } = await poll.stop();
    const differs = await servedDiffers(site.url, live);
    refused(
      `build with the database closed behind the API: ${closedRun.ok ? "went live" : "failed"} (${(closedRun.error ?? "").slice(0, 160)}); served ${differs ?? "the previous site"}`,
      !closedRun.ok && differs === null && problems.length === 0,
    );
  }, 120_000);

  it(
    "the real build (scripts/build.ts, astro) exits non-zero against an unreachable PUBLIC_SUPABASE_URL",
    async () => {
      if (!rebuilder || !site || !front) throw new Error("the previous test did not run");
      await rebuilder.close();
      const live = await tree(rebuilder.siteDir);
      const liveId = rebuilder.status().current?.id;
      // A throwaway copy of the site (the repository's .astro/ and dist/ stay untouched),
      // with the real build script in it.
      const project = await createProject({
        pages: { "index.astro": "---\n---\n<html><body><p>fault test</p></body></html>\n" },
      });
      // The closed port always; under npm run test:abuse also an API that accepts and never
      // answers (the loader's 30 s timeout) and one whose database is down (503 PGRST000).
      const targets: Array<{ label: string; url: string; mode?: FrontMode }> = [
        { label: "a closed port", url: `http://127.0.0.1:${await freePort()}` },
      ];
      if (LONG) {
        targets.push({ label: "an API that never answers", url: front.url, mode: "hang" });
        targets.push({ label: "an API whose database is down", url: front.url, mode: "db-down" });
      }
      try {
        await mkdir(join(project.dir, "scripts"), { recursive: true });
        await cp(join(repoRoot, "scripts", "build.ts"), join(project.dir, "scripts", "build.ts"));
        for (const target of targets) {
          front.setMode(target.mode ?? "pass");
          const output: string[] = [];
          const real = createRebuilder({
            dataDir,
            build: {
              command: nodeBin,
              args: [join(project.dir, "scripts", "build.ts")],
              cwd: project.dir,
              env: {
                PUBLIC_SUPABASE_URL: target.url,
                PUBLIC_SUPABASE_PUBLISHABLE_KEY: "anon-key-of-a-project-that-is-not-there",
                PUBLISH_BUILD_TOKEN: "a-build-token",
                ASTRO_TELEMETRY_DISABLED: "1",
                ASTRO_CACHE_DIR: project.cacheDir,
                NODE_ENV: "production",
              },
            },
            onOutput: (text) => output.push(text),
          });
          rebuilder = real;
          await real.init();
          const poll = pollSite(site, "revision-");
          real.trigger();
          await real.idle();
          await real.close();
          const { reads, problems } = await poll.stop();
          const run = real.status().builds[0];
          const text = output.join("");
          const differs = await servedDiffers(site.url, live);
          const seconds = run
            ? ((Date.parse(run.finishedAt) - Date.parse(run.startedAt)) / 1000).toFixed(1)
            : "?";
          const ok =
            run !== undefined &&
            !run.ok &&
            // Not "exited with 0 but wrote no index.html": the build itself said no.
            !/^the build exited with 0/.test(run.error ?? "") &&
            text.includes(
              `Could not load the content table "content_revision" from ${target.url}`,
            ) &&
            text.includes("last good deploy stays live") &&
            real.status().current?.id === liveId &&
            differs === null &&
            problems.length === 0 &&
            (await leftovers(dataDir)).length === 0;
          refused(
            `npm run build against ${target.label}: ${run?.ok ? "went live" : "exited non-zero"} after ${seconds} s; ${reads} reads of the site during it, problems ${JSON.stringify(problems.slice(0, 3))}; served ${differs ?? "the previous site"}`,
            ok,
          );
          if (!ok) console.log(text.slice(-3000));
        }
      } finally {
        front.setMode("pass");
        await project.remove();
      }
    },
    LONG ? 600_000 : 240_000,
  );
});

// ---------------------------------------------------------------------------------------
// 2. The rebuilder killed in the middle of a build.

// A slow build: says its pid, then writes index.html and one page and one script at a
// time, saying "progress <k>" after each, so the test can kill it half-way.
const SLOW_BUILD = `
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const control = JSON.parse(readFileSync(join(process.argv[2], "control.json"), "utf8"));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const out = process.env.ASTRO_OUT_DIR;
console.log("pid " + process.pid);
mkdirSync(join(out, "_astro"), { recursive: true });
writeFileSync(join(out, "index.html"), "<html><body>" + control.marker + "</body></html>");
for (let k = 1; k <= control.pages; k++) {
  await sleep(control.delayMs);
  mkdirSync(join(out, control.marker + "-page-" + k), { recursive: true });
  writeFileSync(join(out, control.marker + "-page-" + k, "index.html"), "<p>" + control.marker + " page " + k + "</p>".repeat(200));
  writeFileSync(join(out, "_astro", control.marker + "-" + k + ".js"), "// " + control.marker + " " + k);
  console.log("progress " + k);
}
`;

interface Control {
  marker: string;
  pages: number;
  delayMs: number;
}

interface RebuilderEvent {
  event: string;
  status?: { current: { id: string } | null; state: string };
  run?: BuildRun;
  text?: string;
}

describe("faults: the rebuilder killed in the middle of a build", () => {
  let site: StaticServer | undefined;

  afterAll(async () => {
    await site?.close();
  });

  it("restarts on the last good site, cleans the half-built one and builds again", async () => {
    const dataDir = join(work, "killed-rebuilder");
    const buildScript = join(work, "slow-build.mjs");
    await mkdir(dataDir, { recursive: true });
    await writeFile(buildScript, SLOW_BUILD);
    const setControl = (control: Control) =>
      writeFile(join(work, "control.json"), JSON.stringify(control));
    const parse = (line: string): RebuilderEvent => JSON.parse(line) as RebuilderEvent;
    const start = async () => {
      const child = new Child([
        join(import.meta.dirname, "fault-rebuilder.ts"),
        dataDir,
        buildScript,
        work,
      ]);
      const init = parse(
        (await child.waitFor((line) => line.includes('"event":"init"'), 30_000)).line,
      );
      return { child, init };
    };
    const buildAndWait = async (child: Child, control: Control) => {
      await setControl(control);
      const from = child.lines.length;
      child.send("trigger");
      child.send("idle");
      const idle = await child.waitFor((line) => line.includes('"event":"idle"'), 60_000, from);
      const runLine = child.lines.slice(from).find((line) => line.includes('"event":"run"'));
      return { status: parse(idle.line).status, run: runLine ? parse(runLine).run : undefined };
    };

    let { child } = await start();
    const first = await buildAndWait(child, { marker: "good-0", pages: 4, delayMs: 0 });
    expect(first.run?.ok, first.run?.error).toBe(true);
    site = await startStaticServer({ siteDir: join(dataDir, "site"), port: 0, host: "127.0.0.1" });
    let good = {
      marker: "good-0",
      id: first.status?.current?.id ?? "",
      files: await tree(join(dataDir, "site")),
    };

    const rounds = scale(3, 10);
    for (let round = 1; round <= rounds; round++) {
      const half = `half-${round}`;
      const pages = 8;
      const killAt = randomInt(1, pages);
      await setControl({ marker: half, pages, delayMs: 40 });
      const poll = pollSite(site, good.marker);
      const from = child.lines.length;
      child.send("trigger");
      const pidLine = await child.waitFor((line) => line.includes("pid "), 30_000, from);
      const buildPid = Number(/pid (\d+)/.exec(pidLine.line)?.[1]);
      await child.waitFor((line) => line.includes(`progress ${killAt}`), 30_000, from);
      await child.kill("SIGKILL");
      const { reads, problems } = await poll.stop();
      const buildGone = await gone(buildPid);
      // Before any restart: the half-built folder is there, but nothing of it is served.
      const partialLeft = existsSync(
        join(dataDir, "builds", `${(Number(good.id) + 1).toString().padStart(6, "0")}.partial`),
      );
      const differs = await servedDiffers(site.url, good.files);
      const halfPage = await fetch(`${site.url}/${half}-page-1/`);
      await halfPage.body?.cancel();
      holds(
        `round ${round}: rebuilder and build (pid ${buildPid}) SIGKILLed after ${killAt} of ${pages} pages: build process gone ${buildGone}, half build on disk ${partialLeft}, ${reads} reads during the build (problems ${JSON.stringify(problems.slice(0, 3))}), served ${differs ?? "the last good site"}, half page HTTP ${halfPage.status}`,
        buildGone &&
          partialLeft &&
          differs === null &&
          problems.length === 0 &&
          halfPage.status === 404,
      );

      // The next start.
      const restarted = await start();
      child = restarted.child;
      const left = await leftovers(dataDir);
      const current = restarted.init.status?.current?.id;
      const afterRestart = await servedDiffers(site.url, good.files);
      holds(
        `round ${round}: the restarted rebuilder is on build ${current} (last good ${good.id}), leftovers ${JSON.stringify(left)}, served ${afterRestart ?? "the last good site"}`,
        current === good.id && left.length === 0 && afterRestart === null,
      );
      const next = `good-${round}`;
      const rebuilt = await buildAndWait(child, { marker: next, pages: 3, delayMs: 0 });
      const files = await tree(join(dataDir, "site"));
      const served = await servedDiffers(site.url, files);
      const html = await (await fetch(`${site.url}/`)).text();
      holds(
        `round ${round}: the next build after the restart goes live (${rebuilt.run?.error ?? "ok"}; build ${rebuilt.status?.current?.id})`,
        rebuilt.run?.ok === true &&
          html.includes(next) &&
          served === null &&
          ![...files.keys()].some((file) => file.includes(half)),
      );
      good = { marker: next, id: rebuilt.status?.current?.id ?? "", files };
    }
    child.process.stdin?.end();
    const exit = await Promise.race([child.exited, sleep(15_000).then(() => null)]);
    holds(`the rebuilder stops cleanly when asked (${JSON.stringify(exit)})`, exit?.code === 0);
  }, 180_000);

  it("the rebuilder alone killed (its build left running as an orphan) restarts cleanly", async () => {
    const dataDir = join(work, "orphaned-build");
    const buildScript = join(work, "slow-build.mjs");
    await mkdir(dataDir, { recursive: true });
    await writeFile(buildScript, SLOW_BUILD);
    const controlDir = join(work, "orphan-control");
    await mkdir(controlDir, { recursive: true });
    const setControl = (control: Control) =>
      writeFile(join(controlDir, "control.json"), JSON.stringify(control));
    const start = async () => {
      const child = new Child([
        join(import.meta.dirname, "fault-rebuilder.ts"),
        dataDir,
        buildScript,
        controlDir,
      ]);
      await child.waitFor((line) => line.includes('"event":"init"'), 30_000);
      return child;
    };
    let child = await start();
    await setControl({ marker: "good", pages: 2, delayMs: 0 });
    child.send("trigger");
    child.send("idle");
    await child.waitFor((line) => line.includes('"event":"idle"'), 60_000);
    const goodFiles = await tree(join(dataDir, "site"));
    const server = await startStaticServer({
      siteDir: join(dataDir, "site"),
      port: 0,
      host: "127.0.0.1",
    });
    try {
      await setControl({ marker: "orphan", pages: 10, delayMs: 100 });
      const from = child.lines.length;
      child.send("trigger");
      const pidLine = await child.waitFor((line) => line.includes("pid "), 30_000, from);
      const orphanPid = Number(/pid (\d+)/.exec(pidLine.line)?.[1]);
      await child.waitFor((line) => line.includes("progress 2"), 30_000, from);
      // kill -9 of the rebuilder's process only, as a careless `kill -9 <pid>` would.
      process.kill(child.pid, "SIGKILL");
      await child.exited;
      const orphanAlive = await alive(orphanPid);
      child = await start();
      // Let the orphan run to its end (or die of its broken pipe).
      const orphanGone = await gone(orphanPid, 10_000);
      if (!orphanGone) process.kill(orphanPid, "SIGKILL");
      const differs = await servedDiffers(server.url, goodFiles);
      await setControl({ marker: "recovered", pages: 2, delayMs: 0 });
      const next = child.lines.length;
      child.send("trigger");
      child.send("idle");
      await child.waitFor((line) => line.includes('"event":"idle"'), 60_000, next);
      const html = await (await fetch(`${server.url}/`)).text();
      const left = await leftovers(dataDir);
      const files = await tree(join(dataDir, "site"));
      holds(
        `rebuilder alone SIGKILLed mid-build: orphan build alive after the kill ${orphanAlive}, gone later ${orphanGone}; restarted; served ${differs ?? "the last good site"} meanwhile; next build live ${html.includes("recovered")}; leftovers ${JSON.stringify(left)}`,
        differs === null &&
          html.includes("recovered") &&
          ![...files.keys()].some((file) => file.includes("orphan-page")) &&
          left.length === 0,
      );
    } finally {
      await server.close();
      child.process.stdin?.end();
      await child.exited;
    }
  }, 120_000);

  it("npm start on a folder a kill left behind serves the last good site at once and builds again", async () => {
    const dataDir = join(work, "start-after-kill");
    // What a kill in the middle of a build leaves: the last good build linked, a
    // half-written one and a temporary link.
    const good = join(dataDir, "builds", "000001");
    await mkdir(join(good, "_astro"), { recursive: true });
    await writeFile(join(good, "index.html"), "<html><body>last good site</body></html>");
    await writeFile(join(good, "_astro", "app.js"), "// last good");
    const half = join(dataDir, "builds", "000002.partial");
    await mkdir(half, { recursive: true });
    await writeFile(join(half, "index.html"), "<html><body>half-built</body></html>");
    await symlink(join("builds", "000001"), join(dataDir, "site"), "dir");
    await symlink(join("builds", "000002"), join(dataDir, ".site-000002.tmp"), "dir");
    const goodFiles = await tree(join(dataDir, "site"));
    // The build on start must not run astro here (minutes, and this is not about astro):
    // npm start's rehearsal switch makes it fail at once, which is a failed build too.
    const reason = "abuse suite: this build fails on purpose";
    await writeFile(join(dataDir, "fail-next-build"), reason);
    const port = await freePort();
    const rebuildPort = await freePort();
    const start = new Child([join(repoRoot, "scripts", "start.ts")], {
      env: {
        DATA_DIR: dataDir,
        HOST: "127.0.0.1",
        PORT: String(port),
        API_PORT: "0",
        REBUILD_PORT: String(rebuildPort),
        FRESH_DATA: "",
        SITE_URL: `http://127.0.0.1:${port}`,
      },
    });
    const siteUrl = `http://127.0.0.1:${port}`;
    try {
      // The warm site is served before the database and API are up.
      let first: { status: number; text: string } | null = null;
      const started = performance.now();
      while (!first && performance.now() - started < 60_000) {
        try {
          const response = await fetch(`${siteUrl}/`);
          first = { status: response.status, text: await response.text() };
        } catch {
          await sleep(100);
        }
      }
      const servedAt = (performance.now() - started) / 1000;
      const tokenFile = join(dataDir, "hook.json");
      while (!existsSync(tokenFile) && performance.now() - started < 60_000) await sleep(50);
      const { token } = JSON.parse(await readFile(tokenFile, "utf8")) as { token: string };
      // Then it builds again; that build fails, and the last good site stays live.
      let status: RebuilderStatus | null = null;
      while (performance.now() - started < 120_000) {
        try {
          const response = await fetch(`http://127.0.0.1:${rebuildPort}/status/${token}`);
          status = (await response.json()) as RebuilderStatus;
          if (status && status.builds.length > 0 && status.state === "idle") break;
        } catch {
          // not listening yet
        }
        await sleep(200);
      }
      const run = status?.builds[0];
      const differs = await servedDiffers(siteUrl, goodFiles);
      const left = await leftovers(dataDir);
      holds(
        `npm start after a kill: served ${first?.status} ${JSON.stringify(first?.text.slice(12, 27))} after ${servedAt.toFixed(1)} s; built again (${run?.id} ${run?.ok ? "ok" : `failed: ${run?.error?.slice(0, 60)}`}); live ${status?.current?.id}; served ${differs ?? "the last good site"} after it; leftovers ${JSON.stringify(left)}`,
        first?.status === 200 &&
          first.text.includes("last good site") &&
          run?.id === "000003" &&
          run.ok === false &&
          (run.error ?? "").includes(reason) &&
          status?.current?.id === "000001" &&
          differs === null &&
          left.length === 0 &&
          /the previous site stays live/.test(start.stderr),
      );
      // Ctrl-C (SIGTERM here): stops cleanly.
      killGroup(start.process, "SIGTERM");
      const exit = await Promise.race([start.exited, sleep(20_000).then(() => null)]);
      holds(`npm start stops cleanly on SIGTERM (${JSON.stringify(exit)})`, exit?.code === 0);
    } finally {
      await start.kill("SIGKILL");
    }
  }, 180_000);

  it("recovers from every state a kill can leave between the steps of a build", async () => {
    const buildScript = join(work, "slow-build.mjs");
    await writeFile(buildScript, SLOW_BUILD);
    type Step = (dataDir: string) => Promise<void>;
    const makeBuild = async (dataDir: string, id: string, marker: string, suffix = "") => {
      const dir = join(dataDir, "builds", `${id}${suffix}`);
      await mkdir(join(dir, "_astro"), { recursive: true });
      await writeFile(join(dir, "index.html"), `<html><body>${marker}</body></html>`);
      await writeFile(join(dir, "_astro", `${marker}.js`), `// ${marker}`);
    };
    const link = async (dataDir: string, id: string) => {
      const temp = join(dataDir, ".site-link.tmp");
      await rm(temp, { force: true });
      await symlink(join("builds", id), temp, "dir");
      await rename(temp, join(dataDir, "site"));
    };
    // Each: what is on disk, and which build must be live after init.
    const states: Array<{ name: string; setUp: Step; live: string; marker: string }> = [
      {
        name: "killed while writing (a .partial folder with an index.html)",
        setUp: async (d) => {
          await makeBuild(d, "000001", "b1");
          await link(d, "000001");
          await makeBuild(d, "000002", "b2-half", ".partial");
        },
        live: "000001",
        marker: "b1",
      },
      {
        name: "killed after the folder was finished, before the link moved",
        setUp: async (d) => {
          await makeBuild(d, "000001", "b1");
          await link(d, "000001");
          await makeBuild(d, "000002", "b2");
        },
        live: "000001",
        marker: "b1",
      },
      {
        name: "killed inside the swap (a temporary link left)",
        setUp: async (d) => {
          await makeBuild(d, "000001", "b1");
          await link(d, "000001");
          await makeBuild(d, "000002", "b2");
          await symlink(join("builds", "000002"), join(d, ".site-000002.tmp"), "dir");
        },
        live: "000001",
        marker: "b1",
      },
      {
        name: "killed after the swap, before old builds were pruned",
        setUp: async (d) => {
          await makeBuild(d, "000001", "b1");
          await makeBuild(d, "000002", "b2");
          await makeBuild(d, "000003", "b3");
          await link(d, "000003");
        },
        live: "000003",
        marker: "b3",
      },
      {
        name: "the link points at a build that is gone",
        setUp: async (d) => {
          await makeBuild(d, "000001", "b1");
          await makeBuild(d, "000002", "b2");
          await link(d, "000005");
          await makeBuild(d, "000006", "b6-half", ".partial");
        },
        live: "000002",
        marker: "b2",
      },
      {
        name: "no site link at all",
        setUp: async (d) => {
          await makeBuild(d, "000004", "b4");
          await makeBuild(d, "000003", "b3");
        },
        live: "000004",
        marker: "b4",
      },
    ];
    for (const [index, state] of states.entries()) {
      const dataDir = join(work, `kill-state-${index}`);
      await mkdir(join(dataDir, "builds"), { recursive: true });
      await state.setUp(dataDir);
      const r = createRebuilder({
        dataDir,
        build: { command: nodeBin, args: [buildScript, dataDir] },
      });
      const server = await startStaticServer({ siteDir: r.siteDir, port: 0, host: "127.0.0.1" });
      try {
        await r.init();
        const current = r.status().current?.id;
        const left = await leftovers(dataDir);
        const html = await (await fetch(`${server.url}/`)).text();
        await writeFile(
          join(dataDir, "control.json"),
          JSON.stringify({ marker: "after", pages: 2, delayMs: 0 }),
        );
        r.trigger();
        await r.idle();
        const run = r.status().builds[0];
        const after = await (await fetch(`${server.url}/`)).text();
        const target = await readlink(join(dataDir, "site"));
        holds(
          `${state.name}: live build ${current} (want ${state.live}), leftovers ${JSON.stringify(left)}, served ${JSON.stringify(html.slice(12, 30))}; next build ${run?.id} ${run?.ok ? "went live" : `failed: ${run?.error}`} (${target})`,
          current === state.live &&
            left.length === 0 &&
            html.includes(state.marker) &&
            run?.ok === true &&
            after.includes("after") &&
            target === join("builds", run.id) &&
            (await lstat(join(dataDir, "site"))).isSymbolicLink(),
        );
      } finally {
        await r.close();
        await server.close();
      }
    }
  }, 60_000);
});

// ---------------------------------------------------------------------------------------
// 3. The embedded database killed during writes.

interface DbCheck {
  problems: string[];
  stored: number[];
  migrationsApplied: number;
  created: boolean;
}

/**
 * content_revision minus the audit log's length: every content write bumps one and
 * appends to the other in the same transaction, so it never changes between checks.
 */
let revisionGap: number | undefined;

/** Opens the folder as `npm start` does and checks what the writer left (see fault-db-writer.ts). */
async function checkDatabase(dataDir: string, tag: string, reported: number[]): Promise<DbCheck> {
  const problems: string[] = [];
  const { db, created, migrationsApplied } = await openDatabase(dataDir);
  let stored: number[] = [];
  try {
    const causes = await db.query<{ title: string; n: number }>(
      "select title, count(*)::int as n from public.causes where title like $1 group by title",
      [`${tag}-%`],
    );
    const counts = new Map(causes.rows.map((row) => [row.title, row.n]));
    for (const [title, n] of counts) if (n !== 1) problems.push(`${title} stored ${n} times`);
    stored = [...counts.keys()]
      .filter((title) => title !== `${tag}-counter`)
      .map((title) => Number(title.slice(tag.length + 1)))
      .sort((a, b) => a - b);
    const storedSet = new Set(stored);
    const missing = reported.filter((n) => !storedSet.has(n));
    if (missing.length) problems.push(`committed writes missing: ${missing.slice(0, 10)}`);
    const last = reported.at(-1) ?? 0;
    // Writes run one after another: at most the one in flight at the kill may be there
    // unreported (committed, killed before it said so).
    const max = stored.at(-1) ?? 0;
    if (max > last + 1) problems.push(`writes beyond the last committed one: ${max} > ${last} + 1`);
    for (let n = 1; n <= max; n++) {
      if (!storedSet.has(n)) problems.push(`gap: write ${n} missing below ${max}`);
    }
    // Two-row transactions: both rows or neither.
    const gallery = await db.query<{ title: string; n: number }>(
      "select title, count(*)::int as n from public.gallery_images where title like $1 group by title",
      [`${tag}-%`],
    );
    const galleryCounts = new Map(gallery.rows.map((row) => [row.title, row.n]));
    for (const n of stored) {
      const want = n % 3 === 1 ? 1 : 0;
      const got = galleryCounts.get(`${tag}-${n}`) ?? 0;
      if (got !== want) problems.push(`transaction ${n} half there: gallery rows ${got}`);
    }
    for (const title of galleryCounts.keys()) {
      if (!storedSet.has(Number(title.slice(tag.length + 1)))) {
        problems.push(`gallery row ${title} without its cause`);
      }
    }
    // The counter row holds the last stored write of kind 2.
    const counter = await db.query<{ sort_order: number }>(
      "select sort_order from public.causes where title = $1",
      [`${tag}-counter`],
    );
    const lastKind2 = [...stored].reverse().find((n) => n % 3 === 2);
    const counterValue = counter.rows[0]?.sort_order;
    if (lastKind2 !== undefined && counterValue !== lastKind2 % 100_000) {
      problems.push(`counter ${counterValue}, expected ${lastKind2}`);
    }
    // The triggers wrote in the same transactions: one audit entry per row written,
    // and the revision moved with them.
    const audit = await db.query<{ n: number }>(
      `select count(*)::int as n from public.audit_log
        where table_name in ('causes', 'gallery_images') and new_data ->> 'title' like $1`,
      [`${tag}-%`],
    );
    const kind1 = stored.filter((n) => n % 3 === 1).length;
    const kind2 = stored.filter((n) => n % 3 === 2).length;
    // Inserts of every stored row, the counter's insert, and one update per kind-2 write.
    const expectedAudit = stored.length + kind1 + 1 + kind2;
    if (audit.rows[0]?.n !== expectedAudit) {
      problems.push(`audit entries ${audit.rows[0]?.n}, expected ${expectedAudit}`);
    }
    const revision = await db.query<{ gap: number }>(
      "select (select revision from public.content_revision) - (select count(*) from public.audit_log) as gap",
    );
    revisionGap ??= revision.rows[0]?.gap;
    if (revision.rows[0]?.gap !== revisionGap) {
      problems.push(`revision and audit log out of step (${revision.rows[0]?.gap})`);
    }
    // Every table reads, by a full scan and, where there is one, through its indexes.
    const tables = await db.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and n.nspname in ('public', 'private', 'auth', 'storage', 'supabase_migrations')`,
    );
    for (const { name } of tables.rows) {
      try {
        await db.exec(
          "set enable_indexscan = off; set enable_bitmapscan = off; set enable_indexonlyscan = off",
        );
        const seq = await db.query<{ n: number }>(`select count(*)::int as n from ${name}`);
        await db.exec(
          "set enable_seqscan = off; set enable_indexscan = on; set enable_bitmapscan = on; set enable_indexonlyscan = on",
        );
        const indexed = await db.query<{ n: number }>(`select count(*)::int as n from ${name}`);
        if (seq.rows[0]?.n !== indexed.rows[0]?.n) {
          problems.push(`${name}: ${seq.rows[0]?.n} rows by scan, ${indexed.rows[0]?.n} by index`);
        }
      } catch (error) {
        problems.push(`${name}: ${(error as Error).message}`);
      } finally {
        await db.exec(
          "reset enable_seqscan; reset enable_indexscan; reset enable_bitmapscan; reset enable_indexonlyscan",
        );
      }
    }
    const migrations = await db.query<{ version: string }>(
      "select version from supabase_migrations.schema_migrations order by version",
    );
    const want = (await listMigrations()).map((m) => m.version);
    if (JSON.stringify(migrations.rows.map((row) => row.version)) !== JSON.stringify(want)) {
      problems.push("the migrations table does not list every migration");
    }
  } finally {
    await db.close();
  }
  // Every B-tree index against its table (amcheck; heapallindexed: every row is indexed).
  const check = new PGlite(join(dataDir, "db"), { extensions: { amcheck } });
  try {
    await check.exec("create extension if not exists amcheck");
    const indexes = await check.query<{ index: string }>(
      `select c.oid::regclass::text as index from pg_index i
         join pg_class c on c.oid = i.indexrelid
         join pg_am a on a.oid = c.relam
         join pg_namespace n on n.oid = c.relnamespace
        where a.amname = 'btree' and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`,
    );
    for (const { index } of indexes.rows) {
      try {
        await check.query("select bt_index_check($1::regclass, true)", [index]);
      } catch (error) {
        problems.push(`index ${index}: ${(error as Error).message}`);
      }
    }
    if (indexes.rows.length < 10) problems.push(`only ${indexes.rows.length} indexes checked`);
    await check.exec("drop extension amcheck");
  } finally {
    await check.close();
  }
  return { problems, stored, migrationsApplied, created };
}

describe("faults: the embedded database killed during writes", () => {
  it("keeps every committed write, whole, and nothing corrupt, kill after kill", async () => {
    const dataDir = join(work, "killed-db");
    await mkdir(dataDir, { recursive: true });
    const tag = "fault";
    const reported: number[] = [];
    const kills = scale(3, 15);
    for (let round = 1; round <= kills; round++) {
      const first = (reported.at(-1) ?? 0) + 1;
      const writer = new Child([
        join(import.meta.dirname, "fault-db-writer.ts"),
        dataDir,
        tag,
        String(first),
      ]);
      await writer.waitFor((line) => line.startsWith("ready "), 60_000);
      // A random moment once writes are under way.
      const delay = randomInt(20, 700);
      await sleep(delay);
      await writer.kill("SIGKILL");
      const committed = writer.lines
        .filter((line) => line.startsWith("committed "))
        .map((line) => Number(line.slice("committed ".length)));
      // The last write may have committed unreported; the next run continues after it.
      reported.push(...committed);
      const result = await checkDatabase(dataDir, tag, reported);
      holds(
        `kill ${round} after ${delay} ms and ${committed.length} more commits (${reported.length} in all): ${result.problems.length ? result.problems.slice(0, 5).join("; ") : "all there, nothing corrupt"}`,
        result.problems.length === 0 && result.migrationsApplied === 0 && !result.created,
      );
      const max = result.stored.at(-1) ?? 0;
      if (max > (reported.at(-1) ?? 0)) reported.push(max);
    }
  }, 240_000);

  it("a first run killed between initdb and the seed is created again on the next start", async () => {
    const rounds = scale(1, 4);
    for (let round = 1; round <= rounds; round++) {
      const dataDir = join(work, `killed-first-run-${round}`);
      await mkdir(dataDir, { recursive: true });
      const writer = new Child([
        join(import.meta.dirname, "fault-db-writer.ts"),
        dataDir,
        "first",
        "1",
      ]);
      const dbDir = join(dataDir, "db");
      // Kill once initdb has made the database (PG_VERSION), before or while the
      // bootstrap, migrations and seed run.
      const started = performance.now();
      while (!existsSync(join(dbDir, "PG_VERSION")) && performance.now() - started < 60_000) {
        await sleep(5);
      }
      await sleep(round === 1 ? 0 : randomInt(0, 800));
      const markerAtKill = existsSync(join(dbDir, ".creating"));
      await writer.kill("SIGKILL");
      const { db, created } = await openDatabase(dataDir);
      try {
        const banners = await db.query<{ n: number }>(
          "select count(*)::int as n from public.banners",
        );
        const migrations = await db.query<{ n: number }>(
          "select count(*)::int as n from supabase_migrations.schema_migrations",
        );
        const want = (await listMigrations()).length;
        const seeded = (banners.rows[0]?.n ?? 0) > 0;
        holds(
          `first run killed ${markerAtKill ? "before its seed committed" : "after it finished"}: reopened ${created ? "by creating it again" : "as it was"}, ${banners.rows[0]?.n} seed banners, ${migrations.rows[0]?.n}/${want} migrations`,
          seeded &&
            migrations.rows[0]?.n === want &&
            created === markerAtKill &&
            !existsSync(join(dbDir, ".creating")) &&
            (round > 1 || markerAtKill),
        );
      } finally {
        await db.close();
      }
    }
  }, 240_000);
});

// ---------------------------------------------------------------------------------------
// 4. An Edge Function that throws.

// One function misbehaving as ?mode= says, answering normally for ?mode=ok.
const FAULTY_FUNCTION = `
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const handler = async (mode: string | null): Promise<Response> => {
  switch (mode) {
    case "ok":
      return Response.json({ ok: true, pid: Deno.pid });
    case "throw":
      throw new Error("faulty: thrown at once");
    case "reject":
      await sleep(20);
      throw new TypeError("faulty: rejected later");
    case "throw-string":
      throw "faulty: not even an Error";
    case "bad-status":
      return new Response("x", { status: 1000 });
    case "not-response":
      return { hello: "not a Response" } as unknown as Response;
    case "undefined":
      return undefined as unknown as Response;
    case "hang":
      return await new Promise<Response>(() => {});
    case "spin":
      for (;;) {}
    case "exit":
      Deno.exit(1);
    case "uncaught-later":
      setTimeout(() => { throw new Error("faulty: uncaught in a timer"); }, 10);
      return await new Promise<Response>(() => {});
    case "reject-after-answer":
      Promise.reject(new Error("faulty: unhandled rejection after the answer"));
      return Response.json({ answered: true });
    default:
      return Response.json({ error: "unknown mode" }, { status: 400 });
  }
};
Deno.serve((req: Request) => {
  const mode = new URL(req.url).searchParams.get("mode");
  if (mode === "sync-not-response") return "not a Response" as unknown as Response;
  return handler(mode);
});
`;

interface FunctionCase {
  mode: string;
  label: string;
  /** Accepts the answer as the clear error this fault must give. */
  clear(status: number, body: string): boolean;
  /**
   * The process dies just after answering: a call that reaches it in that moment gets a
   * clear WORKER_ERROR (it cannot be resent: the function may have acted on it), and the
   * call after that must work.
   */
  diesAfterAnswer?: boolean;
}

const runtime500 = (status: number, body: string) =>
  status === 500 && body === "Internal Server Error";
const workerError = (status: number, body: string) =>
  status === 500 && /"code":"WORKER_ERROR"/.test(body) && /exited due to an error/.test(body);
const idleTimeout = (status: number, body: string) =>
  status === 504 && /"code":"IDLE_TIMEOUT"/.test(body) && /did not respond within/.test(body);

const FUNCTION_CASES: FunctionCase[] = [
  { mode: "throw", label: "throws synchronously", clear: runtime500 },
  { mode: "reject", label: "rejects asynchronously", clear: runtime500 },
  { mode: "throw-string", label: "throws a non-Error", clear: runtime500 },
  { mode: "bad-status", label: "builds a Response with status 1000", clear: runtime500 },
  { mode: "sync-not-response", label: "returns a plain object (sync handler)", clear: runtime500 },
  // Deno itself (2.x) does not route an async handler's non-Response to onError: it is an
  // uncaught rejection that ends the process, either before the answer (the gateway then
  // answers WORKER_ERROR) or just after Deno's own 500, so the next call may meet the
  // dying process.
  {
    mode: "not-response",
    label: "resolves to a plain object",
    clear: (status, body) => runtime500(status, body) || workerError(status, body),
    diesAfterAnswer: true,
  },
  {
    mode: "undefined",
    label: "resolves to nothing",
    clear: (status, body) => runtime500(status, body) || workerError(status, body),
    diesAfterAnswer: true,
  },
  { mode: "hang", label: "never answers", clear: idleTimeout },
  { mode: "spin", label: "spins in a busy loop", clear: idleTimeout },
  { mode: "exit", label: "exits the process", clear: workerError },
  { mode: "uncaught-later", label: "dies of an uncaught error in a timer", clear: workerError },
  {
    mode: "reject-after-answer",
    label: "answers, then leaves an unhandled rejection",
    clear: (status, body) =>
      (status === 200 && body.includes("answered")) || workerError(status, body),
    diesAfterAnswer: true,
  },
];

describe("faults: an Edge Function that throws", () => {
  let server: Awaited<ReturnType<typeof listen>> | undefined;
  let closeFunctions: (() => Promise<void>) | undefined;
  let keys: ProjectKeys;
  let base = "";
  const IDLE_MS = 2500;

  beforeAll(async () => {
    const functionsDir = join(work, "functions");
    await mkdir(join(functionsDir, "faulty"), { recursive: true });
    await writeFile(join(functionsDir, "faulty", "index.ts"), FAULTY_FUNCTION);
    await mkdir(join(functionsDir, "broken"), { recursive: true });
    await writeFile(
      join(functionsDir, "broken", "index.ts"),
      'throw new Error("broken: this function fails while loading");\n',
    );
    keys = await ephemeralKeys();
    const functions = functionRoutes(
      {
        db: {} as PGliteInterface, // functions never touch the database here
        keys,
        publicUrl: "http://127.0.0.1:1",
        storageDir: join(work, "no-storage"),
        functionsDir,
        functionSecrets: {},
      },
      { idleTimeoutMs: IDLE_MS },
    );
    closeFunctions = functions.close;
    server = await listen(new Hono().route("/functions/v1", functions.app), 0, "127.0.0.1");
    base = `http://127.0.0.1:${server.port}/functions/v1`;
  }, 30_000);

  afterAll(async () => {
    await closeFunctions?.();
    await server?.close();
  });

  async function call(name: string, mode: string) {
    const started = performance.now();
    const response = await fetch(`${base}/${name}?mode=${mode}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${keys.anonKey}`,
        apikey: keys.anonKey,
        "content-type": "application/json",
      },
      body: "{}",
      // Longer than the idle timeout: a hung request shows up as an error here.
      signal: AbortSignal.timeout(IDLE_MS + 20_000),
    });
    const body = await response.text();
    return { status: response.status, body, ms: performance.now() - started };
  }

  /** Every function process seen, to check none is left behind. */
  const pids = new Set<number>();
  const pidOf = (body: string) => Number(/"pid":(\d+)/.exec(body)?.[1] ?? 0);

  it("answers every fault with a clear 5xx, and the next call works", async () => {
    const warm = await call("faulty", "ok");
    expect(warm.status, warm.body).toBe(200);
    let pid = pidOf(warm.body);
    pids.add(pid);
    for (const fault of FUNCTION_CASES) {
      try {
        const answer = await call("faulty", fault.mode);
        const clear = fault.clear(answer.status, answer.body);
        holds(
          `a function that ${fault.label}: HTTP ${answer.status} ${answer.body.slice(0, 120)} in ${answer.ms.toFixed(0)} ms`,
          clear,
        );
        let next = await call("faulty", "ok");
        let caughtDying = "";
        if (fault.diesAfterAnswer && workerError(next.status, next.body)) {
          caughtDying = " (after one clear WORKER_ERROR from the dying process)";
          next = await call("faulty", "ok");
        }
        const nextPid = pidOf(next.body);
        // An answer without a pid (an error) says nothing of the process: 0 is no pid.
        if (nextPid === 0) throw new Error(`no process answered: HTTP ${next.status} ${next.body}`);
        pids.add(nextPid);
        // A process that died, hung or spun is replaced, and the old one is gone.
        const oldGone = nextPid === pid || (await gone(pid, 10_000));
        holds(
          `the call after one that ${fault.label}${caughtDying}: HTTP ${next.status} ${next.body.slice(0, 80)}; ${nextPid === pid ? "same process" : `new process, the old one ${oldGone ? "gone" : "STILL RUNNING"}`}`,
          next.status === 200 && next.body.includes('"ok":true') && oldGone,
        );
        pid = nextPid;
      } catch (error) {
        tally.error(`a function that ${fault.label}`, error);
      }
    }
  }, 120_000);

  it("a hung call does not hold up other calls to the same function", async () => {
    const hung = call("faulty", "hang");
    await sleep(200);
    const others = await Promise.all([
      call("faulty", "ok"),
      call("faulty", "ok"),
      call("faulty", "throw"),
    ]);
    for (const other of others) pids.add(pidOf(other.body));
    const hungAnswer = await hung;
    holds(
      `calls beside a hung one: ${others.map((o) => `${o.status} in ${o.ms.toFixed(0)} ms`).join(", ")}; the hung one ${hungAnswer.status}`,
      others[0]?.status === 200 &&
        others[1]?.status === 200 &&
        others[2]?.status === 500 &&
        others.every((o) => o.ms < IDLE_MS) &&
        idleTimeout(hungAnswer.status, hungAnswer.body),
    );
  }, 60_000);

  it("a function that throws while loading answers 503 BOOT_ERROR each time", async () => {
    for (let i = 1; i <= 2; i++) {
      const answer = await call("broken", "ok");
      let body: { code?: string; message?: string; details?: string } = {};
      try {
        body = JSON.parse(answer.body);
      } catch {
        // not JSON: fails below
      }
      holds(
        `call ${i} of a function that throws while loading: HTTP ${answer.status} ${body.code}`,
        answer.status === 503 &&
          body.code === "BOOT_ERROR" &&
          body.message === "Function failed to start (please check logs)" &&
          /fails while loading/.test(body.details ?? ""),
      );
    }
  }, 60_000);

  it("supabase-js callers get a FunctionsHttpError with the answer", async () => {
    const client = createClient(base.replace(/\/functions\/v1$/, ""), keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    for (const mode of ["throw", "exit"]) {
      const { data, error } = await client.functions.invoke(`faulty?mode=${mode}`, { body: {} });
      const response = error instanceof FunctionsHttpError ? (error.context as Response) : null;
      holds(
        `functions.invoke of a function that ${mode}s: ${error?.name} HTTP ${response?.status}`,
        data === null && response !== null && response.status === 500,
      );
    }
  }, 60_000);

  it("closing the functions host leaves no function process behind", async () => {
    await closeFunctions?.();
    closeFunctions = undefined;
    const left: number[] = [];
    for (const pid of pids) if (pid && !(await gone(pid, 5000))) left.push(pid);
    holds(
      `after close, of ${pids.size} function processes ${left.length} still run`,
      left.length === 0,
    );
  }, 30_000);
});

describe("faults", () => {
  it("reports", () => {
    tally.report();
  });
});
