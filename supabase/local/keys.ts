// The JWT secret and the two API keys of an embedded project, made once per data
// folder and kept there, like a hosted project's keys. HS256, as hosted.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { errors, jwtVerify, SignJWT } from "jose";

export interface ProjectKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

export type JwtClaims = Record<string, unknown> & { role?: string; exp?: number; sub?: string };

/** Hosted allows this much clock skew when checking exp, nbf and iat. */
const CLOCK_TOLERANCE_SECONDS = 30;

function secretBytes(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signJwt(claims: JwtClaims, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(secretBytes(secret));
}

export type VerifiedJwt =
  | { ok: true; claims: JwtClaims }
  | { ok: false; reason: "expired" | "invalid"; message: string };

export async function verifyJwt(token: string, secret: string): Promise<VerifiedJwt> {
  try {
    const { payload } = await jwtVerify(token, secretBytes(secret), {
      algorithms: ["HS256"],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
    return { ok: true, claims: payload as JwtClaims };
  } catch (error) {
    if (error instanceof errors.JWTExpired)
      return { ok: false, reason: "expired", message: "JWT expired" };
    return { ok: false, reason: "invalid", message: (error as Error).message };
  }
}

async function makeKeys(jwtSecret: string): Promise<ProjectKeys> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const tenYears = 10 * 365 * 24 * 3600;
  const key = (role: string) =>
    signJwt(
      { iss: "supabase", ref: "local", role, iat: issuedAt, exp: issuedAt + tenYears },
      jwtSecret,
    );
  return { jwtSecret, anonKey: await key("anon"), serviceRoleKey: await key("service_role") };
}

/** Fresh keys that live only in memory, for tests. */
export async function ephemeralKeys(): Promise<ProjectKeys> {
  return makeKeys(randomBytes(32).toString("hex"));
}

/** The keys of the project kept in dataDir, made on first use. */
export async function loadOrCreateKeys(dataDir: string): Promise<ProjectKeys> {
  const file = join(dataDir, "keys.json");
  try {
    return JSON.parse(await readFile(file, "utf8")) as ProjectKeys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const keys = await makeKeys(randomBytes(32).toString("hex"));
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
