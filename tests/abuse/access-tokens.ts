// Forged tokens, made the way an attacker holding the public anon key (and, at best, a
// real non-admin user's token) could make them: signed with a guessed secret, not signed
// at all, expired, edited without re-signing, signed with an asymmetric key of their
// own. Only `expired`/`notYetValid` use the project's real secret, to prove the expiry
// checks themselves.
import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

export type Claims = Record<string, unknown>;

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** The claims of a token that, if honoured, would make its bearer an admin. */
export function adminClaims(user: { id: string; email: string }): Claims {
  return {
    iss: "supabase",
    sub: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email,
    app_metadata: { provider: "email", providers: ["email"], role: "admin" },
    user_metadata: {},
    iat: now(),
    exp: now() + 3600,
  };
}

/** The claims of a service role key. */
export function serviceClaims(): Claims {
  return { iss: "supabase", ref: "local", role: "service_role", iat: now(), exp: now() + 3600 };
}

/** The Supabase CLI's well-known default JWT secret. */
export const DEFAULT_CLI_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

export function randomSecret(): string {
  return randomBytes(32).toString("hex");
}

export async function sign(
  claims: Claims,
  secret: string,
  header: Record<string, unknown> = {},
): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT", ...header } as { alg: string })
    .sign(new TextEncoder().encode(secret));
}

/** An unsecured token: `alg` none (in any spelling), empty signature. */
export function unsigned(claims: Claims, alg = "none"): string {
  return `${b64({ alg, typ: "JWT" })}.${b64(claims)}.`;
}

export function decodePayload(token: string): Claims {
  const part = token.split(".")[1] ?? "";
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Claims;
}

export function decodeHeader(token: string): Claims {
  const part = token.split(".")[0] ?? "";
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Claims;
}

/** The same token with its payload changed and the original signature kept. */
export function editPayload(token: string, edit: (claims: Claims) => Claims): string {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || signature === undefined) throw new Error("not a JWT");
  return `${header}.${b64(edit(decodePayload(token)))}.${signature}`;
}

/** The same token with its header changed and the original signature kept. */
export function editHeader(token: string, edit: (header: Claims) => Claims): string {
  const [, payload, signature] = token.split(".");
  if (!payload || signature === undefined) throw new Error("not a JWT");
  return `${b64(edit(decodeHeader(token)))}.${payload}.${signature}`;
}

/** A token without its signature. */
export function stripSignature(token: string): string {
  const [header, payload] = token.split(".");
  return `${header}.${payload}.`;
}

/** RS256, signed with the attacker's own key, which the header carries (`jwk` injection). */
export async function withEmbeddedJwk(claims: Claims): Promise<string> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(publicKey);
  return new SignJWT(claims).setProtectedHeader({ alg: "RS256", typ: "JWT", jwk }).sign(privateKey);
}

export { now };
