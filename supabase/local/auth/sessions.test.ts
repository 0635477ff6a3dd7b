// Unit tests of the /auth/v1 stand-in's sessions and tokens that need the database or
// the JWT secret at hand: fabricated states (a refresh token past its reuse window, an
// expired token, a deleted user), refresh-token reuse and the tables sessions live in,
// and sign-out's scopes.
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { apiKeys } from "../keys.ts";
import { authTestApp, type Json, URL_BASE } from "./test-app.ts";

const auth = authTestApp();
const { call, createUser, signIn } = auth;

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
    await auth.db.query(
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
    const { rows } = await auth.db.query<{ token: string }>(
      "select token from auth.refresh_tokens where user_id = $1 and not revoked",
      [user.id],
    );
    expect(rows).toEqual([]);
    // c was revoked just now, so it too is only honoured within the reuse interval.
    await auth.db.query(
      "update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1",
      [c],
    );
    expect((await refresh(c)).json.code).toBe("refresh_token_already_used");
  });

  it("keeps sessions and tokens in auth.sessions and auth.refresh_tokens", async () => {
    const user = await createUser();
    const res = await signIn(user.email, user.password);
    const { rows } = await auth.db.query<{ session_id: string; revoked: boolean; aal: string }>(
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
      .sign(new TextEncoder().encode(auth.keys.jwtSecret));
    const res = await call("GET", "/user", { token: expired });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("bad_jwt");
    expect(res.json.message).toContain("token is expired");
  });

  it("refuses a token for a user that no longer exists", async () => {
    const user = await createUser();
    const session = await signIn(user.email, user.password);
    await call("DELETE", `/admin/users/${user.id}`, { token: apiKeys(auth.keys).secret });
    const res = await call("GET", "/user", { token: session.json.access_token as string });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("user_not_found");
  });

  it("refuses the API keys themselves on /user (no sub claim)", async () => {
    const res = await call("GET", "/user", { token: apiKeys(auth.keys).secret });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ code: "bad_jwt", message: "invalid claim: missing sub claim" });
  });

  it("requires a bearer token on /user", async () => {
    const response = await auth.app.request(`${URL_BASE}/auth/v1/user`, {
      headers: { apikey: apiKeys(auth.keys).publishable, "x-supabase-api-version": "2024-01-01" },
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
        await auth.db.query<{ n: number }>(
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
