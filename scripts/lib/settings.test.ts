import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { claimDataDir, readSettings, repoRoot } from "./settings.ts";

describe("readSettings", () => {
  it("has the documented defaults, with DATA_DIR under the repository", () => {
    expect(readSettings({})).toEqual({
      port: 4321,
      host: "127.0.0.1",
      apiPort: 54321,
      rebuildPort: 0,
      mailPort: 0,
      mailSmtpPort: 0,
      dataDir: join(repoRoot, ".data"),
      freshData: false,
      adminEmail: undefined,
      adminPassword: undefined,
      deployDelayMs: 0,
      hostMode: "local",
    });
  });

  it("reads the host mode", () => {
    expect(readSettings({ HOST_MODE: "netlify" }).hostMode).toBe("netlify");
    expect(() => readSettings({ HOST_MODE: "vercel" })).toThrow(/HOST_MODE/);
  });

  it("reads the host's deploy delay, refusing what is not a number of milliseconds", () => {
    expect(readSettings({ HOST_DEPLOY_DELAY_MS: "20000" }).deployDelayMs).toBe(20_000);
    for (const bad of ["-1", "2.5", "soon", "600001"]) {
      expect(() => readSettings({ HOST_DEPLOY_DELAY_MS: bad }), bad).toThrow(
        /HOST_DEPLOY_DELAY_MS/,
      );
    }
  });

  it("reads every variable; a relative DATA_DIR is relative to the repository", () => {
    const settings = readSettings({
      PORT: "4399",
      HOST: "0.0.0.0",
      API_PORT: "0",
      REBUILD_PORT: "4400",
      MAIL_PORT: "4401",
      MAIL_SMTP_PORT: "4402",
      DATA_DIR: ".data/e2e-4399",
      FRESH_DATA: "1",
      ADMIN_EMAIL: "a@b.example",
      ADMIN_PASSWORD: "pw",
    });
    expect(settings).toMatchObject({
      port: 4399,
      host: "0.0.0.0",
      apiPort: 0,
      rebuildPort: 4400,
      mailPort: 4401,
      mailSmtpPort: 4402,
      freshData: true,
    });
    expect(settings.dataDir).toBe(join(repoRoot, ".data", "e2e-4399"));
    expect(readSettings({ DATA_DIR: "/tmp/x" }).dataDir).toBe("/tmp/x");
  });

  it("refuses a port that is not one", () => {
    expect(() => readSettings({ PORT: "http" })).toThrow(/PORT/);
    expect(() => readSettings({ API_PORT: "70000" })).toThrow(/API_PORT/);
  });
});

describe("claimDataDir", () => {
  let dir: string;
  beforeEach(async () => {
    dir = join(await mkdtemp(join(tmpdir(), "settings-test-")), "data");
  });
  afterEach(async () => {
    await rm(join(dir, ".."), { recursive: true, force: true });
  });

  it("creates the folder, holds it while running and lets go after", async () => {
    const release = await claimDataDir(dir, false);
    expect(await readFile(join(dir, "running.pid"), "utf8")).toBe(`${process.pid}\n`);
    await release();
    expect(await readdir(dir)).toEqual([]);
  });

  it("refuses a folder another live process holds, and takes over from a dead one", async () => {
    const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, "running.pid"), String(sleeper.pid));
      await expect(claimDataDir(dir, false)).rejects.toThrow(/Another process/);
    } finally {
      sleeper.kill();
      await new Promise((resolve) => sleeper.once("exit", resolve));
    }
    const release = await claimDataDir(dir, false);
    await release();
  });

  it("with FRESH_DATA empties a data folder of this project, but nothing else", async () => {
    await mkdir(join(dir, "db"), { recursive: true });
    await writeFile(join(dir, "keys.json"), "{}");
    const release = await claimDataDir(dir, true);
    expect(await readdir(dir)).toEqual(["running.pid"]);
    await release();

    await writeFile(join(dir, "thesis.docx"), "years of work");
    await expect(claimDataDir(dir, true)).rejects.toThrow(/thesis\.docx/);
    expect(await readdir(dir)).toEqual(["thesis.docx"]);
  });
});
