// admin:create against each of its targets: the Auth admin API of a running
// stack (here the local /auth/v1 stand-in on a real port) and the local
// database folder when nothing is running; plus input checks and how the
// target is chosen from the environment.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { type ServerType, serve } from "@hono/node-server";
import { createClient } from "@supabase/supabase-js";
import { Hono } from "hono";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { authRoutes } from "../supabase/local/auth/index.ts";
import { createDatabase } from "../supabase/local/database.ts";
import { apiKeys, ephemeralKeys, type ProjectKeys } from "../supabase/local/keys.ts";
import { freePort } from "../supabase/local/server.ts";
import { verifySecondFactor } from "../tests/contract/stack.ts";
import {
  AdminCreateError,
  createAdmin,
  main,
  resolveTarget,
  validateAdminInput,
} from "./admin-create.ts";

/** A running /auth/v1 on 127.0.0.1 over db, as the local stack serves it. */
async function serveAuth(db: PGlite, keys: ProjectKeys) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const app = new Hono();
  app.route(
    "/auth/v1",
    authRoutes({
      db,
      keys,
      publicUrl: url,
      storageDir: "/nonexistent",
      functionsDir: "/nonexistent",
      functionSecrets: {},
    }),
  );
  let server: ServerType | undefined;
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve());
  });
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}

async function signIn(url: string, keys: ProjectKeys, email: string, password: string) {
  const client = createClient(url, apiKeys(keys).publishable, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  return client.auth.signInWithPassword({ email, password });
}

const temporary: string[] = [];
async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "admin-create-"));
  temporary.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

describe("input", () => {
  it("wants exactly an email and a password of at least 10 characters", () => {
    expect(validateAdminInput([" Admin@HelpingHands.example ", "0123456789"])).toEqual({
      email: "admin@helpinghands.example",
      password: "0123456789",
    });
    expect(() => validateAdminInput([])).toThrow(/Usage: npm run admin:create -- <email>/);
    expect(() => validateAdminInput(["a@b.example"])).toThrow(/Usage/);
    expect(() => validateAdminInput(["not-an-email", "0123456789"])).toThrow(
      /is not an email address/,
    );
    expect(() => validateAdminInput(["a@b.example", "short"])).toThrow(/at least 10 characters/);
    expect(() => validateAdminInput(["a@b.example", "é".repeat(40)])).toThrow(/at most 72 bytes/);
    expect(() => validateAdminInput(["a@b.example", "short"])).toThrow(AdminCreateError);
  });

  it("main reports a bad invocation in one line and a non-zero exit", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      expect(await main(["admin@helpinghands.example", "short"])).toBe(1);
      expect(errors).toHaveBeenCalledTimes(1);
      expect(String(errors.mock.calls[0]?.[0])).not.toContain("\n");
    } finally {
      errors.mockRestore();
    }
  });
});

describe("choosing the target", () => {
  it("a hosted project when SUPABASE_URL and its secret key are set", async () => {
    const target = await resolveTarget({
      SUPABASE_URL: "https://example.supabase.co/",
      SUPABASE_SECRET_KEY: "sb_secret_abc",
      SUPABASE_SERVICE_ROLE_KEY: "legacy-service-key",
    });
    expect(target).toMatchObject({
      kind: "api",
      url: "https://example.supabase.co",
      secretKey: "sb_secret_abc",
    });
    // A project that still has legacy keys.
    expect(
      await resolveTarget({
        SUPABASE_URL: "https://example.supabase.co",
        SUPABASE_SERVICE_ROLE_KEY: "legacy-service-key",
      }),
    ).toMatchObject({ secretKey: "legacy-service-key" });
    await expect(resolveTarget({ SUPABASE_URL: "https://example.supabase.co" })).rejects.toThrow(
      /Set both SUPABASE_URL and SUPABASE_SECRET_KEY/,
    );
    await expect(
      resolveTarget({
        SUPABASE_URL: "https://example.supabase.co",
        SUPABASE_SECRET_KEY: "sb_publishable_abc",
      }),
    ).rejects.toThrow(/holds the publishable key/);
  });

  it("says to run npm start first when there is no local project", async () => {
    const missing = join(await tempDir(), "nothing-here");
    await expect(resolveTarget({ DATA_DIR: missing })).rejects.toThrow(/run `npm start` first/);
  });

  it("the database folder when nothing listens on API_PORT", async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, "db"));
    const target = await resolveTarget({ DATA_DIR: dataDir, API_PORT: String(await freePort()) });
    expect(target).toMatchObject({ kind: "database", dbDir: join(dataDir, "db") });
  });

  it("never the database folder of a running process, whatever port it serves on", async () => {
    const dataDir = await tempDir();
    await mkdir(join(dataDir, "db"));
    // A live process that is not this one holds the folder (as `npm start` does).
    await writeFile(join(dataDir, "running.pid"), `${process.ppid}\n`);
    await expect(
      resolveTarget({ DATA_DIR: dataDir, API_PORT: String(await freePort()) }),
    ).rejects.toThrow(/is using .* but nothing answers/);
    // A stale lock from a process that has gone is no obstacle.
    await writeFile(join(dataDir, "running.pid"), "2147483646\n");
    const target = await resolveTarget({ DATA_DIR: dataDir, API_PORT: String(await freePort()) });
    expect(target.kind).toBe("database");
  });
});

describe("through the admin API of the running local stack", () => {
  let db: PGlite;
  let keys: ProjectKeys;
  let server: Awaited<ReturnType<typeof serveAuth>>;
  let dataDir: string;

  beforeAll(async () => {
    db = await createDatabase();
    keys = await ephemeralKeys();
    server = await serveAuth(db, keys);
    dataDir = await tempDir();
    await writeFile(join(dataDir, "keys.json"), JSON.stringify(keys));
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  it("is chosen when the stand-in answers with the project's keys", async () => {
    const target = await resolveTarget({ DATA_DIR: dataDir, API_PORT: String(server.port) });
    expect(target).toMatchObject({
      kind: "api",
      url: server.url,
      secretKey: apiKeys(keys).secret,
    });

    const strangerDir = await tempDir();
    await writeFile(join(strangerDir, "keys.json"), JSON.stringify(await ephemeralKeys()));
    await expect(
      resolveTarget({ DATA_DIR: strangerDir, API_PORT: String(server.port) }),
    ).rejects.toThrow(/did not answer as this project's local stack \(HTTP 401/);
    const keylessDir = await tempDir();
    await expect(
      resolveTarget({ DATA_DIR: keylessDir, API_PORT: String(server.port) }),
    ).rejects.toThrow(/keys\.json is missing/);
  });

  it("creates an admin who signs in with the admin claim", async () => {
    const target = await resolveTarget({ DATA_DIR: dataDir, API_PORT: String(server.port) });
    const result = await createAdmin(
      { email: "Director@HelpingHands.example", password: "first password 1" },
      target,
    );
    expect(result).toMatchObject({ email: "director@helpinghands.example", action: "created" });
    const { data, error } = await signIn(
      server.url,
      keys,
      "director@helpinghands.example",
      "first password 1",
    );
    expect(error).toBeNull();
    expect(decodeJwt(data.session?.access_token ?? "").app_metadata).toMatchObject({
      role: "admin",
    });
  });

  it("promotes an existing user, resets the password and ends their sessions", async () => {
    const service = createClient(server.url, apiKeys(keys).secret, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const email = "volunteer@helpinghands.example";
    const created = await service.auth.admin.createUser({
      email,
      password: "volunteer password",
      user_metadata: { name: "V" },
    });
    expect(created.error).toBeNull();
    // Unconfirmed so far: cannot sign in.
    expect((await signIn(server.url, keys, email, "volunteer password")).error?.code).toBe(
      "email_not_confirmed",
    );
    await service.auth.admin.updateUserById(created.data.user?.id ?? "", { email_confirm: true });
    const before = await signIn(server.url, keys, email, "volunteer password");
    expect(before.error).toBeNull();

    const target = await resolveTarget({ DATA_DIR: dataDir, API_PORT: String(server.port) });
    const result = await createAdmin({ email, password: "coordinator password" }, target);
    expect(result).toEqual({ id: created.data.user?.id, email, action: "promoted" });

    const old = await service.auth.getUser(before.data.session?.access_token);
    expect(old.data.user).toBeNull();
    expect((await signIn(server.url, keys, email, "volunteer password")).error?.code).toBe(
      "invalid_credentials",
    );
    const after = await signIn(server.url, keys, email, "coordinator password");
    expect(after.error).toBeNull();
    const claims = decodeJwt(after.data.session?.access_token ?? "");
    expect(claims.app_metadata).toMatchObject({ role: "admin", provider: "email" });
    expect(claims.user_metadata).toMatchObject({ name: "V" });
  });
  it("lets the only administrator who lost their phone back in: their apps go with the old password", async () => {
    const service = createClient(server.url, apiKeys(keys).secret, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    const email = "treasurer@helpinghands.example";
    const created = await service.auth.admin.createUser({
      email,
      password: "treasurer password 1",
      email_confirm: true,
      app_metadata: { role: "admin" },
    });
    const phone = createClient(server.url, apiKeys(keys).publishable, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    await phone.auth.signInWithPassword({ email, password: "treasurer password 1" });
    await verifySecondFactor(phone);
    const userId = created.data.user?.id ?? "";
    expect((await service.auth.admin.mfa.listFactors({ userId })).data?.factors).toHaveLength(1);

    const target = await resolveTarget({ DATA_DIR: dataDir, API_PORT: String(server.port) });
    await createAdmin({ email, password: "treasurer password 2" }, target);
    // Auth answers no factors as null (a Go nil slice).
    expect((await service.auth.admin.mfa.listFactors({ userId })).data?.factors ?? []).toEqual([]);
    const after = await signIn(server.url, keys, email, "treasurer password 2");
    expect(after.error).toBeNull();
    // No code is asked for: the new app is set up from the Account page.
    expect(decodeJwt(after.data.session?.access_token ?? "").aal).toBe("aal1");
    expect(after.data.user?.factors ?? []).toEqual([]);
  });
});

describe("straight into the local database folder", () => {
  it("creates and promotes admins the stand-in then signs in", async () => {
    const dataDir = await tempDir();
    const dbDir = join(dataDir, "db");
    const setup = await createDatabase({ dataDir: dbDir });
    await setup.close();

    const target = await resolveTarget({ DATA_DIR: dataDir, API_PORT: String(await freePort()) });
    expect(target.kind).toBe("database");
    const first = await createAdmin(
      { email: "trustee@helpinghands.example", password: "trustee password" },
      target,
    );
    expect(first.action).toBe("created");
    const again = await createAdmin(
      { email: "trustee@helpinghands.example", password: "a newer password" },
      target,
    );
    expect(again).toEqual({ ...first, action: "promoted" });

    // Open the folder as `npm start` would and sign in through /auth/v1.
    const db = await createDatabase({ dataDir: dbDir });
    const keys = await ephemeralKeys();
    const server = await serveAuth(db, keys);
    try {
      const stale = await signIn(server.url, keys, first.email, "trustee password");
      expect(stale.error?.code).toBe("invalid_credentials");
      const { data, error } = await signIn(server.url, keys, first.email, "a newer password");
      expect(error).toBeNull();
      expect(data.user?.id).toBe(first.id);
      expect(data.user?.email_confirmed_at).toBeTruthy();
      const claims = decodeJwt(data.session?.access_token ?? "");
      expect(claims.app_metadata).toEqual({
        provider: "email",
        providers: ["email"],
        role: "admin",
      });
    } finally {
      await server.close();
      await db.close();
    }
  }, 60_000);

  it("refuses a folder whose database was never set up", async () => {
    const dataDir = await tempDir();
    const dbDir = join(dataDir, "db");
    await mkdir(dbDir);
    await expect(
      createAdmin(
        { email: "x@helpinghands.example", password: "0123456789" },
        { kind: "database", dbDir, label: "test" },
      ),
    ).rejects.toThrow(/not set up yet: run `npm start` once first/);
  }, 60_000);
});
