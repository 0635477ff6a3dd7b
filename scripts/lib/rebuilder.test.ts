import {
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  symlink,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createRebuilder, type Rebuilder } from "./rebuilder.ts";

// A stand-in for `astro build`: reads what to do from control.json, logs each run,
// and writes index.html slowly, in pieces, so a half-written file would be seen.
const FAKE_BUILD = `
import { appendFileSync, mkdirSync, readFileSync, writeFileSync, appendFileSync as add } from "node:fs";
import { join } from "node:path";
const dir = process.argv[2];
const control = JSON.parse(readFileSync(join(dir, "control.json"), "utf8"));
appendFileSync(join(dir, "runs.log"), control.marker + "\\n");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
for (let i = 0; i < (control.lines ?? 0); i++) console.log("output line " + i);
await sleep(control.sleepMs ?? 0);
if (control.fail) { console.error("the build broke: " + control.marker); process.exit(1); }
const out = process.env.ASTRO_OUT_DIR;
if (control.noIndex) { mkdirSync(out, { recursive: true }); process.exit(0); }
mkdirSync(join(out, "_astro"), { recursive: true });
writeFileSync(join(out, "_astro", "app." + control.marker + ".js"), "// " + control.marker);
const index = join(out, "index.html");
writeFileSync(index, "<html><body>" + control.marker);
for (let i = 0; i < 5; i++) { await sleep(2); add(index, " ".repeat(1000)); }
add(index, "</body></html>");
`;

interface Control {
  marker: string;
  fail?: boolean;
  sleepMs?: number;
  lines?: number;
  noIndex?: boolean;
}

let work: string;
let dataDir: string;
let rebuilder: Rebuilder | undefined;

async function setControl(control: Control): Promise<void> {
  await writeFile(join(work, "control.json"), JSON.stringify(control));
}

async function runsLogged(): Promise<string[]> {
  const log = await readFile(join(work, "runs.log"), "utf8").catch(() => "");
  return log.split("\n").filter(Boolean);
}

async function make(): Promise<Rebuilder> {
  rebuilder = createRebuilder({
    dataDir,
    build: { command: process.execPath, args: [join(work, "fake-build.mjs"), work] },
  });
  await rebuilder.init();
  return rebuilder;
}

async function build(r: Rebuilder, control: Control): Promise<void> {
  await setControl(control);
  r.trigger();
  await r.idle();
}

const siteIndex = () => readFile(join(dataDir, "site", "index.html"), "utf8");
const buildFolders = async () => (await readdir(join(dataDir, "builds"))).sort();

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), "rebuilder-test-"));
  dataDir = join(work, "data");
  await writeFile(join(work, "fake-build.mjs"), FAKE_BUILD);
});

afterEach(async () => {
  await rebuilder?.close();
  rebuilder = undefined;
  await rm(work, { recursive: true, force: true });
});

// Each test runs real processes; a busy machine can make them slow.
describe("rebuilder", { timeout: 30_000 }, () => {
  it("builds into a new folder and points site at it", async () => {
    const r = await make();
    expect(r.status().current).toBeNull();
    await build(r, { marker: "first" });

    const status = r.status();
    expect(status.state).toBe("idle");
    expect(status.current?.id).toBe("000001");
    expect(Number.isNaN(Date.parse(status.current?.builtAt ?? ""))).toBe(false);
    expect(status.lastError).toBeNull();
    expect(status.builds).toHaveLength(1);
    expect(status.builds[0]).toMatchObject({ id: "000001", ok: true });
    expect(await siteIndex()).toContain("first");
    expect((await lstat(join(dataDir, "site"))).isSymbolicLink()).toBe(true);
    expect(await readlink(join(dataDir, "site"))).toBe(join("builds", "000001"));
  });

  it("swaps atomically: a reader never sees a missing or half-written page", async () => {
    const r = await make();
    await build(r, { marker: "build-0" });

    let reading = true;
    let reads = 0;
    const problems: string[] = [];
    const seen = new Set<string>();
    const reader = (async () => {
      while (reading) {
        try {
          const html = await siteIndex();
          reads++;
          if (!html.endsWith("</body></html>")) problems.push(`partial: ${html.length} bytes`);
          seen.add(/build-\d+/.exec(html)?.[0] ?? "?");
        } catch (error) {
          problems.push((error as Error).message);
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (let i = 1; i <= 5; i++) await build(r, { marker: `build-${i}` });
    reading = false;
    await reader;

    expect(problems).toEqual([]);
    expect(reads).toBeGreaterThan(20);
    expect(seen.size).toBeGreaterThan(1);
    expect(await siteIndex()).toContain("build-5");
  });

  it("keeps the current and the previous build and deletes older ones", async () => {
    const r = await make();
    for (let i = 1; i <= 4; i++) await build(r, { marker: `b${i}` });
    expect(await buildFolders()).toEqual(["000003", "000004"]);
    // The previous build's assets stay reachable for a page loaded just before the swap.
    expect(
      await readFile(join(dataDir, "builds", "000003", "_astro", "app.b3.js"), "utf8"),
    ).toContain("b3");
  });

  it("coalesces triggers during a build into exactly one more build", async () => {
    const r = await make();
    await setControl({ marker: "slow", sleepMs: 400 });
    expect(r.trigger().state).toBe("building");
    for (let i = 0; i < 10; i++) {
      const status = r.trigger();
      expect(status.state).toBe("building");
      expect(status.pending).toBe(true);
    }
    await r.idle();
    expect(await runsLogged()).toEqual(["slow", "slow"]);
    expect(r.status()).toMatchObject({ state: "idle", pending: false, current: { id: "000002" } });

    // Idle again: the next trigger starts a build at once.
    await setControl({ marker: "later" });
    expect(r.trigger()).toMatchObject({ state: "building", pending: false });
    await r.idle();
    expect(await runsLogged()).toEqual(["slow", "slow", "later"]);
  });

  it("keeps serving the previous site when a build fails, and records the end of its output", async () => {
    const r = await make();
    await build(r, { marker: "good" });
    await build(r, { marker: "bad", fail: true, lines: 60 });

    const status = r.status();
    expect(status.current?.id).toBe("000001");
    expect(await siteIndex()).toContain("good");
    expect(status.builds[0]).toMatchObject({ id: "000002", ok: false });
    expect(status.lastError).toContain("the build broke: bad");
    expect(status.lastError).toContain("output line 59");
    expect(status.lastError).not.toContain("output line 10\n");
    expect(status.lastError?.split("\n").length).toBeLessThanOrEqual(40);
    expect(status.builds[0]?.error).toBe(status.lastError);
    expect(await buildFolders()).toEqual(["000001"]);

    await build(r, { marker: "fixed" });
    expect(r.status().lastError).toBeNull();
    expect(await siteIndex()).toContain("fixed");
  });

  it("treats a build that writes no index.html as failed", async () => {
    const r = await make();
    await build(r, { marker: "good" });
    await build(r, { marker: "empty", noIndex: true });
    expect(r.status().current?.id).toBe("000001");
    expect(r.status().lastError).toContain("no index.html");
  });

  it("cleans up after a killed build on startup and keeps the last good site", async () => {
    const builds = join(dataDir, "builds");
    await mkdir(join(builds, "000001"), { recursive: true });
    await writeFile(join(builds, "000001", "index.html"), "old");
    await mkdir(join(builds, "000002"), { recursive: true });
    await writeFile(join(builds, "000002", "index.html"), "good</body></html>");
    await mkdir(join(builds, "000003.partial", "_astro"), { recursive: true });
    await writeFile(join(builds, "000003.partial", "index.html"), "<html><body>half");
    await symlink(join("builds", "000002"), join(dataDir, "site"));
    // A run killed between making its new link and renaming it over `site`.
    await symlink(join("builds", "000003.partial"), join(dataDir, ".site-000003.tmp"));

    const r = await make();
    expect(r.status().current?.id).toBe("000002");
    expect(await siteIndex()).toBe("good</body></html>");
    expect(await buildFolders()).toEqual(["000001", "000002"]);
    expect((await readdir(dataDir)).filter((name) => name.endsWith(".tmp"))).toEqual([]);

    await build(r, { marker: "next" });
    expect(r.status().current?.id).toBe("000004");
    expect(await buildFolders()).toEqual(["000002", "000004"]);
  });

  it("points a missing or dangling site link at the newest finished build", async () => {
    const builds = join(dataDir, "builds");
    for (const id of ["000004", "000005"]) {
      await mkdir(join(builds, id), { recursive: true });
      await writeFile(join(builds, id, "index.html"), id);
    }
    await symlink(join("builds", "000009"), join(dataDir, "site"));
    const r = await make();
    expect(r.status().current?.id).toBe("000005");
    expect(await siteIndex()).toBe("000005");
  });

  it("stops a running build on close and leaves no half-built folder", async () => {
    const r = await make();
    await build(r, { marker: "good" });
    await setControl({ marker: "endless", sleepMs: 60_000 });
    r.trigger();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    await r.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await buildFolders()).toEqual(["000001"]);
    expect(await siteIndex()).toContain("good");
    expect(r.trigger().state).toBe("idle");
  });
});
