// Multi-factor authentication with TOTP, driven through supabase-js's auth.mfa and
// auth.admin.mfa, with the codes an authenticator app would show computed by otpauth
// from the enrolled secret: enrolment, challenges and verification, the assurance
// levels (aal) and methods (amr) of the session's tokens, refreshes, the aal2 rules
// (enrolling another factor, unenrolling, a new password), the sessions a verification
// signs out, the admin API, and the auth tables the API roles cannot read. Runs
// against the embedded stand-in, or a real Supabase (stack.ts); the cases that age a
// challenge or query the database as a role are embedded only.
import type { SupabaseClient } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessToken,
  anonClient,
  embeddedOnly,
  REAL_PROJECT,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
} from "./stack.ts";

let stack: TestStack;
let service: SupabaseClient;

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
}, 60_000);

afterAll(async () => {
  await stack.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FACTOR_KEYS = [
  "id",
  "created_at",
  "updated_at",
  "status",
  "friendly_name",
  "factor_type",
  "phone",
  "last_challenged_at",
];

function totpOf(secret: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: "SHA1",
    digits: 6,
    period: 30,
  });
}

/** What the authenticator app shows now. */
function codeFor(secret: string): string {
  return totpOf(secret).generate();
}

/** A six-digit code that matches none of the steps the server accepts (now, ±30 s). */
function wrongCode(secret: string): string {
  const totp = totpOf(secret);
  const accepted = new Set(
    [-1, 0, 1].map((step) => totp.generate({ timestamp: Date.now() + step * 30_000 })),
  );
  let guess = 0;
  while (accepted.has(String(guess).padStart(6, "0"))) guess += 1;
  return String(guess).padStart(6, "0");
}

interface Enrolled {
  id: string;
  secret: string;
}

async function enroll(user: TestUser, friendlyName: string): Promise<Enrolled> {
  const { data, error } = await user.client.auth.mfa.enroll({ factorType: "totp", friendlyName });
  if (error || data?.type !== "totp") throw new Error(`enroll failed: ${error?.message}`);
  return { id: data.id, secret: data.totp.secret };
}

/** Challenges and verifies the factor with the right code: the client's session is aal2. */
async function verifyFactor(client: SupabaseClient, factor: Enrolled) {
  const { data, error } = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: codeFor(factor.secret),
  });
  if (error || !data) throw new Error(`verify failed: ${error?.message}`);
  return data;
}

/** A user with a verified factor, signed in on `user.client` at aal2. */
async function userWithFactor(): Promise<{ user: TestUser; factor: Enrolled }> {
  const user = await signedInUser(stack);
  const factor = await enroll(user, "Phone app");
  await verifyFactor(user.client, factor);
  return { user, factor };
}

/** Another client of the user's, signed in with the password only (aal1). */
async function passwordClient(user: TestUser): Promise<SupabaseClient> {
  const client = anonClient(stack);
  const { error } = await client.auth.signInWithPassword({
    email: user.email,
    password: user.password,
  });
  if (error) throw new Error(`sign-in failed: ${error.message}`);
  return client;
}

async function claimsOf(client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error("no session");
  return decodeJwt(data.session.access_token) as {
    aal?: string;
    amr?: { method: string; timestamp: number }[];
    session_id?: string;
  };
}

describe("enrolling a TOTP factor", () => {
  it("answers the factor with its secret, otpauth URI and QR code", async () => {
    const user = await signedInUser(stack);
    const { data, error } = await user.client.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: "Phone app",
    });
    expect(error).toBeNull();
    if (data?.type !== "totp") throw new Error("no totp factor");
    expect(data.id).toMatch(UUID);
    expect(data.friendly_name).toBe("Phone app");
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    // Raw SVG from Auth; auth-js makes a data: URL of it, which a `#` would cut short.
    expect(data.totp.qr_code.startsWith("data:image/svg+xml;utf-8,")).toBe(true);
    expect(data.totp.qr_code).toContain("<svg");
    expect(data.totp.qr_code).not.toContain("#");

    // otpauth://totp/<issuer>:<email>?algorithm=SHA1&digits=6&issuer=<issuer>&period=30&secret=<secret>
    const uri = new URL(data.totp.uri);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.host).toBe("totp");
    const issuer = uri.searchParams.get("issuer") ?? "";
    expect(decodeURIComponent(uri.pathname)).toBe(`/${issuer}:${user.email}`);
    expect([...uri.searchParams.keys()]).toEqual([
      "algorithm",
      "digits",
      "issuer",
      "period",
      "secret",
    ]);
    expect(uri.searchParams.get("secret")).toBe(data.totp.secret);
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    // The issuer defaults to the site URL's host, port kept.
    if (!REAL_PROJECT) expect(issuer).toBe("127.0.0.1:4321");

    // The factor is the user's, unverified until a code is verified.
    const listed = await user.client.auth.mfa.listFactors();
    expect(listed.error).toBeNull();
    expect(listed.data?.all.map((factor) => factor.id)).toEqual([data.id]);
    expect(listed.data?.totp).toEqual([]);
    const factor = listed.data?.all[0];
    expect(Object.keys(factor ?? {})).toEqual(FACTOR_KEYS);
    expect(factor).toMatchObject({
      status: "unverified",
      factor_type: "totp",
      phone: "",
      last_challenged_at: null,
    });
  });

  it("writes a given issuer into the URI as Go escapes it", async () => {
    const user = await signedInUser(stack);
    const { data } = await user.client.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: "Named issuer",
      issuer: "Helping Hands",
    });
    if (data?.type !== "totp") throw new Error("no totp factor");
    expect(data.totp.uri).toContain("otpauth://totp/Helping%20Hands:");
    expect(data.totp.uri).toContain("&issuer=Helping+Hands&");
  });

  it("refuses a second factor with the same name, and the factor kinds that are off", async () => {
    const user = await signedInUser(stack);
    await enroll(user, "Phone app");
    const again = await user.client.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: "Phone app",
    });
    expect(again.error?.status).toBe(422);
    expect(again.error?.code).toBe("mfa_factor_name_conflict");
    expect(again.error?.message).toBe(
      'A factor with the friendly name "Phone app" for this user already exists',
    );

    const phone = await user.client.auth.mfa.enroll({
      factorType: "phone",
      phone: "+15555550100",
    });
    expect(phone.error?.status).toBe(422);
    expect(phone.error?.code).toBe("mfa_phone_enroll_not_enabled");
    const webauthn = await user.client.auth.mfa.enroll({
      factorType: "webauthn",
      friendlyName: "Key",
    });
    expect(webauthn.error?.status).toBe(422);
    expect(webauthn.error?.code).toBe("mfa_webauthn_enroll_not_enabled");
  });

  it("finds no factor that is not the caller's, or whose id is no UUID", async () => {
    const owner = await signedInUser(stack);
    const other = await signedInUser(stack);
    const factor = await enroll(owner, "Phone app");
    const foreign = await other.client.auth.mfa.challenge({ factorId: factor.id });
    expect(foreign.error?.status).toBe(404);
    expect(foreign.error?.code).toBe("mfa_factor_not_found");
    const malformed = await other.client.auth.mfa.unenroll({ factorId: "abc" });
    expect(malformed.error?.status).toBe(404);
    expect(malformed.error?.code).toBe("validation_failed");
    expect(malformed.error?.message).toBe("factor_id must be an UUID");
  });
});

describe("challenging and verifying", () => {
  it("turns the session into aal2 with the right code, after a wrong one", async () => {
    const user = await signedInUser(stack);
    const factor = await enroll(user, "Phone app");
    const mfa = user.client.auth.mfa;
    // An unverified factor is no second level yet.
    expect((await mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal1",
    });

    const before = Math.floor(Date.now() / 1000);
    const challenge = await mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    if (!challenge.data) throw new Error("no challenge");
    expect(challenge.data.id).toMatch(UUID);
    expect(challenge.data.type).toBe("totp");
    expect(challenge.data.expires_at).toBeGreaterThanOrEqual(before + 300 - 5);
    expect(challenge.data.expires_at).toBeLessThanOrEqual(before + 300 + 60);

    const wrong = await mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data.id,
      code: wrongCode(factor.secret),
    });
    expect(wrong.error?.status).toBe(422);
    expect(wrong.error?.code).toBe("mfa_verification_failed");
    expect(wrong.error?.message).toBe("Invalid TOTP code entered");

    // The same challenge takes another try.
    const right = await mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data.id,
      code: codeFor(factor.secret),
    });
    expect(right.error).toBeNull();
    if (!right.data) throw new Error("no session");
    expect(right.data.token_type).toBe("bearer");
    expect(right.data.refresh_token).toBeTruthy();
    expect(right.data.user.factors?.map((f) => [f.id, f.status])).toEqual([
      [factor.id, "verified"],
    ]);
    const claims = decodeJwt(right.data.access_token) as Awaited<ReturnType<typeof claimsOf>>;
    expect(claims.aal).toBe("aal2");
    // Newest first: the factor, then the password the session began with.
    expect(claims.amr?.map((entry) => entry.method)).toEqual(["totp", "password"]);
    // The client keeps the new session.
    expect((await claimsOf(user.client)).aal).toBe("aal2");
    const level = await mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: "aal2", nextLevel: "aal2" });
    const methods = level.data?.currentAuthenticationMethods ?? [];
    expect(methods.map((entry) => (typeof entry === "string" ? entry : entry.method))).toEqual([
      "totp",
      "password",
    ]);
    const listed = await mfa.listFactors();
    expect(listed.data?.totp.map((f) => f.id)).toEqual([factor.id]);
    expect(listed.data?.all[0]?.last_challenged_at).toBeTruthy();

    // A verified challenge is spent.
    const reused = await mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data.id,
      code: codeFor(factor.secret),
    });
    expect(reused.error?.status).toBe(422);
    expect(reused.error?.code).toBe("mfa_ip_address_mismatch");

    // A refresh keeps aal2: the factor belongs to the session.
    const refreshed = await user.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const after = decodeJwt(refreshed.data.session?.access_token ?? "") as typeof claims;
    expect(after.aal).toBe("aal2");
    expect(after.amr?.map((entry) => entry.method)).toEqual(["totp", "password"]);
    expect(after.session_id).toBe(claims.session_id);
  });

  it("refuses an empty code and an unknown challenge", async () => {
    const user = await signedInUser(stack);
    const factor = await enroll(user, "Phone app");
    const empty = await user.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: crypto.randomUUID(),
      code: "",
    });
    expect(empty.error?.status).toBe(400);
    expect(empty.error?.code).toBe("validation_failed");
    const unknown = await user.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: crypto.randomUUID(),
      code: codeFor(factor.secret),
    });
    expect(unknown.error?.status).toBe(422);
    expect(unknown.error?.code).toBe("mfa_factor_not_found");
  });

  it("signs out the user's other aal1 sessions once one session reaches aal2", async () => {
    const user = await signedInUser(stack);
    const other = await passwordClient(user);
    expect((await other.auth.getUser()).error).toBeNull();
    const factor = await enroll(user, "Phone app");
    await verifyFactor(user.client, factor);
    const { data } = await other.auth.getSession();
    const refused = await anonClient(stack).auth.refreshSession({
      refresh_token: data.session?.refresh_token ?? "",
    });
    expect(refused.error?.status).toBe(400);
    expect(refused.error?.code).toMatch(/^(refresh_token_not_found|session_not_found)$/);
    // Its access token names a session that is gone (supabase-js reports that as a
    // missing session, so the answer is read raw).
    const gone = await fetch(`${stack.url}/auth/v1/user`, {
      headers: {
        apikey: stack.publishableKey,
        authorization: `Bearer ${data.session?.access_token}`,
        "x-supabase-api-version": "2024-01-01",
      },
    });
    expect(gone.status).toBe(403);
    expect((await gone.json()).code).toBe("session_not_found");
  });
});

describe.skipIf(REAL_PROJECT)(
  `an expired challenge ${embeddedOnly("ages the challenge in the database")}`,
  () => {
    it("is refused and deleted", async () => {
      const db = stack.db;
      if (!db) throw new Error("the embedded stack has its database");
      const user = await signedInUser(stack);
      const factor = await enroll(user, "Phone app");
      const challenge = await user.client.auth.mfa.challenge({ factorId: factor.id });
      const id = challenge.data?.id ?? "";
      await db.query(
        "update auth.mfa_challenges set created_at = created_at - interval '301 seconds' where id = $1",
        [id],
      );
      const late = await user.client.auth.mfa.verify({
        factorId: factor.id,
        challengeId: id,
        code: codeFor(factor.secret),
      });
      expect(late.error?.status).toBe(422);
      expect(late.error?.code).toBe("mfa_challenge_expired");
      expect(late.error?.message).toBe(
        `MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
      );
      const { rows } = await db.query("select 1 from auth.mfa_challenges where id = $1", [id]);
      expect(rows).toEqual([]);
    });
  },
);

describe("a user with a verified factor", () => {
  it("signs in with a password at aal1, with aal2 next", async () => {
    const { user, factor } = await userWithFactor();
    const client = anonClient(stack);
    const { data, error } = await client.auth.signInWithPassword({
      email: user.email,
      password: user.password,
    });
    expect(error).toBeNull();
    expect(data.user?.factors?.map((f) => [f.id, f.status])).toEqual([[factor.id, "verified"]]);
    const claims = await claimsOf(client);
    expect(claims.aal).toBe("aal1");
    expect(claims.amr?.map((entry) => entry.method)).toEqual(["password"]);
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal2",
    });
  });

  it("needs aal2 to enrol another factor (403) or unenrol a verified one (422)", async () => {
    const { user, factor } = await userWithFactor();
    const client = await passwordClient(user);
    const second = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Second" });
    expect(second.error?.status).toBe(403);
    expect(second.error?.code).toBe("insufficient_aal");
    expect(second.error?.message).toBe("AAL2 required to enroll a new factor");
    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error?.status).toBe(422);
    expect(removed.error?.code).toBe("insufficient_aal");
    expect(removed.error?.message).toBe("AAL2 required to unenroll verified factor");

    // The aal1 session may challenge and verify, and then do both.
    await verifyFactor(client, factor);
    expect((await claimsOf(client)).aal).toBe("aal2");
    const added = await client.auth.mfa.enroll({ factorType: "totp", friendlyName: "Second" });
    expect(added.error).toBeNull();
    const unenrolled = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(unenrolled.error).toBeNull();
    expect(unenrolled.data).toEqual({ id: factor.id });
    // The token in hand still says aal2; the next one says aal1 again.
    expect((await claimsOf(client)).aal).toBe("aal2");
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const after = decodeJwt(refreshed.data.session?.access_token ?? "") as {
      aal?: string;
      amr?: { method: string }[];
    };
    expect(after.aal).toBe("aal1");
    expect(after.amr?.map((entry) => entry.method)).toEqual(["password"]);
    // Only the unverified second factor is left.
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: "aal1",
      nextLevel: "aal1",
    });
  });

  it("changes the password only from an aal2 session (401 insufficient_aal)", async () => {
    const { user, factor } = await userWithFactor();
    const client = await passwordClient(user);
    const password = `pw-${crypto.randomUUID()}`;
    const refused = await client.auth.updateUser({ password });
    expect(refused.error?.status).toBe(401);
    expect(refused.error?.code).toBe("insufficient_aal");
    expect(refused.error?.message).toBe(
      "AAL2 session is required to update email or password when MFA is enabled.",
    );
    // Metadata needs no second factor.
    const renamed = await client.auth.updateUser({ data: { name: "Asha" } });
    expect(renamed.error).toBeNull();
    await verifyFactor(client, factor);
    const changed = await client.auth.updateUser({ password });
    expect(changed.error).toBeNull();
  });
});

describe("the admin API", () => {
  it("lists and deletes a user's factors with the secret key, downgrading the sessions", async () => {
    const { user, factor } = await userWithFactor();
    const listed = await service.auth.admin.mfa.listFactors({ userId: user.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((f) => [f.id, f.status])).toEqual([[factor.id, "verified"]]);
    expect(Object.keys(listed.data?.factors[0] ?? {})).toEqual(FACTOR_KEYS);

    const deleted = await service.auth.admin.mfa.deleteFactor({ userId: user.id, id: factor.id });
    expect(deleted.error).toBeNull();
    // auth-js 2.119 nests the server's body (the deleted factor) one level down.
    const body = (deleted.data as unknown as { data: { id: string; status: string } }).data;
    expect(body).toMatchObject({ id: factor.id, status: "verified", factor_type: "totp" });

    // The user's aal2 session is aal1 from its next token on.
    const refreshed = await user.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session?.access_token ?? "").aal).toBe("aal1");
    const none = await service.auth.admin.mfa.listFactors({ userId: user.id });
    expect(none.error).toBeNull();
    expect(none.data?.factors ?? []).toEqual([]);
    // GoTrue marshals the user's empty factor list as null.
    if (!REAL_PROJECT) expect(none.data?.factors).toBeNull();
  });

  it("refuses the publishable key and a user's token", async () => {
    const { user } = await userWithFactor();
    const anon = await anonClient(stack).auth.admin.mfa.listFactors({ userId: user.id });
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe("not_admin");
    const response = await fetch(`${stack.url}/auth/v1/admin/users/${user.id}/factors`, {
      headers: {
        apikey: stack.publishableKey,
        authorization: `Bearer ${await accessToken(user)}`,
        "x-supabase-api-version": "2024-01-01",
      },
    });
    expect(response.status).toBe(403);
    expect((await response.json()).code).toBe("not_admin");
  });
});

describe.skipIf(REAL_PROJECT)(
  `the MFA tables ${embeddedOnly("queries the database as the authenticated role")}`,
  () => {
    it("are closed to authenticated, as on hosted (42501)", async () => {
      const db = stack.db;
      if (!db) throw new Error("the embedded stack has its database");
      for (const table of ["auth.mfa_factors", "auth.mfa_challenges"]) {
        const code = await db
          .transaction(async (tx) => {
            await tx.query("set local role authenticated");
            await tx.query(`select 1 from ${table}`);
            return "read";
          })
          .catch((error: { code?: string }) => error.code);
        expect(code).toBe("42501");
      }
    });
  },
);
