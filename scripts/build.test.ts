// `npm run build` as each host runs it: which builds report to the publish function.
// The build is made to fail at once (BUILD_FAIL_FILE) so no astro build runs; what
// counts is what reaches a stand-in publish endpoint.
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContext, MISSING_TOKEN_MESSAGE } from "./build.ts";

const script = join(import.meta.dirname, "build.ts");
let server: Server;
let url: string;
let dir: string;
const received: { token: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "build-context-"));
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk: Buffer) => {
      text += chunk.toString();
    });
    request.on("end", () => {
      received.push({ token: request.headers["x-build-token"] as string, body: JSON.parse(text) });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** Runs the build with this host environment; it fails at once on purpose. */
async function build(vars: Record<string, string>) {
  received.length = 0;
  const failFile = join(dir, "fail");
  await writeFile(failFile, "Stopped on purpose for the test.");
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !/^(CONTEXT|CF_PAGES.*|PUBLISH_.*)$/.test(name)) env[name] = value;
  }
  Object.assign(env, { PUBLIC_SUPABASE_URL: url, BUILD_FAIL_FILE: failFile }, vars);
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, [script], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

describe("which builds report", () => {
  it("tells production, previews and local builds apart", () => {
    expect(buildContext({ CONTEXT: "production" })).toEqual({
      kind: "production",
      host: "Netlify",
    });
    expect(buildContext({ CONTEXT: "deploy-preview" })).toMatchObject({ kind: "preview" });
    expect(buildContext({ CONTEXT: "branch-deploy" })).toMatchObject({ kind: "preview" });
    expect(buildContext({ CF_PAGES: "1", CF_PAGES_BRANCH: "main" })).toMatchObject({
      kind: "production",
    });
    expect(
      buildContext({ CF_PAGES: "1", CF_PAGES_BRANCH: "live", PUBLISH_PRODUCTION_BRANCH: "live" }),
    ).toMatchObject({ kind: "production" });
    expect(buildContext({ CF_PAGES: "1", CF_PAGES_BRANCH: "fix-typo" })).toMatchObject({
      kind: "preview",
    });
    expect(buildContext({})).toEqual({ kind: "local" });
  });

  it("a production build reports its start and its result with the build token", async () => {
    const result = await build({ CONTEXT: "production", PUBLISH_BUILD_TOKEN: "token-1" });
    expect(result.code).toBe(1);
    expect(received.map((r) => (r.body as { event: string }).event)).toEqual(["started", "failed"]);
    expect(received.every((r) => r.token === "token-1")).toBe(true);
  });

  it("a deploy preview or a branch build reports nothing, even holding the token", async () => {
    const previews: Record<string, string>[] = [
      { CONTEXT: "deploy-preview" },
      { CONTEXT: "branch-deploy" },
      { CF_PAGES: "1", CF_PAGES_BRANCH: "fix-typo" },
    ];
    for (const vars of previews) {
      const result = await build({ ...vars, PUBLISH_BUILD_TOKEN: "token-1" });
      expect(result.output).toContain("not reporting to publish");
      expect(received).toEqual([]);
    }
  });

  it("a production build without the token fails loudly, before building", async () => {
    const result = await build({ CONTEXT: "production" });
    expect(result.code).toBe(1);
    expect(result.output).toContain(MISSING_TOKEN_MESSAGE);
    expect(result.output).not.toContain("Stopped on purpose");
    expect(received).toEqual([]);
  });
});

describe("one build at a time per checkout", () => {
  /** Runs oneAtATime in its own process; its "build" notes its start and end. */
  function holder(lockDir: string, log: string, name: string) {
    const code = `
      import { appendFileSync } from "node:fs";
      import { oneAtATime } from ${JSON.stringify(script)};
      await oneAtATime(async () => {
        appendFileSync(${JSON.stringify(log)}, "start ${name}\\n");
        await new Promise((r) => setTimeout(r, 800));
        appendFileSync(${JSON.stringify(log)}, "end ${name}\\n");
      }, ${JSON.stringify(lockDir)});`;
    return new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
        stdio: "ignore",
      });
      child.on("close", (exit) => resolve(exit ?? 1));
    });
  }

  it("a second build waits until the first has ended", async () => {
    const lockDir = await mkdtemp(join(tmpdir(), "build-lock-"));
    const log = join(lockDir, "log");
    try {
      expect(await Promise.all([holder(lockDir, log, "a"), holder(lockDir, log, "b")])).toEqual([
        0, 0,
      ]);
      const [first = "", second, third = "", fourth, ...rest] = (await readFile(log, "utf8"))
        .trim()
        .split("\n");
      expect(rest).toEqual([]);
      // Each start is followed by its own end: the two never overlap.
      expect(first).toMatch(/^start [ab]$/);
      expect(first.replace("start", "end")).toBe(second);
      expect(third.replace("start", "end")).toBe(fourth);
    } finally {
      await rm(lockDir, { recursive: true, force: true });
    }
  });

  it("a lock left by a killed build is taken over once stale", async () => {
    const lockDir = await mkdtemp(join(tmpdir(), "build-lock-"));
    const log = join(lockDir, "log");
    try {
      const left = join(lockDir, "build.lock");
      await mkdir(left);
      const old = new Date(Date.now() - 60_000);
      await utimes(left, old, old);
      expect(await holder(lockDir, log, "a")).toBe(0);
      expect(await readFile(log, "utf8")).toBe("start a\nend a\n");
    } finally {
      await rm(lockDir, { recursive: true, force: true });
    }
  });
});
