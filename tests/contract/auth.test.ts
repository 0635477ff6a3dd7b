// The Auth calls the product makes, driven through supabase-js itself: sign-in,
// the user endpoint, refresh-token rotation, sign-out, the admin API, and the
// refusals (wrong credentials, forged tokens, sign-ups, missing apikey). Raw
// HTTP only where supabase-js hides what hosted Auth answers (headers, the
// code behind AuthSessionMissingError, a missing apikey, a user token on the
// admin API). Runs against the embedded stand-in, or a real Supabase (stack.ts).
import { randomBytes, randomUUID } from "node:crypto";
import {
  isAuthApiError,
  isAuthSessionMissingError,
  isAuthWeakPasswordError,
  type SupabaseClient,
  type UserAttributes,
} from "@supabase/supabase-js";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anonClient,
  newEmail,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
} from "./stack.ts";

let stack: TestStack;
let anon: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  anon = anonClient(stack);
  service = serviceClient(stack);
}, 60_000);

afterAll(async () => {
  await stack.close();
});

const USER_KEYS = [
  "id",
  "aud",
  "role",
  "email",
  "email_confirmed_at",
  "phone",
  "confirmed_at",
  "last_sign_in_at",
  "app_metadata",
  "user_metadata",
  "identities",
  "created_at",
  "updated_at",
  "is_anonymous",
];

async function accessTokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error("no session");
  return data.session.access_token;
}

async function refreshTokenOf(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error("no session");
  return data.session.refresh_token;
}

/** A raw request to /auth/v1, with the anon key unless told otherwise. */
function raw(
  path: string,
  init: { method?: string; token?: string; apikey?: string | null; body?: string } = {},
) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-supabase-api-version": "2024-01-01",
  };
  if (init.apikey !== null) headers.apikey = init.apikey ?? stack.publishableKey;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  return fetch(`${stack.url}/auth/v1${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body,
  });
}

describe("sign-in with email and password", () => {
  it("answers a session whose user and token carry the signed-in user", async () => {
    const email = newEmail("auth");
    const password = `pw-${randomUUID()}`;
    const created = await service.auth.admin.createUser({ email, password, email_confirm: true });
    expect(created.error).toBeNull();

    const client = anonClient(stack);
    const before = Math.floor(Date.now() / 1000);
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    const session = data.session;
    if (!session) throw new Error("no session");
    expect(session.token_type).toBe("bearer");
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThanOrEqual(before + 3600 - 5);
    expect(session.expires_at).toBeLessThanOrEqual(before + 3600 + 60);
    expect(session.refresh_token).toBeTruthy();
    expect(data.user?.id).toBe(created.data.user?.id);
    expect(data.user?.email).toBe(email);
    expect(data.user?.last_sign_in_at).toBeTruthy();
    expect(Object.keys(data.user ?? {})).toEqual(expect.arrayContaining(USER_KEYS));
    expect(data.user?.app_metadata).toMatchObject({ provider: "email", providers: ["email"] });

    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: data.user?.id,
      aud: "authenticated",
      iss: `${stack.url}/auth/v1`,
      email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      is_anonymous: false,
      app_metadata: { provider: "email", providers: ["email"] },
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claims.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
    expect(claims.user_metadata).toEqual(expect.any(Object));
  });

  it("refuses a wrong password and an unknown email alike: 400 invalid_credentials", async () => {
    const user = await signedInUser(stack);
    for (const [email, password] of [
      [user.email, "not-the-password"],
      [newEmail("nobody"), "whatever-password"],
    ] as const) {
      const { data, error } = await anonClient(stack).auth.signInWithPassword({ email, password });
      expect(data.session).toBeNull();
      expect(isAuthApiError(error)).toBe(true);
      expect(error?.status).toBe(400);
      expect(error?.code).toBe("invalid_credentials");
      expect(error?.message).toBe("Invalid login credentials");
    }
  });

  it("says so in a header, and echoes the API version so clients read the code", async () => {
    const res = await raw("/token?grant_type=password", {
      method: "POST",
      body: JSON.stringify({ email: newEmail("nobody"), password: "x-password" }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(res.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await res.json()).toEqual({
      code: "invalid_credentials",
      message: "Invalid login credentials",
    });
  });

  it("refuses an unconfirmed email and a banned user", async () => {
    const email = newEmail("unconfirmed");
    const password = `pw-${randomUUID()}`;
    expect((await service.auth.admin.createUser({ email, password })).error).toBeNull();
    const unconfirmed = await anonClient(stack).auth.signInWithPassword({ email, password });
    expect(unconfirmed.error?.status).toBe(400);
    expect(unconfirmed.error?.code).toBe("email_not_confirmed");

    const user = await signedInUser(stack);
    const ban = await service.auth.admin.updateUserById(user.id, { ban_duration: "24h" });
    expect(ban.error).toBeNull();
    const banned = await anonClient(stack).auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(banned.error?.status).toBe(400);
    expect(banned.error?.code).toBe("user_banned");
  });

  it("refuses a malformed body with bad_json", async () => {
    const res = await raw("/token?grant_type=password", { method: "POST", body: "{oops" });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-sb-error-code")).toBe("bad_json");
  });
});

describe("the user endpoint", () => {
  it("answers the signed-in user", async () => {
    const user = await signedInUser(stack);
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.user?.email).toBe(user.email);
    expect(data.user?.aud).toBe("authenticated");
    expect(data.user?.role).toBe("authenticated");
    expect(data.user?.is_anonymous).toBe(false);
    expect(Object.keys(data.user ?? {})).toEqual(expect.arrayContaining(USER_KEYS));
    expect(data.user?.identities?.[0]).toMatchObject({ provider: "email", user_id: user.id });

    // The same, given only the access token.
    const byToken = await anonClient(stack).auth.getUser(await accessTokenOf(user.client));
    expect(byToken.error).toBeNull();
    expect(byToken.data.user?.id).toBe(user.id);
  });

  it("needs a user token, not the API key", async () => {
    const res = await raw("/user", { token: stack.publishableKey });
    expect(res.status).toBe(403);
    expect(res.headers.get("x-sb-error-code")).toBe("bad_jwt");
  });
});

describe("refresh tokens", () => {
  it("rotate on refresh, and the new access token works", async () => {
    const user = await signedInUser(stack);
    const oldRefresh = await refreshTokenOf(user.client);
    const oldAccess = await accessTokenOf(user.client);
    const { data, error } = await user.client.auth.refreshSession();
    expect(error).toBeNull();
    const session = data.session;
    if (!session) throw new Error("no session");
    expect(session.refresh_token).not.toBe(oldRefresh);
    expect(decodeJwt(session.access_token).session_id).toBe(decodeJwt(oldAccess).session_id);
    const me = await anonClient(stack).auth.getUser(session.access_token);
    expect(me.data.user?.id).toBe(user.id);

    // The token just rotated away is the parent of the active one: a client that
    // lost the answer to its refresh gets the active token back, not a new one.
    const again = await anonClient(stack).auth.refreshSession({ refresh_token: oldRefresh });
    expect(again.error).toBeNull();
    expect(again.data.session?.refresh_token).toBe(session.refresh_token);
  });

  it("refuses a token it never issued: 400 refresh_token_not_found", async () => {
    const { data, error } = await anonClient(stack).auth.refreshSession({
      refresh_token: randomBytes(9).toString("base64url"),
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe("refresh_token_not_found");
    expect(error?.message).toBe("Invalid Refresh Token: Refresh Token Not Found");
  });
});

describe("sign-out", () => {
  it("ends the session: its access token is refused and its refresh token unknown", async () => {
    const user = await signedInUser(stack);
    const access = await accessTokenOf(user.client);
    const refresh = await refreshTokenOf(user.client);
    expect((await user.client.auth.signOut()).error).toBeNull();

    const after = await anonClient(stack).auth.getUser(access);
    expect(after.data.user).toBeNull();
    // auth-js turns 403 session_not_found into AuthSessionMissingError.
    expect(isAuthSessionMissingError(after.error)).toBe(true);
    const res = await raw("/user", { token: access });
    expect(res.status).toBe(403);
    expect(res.headers.get("x-sb-error-code")).toBe("session_not_found");
    expect((await res.json()).code).toBe("session_not_found");

    const refreshed = await anonClient(stack).auth.refreshSession({ refresh_token: refresh });
    expect(refreshed.error?.code).toBe("refresh_token_not_found");
  });

  it("with scope local ends only this device's session", async () => {
    const user = await signedInUser(stack);
    const other = anonClient(stack);
    expect(
      (await other.auth.signInWithPassword({ email: user.email, password: user.password })).error,
    ).toBeNull();
    const access = await accessTokenOf(user.client);
    expect((await user.client.auth.signOut({ scope: "local" })).error).toBeNull();
    expect(isAuthSessionMissingError((await anonClient(stack).auth.getUser(access)).error)).toBe(
      true,
    );
    const stillIn = await other.auth.getUser();
    expect(stillIn.error).toBeNull();
    expect(stillIn.data.user?.id).toBe(user.id);
  });
});

describe("the admin claim", () => {
  it("is app_metadata.role in the access token of an admin", async () => {
    const admin = await signedInUser(stack, { admin: true });
    const claims = decodeJwt(await accessTokenOf(admin.client));
    expect(claims.app_metadata).toMatchObject({
      role: "admin",
      provider: "email",
      providers: ["email"],
    });
    expect(claims.role).toBe("authenticated");
    const plain = await signedInUser(stack);
    expect(decodeJwt(await accessTokenOf(plain.client)).app_metadata).not.toHaveProperty("role");
  });

  it("cannot be set by users themselves: user_metadata is theirs, app_metadata is not", async () => {
    const user = await signedInUser(stack);
    const { data, error } = await user.client.auth.updateUser({ data: { role: "admin" } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata.role).toBe("admin");
    expect(data.user?.app_metadata.role).toBeUndefined();
    const refreshed = await user.client.auth.refreshSession();
    const claims = decodeJwt(refreshed.data.session?.access_token ?? "");
    expect(claims.user_metadata).toMatchObject({ role: "admin" });
    expect(claims.app_metadata).not.toHaveProperty("role");

    const sneaky = await user.client.auth.updateUser({
      app_metadata: { role: "admin" },
    } as UserAttributes);
    expect(sneaky.error?.status).toBe(403);
    expect(sneaky.error?.code).toBe("not_admin");
    const me = await user.client.auth.getUser();
    expect(me.data.user?.app_metadata.role).toBeUndefined();
  });

  it("users change their own password, not to a weak or the same one", async () => {
    const user = await signedInUser(stack);
    const weak = await user.client.auth.updateUser({ password: "short" });
    expect(isAuthWeakPasswordError(weak.error)).toBe(true);
    expect(weak.error?.status).toBe(422);
    const same = await user.client.auth.updateUser({ password: user.password });
    expect(same.error?.code).toBe("same_password");
    const next = `pw-${randomUUID()}`;
    expect((await user.client.auth.updateUser({ password: next })).error).toBeNull();
    const old = await anonClient(stack).auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(old.error?.code).toBe("invalid_credentials");
    const fresh = await anonClient(stack).auth.signInWithPassword({
      email: user.email,
      password: next,
    });
    expect(fresh.error).toBeNull();
  });
});

describe("the admin API", () => {
  it("needs the service role key", async () => {
    const attempt = await anon.auth.admin.createUser({
      email: newEmail("intruder"),
      password: `pw-${randomUUID()}`,
      app_metadata: { role: "admin" },
    });
    expect(attempt.data.user).toBeNull();
    expect(attempt.error?.status).toBe(403);
    expect(attempt.error?.code).toBe("not_admin");
    expect((await anon.auth.admin.listUsers()).error?.code).toBe("not_admin");

    // Not even an admin's own access token opens it: only the service role does.
    const admin = await signedInUser(stack, { admin: true });
    const res = await raw("/admin/users", {
      method: "POST",
      token: await accessTokenOf(admin.client),
      body: JSON.stringify({ email: newEmail("intruder"), password: "long-enough-pw" }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("x-sb-error-code")).toBe("not_admin");
  });

  it("creates, reads, lists, updates and deletes users", async () => {
    const email = newEmail("managed");
    const created = await service.auth.admin.createUser({
      email,
      password: `pw-${randomUUID()}`,
      email_confirm: true,
      user_metadata: { name: "Volunteer" },
    });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? "";
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    expect(created.data.user?.user_metadata).toMatchObject({ name: "Volunteer" });

    const duplicate = await service.auth.admin.createUser({
      email: email.toUpperCase(),
      password: `pw-${randomUUID()}`,
    });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe("email_exists");

    const fetched = await service.auth.admin.getUserById(id);
    expect(fetched.data.user?.email).toBe(email);

    const listed = await service.auth.admin.listUsers({ page: 1, perPage: 1 });
    expect(listed.error).toBeNull();
    expect(listed.data.users).toHaveLength(1);

    const updated = await service.auth.admin.updateUserById(id, {
      app_metadata: { role: "admin" },
      user_metadata: { name: "Coordinator" },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toMatchObject({ role: "admin", provider: "email" });
    expect(updated.data.user?.user_metadata).toMatchObject({ name: "Coordinator" });

    const removed = await service.auth.admin.deleteUser(id);
    expect(removed.error).toBeNull();
    const gone = await service.auth.admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe("user_not_found");
  });
});

describe("forged and broken tokens", () => {
  async function realToken() {
    return accessTokenOf((await signedInUser(stack)).client);
  }

  async function expectBadJwt(token: string) {
    const { data, error } = await anonClient(stack).auth.getUser(token);
    expect(data.user).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe("bad_jwt");
  }

  it("refuses a token signed with another secret", async () => {
    const claims = decodeJwt(await realToken());
    const forged = await new SignJWT({ ...claims, app_metadata: { role: "admin" } })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(randomBytes(32));
    await expectBadJwt(forged);
  });

  it("refuses an unsigned (alg none) token", async () => {
    const claims = decodeJwt(await realToken());
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    await expectBadJwt(`${part({ alg: "none", typ: "JWT" })}.${part(claims)}.`);
  });

  it("refuses a real token with edited claims", async () => {
    const [header, payload, signature] = (await realToken()).split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString());
    claims.app_metadata = { ...claims.app_metadata, role: "admin" };
    const edited = Buffer.from(JSON.stringify(claims)).toString("base64url");
    await expectBadJwt(`${header}.${edited}.${signature}`);
  });

  it("refuses garbage", async () => {
    await expectBadJwt("not.a.jwt");
  });

  it("refuses an expired token (needs the project's JWT secret)", async (context) => {
    const secret =
      (stack as TestStack & { jwtSecret?: string }).jwtSecret ?? process.env.SUPABASE_JWT_SECRET;
    if (!secret) {
      context.skip();
      return;
    }
    const claims = decodeJwt(await realToken());
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(secret));
    await expectBadJwt(expired);
  });
});

describe("the gateway and closed doors", () => {
  it("refuses requests without an apikey, or with an unknown one: 401", async () => {
    const missing = await raw("/settings", { apikey: null });
    expect(missing.status).toBe(401);
    expect((await missing.json()).message).toBe("No API key found in request");
    const token = await raw("/token?grant_type=password", {
      method: "POST",
      apikey: null,
      body: JSON.stringify({ email: newEmail("auth"), password: "whatever-password" }),
    });
    expect(token.status).toBe(401);
    const unknown = await raw("/settings", { apikey: "not-a-key" });
    expect(unknown.status).toBe(401);
  });

  it("refuses sign-ups: 422 signup_disabled", async () => {
    const { data, error } = await anonClient(stack).auth.signUp({
      email: newEmail("signup"),
      password: `pw-${randomUUID()}`,
    });
    expect(data.user).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe("signup_disabled");
  });

  it("says in its settings that sign-ups are off and email sign-in is on", async () => {
    const res = await raw("/settings");
    expect(res.status).toBe(200);
    const settings = await res.json();
    expect(settings.disable_signup).toBe(true);
    expect(settings.external.email).toBe(true);
  });
});
