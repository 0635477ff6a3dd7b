import { randomUUID } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type AdminSetupOptions,
  DEFAULT_ADMIN_EMAIL,
  readSavedAdmin,
  resolveCredentials,
  setUpAdmin,
} from "./admin-account.ts";
import { type Listening, listen } from "./listen.ts";

interface FakeUser {
  id: string;
  email: string;
  password: string;
  app_metadata: Record<string, unknown>;
  email_confirmed: boolean;
}

// Just enough of the Auth admin API for supabase-js's createUser and updateUserById.
const users = new Map<string, FakeUser>();
const calls: string[] = [];
let authUp = true;
let server: Listening;
let url: string;
const SERVICE_KEY = "service-key";

function userJson(user: FakeUser) {
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    app_metadata: user.app_metadata,
    user_metadata: {},
    created_at: new Date().toISOString(),
  };
}

const app = new Hono();
app.use("*", async (c, next) => {
  if (!authUp) return c.json({ message: "no Route matched with those values" }, 404);
  if (c.req.header("authorization") !== `Bearer ${SERVICE_KEY}`)
    return c.json({ message: "forbidden" }, 403);
  await next();
});
app.post("/auth/v1/admin/users", async (c) => {
  const body = await c.req.json();
  calls.push(`create ${body.email}`);
  const user: FakeUser = {
    id: randomUUID(),
    email: body.email,
    password: body.password,
    app_metadata: body.app_metadata ?? {},
    email_confirmed: body.email_confirm === true,
  };
  users.set(user.id, user);
  return c.json(userJson(user));
});
app.put("/auth/v1/admin/users/:id", async (c) => {
  const user = users.get(c.req.param("id"));
  if (!user) return c.json({ message: "User not found" }, 404);
  const body = await c.req.json();
  calls.push(`update ${user.email} ${Object.keys(body).sort().join(",")}`);
  if (body.password) user.password = body.password;
  if (body.app_metadata) user.app_metadata = { ...user.app_metadata, ...body.app_metadata };
  return c.json(userJson(user));
});

let dataDir: string;

function options(env: AdminSetupOptions["env"] = {}): AdminSetupOptions {
  return {
    dataDir,
    env,
    url,
    secretKey: SERVICE_KEY,
    async findUser(email) {
      const user = [...users.values()].find((u) => u.email.toLowerCase() === email.toLowerCase());
      return user ? { id: user.id, isAdmin: user.app_metadata.role === "admin" } : null;
    },
  };
}

const only = () => {
  expect(users.size).toBe(1);
  return [...users.values()][0] as FakeUser;
};

beforeAll(async () => {
  server = await listen(app, 0, "127.0.0.1");
  url = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server.close();
});

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "admin-account-test-"));
  users.clear();
  calls.length = 0;
  authUp = true;
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("first admin", () => {
  it("is generated on first run, created as a confirmed admin, and remembered privately", async () => {
    const first = await setUpAdmin(options());
    expect(first).toMatchObject({
      email: DEFAULT_ADMIN_EMAIL,
      action: "created",
      passwordSource: "generated",
    });
    expect(first.password?.length).toBeGreaterThanOrEqual(20);
    const user = only();
    expect(user).toMatchObject({
      email: DEFAULT_ADMIN_EMAIL,
      password: first.password,
      email_confirmed: true,
    });
    expect(user.app_metadata).toEqual({ role: "admin" });
    expect(await readSavedAdmin(dataDir)).toEqual({ email: first.email, password: first.password });
    expect((await stat(join(dataDir, "admin.json"))).mode & 0o777).toBe(0o600);

    const second = await setUpAdmin(options());
    expect(second).toMatchObject({
      email: first.email,
      password: first.password,
      action: "unchanged",
      passwordSource: "saved",
    });
    expect(calls).toEqual([`create ${DEFAULT_ADMIN_EMAIL}`]);
  });

  it("takes ADMIN_EMAIL and ADMIN_PASSWORD, and updates the password when ADMIN_PASSWORD changes", async () => {
    const env = { ADMIN_EMAIL: "Director@Charity.example", ADMIN_PASSWORD: "first-password-123" };
    expect(await setUpAdmin(options(env))).toMatchObject({
      email: "director@charity.example",
      password: "first-password-123",
      action: "created",
      passwordSource: "ADMIN_PASSWORD",
    });
    expect((await setUpAdmin(options(env))).action).toBe("unchanged");

    const changed = await setUpAdmin(options({ ...env, ADMIN_PASSWORD: "second-password-456" }));
    expect(changed.action).toBe("updated");
    expect(only().password).toBe("second-password-456");
    // A later start without the variables keeps (and prints) what was set last.
    expect(await setUpAdmin(options())).toMatchObject({
      email: "director@charity.example",
      password: "second-password-456",
      action: "unchanged",
    });
    expect(calls).toEqual([
      "create director@charity.example",
      "update director@charity.example password",
    ]);
  });

  it("makes an existing account with that email an admin, keeping its password", async () => {
    const id = randomUUID();
    users.set(id, {
      id,
      email: DEFAULT_ADMIN_EMAIL,
      password: "theirs",
      app_metadata: { provider: "email" },
      email_confirmed: true,
    });
    const result = await setUpAdmin(options());
    expect(result).toMatchObject({ action: "updated", password: null });
    expect(calls).toEqual([`update ${DEFAULT_ADMIN_EMAIL} app_metadata`]);
    expect(only()).toMatchObject({
      password: "theirs",
      app_metadata: { provider: "email", role: "admin" },
    });
    expect(await readSavedAdmin(dataDir)).toBeNull();
    // ADMIN_PASSWORD is an explicit wish: it is applied.
    await setUpAdmin(options({ ADMIN_PASSWORD: "now-known-123" }));
    expect(only().password).toBe("now-known-123");
    expect((await readSavedAdmin(dataDir))?.password).toBe("now-known-123");
  });

  it("warns instead of failing when Auth is not there, and creates the account on a later start", async () => {
    authUp = false;
    const down = await setUpAdmin(options());
    expect(down.action).toBeNull();
    expect(down.warning).toContain("404");
    expect(users.size).toBe(0);

    authUp = true;
    const up = await setUpAdmin(options());
    expect(up).toMatchObject({ action: "created", password: down.password });
    expect(only().password).toBe(down.password);
  });

  it("does not record a password change that could not be applied", async () => {
    await setUpAdmin(options({ ADMIN_PASSWORD: "applied-password" }));
    authUp = false;
    const failed = await setUpAdmin(options({ ADMIN_PASSWORD: "never-applied" }));
    expect(failed.warning).toBeTruthy();
    expect((await readSavedAdmin(dataDir))?.password).toBe("applied-password");
  });
});

describe("resolveCredentials", () => {
  it("generates a new password when ADMIN_EMAIL names another account than the saved one", () => {
    const saved = { email: "old@example.org", password: "old-password" };
    const next = resolveCredentials({ ADMIN_EMAIL: "new@example.org" }, saved);
    expect(next.email).toBe("new@example.org");
    expect(next.password).not.toBe("old-password");
    expect(next.passwordSource).toBe("generated");
  });
});
