// Unit tests of the /auth/v1 stand-in that need the database at hand: the settings
// and the bootstrap's auth tables, password hashes, raw error formats, bad input, and
// the admin API's updates and listing. Sessions and tokens are sessions.test.ts.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { applyBootstrap } from "../database.ts";
import { apiKeys } from "../keys.ts";
import { loadAuthSettings } from "./config.ts";
import { hashPassword, verifyPassword } from "./index.ts";
import { authTestApp } from "./test-app.ts";

const auth = authTestApp();
const { call, createUser, signIn } = auth;

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
    await applyBootstrap(auth.db);
    await applyBootstrap(auth.db);
    const { rows } = await auth.db.query<{ name: string; rls: boolean }>(
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
    const { rows } = await auth.db.query<{ encrypted_password: string }>(
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
    const before = await auth.db.query<{ n: number }>("select count(*)::int as n from auth.users");
    const res = await call("POST", "/admin/users", {
      token: apiKeys(auth.keys).secret,
      raw: JSON.stringify({
        email: "big@helpinghands.example",
        password: "long enough password",
        user_metadata: { blob: "x".repeat(1024 * 1024) },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation_failed");
    const after = await auth.db.query<{ n: number }>("select count(*)::int as n from auth.users");
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it("validates admin input", async () => {
    const admin = (body: unknown) =>
      call("POST", "/admin/users", { token: apiKeys(auth.keys).secret, body });
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

describe("admin updates", () => {
  it("sets the password, signs the user out everywhere, bans and lifts bans", async () => {
    const user = await createUser();
    const before = await signIn(user.email, user.password);
    const weak = await call("PUT", `/admin/users/${user.id}`, {
      token: apiKeys(auth.keys).secret,
      body: { password: "short" },
    });
    expect(weak.status).toBe(422);
    expect(weak.json).toEqual({
      code: "weak_password",
      message: "Password should be at least 10 characters.",
      weak_password: { reasons: ["length"] },
    });
    const updated = await call("PUT", `/admin/users/${user.id}`, {
      token: apiKeys(auth.keys).secret,
      body: { password: "a brand new password" },
    });
    expect(updated.status).toBe(200);
    const old = await call("GET", "/user", { token: before.json.access_token as string });
    expect(old.json.code).toBe("session_not_found");
    expect((await signIn(user.email, "a brand new password")).status).toBe(200);

    await call("PUT", `/admin/users/${user.id}`, {
      token: apiKeys(auth.keys).secret,
      body: { ban_duration: "1h30m" },
    });
    const banned = await signIn(user.email, "a brand new password");
    expect(banned.json).toEqual({ code: "user_banned", message: "User is banned" });
    await call("PUT", `/admin/users/${user.id}`, {
      token: apiKeys(auth.keys).secret,
      body: { ban_duration: "none" },
    });
    expect((await signIn(user.email, "a brand new password")).status).toBe(200);
  });

  it("lists users with GoTrue's pagination headers", async () => {
    await createUser();
    await createUser();
    const res = await call("GET", "/admin/users?page=1&per_page=1", {
      token: apiKeys(auth.keys).secret,
    });
    expect(res.status).toBe(200);
    expect(res.json.aud).toBe("authenticated");
    expect(res.json.users).toHaveLength(1);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(2);
    expect(res.headers.get("link")).toContain('rel="next"');
    const bad = await call("GET", "/admin/users?page=x", { token: apiKeys(auth.keys).secret });
    expect(bad.status).toBe(400);
  });
});
