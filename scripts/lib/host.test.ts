// The local host's stages and faults: what reaches the site, what the host says in its
// deploy notifications, and how faults are read.
import { mkdtemp, readFile, readlink, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { DeployNotice } from "./deploy-notice.ts";
import { FAULT_FILE, type HostFault, parseFault, takeFault } from "./host-faults.ts";
import { createRebuilder, type Rebuilder } from "./rebuilder.ts";

// A stand-in for the site's build: logs its CONTEXT, waits, writes index.html.
const FAKE_BUILD = `
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
const [dir, marker, sleepMs] = process.argv.slice(2);
appendFileSync(join(dir, "runs.log"), (process.env.CONTEXT ?? "") + "\\n");
await new Promise((resolve) => setTimeout(resolve, Number(sleepMs)));
const out = process.env.ASTRO_OUT_DIR;
mkdirSync(out, { recursive: true });
writeFileSync(join(out, "index.html"), "<html>" + marker + "</html>");
`;

let work: string;
let dataDir: string;
let host: Rebuilder | undefined;
let notices: DeployNotice[];

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), "host-test-"));
  dataDir = join(work, "data");
  notices = [];
  await writeFile(join(work, "fake-build.mjs"), FAKE_BUILD);
});

afterEach(async () => {
  await host?.close();
  host = undefined;
  await rm(work, { recursive: true, force: true });
});

async function start(marker: string, options: { sleepMs?: number; deployDelayMs?: number } = {}) {
  host = createRebuilder({
    dataDir,
    build: {
      command: process.execPath,
      args: [join(work, "fake-build.mjs"), work, marker, String(options.sleepMs ?? 0)],
      env: { BUILD_FAIL_FILE: join(work, "fail-next-build") },
    },
    deployDelayMs: options.deployDelayMs,
    notify: async (deploy) => {
      notices.push(deploy);
    },
  });
  await host.init();
  return host;
}

async function served(): Promise<string> {
  return readFile(join(dataDir, "site", "index.html"), "utf8").catch(() => "(nothing)");
}

async function contexts(): Promise<string[]> {
  return (await readFile(join(work, "runs.log"), "utf8").catch(() => ""))
    .split("\n")
    .filter(Boolean);
}

async function buildWith(fault: HostFault | null) {
  const h = host as Rebuilder;
  h.trigger(fault);
  await h.idle();
  return h.status().builds[0];
}

describe("the host's stages", () => {
  it("a good build is deployed to production and the host says so", async () => {
    await start("one");
    const run = await buildWith(null);
    expect(run?.ok).toBe(true);
    expect(await served()).toContain("one");
    expect(await contexts()).toEqual(["production"]);
    // The deploy was created when its build started.
    expect(notices).toEqual([
      { id: run?.id, state: "ready", context: "production", created_at: run?.startedAt },
    ]);
  });

  it("deploys after the delay it is given, serving the old site meanwhile", async () => {
    await start("first");
    await buildWith(null);
    await host?.close();
    await start("second", { deployDelayMs: 600 });
    const began = performance.now();
    host?.trigger();
    await vi.waitFor(async () => expect(await contexts()).toHaveLength(2));
    expect(await served()).toContain("first");
    await host?.idle();
    expect(performance.now() - began).toBeGreaterThanOrEqual(600);
    expect(await served()).toContain("second");
  });

  it("deploy-fail: a good build never reaches the site, and the host says why", async () => {
    await start("good");
    await buildWith(null);
    const run = await buildWith({ name: "deploy-fail" });
    expect(run?.ok).toBe(false);
    expect(run?.error).toBe("Failed during stage 'Deploy site': the upload failed.");
    expect(await served()).toContain("good");
    expect(notices.at(-1)).toMatchObject({ state: "error", context: "production" });
    expect(notices.at(-1)?.error_message).toContain("the upload failed");
  });

  it("install-fail: the build never runs", async () => {
    await start("x");
    const run = await buildWith({ name: "install-fail" });
    expect(run?.ok).toBe(false);
    expect(await contexts()).toEqual([]);
    expect(notices).toEqual([
      expect.objectContaining({
        state: "error",
        error_message: expect.stringContaining("Install"),
      }),
    ]);
  });

  it("cancel: the host stops a running build", async () => {
    await start("slow", { sleepMs: 20_000 });
    const began = performance.now();
    const run = await buildWith({ name: "cancel" });
    expect(performance.now() - began).toBeLessThan(10_000);
    expect(run).toMatchObject({ ok: false, error: "Build was canceled." });
    expect(await served()).toBe("(nothing)");
    expect(notices.at(-1)).toMatchObject({ state: "error", error_message: "Build was canceled." });
  });

  it("build-fail: the build is told to fail", async () => {
    await start("x");
    await buildWith({ name: "build-fail" });
    expect(await readFile(join(work, "fail-next-build"), "utf8")).toContain("host fault");
  });

  it("preview: built as a deploy preview, never deployed to production", async () => {
    await start("live");
    await buildWith(null);
    const link = await readlink(join(dataDir, "site"));
    const run = await buildWith({ name: "preview" });
    expect(run?.ok).toBe(true);
    expect(await contexts()).toEqual(["production", "deploy-preview"]);
    expect(await readlink(join(dataDir, "site"))).toBe(link);
    expect(notices.at(-1)).toMatchObject({ state: "ready", context: "deploy-preview" });
  });
});

describe("host faults", () => {
  it("reads each fault, and slow-deploy's delay", () => {
    expect(parseFault("never-start")).toEqual({ name: "never-start" });
    expect(parseFault(" slow-deploy \n")).toEqual({ name: "slow-deploy", delayMs: 20_000 });
    expect(parseFault("slow-deploy 1500")).toEqual({ name: "slow-deploy", delayMs: 1500 });
    expect(parseFault("")).toBeNull();
    for (const bad of ["explode", "cancel now", "slow-deploy soon", "slow-deploy -5"]) {
      expect(() => parseFault(bad), bad).toThrow();
    }
  });

  it("takes the fault file once, then HOST_FAULT every time; a bad one is said and ignored", async () => {
    await writeFile(join(work, FAULT_FILE), "deploy-fail\n");
    const env = { HOST_FAULT: "slow-deploy 10" };
    expect(await takeFault(work, env)).toEqual({ name: "deploy-fail" });
    await expect(stat(join(work, FAULT_FILE))).rejects.toThrow();
    expect(await takeFault(work, env)).toEqual({ name: "slow-deploy", delayMs: 10 });
    expect(await takeFault(work, {})).toBeNull();
    const warnings: string[] = [];
    await writeFile(join(work, FAULT_FILE), "explode");
    expect(await takeFault(work, {}, (message) => warnings.push(message))).toBeNull();
    expect(warnings[0]).toContain('"explode" is not a host fault');
  });
});

describe("netlify mode", () => {
  // A small repository whose build writes dist/ and counts its runs in
  // node_modules/.astro, where Astro keeps its cache.
  const BUILD = `
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
mkdirSync("node_modules/.astro", { recursive: true });
const count = existsSync("node_modules/.astro/builds") ? Number(readFileSync("node_modules/.astro/builds", "utf8")) : 0;
writeFileSync("node_modules/.astro/builds", String(count + 1));
if (existsSync("leftover.txt")) throw new Error("a file of an earlier build survived");
writeFileSync("leftover.txt", "x");
mkdirSync("dist", { recursive: true });
writeFileSync("dist/index.html", "<html>" + process.env.CONTEXT + " cached-builds=" + count + " " + readFileSync("message.txt", "utf8") + "</html>");
`;

  async function repository(): Promise<string> {
    const repo = join(work, "repo");
    const { execFileSync } = await import("node:child_process");
    const { mkdir } = await import("node:fs/promises");
    await mkdir(repo, { recursive: true });
    await writeFile(
      join(repo, "package.json"),
      JSON.stringify({
        name: "fake-site",
        private: true,
        type: "module",
        scripts: { build: "node build.mjs" },
      }),
    );
    await writeFile(join(repo, "build.mjs"), BUILD);
    await writeFile(join(repo, "message.txt"), "committed");
    await writeFile(join(repo, ".gitignore"), "ignored.txt\n");
    await writeFile(join(repo, "ignored.txt"), "never copied");
    execFileSync("git", ["init", "-q"], { cwd: repo });
    execFileSync("git", ["add", "."], { cwd: repo });
    return repo;
  }

  it("builds in a fresh copy with an install, keeps only node_modules (Astro's cache inside) between builds", async () => {
    const repo = await repository();
    host = createRebuilder({
      dataDir,
      build: { command: "unused", args: [], env: {} },
      netlify: { repoDir: repo, hostDir: join(work, "host") },
      notify: async (deploy) => {
        notices.push(deploy);
      },
    });
    await host.init();
    const first = await buildWith(null);
    expect(first, first?.error).toMatchObject({ ok: true });
    expect(await served()).toContain("production cached-builds=0 committed");
    // An uncommitted change travels as a push would; the ignored file does not.
    await writeFile(join(repo, "message.txt"), "edited");
    const second = await buildWith(null);
    expect(second, second?.error).toMatchObject({ ok: true });
    expect(await served()).toContain("production cached-builds=1 edited");
    await expect(stat(join(work, "host", "work"))).rejects.toThrow();
    expect(notices.map((n) => n.state)).toEqual(["ready", "ready"]);
  }, 120_000);

  it("an install that fails stops the build, and the site stays", async () => {
    const repo = await repository();
    host = createRebuilder({
      dataDir,
      build: { command: "unused", args: [], env: {} },
      netlify: {
        repoDir: repo,
        hostDir: join(work, "host"),
        install: { command: process.execPath, args: ["-e", "process.exit(3)"] },
      },
    });
    await host.init();
    const run = await buildWith(null);
    expect(run?.ok).toBe(false);
    expect(run?.error).toContain("Failed during stage 'Install dependencies'");
    expect(await served()).toBe("(nothing)");
  }, 60_000);
});
