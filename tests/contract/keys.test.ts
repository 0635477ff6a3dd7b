// The project's keys as a project created today has them, in the mode the stack runs
// (SUPABASE_KEYS: "new" by default, "legacy"): which key is which role, how sessions
// are signed and checked, the published JWKS, rotation, and the keys' refusals.
// Cases that need the project's private signing key or its settings run on the
// embedded stand-in only and say so in their names.
import {
  decodeJwt,
  decodeProtectedHeader,
  generateKeyPair,
  importJWK,
  type JWK,
  SignJWT,
} from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createStandbyKey,
  keyMode,
  LEGACY_KID,
  legacyApiKeysEnabled,
  revokeSigningKey,
  rotateSigningKeys,
  signSession,
} from "../../supabase/local/keys.ts";
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

/** A real project cannot be re-keyed or forged for from a test. */
const EMBEDDED_ONLY = embeddedOnly("needs the project's private signing key");

const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

let stack: TestStack;
let user: TestUser;

beforeAll(async () => {
  stack = await startTestStack();
  user = await signedInUser(stack);
  // One message in the inbox, which only the service role (and admins) may see.
  const { error } = await serviceClient(stack).from("contact_messages").insert({
    name: "Key test",
    email: "keys@helpinghands.example",
    subject: "Which role am I?",
    message: "Only the service role reads this.",
  });
  if (error) throw new Error(error.message);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

/** A REST read with these headers: the status and the body. */
async function read(path: string, headers: Record<string, string>) {
  const response = await fetch(`${stack.url}/rest/v1/${path}`, { headers });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body };
}

/**
 * The role the database gave the caller, told by the inbox: anon has no grant (401),
 * a signed-in user sees no row (RLS), the service role sees them all.
 */
async function roleSeen(headers: Record<string, string>): Promise<string> {
  const answer = await read("contact_messages?select=id&limit=1", headers);
  if (answer.status === 401) return "anon";
  if (answer.status !== 200) return `HTTP ${answer.status}`;
  return (answer.body as unknown[]).length > 0 ? "service_role" : "authenticated";
}

async function jwks(): Promise<{ keys: Record<string, unknown>[] }> {
  // Public: no apikey needed.
  const response = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as { keys: Record<string, unknown>[] };
}

describe(`API keys (${process.env.SUPABASE_KEYS || "new"} mode)`, () => {
  it("look like the mode's keys", () => {
    if (stack.mode === "new") {
      expect(stack.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{20,}$/);
      expect(stack.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{20,}$/);
    } else {
      expect(decodeJwt(stack.publishableKey).role).toBe("anon");
      expect(decodeJwt(stack.secretKey).role).toBe("service_role");
    }
  });

  it("map to roles: the publishable key is anon, the secret key service_role", async () => {
    const anon = { apikey: stack.publishableKey };
    const service = { apikey: stack.secretKey };
    // As supabase-js sends them: the key as the apikey and as the bearer.
    const anonAsJs = { ...anon, authorization: `Bearer ${stack.publishableKey}` };
    const serviceAsJs = { ...service, authorization: `Bearer ${stack.secretKey}` };
    for (const headers of [anon, anonAsJs]) {
      expect((await read("banners?select=id&limit=1", headers)).status).toBe(200);
      expect(await roleSeen(headers)).toBe("anon");
    }
    for (const headers of [service, serviceAsJs])
      expect(await roleSeen(headers)).toBe("service_role");
    // supabase-js clients built on each key.
    expect((await anonClient(stack).from("contact_messages").select("id")).error?.code).toBe(
      "42501",
    );
    expect((await serviceClient(stack).from("contact_messages").select("id")).error).toBeNull();
  });

  it("a user's session runs as authenticated, whichever key carries it", async () => {
    const token = await accessToken(user);
    for (const apikey of [stack.publishableKey, stack.secretKey]) {
      // The user's token decides the role, not the secret key beside it.
      expect(await roleSeen({ apikey, authorization: `Bearer ${token}` })).toBe("authenticated");
    }
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
  });

  it("refuses an unknown key and a mistyped one", async () => {
    const mistyped = `${stack.publishableKey.slice(0, -1)}${stack.publishableKey.endsWith("x") ? "y" : "x"}`;
    for (const apikey of ["sb_publishable_not-a-key_12345678", mistyped]) {
      const answer = await read("banners?select=id", { apikey });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ message: "Invalid API key" });
    }
  });

  it("refuse the secret key from a browser (told apart by its User-Agent)", async () => {
    const fromBrowser = await read("banners?select=id&limit=1", {
      apikey: stack.secretKey,
      "user-agent": CHROME,
    });
    if (stack.mode === "legacy") {
      // The legacy service_role key has no such check.
      expect(fromBrowser.status).toBe(200);
      return;
    }
    expect(fromBrowser.status).toBe(401);
    expect(fromBrowser.body).toMatchObject({
      message: "Forbidden use of secret API key in browser",
    });
    // The same request from a server, and the publishable key from a browser, pass.
    expect((await read("banners?select=id&limit=1", { apikey: stack.secretKey })).status).toBe(200);
    const publishable = await read("banners?select=id&limit=1", {
      apikey: stack.publishableKey,
      "user-agent": CHROME,
    });
    expect(publishable.status).toBe(200);
  });
});

describe("session tokens and the JWKS", () => {
  it("sessions are signed the mode's way, and the JWKS publishes the public key", async () => {
    const header = decodeProtectedHeader(await accessToken(user));
    const published = await jwks();
    if (stack.mode === "legacy") {
      expect(header.alg).toBe("HS256");
      expect(published.keys).toEqual([]);
      return;
    }
    expect(header.alg).toBe("ES256");
    expect(typeof header.kid).toBe("string");
    const key = published.keys.find((k) => k.kid === header.kid);
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    // Only public halves: no private parameter, no symmetric key.
    for (const k of published.keys) {
      expect(k).not.toHaveProperty("d");
      expect(k.kty).not.toBe("oct");
    }
  });

  it("auth-js verifies a session against the JWKS (getClaims)", async () => {
    const { data, error } = await user.client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims.sub).toBe(user.id);
  });

  it("refuses a token signed by a key the project does not have", async () => {
    const claims = decodeJwt(await accessToken(user));
    const kid = decodeProtectedHeader(await accessToken(user)).kid ?? "some-kid";
    const { privateKey } = await generateKeyPair("ES256");
    const forgedEs256 = await new SignJWT({ ...claims, role: "service_role" })
      .setProtectedHeader({ alg: "ES256", typ: "JWT", kid })
      .sign(privateKey);
    const forgedHs256 = await new SignJWT({ ...claims, role: "service_role" })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode("not-the-project-secret-at-all-0123456789"));
    for (const forged of [forgedEs256, forgedHs256]) {
      const headers = { apikey: stack.publishableKey, authorization: `Bearer ${forged}` };
      const answer = await read("contact_messages?select=id", headers);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: "PGRST301" });
      const who = await fetch(`${stack.url}/auth/v1/user`, { headers });
      expect(who.status).toBe(403);
    }
  });

  it.skipIf(REAL_PROJECT)(`refuses an expired session token ${EMBEDDED_ONLY}`, async () => {
    const keys = stack.keys;
    if (!keys) throw new Error("the embedded stack has keys");
    const now = Math.floor(Date.now() / 1000);
    const claims = decodeJwt(await accessToken(user));
    const expired = await signSession({ ...claims, iat: now - 7200, exp: now - 3600 }, keys);
    const headers = { apikey: stack.publishableKey, authorization: `Bearer ${expired}` };
    const answer = await read("banners?select=id", headers);
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({ code: "PGRST303", message: "JWT expired" });
    const who = await fetch(`${stack.url}/auth/v1/user`, { headers });
    expect(who.status).toBe(403);
    expect(await who.json()).toMatchObject({ error_code: "bad_jwt" });
  });
});

describe.skipIf(REAL_PROJECT)(`signing-key rotation ${EMBEDDED_ONLY}`, () => {
  if (keyMode() === "legacy") {
    // This run's project (the vitest project's SUPABASE_KEYS) is on its legacy JWT
    // secret: the cases below are the new keys' only.
    it("a project on its legacy JWT secret publishes no signing key, and cannot switch its API keys off", async () => {
      expect(stack.mode).toBe("legacy");
      expect((await jwks()).keys).toEqual([]);
      expect(() => legacyApiKeysEnabled("legacy", "disabled")).toThrow(/needs the new keys/);
    });
    return;
  }

  it("a standby key, then rotation, keeps every live session; revoking the old key ends them", async () => {
    const keys = stack.keys;
    if (!keys) throw new Error("the embedded stack has keys");
    const before = await signedInUser(stack);
    const oldToken = await accessToken(before);
    // The publish function checks admins itself; its process starts before the rotation.
    const runsSeenBy = async (who: TestUser) =>
      (
        await fetch(`${stack.url}/functions/v1/publish`, {
          headers: {
            apikey: stack.publishableKey,
            authorization: `Bearer ${await accessToken(who)}`,
          },
        })
      ).status;
    expect(await runsSeenBy(await signedInUser(stack, { admin: true }))).toBe(200);
    const oldKid = decodeProtectedHeader(oldToken).kid as string;
    const works = async (token: string) =>
      (
        await read("banners?select=id&limit=1", {
          apikey: stack.publishableKey,
          authorization: `Bearer ${token}`,
        })
      ).status;

    // 1. A standby key is published before it signs anything, so caches can pick it up.
    const standby = await createStandbyKey(keys);
    expect((await jwks()).keys.map((k) => k.kid).sort()).toEqual([oldKid, standby.kid].sort());
    expect(decodeProtectedHeader(await accessToken(await signedInUser(stack))).kid).toBe(oldKid);
    // Published is not trusted: until the rotation, nothing it signs is accepted.
    const standbySigned = await new SignJWT(decodeJwt(oldToken))
      .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: standby.kid })
      .sign(await importJWK(standby.privateJwk as JWK, "ES256"));
    expect(await works(standbySigned)).toBe(401);

    // 2. Rotate: new sessions are signed with it; the old key still verifies.
    rotateSigningKeys(keys);
    const after = await signedInUser(stack);
    const newToken = await accessToken(after);
    expect(decodeProtectedHeader(newToken).kid).toBe(standby.kid);
    expect(await works(oldToken)).toBe(200);
    expect(await works(newToken)).toBe(200);
    expect((await before.client.auth.getUser()).error).toBeNull();
    // An admin signed with the new key is still an admin to a function started earlier.
    expect(await runsSeenBy(await signedInUser(stack, { admin: true }))).toBe(200);
    expect(await runsSeenBy(after)).toBe(403);
    // A refresh moves a live session onto the new key.
    const refreshed = await before.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeProtectedHeader(refreshed.data.session?.access_token ?? "").kid).toBe(standby.kid);

    expect(await works(standbySigned)).toBe(200);

    // 3. Revoke the old key: what it signed is refused, and it leaves the JWKS.
    revokeSigningKey(keys, oldKid);
    expect(await works(oldToken)).toBe(401);
    expect(await works(newToken)).toBe(200);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual([standby.kid]);
    // The legacy secret signed the legacy API keys: it cannot be revoked while they work.
    expect(() => revokeSigningKey(keys, LEGACY_KID)).toThrow(/Disable the legacy API keys/);
  });

  it("switching the legacy API keys off refuses them and leaves the new keys working", async () => {
    const keys = stack.keys;
    if (!keys) throw new Error("the embedded stack has keys");
    expect(await roleSeen({ apikey: keys.serviceRoleKey })).toBe("service_role");
    keys.legacyApiKeys = false;
    try {
      for (const legacy of [keys.anonKey, keys.serviceRoleKey]) {
        const answer = await read("banners?select=id", { apikey: legacy });
        expect(answer.status).toBe(401);
        expect(answer.body).toMatchObject({ message: "Legacy API keys are disabled" });
      }
      expect(await roleSeen({ apikey: stack.secretKey })).toBe("service_role");
      expect((await read("banners?select=id", { apikey: stack.publishableKey })).status).toBe(200);
    } finally {
      keys.legacyApiKeys = true;
    }
  });
});
