// The keys of an embedded project, made once per data folder and kept there, like a
// hosted project's keys:
// - the API keys: a publishable key (`sb_publishable_...`, the anon role) and a secret
//   key (`sb_secret_...`, the service_role role), plus the legacy `anon` and
//   `service_role` JWTs signed with the legacy HS256 JWT secret;
// - the JWT signing keys Auth signs sessions with: an ES256 key pair with a `kid`,
//   whose public half is published as a JWKS, and the legacy HS256 secret.
//
// Two modes, as hosted projects come in two kinds:
// - "new" (the default): sessions are signed with the current ES256 key; the gateway
//   takes the publishable and secret keys, and the legacy API keys until they are
//   switched off (SUPABASE_LEGACY_API_KEYS=disabled, as the dashboard's "Disable
//   legacy API keys" does, and as every project will be once Supabase retires them).
//   The legacy secret stays a "previously used" signing key: tokens it signed still
//   verify until it is revoked.
// - "legacy" (SUPABASE_KEYS=legacy): a project that still runs on its JWT secret.
//   Sessions are HS256 without a `kid`, the JWKS is empty and the gateway takes the
//   legacy `anon` and `service_role` keys (the new keys work too, as on hosted).
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { errors, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from "jose";

export type KeyMode = "new" | "legacy";

/** standby: published, not yet signing; current: signs; previously_used: only verifies. */
export type SigningKeyStatus = "standby" | "current" | "previously_used" | "revoked";

export interface SigningKey {
  kid: string;
  alg: "ES256" | "HS256";
  status: SigningKeyStatus;
  /** The ES256 private key as a JWK; absent for the legacy HS256 key (its secret is jwtSecret). */
  privateJwk?: JWK;
  createdAt: string;
}

export interface ProjectKeys {
  mode: KeyMode;
  /** Whether the gateway still takes the legacy anon and service_role keys. */
  legacyApiKeys: boolean;
  /** The legacy JWT secret (HS256). */
  jwtSecret: string;
  /** The legacy `anon` API key: a JWT signed with jwtSecret. */
  anonKey: string;
  /** The legacy `service_role` API key: a JWT signed with jwtSecret. */
  serviceRoleKey: string;
  publishableKey: string;
  secretKey: string;
  /** Newest first; exactly one is current in "new" mode. */
  signingKeys: SigningKey[];
}

/** The kid of the legacy JWT secret in the signing-keys list. */
export const LEGACY_KID = "legacy-hs256";

export type JwtClaims = Record<string, unknown> & { role?: string; exp?: number; sub?: string };

/** Hosted allows this much clock skew when checking exp, nbf and iat. */
const CLOCK_TOLERANCE_SECONDS = 30;

export function keyMode(value = process.env.SUPABASE_KEYS): KeyMode {
  if (value === undefined || value === "" || value === "new") return "new";
  if (value === "legacy") return "legacy";
  throw new Error(`SUPABASE_KEYS must be "new" or "legacy", not "${value}".`);
}

/** SUPABASE_LEGACY_API_KEYS: "disabled" switches the legacy API keys off (new mode only). */
export function legacyApiKeysEnabled(
  mode: KeyMode,
  value = process.env.SUPABASE_LEGACY_API_KEYS,
): boolean {
  if (value === undefined || value === "" || value === "enabled") return true;
  if (value !== "disabled")
    throw new Error(`SUPABASE_LEGACY_API_KEYS must be "enabled" or "disabled", not "${value}".`);
  if (mode === "legacy")
    throw new Error("SUPABASE_LEGACY_API_KEYS=disabled needs the new keys (SUPABASE_KEYS=new).");
  return false;
}

/** The keys a browser and a server use in this mode: new keys, or the legacy JWTs. */
export function apiKeys(keys: ProjectKeys): { publishable: string; secret: string } {
  return keys.mode === "new"
    ? { publishable: keys.publishableKey, secret: keys.secretKey }
    : { publishable: keys.anonKey, secret: keys.serviceRoleKey };
}

/**
 * What the site's build and browser code get: the URL and the publishable key, or
 * for a project in legacy mode its anon key under the legacy name (the fallback the
 * site accepts).
 */
export function publicEnv(apiUrl: string, keys: ProjectKeys): Record<string, string> {
  return keys.mode === "new"
    ? { PUBLIC_SUPABASE_URL: apiUrl, PUBLIC_SUPABASE_PUBLISHABLE_KEY: keys.publishableKey }
    : { PUBLIC_SUPABASE_URL: apiUrl, PUBLIC_SUPABASE_ANON_KEY: keys.anonKey };
}

function secretBytes(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Signs with the legacy HS256 secret, without a kid, as legacy projects do. */
export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(secretBytes(secret));
}

/** Signs with the key that currently signs sessions in this project's mode. */
export async function signSession(claims: JwtClaims, keys: ProjectKeys): Promise<string> {
  if (keys.mode === "legacy") return signJwt(claims, keys.jwtSecret);
  const current = keys.signingKeys.find((key) => key.status === "current");
  if (!current) throw new Error("The project has no current JWT signing key.");
  if (current.alg === "HS256") {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT", kid: current.kid })
      .sign(secretBytes(keys.jwtSecret));
  }
  const privateKey = await importJWK(current.privateJwk as JWK, "ES256");
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "ES256", typ: "JWT", kid: current.kid })
    .sign(privateKey);
}

export type VerifiedJwt =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: "expired" | "invalid" | "algorithm" | "no-key"; message: string };

function failure(error: unknown): VerifiedJwt {
  if (error instanceof errors.JWTExpired)
    return { ok: false, reason: "expired", message: "JWT expired" };
  return { ok: false, reason: "invalid", message: (error as Error).message };
}

/** Verifies with the legacy HS256 secret only. */
export async function verifyJwt(token: string, secret: string): Promise<VerifiedJwt> {
  try {
    const { payload } = await jwtVerify(token, secretBytes(secret), {
      algorithms: ["HS256"],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    return failure(error);
  }
}

/**
 * A key whose signatures are accepted: the current one and the previously used ones.
 * A standby key is published but trusted only once it is rotated in; a revoked one
 * is neither.
 */
function verifies(key: SigningKey): boolean {
  return key.status === "current" || key.status === "previously_used";
}

/** A key in the JWKS: every asymmetric key that is not revoked, standby included. */
function published(key: SigningKey): boolean {
  return key.alg === "ES256" && key.status !== "revoked";
}

/** No signing key of the project matches a token's header, or the key is revoked. */
export class UnknownSigningKey extends Error {}

/** The algorithms tokens may be signed with in this mode. */
export function sessionAlgorithms(keys: ProjectKeys): string[] {
  return keys.mode === "legacy" ? ["HS256"] : ["ES256", "HS256"];
}

/**
 * The key that checks a token with this header, as Auth and PostgREST pick it: in
 * "legacy" mode the JWT secret; in "new" mode the ES256 key named by the kid, or the
 * legacy secret (HS256) while it is not revoked.
 */
export async function verificationKey(
  keys: ProjectKeys,
  header: { alg?: string; kid?: string },
): Promise<CryptoKey | Uint8Array> {
  if (keys.mode === "legacy" || header.alg === "HS256") {
    if (keys.mode === "new") {
      const legacy = keys.signingKeys.find((key) => key.alg === "HS256");
      if (!legacy || !verifies(legacy) || (header.kid !== undefined && header.kid !== legacy.kid))
        throw new UnknownSigningKey(`invalid kid: ${header.kid ?? "(none)"}`);
    }
    return secretBytes(keys.jwtSecret);
  }
  const key = keys.signingKeys.find((k) => k.kid === header.kid && k.alg === "ES256");
  if (!key || !verifies(key)) throw new UnknownSigningKey(`invalid kid: ${header.kid ?? "(none)"}`);
  return (await importJWK(publicJwk(key), "ES256")) as CryptoKey;
}

/** Verifies a token against the project's signing keys, as PostgREST and Storage do. */
export async function verifySession(token: string, keys: ProjectKeys): Promise<VerifiedJwt> {
  try {
    const { payload } = await jwtVerify(token, (header) => verificationKey(keys, header), {
      algorithms: sessionAlgorithms(keys),
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    if (error instanceof UnknownSigningKey)
      return { ok: false, reason: "no-key", message: error.message };
    if (error instanceof errors.JOSEAlgNotAllowed)
      return { ok: false, reason: "algorithm", message: error.message };
    return failure(error);
  }
}

function publicJwk(key: SigningKey): JWK {
  const { kty, crv, x, y } = key.privateJwk as JWK;
  return { kty, crv, x, y, kid: key.kid, alg: "ES256", use: "sig", key_ops: ["verify"], ext: true };
}

/**
 * The JWKS Auth publishes at /auth/v1/.well-known/jwks.json: the public halves of the
 * asymmetric keys that are not revoked. Symmetric keys are never published.
 */
export function publicJwks(keys: ProjectKeys): { keys: JWK[] } {
  if (keys.mode === "legacy") return { keys: [] };
  return {
    keys: keys.signingKeys.filter(published).map(publicJwk),
  };
}

/**
 * An API key as hosted makes them: the prefix, 22 random base64url characters, then
 * `_` and an 8-character checksum of the rest, so a mistyped key is told apart from
 * a revoked one without a lookup.
 */
export function makeApiKey(prefix: "sb_publishable_" | "sb_secret_"): string {
  const body = `${prefix}${randomBytes(16).toString("base64url")}`;
  const checksum = createHash("sha256").update(body).digest("base64url").slice(0, 8);
  return `${body}_${checksum}`;
}

async function makeSigningKey(status: SigningKeyStatus): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  const kid = randomUUID();
  return {
    kid,
    alg: "ES256",
    status,
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: "ES256" },
    createdAt: new Date().toISOString(),
  };
}

async function legacyKeys(jwtSecret: string) {
  const issuedAt = Math.floor(Date.now() / 1000);
  const tenYears = 10 * 365 * 24 * 3600;
  const key = (role: string) =>
    signJwt(
      { iss: "supabase", ref: "local", role, iat: issuedAt, exp: issuedAt + tenYears },
      jwtSecret,
    );
  return { jwtSecret, anonKey: await key("anon"), serviceRoleKey: await key("service_role") };
}

/** The legacy secret's place among the signing keys once ES256 signs. */
function legacySigningKey(): SigningKey {
  return {
    kid: LEGACY_KID,
    alg: "HS256",
    status: "previously_used",
    createdAt: new Date().toISOString(),
  };
}

type StoredKeys = Omit<ProjectKeys, "mode" | "legacyApiKeys">;

async function makeKeys(): Promise<StoredKeys> {
  return {
    ...(await legacyKeys(randomBytes(32).toString("hex"))),
    publishableKey: makeApiKey("sb_publishable_"),
    secretKey: makeApiKey("sb_secret_"),
    signingKeys: [await makeSigningKey("current"), legacySigningKey()],
  };
}

/** Adds what an older keys file lacks (it held only the legacy secret and keys). */
async function upgrade(
  stored: Partial<StoredKeys>,
): Promise<{ keys: StoredKeys; changed: boolean }> {
  let changed = false;
  const keys = { ...stored } as StoredKeys;
  if (!keys.jwtSecret || !keys.anonKey || !keys.serviceRoleKey) {
    Object.assign(keys, await legacyKeys(keys.jwtSecret || randomBytes(32).toString("hex")));
    changed = true;
  }
  if (!keys.publishableKey) {
    keys.publishableKey = makeApiKey("sb_publishable_");
    changed = true;
  }
  if (!keys.secretKey) {
    keys.secretKey = makeApiKey("sb_secret_");
    changed = true;
  }
  if (!Array.isArray(keys.signingKeys) || keys.signingKeys.length === 0) {
    keys.signingKeys = [await makeSigningKey("current"), legacySigningKey()];
    changed = true;
  }
  return { keys, changed };
}

/** Fresh keys that live only in memory, for tests. */
export async function ephemeralKeys(mode: KeyMode = keyMode()): Promise<ProjectKeys> {
  return { mode, legacyApiKeys: legacyApiKeysEnabled(mode), ...(await makeKeys()) };
}

function keysFile(dataDir: string): string {
  return join(dataDir, "keys.json");
}

/** Writes the keys file whole (a new file renamed over the old), readable by its owner only. */
export async function saveKeys(dataDir: string, keys: ProjectKeys): Promise<void> {
  const { mode: _mode, legacyApiKeys: _legacy, ...stored } = keys;
  await mkdir(dataDir, { recursive: true });
  const file = keysFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, file);
}

/** The keys of the project kept in dataDir, made on first use, in the given mode. */
export async function loadOrCreateKeys(
  dataDir: string,
  mode: KeyMode = keyMode(),
): Promise<ProjectKeys> {
  let stored: Partial<StoredKeys> | undefined;
  try {
    stored = JSON.parse(await readFile(keysFile(dataDir), "utf8")) as Partial<StoredKeys>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const legacyApiKeys = legacyApiKeysEnabled(mode);
  if (!stored) {
    const keys: ProjectKeys = { mode, legacyApiKeys, ...(await makeKeys()) };
    await saveKeys(dataDir, keys);
    return keys;
  }
  const { keys, changed } = await upgrade(stored);
  const project: ProjectKeys = { mode, legacyApiKeys, ...keys };
  if (changed) await saveKeys(dataDir, project);
  return project;
}

// -- rotation, as the dashboard's JWT Keys page does it ------------------------

/** Creates a standby key: published in the JWKS so verifiers cache it before it signs. */
export async function createStandbyKey(keys: ProjectKeys): Promise<SigningKey> {
  if (keys.signingKeys.some((key) => key.status === "standby"))
    throw new Error("There is already a standby key.");
  const key = await makeSigningKey("standby");
  keys.signingKeys.unshift(key);
  return key;
}

/** The standby key starts signing; the current one moves to previously used and still verifies. */
export function rotateSigningKeys(keys: ProjectKeys): void {
  const standby = keys.signingKeys.find((key) => key.status === "standby");
  if (!standby) throw new Error("Create a standby key before rotating.");
  for (const key of keys.signingKeys) if (key.status === "current") key.status = "previously_used";
  standby.status = "current";
}

/** A previously used key stops verifying: every token it signed is refused from now on. */
export function revokeSigningKey(keys: ProjectKeys, kid: string): void {
  const key = keys.signingKeys.find((k) => k.kid === kid);
  if (!key) throw new Error(`No signing key ${kid}.`);
  if (key.status !== "previously_used")
    throw new Error("Only a previously used key can be revoked.");
  // The legacy anon and service_role keys are JWTs signed with the legacy secret.
  if (key.alg === "HS256" && keys.legacyApiKeys)
    throw new Error("Disable the legacy API keys before revoking the legacy JWT secret.");
  key.status = "revoked";
}
