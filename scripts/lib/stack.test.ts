import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMigrations } from "../../supabase/local/database.ts";
import { startStack } from "./stack.ts";

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "stack-test-"));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const options = () => ({
  dataDir,
  apiPort: 0,
  functionSecrets: { DEPLOY_HOOK_URL: "http://127.0.0.1:9/hooks/x" },
});

describe("stack", () => {
  it("creates, migrates and seeds the database on first start, and keeps it on the next", {
    timeout: 120_000,
  }, async () => {
    const first = await startStack(options());
    try {
      expect(first.databaseCreated).toBe(true);
      expect(first.migrationsApplied).toBe((await listMigrations()).length);
      expect(first.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // The stand-in answers (whatever its routes do by now).
      expect((await fetch(`${first.apiUrl}/nowhere`)).status).toBe(404);
      // So does the mail catcher, on its own ports, with nothing caught yet.
      expect(first.mail.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(first.mail.smtpPort).toBeGreaterThan(0);
      const caught = await fetch(`${first.mail.url}/api/v1/messages`);
      expect(((await caught.json()) as { total: number }).total).toBe(0);
      // The admin is either set up or, while Auth is not there, a warning.
      expect(first.admin.action !== null || Boolean(first.admin.warning)).toBe(true);
      const banners = await first.db.query<{ n: number }>(
        "select count(*)::int as n from public.banners",
      );
      expect(banners.rows[0]?.n).toBeGreaterThan(0);
      await first.db.query("delete from public.banners");
    } finally {
      await first.close();
    }
    expect(await readdir(dataDir)).toEqual(
      expect.arrayContaining(["db", "keys.json", "admin.json"]),
    );

    const second = await startStack(options());
    try {
      expect(second.databaseCreated).toBe(false);
      expect(second.migrationsApplied).toBe(0);
      expect(second.keys).toEqual(first.keys);
      expect(second.admin.email).toBe(first.admin.email);
      // Not seeded again: what was deleted stays deleted.
      const banners = await second.db.query<{ n: number }>(
        "select count(*)::int as n from public.banners",
      );
      expect(banners.rows[0]?.n).toBe(0);
    } finally {
      await second.close();
    }
  });
});
