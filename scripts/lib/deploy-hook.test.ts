import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type HookServer, loadOrCreateHookToken, startHookServer } from "./deploy-hook.ts";

let dataDir: string;
let server: HookServer | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "deploy-hook-test-"));
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

describe("deploy hook", () => {
  it("makes a secret token once per data folder and keeps it private", async () => {
    const token = await loadOrCreateHookToken(dataDir);
    expect(token).toMatch(/^[\w-]{32,}$/);
    expect(await loadOrCreateHookToken(dataDir)).toBe(token);
    const file = join(dataDir, "hook.json");
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ token });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("starts a build on POST with the token, answers at once with an empty body, and hides from guesses", async () => {
    const token = await loadOrCreateHookToken(dataDir);
    let triggers = 0;
    server = await startHookServer(
      {
        token,
        trigger: () => {
          triggers++;
          return { state: "building", pending: triggers > 1 };
        },
        status: () => ({ state: "idle", triggers }),
      },
      0,
    );
    expect(server.hookUrl).toBe(`http://127.0.0.1:${server.port}/hooks/${token}`);

    const first = await fetch(server.hookUrl, { method: "POST" });
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("");
    const second = await fetch(server.hookUrl, { method: "POST", body: "{}" });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe("");
    await expect.poll(() => triggers).toBe(2);

    const status = await fetch(server.statusUrl);
    expect(status.status).toBe(200);
    expect(await status.json()).toEqual({ state: "idle", triggers: 2 });

    const origin = `http://127.0.0.1:${server.port}`;
    // One character off: always different from the token, whatever it ends with.
    const nearMiss = `${token.slice(0, -1)}${token.endsWith("x") ? "y" : "x"}`;
    for (const [method, path] of [
      ["POST", `/hooks/${nearMiss}`],
      ["POST", "/hooks/"],
      ["GET", `/status/${token}0`],
      ["GET", `/hooks/${token}`],
      ["GET", "/"],
    ] as const) {
      const res = await fetch(`${origin}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(triggers).toBe(2);
  });
});
