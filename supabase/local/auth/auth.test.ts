// Unit tests of the /auth/v1 stand-in that need the database or the JWT secret
// at hand: fabricated states (a refresh token past its reuse window, an expired
// token), raw error formats, bad input, and the bootstrap's auth tables.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { Hono } from "hono";
import { SignJWT } from "jose";
import { parse } from "smol-toml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyBootstrap, createDatabase } from "../database.ts";
import { apiKeys, ephemeralKeys, type ProjectKeys } from "../keys.ts";
import { loadAuthSettings } from "./config.ts";
import { authRoutes, hashPassword, verifyPassword } from "./index.ts";

const URL_BASE = "http://127.0.0.1:54321";
let db: PGlite;
let keys: ProjectKeys;
let app: Hono;

beforeAll(async () => {
  db = await createDatabase();
  keys = await ephemeralKeys();
  app = new Hono();
  app.route(
    "/auth/v1",
    authRoutes({
      db,
      keys,
      publicUrl: URL_BASE,
      storageDir: "/nonexistent",
      functionsDir: "/nonexistent",
      functionSecrets: {},
    }),
  );
}, 60_000);

afterAll(async () => {
  await db?.close();
});

type Json = Record<string, unknown>;

async function call(
  method: string,
  path: string,
  options: {
    body?: unknown;
    raw?: string;
    token?: string;
    apikey?: string | null;
    version?: boolean;
  } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  // supabase-js sends a new API key as both the apikey and the bearer.
  const keyToken = options.token?.startsWith("sb_") ? options.token : undefined;
  if (options.apikey !== null)
    headers.apikey = options.apikey ?? keyToken ?? apiKeys(keys).publishable;
  headers.authorization = `Bearer ${options.token ?? apiKeys(keys).publishable}`;
  if (options.version !== false) headers["x-supabase-api-version"] = "2024-01-01";
  const body =
    options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await app.request(`${URL_BASE}/auth/v1${path}`, { method, headers, body });
  const text = await response.text();
  let json: Json = {};
  try {
    json = text ? (JSON.parse(text) as Json) : {};
  } catch {}
  return { status: response.status, headers: response.headers, json, text };
}

let counter = 0;
async function createUser(extra: Json = {}) {
  counter += 1;
  const email = `unit-${counter}-${Date.now()}@helpinghands.example`;
  const password = `correct horse ${counter}`;
  const created = await call("POST", "/admin/users", {
    token: apiKeys(keys).secret,
    body: { email, password, email_confirm: true, ...extra },
  });
  expect(created.status).toBe(200);
  return { id: created.json.id as string, email, password };
}

async function signIn(email: string, password: string) {
  return call("POST", "/token?grant_type=password", { body: { email, password } });
}

describe("configuration", () => {
  it("mirrors supabase/config.toml", async () => {
    const config = parse(
      await readFile(join(import.meta.dirname, "..", "..", "config.toml"), "utf8"),
    ) as { auth: Record<string, unknown> & { email: Record<string, unknown> } };
    // The settings Auth runs with, parsed from that file at start.
    const AUTH_CONFIG = loadAuthSettings();
    expect(AUTH_CONFIG.jwtExpiry).toBe(config.auth.jwt_expiry);
    expect(AUTH_CONFIG.refreshTokenReuseInterval).toBe(config.auth.refresh_token_reuse_interval);
    expect(AUTH_CONFIG.minimumPasswordLength).toBe(config.auth.minimum_password_length);
    expect(AUTH_CONFIG.enableSignup).toBe(config.auth.enable_signup);
    expect(AUTH_CONFIG.mailerAutoconfirm).toBe(!config.auth.email.enable_confirmations);
  });

  it("bootstrap stays idempotent with the auth tables in it", async () => {
    await applyBootstrap(db);
    await applyBootstrap(db);
    const { rows } = await db.query<{ name: string; rls: boolean }>(
      `select c.relname as name, c.relrowsecurity as rls from pg_class c
        where c.relnamespace = 'auth'::regnamespace and c.relname in ('sessions', 'refresh_tokens')
        order by 1`,
    );
    expect(rows).toEqual([
      { name: "refresh_tokens", rls: true },
      { name: "sessions", rls: true },
    ]);
  });
});

describe("passwords", () => {
  it("are bcrypt $2a$ hashes of cost 10", async () => {
    const hash = await hashPassword("a long enough password");
    expect(hash).toMatch(/^\$2a\$10\$.{53}$/);
    expect(await verifyPassword("a long enough password", hash)).toBe(true);
    expect(await verifyPassword("another password", hash)).toBe(false);
    expect(await verifyPassword("x", "not a hash")).toBe(false);
  });

  it("stores the hash in auth.users.encrypted_password", async () => {
    const user = await createUser();
    const { rows } = await db.query<{ encrypted_password: string }>(
      "select encrypted_password from auth.users where id = $1",
      [user.id],
    );
    expect(await verifyPassword(user.password, rows[0]?.encrypted_password ?? "")).toBe(true);
  });
});

describe("error formats", () => {
  it("answers the 2024-01-01 format and echoes the version when asked for it", async () => {
    const res = await signIn("nobody@helpinghands.example", "wrong password");
    expect(res.status).toBe(400);
    expect(res.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(res.json).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
  });

  it("answers the legacy format without the version header", async () => {
    const res = await call("POST", "/token?grant_type=password", {
      body: { email: "nobody@helpinghands.example", password: "x" },
      version: false,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-supabase-api-version")).toBeNull();
    expect(res.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(res.json).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });
  });

  it("needs an apikey like the gateway", async () => {
    const missing = await call("GET", "/health", { apikey: null });
    expect(missing.status).toBe(401);
    expect(missing.json.message).toBe("No API key found in request");
    const unknown = await call("GET", "/health", { apikey: "not-a-key" });
    expect(unknown.status).toBe(401);
    expect(unknown.json.message).toBe("Invalid API key");
  });
});

describe("bad input", () => {
  it("refuses malformed, mistyped and empty bodies with bad_json", async () => {
    for (const raw of ["{not json", "", "[1,2]", '"text"']) {
      const res = await call("POST", "/token?grant_type=password", { raw });
      expect(res.status, raw).toBe(400);
      expect(res.json.code, raw).toBe("bad_json");
    }
    const mistyped = await call("POST", "/token?grant_type=password", {
      body: { email: 42, password: "x" },
    });
    expect(mistyped.status).toBe(400);
    expect(mistyped.json.code).toBe("bad_json");
    expect(mistyped.json.message).toContain("PasswordGrantParams.email of type string");
  });

  it("refuses missing credentials and unknown grant types", async () => {
    const missing = await call("POST", "/token?grant_type=password", { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ code: "validation_failed", message: "missing email or phone" });
    const phone = await call("POST", "/token?grant_type=password", {
      body: { phone: "+15555550100", password: "x" },
    });
    expect(phone.status).toBe(422);
    expect(phone.json.code).toBe("phone_provider_disabled");
    const grant = await call("POST", "/token?grant_type=magic", { body: {} });
    expect(grant.status).toBe(400);
    expect(grant.json).toEqual({ code: "invalid_credentials", message: "unsupported_grant_type" });
    const noToken = await call("POST", "/token?grant_type=refresh_token", { body: {} });
    expect(noToken.status).toBe(400);
    expect(noToken.json).toEqual({
      error: "invalid_request",
      error_description: "refresh_token required",
    });
  });

  it("refuses bodies over 1 MB without writing anything", async () => {
    const before = await db.query<{ n: number }>("select count(*)::int as n from auth.users");
    const res = await call("POST", "/admin/users", {
      token: apiKeys(keys).secret,
      raw: JSON.stringify({
        email: "big@helpinghands.example",
        password: "long enough password",
        user_metadata: { blob: "x".repeat(1024 * 1024) },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation_failed");
    const after = await db.query<{ n: number }>("select count(*)::int as n from auth.users");
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it("validates admin input", async () => {
    const admin = (body: unknown) =>
      call("POST", "/admin/users", { token: apiKeys(keys).secret, body });
    expect((await admin({})).json.message).toBe(
      "Cannot create a user without either an email or phone",
    );
    const email = await admin({ email: "not an email", password: "long enough password" });
    expect(email.status).toBe(400);
    expect(email.json.code).toBe("validation_failed");
    const confirm = await admin({ email: "a@helpinghands.example", email_confirm: "yes" });
    expect(confirm.json.code).toBe("bad_json");
    const ban = await admin({ email: "b@helpinghands.example", ban_duration: "forever" });
    expect(ban.json.code).toBe("validation_failed");
    const long = await admin({ email: "c@helpinghands.example", password: "é".repeat(40) });
    expect(long.json.code).toBe("validation_failed");
    const id = await admin({ email: "d@helpinghands.example", id: "12" });
    expect(id.json.message).toBe("ID must conform to the uuid v4 format");
  });

  it("answers unknown routes as GoTrue's router does", async () => {
    const unknown = await call("GET", "/otp");
    expect(unknown.status).toBe(404);
    const method = await call("GET", "/token");
    expect(method.status).toBe(405);
  });
});

describe("refresh token reuse", () => {
  const refresh = (token: string) =>
    call("POST", "/token?grant_type=refresh_token", { body: { refresh_token: token } });

  async function rotatedTwice() {
    const user = await createUser();
    const a = (await signIn(user.email, user.password)).json.refresh_token as string;
    const b = (await refresh(a)).json.refresh_token as string;
    // The client lost the answer: the parent of the active token gets the active token back.
    expect((await refresh(a)).json.refresh_token).toBe(b);
    const c = (await refresh(b)).json.refresh_token as string;
    expect(new Set([a, b, c]).size).toBe(3);
    return { user, a, b, c };
  }

  it("accepts an older revoked token inside the reuse interval", async () => {
    const { a, c } = await rotatedTwice();
    const again = await refresh(a);
    expect(again.status).toBe(200);
    expect(again.json.refresh_token).not.toBe(c);
  });

  it("refuses an older revoked token past the reuse interval and revokes the family", async () => {
    const { user, a, c } = await rotatedTwice();
    await db.query(
      `update auth.refresh_tokens set updated_at = now() - interval '1 minute'
        where revoked and user_id = $1`,
      [user.id],
    );
    const reused = await refresh(a);
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual({
      code: "refresh_token_already_used",
      message: "Invalid Refresh Token: Already Used",
    });
    const { rows } = await db.query<{ token: string }>(
      "select token from auth.refresh_tokens where user_id = $1 and not revoked",
      [user.id],
    );
    expect(rows).toEqual([]);
    // c was revoked just now, so it too is only honoured within the reuse interval.
    await db.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1",
      [c],
    );
    expect((await refresh(c)).json.code).toBe("refresh_token_already_used");
  });

  it("keeps sessions and tokens in auth.sessions and auth.refresh_tokens", async () => {
    const user = await createUser();
    const res = await signIn(user.email, user.password);
    const { rows } = await db.query<{ session_id: string; revoked: boolean; aal: string }>(
      `select t.session_id, t.revoked, s.aal::text as aal
         from auth.refresh_tokens t join auth.sessions s on s.id = t.session_id
        where t.token = $1`,
      [res.json.refresh_token],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.revoked).toBe(false);
    expect(rows[0]?.aal).toBe("aal1");
    const claims = JSON.parse(
      Buffer.from(String(res.json.access_token).split(".")[1] ?? "", "base64url").toString(),
    ) as Json;
    expect(claims.session_id).toBe(rows[0]?.session_id);
  });
});

describe("tokens", () => {
  it("refuses an expired token with bad_jwt", async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sub: user.id, aud: "authenticated", role: "authenticated" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt(now - 7200)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(keys.jwtSecret));
    const res = await call("GET", "/user", { token: expired });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("bad_jwt");
    expect(res.json.message).toContain("token is expired");
  });

  it("refuses a token for a user that no longer exists", async () => {
    const user = await createUser();
    const session = await signIn(user.email, user.password);
    await call("DELETE", `/admin/users/${user.id}`, { token: apiKeys(keys).secret });
    const res = await call("GET", "/user", { token: session.json.access_token as string });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("user_not_found");
  });

  it("refuses the API keys themselves on /user (no sub claim)", async () => {
    const res = await call("GET", "/user", { token: apiKeys(keys).secret });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ code: "bad_jwt", message: "invalid claim: missing sub claim" });
  });

  it("requires a bearer token on /user", async () => {
    const response = await app.request(`${URL_BASE}/auth/v1/user`, {
      headers: { apikey: apiKeys(keys).publishable, "x-supabase-api-version": "2024-01-01" },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: "no_authorization",
      message: "This endpoint requires a Bearer token",
    });
  });
});

describe("logout scopes", () => {
  it("local ends one session, others all but the caller's, global all", async () => {
    const user = await createUser();
    const sessions = await Promise.all([1, 2, 3].map(() => signIn(user.email, user.password)));
    const [one, two, three] = sessions.map((s) => s.json.access_token as string);
    const count = async () =>
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from auth.sessions where user_id = $1",
          [user.id],
        )
      ).rows[0]?.n;
    expect(await count()).toBe(3);
    expect((await call("POST", "/logout?scope=local", { token: one })).status).toBe(204);
    expect(await count()).toBe(2);
    expect((await call("POST", "/logout?scope=others", { token: two })).status).toBe(204);
    expect(await count()).toBe(1);
    expect((await call("GET", "/user", { token: three })).json.code).toBe("session_not_found");
    const bad = await call("POST", "/logout?scope=everywhere", { token: two });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("validation_failed");
    expect((await call("POST", "/logout?scope=global", { token: two })).status).toBe(204);
    expect(await count()).toBe(0);
  });
});

describe("admin updates", () => {
  it("sets the password, signs the user out everywhere, bans and lifts bans", async () => {
    const user = await createUser();
    const before = await signIn(user.email, user.password);
    const weak = await call("PUT", `/admin/users/${user.id}`, {
      token: apiKeys(keys).secret,
      body: { password: "short" },
    });
    expect(weak.status).toBe(422);
    expect(weak.json).toEqual({
      code: "weak_password",
      message: "Password should be at least 10 characters.",
      weak_password: { reasons: ["length"] },
    });
    const updated = await call("PUT", `/admin/users/${user.id}`, {
      token: apiKeys(keys).secret,
      body: { password: "a brand new password" },
    });
    expect(updated.status).toBe(200);
    const old = await call("GET", "/user", { token: before.json.access_token as string });
    expect(old.json.code).toBe("session_not_found");
    expect((await signIn(user.email, "a brand new password")).status).toBe(200);

    await call("PUT", `/admin/users/${user.id}`, {
      token: apiKeys(keys).secret,
      body: { ban_duration: "1h30m" },
    });
    const banned = await signIn(user.email, "a brand new password");
    expect(banned.json).toEqual({ code: "user_banned", message: "User is banned" });
    await call("PUT", `/admin/users/${user.id}`, {
      token: apiKeys(keys).secret,
      body: { ban_duration: "none" },
    });
    expect((await signIn(user.email, "a brand new password")).status).toBe(200);
  });

  it("lists users with GoTrue's pagination headers", async () => {
    await createUser();
    await createUser();
    const res = await call("GET", "/admin/users?page=1&per_page=1", {
      token: apiKeys(keys).secret,
    });
    expect(res.status).toBe(200);
    expect(res.json.aud).toBe("authenticated");
    expect(res.json.users).toHaveLength(1);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(2);
    expect(res.headers.get("link")).toContain('rel="next"');
    const bad = await call("GET", "/admin/users?page=x", { token: apiKeys(keys).secret });
    expect(bad.status).toBe(400);
  });
});
