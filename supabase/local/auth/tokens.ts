// Access tokens: signing a session's JWT with the project's current key (its aal and
// amr worked out from the session's claims each time, refreshes included), and
// GoTrue's checks of the token a request carries (requireAuthentication and
// requireAdminCredentials), with its error codes and messages.
import type { Context } from "hono";
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from "jose";
import { sessionAlgorithms, signSession, UnknownSigningKey, verificationKey } from "../keys.ts";
import { ADMIN_ROLES, type AuthEnv, type AuthService, type Body, NIL_UUID } from "./config.ts";
import { AuthApiError, badJwt, badRequest, notAdmin } from "./errors.ts";
import { findUserById, type UserRow } from "./persistence.ts";
import { assuranceOf, findSession, type Sessioned, type SessionRow } from "./sessions.ts";
import { appMetadataOf, userJson } from "./users.ts";
import { isUuid } from "./validation.ts";

async function accessToken(auth: AuthService, user: UserRow, session: SessionRow) {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = issuedAt + auth.settings.jwtExpiry;
  const { aal, amr } = await assuranceOf(auth.db, session);
  const token = await signSession(
    {
      iss: auth.issuer,
      sub: user.id,
      aud: user.aud ?? "",
      exp: expiresAt,
      iat: issuedAt,
      email: user.email ?? "",
      phone: user.phone ?? "",
      app_metadata: appMetadataOf(user),
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? "",
      aal,
      amr,
      session_id: session.id,
      is_anonymous: user.is_anonymous,
    },
    auth.keys,
  );
  return { token, expiresAt };
}

/** The token endpoint's answer: the access token, the refresh token and the user (with its factors). */
export async function sessionJson(auth: AuthService, granted: Sessioned, extra: Body = {}) {
  const { token, expiresAt } = await accessToken(auth, granted.user, granted.session);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: auth.settings.jwtExpiry,
    expires_at: expiresAt,
    refresh_token: granted.refreshToken,
    user: userJson(granted.user),
    ...extra,
  };
}

function bearer(c: Context): string {
  const match = /^(?:B|b)earer (\S+$)/.exec(c.req.header("authorization") ?? "");
  if (!match?.[1]) {
    throw new AuthApiError(401, "no_authorization", "This endpoint requires a Bearer token");
  }
  return match[1];
}

/** Why a token failed, in the words of golang-jwt as GoTrue reports them. */
function jwtFailure(error: unknown, token: string): string {
  if (error instanceof UnknownSigningKey) {
    return `token is unverifiable: error while executing keyfunc: ${error.message}`;
  }
  if (error instanceof joseErrors.JWTExpired) return "token has invalid claims: token is expired";
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    return `token has invalid claims: ${error.claim === "nbf" ? "token is not valid yet" : error.message}`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
    return "token signature is invalid: signature is invalid";
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) {
    let alg = "unknown";
    try {
      alg = String(decodeProtectedHeader(token).alg);
    } catch {}
    return `token signature is invalid: signing method ${alg} is invalid`;
  }
  return `token is malformed: ${(error as Error).message}`;
}

async function verifiedClaims(auth: AuthService, token: string): Promise<Body> {
  try {
    const { payload } = await jwtVerify(token, (header) => verificationKey(auth.keys, header), {
      algorithms: sessionAlgorithms(auth.keys),
    });
    return payload as Body;
  } catch (error) {
    throw badJwt(`invalid JWT: unable to parse or verify signature, ${jwtFailure(error, token)}`);
  }
}

/** The claims of the caller's token, or of its API key's role when it sent no token. */
async function tokenClaims(auth: AuthService, c: Context): Promise<Body> {
  const keyClaims = (c as Context<AuthEnv>).get("keyClaims");
  return keyClaims ?? verifiedClaims(auth, bearer(c));
}

async function sessionOf(auth: AuthService, claims: Body): Promise<SessionRow | undefined> {
  const sessionId = claims.session_id;
  if (typeof sessionId !== "string" || sessionId === "" || sessionId === NIL_UUID) return undefined;
  if (!isUuid(sessionId)) throw badJwt("invalid claim: session_id claim must be a UUID");
  const session = await findSession(auth.db, sessionId);
  if (!session) {
    throw new AuthApiError(
      403,
      "session_not_found",
      "Session from session_id claim in JWT does not exist",
    );
  }
  return session;
}

/** GoTrue's requireAuthentication: a valid token, its user, and its session if it names one. */
export async function authenticate(auth: AuthService, c: Context) {
  const claims = await tokenClaims(auth, c);
  const sub = claims.sub;
  if (typeof sub !== "string" || sub === "") throw badJwt("invalid claim: missing sub claim");
  if (!isUuid(sub)) throw badRequest("bad_jwt", "invalid claim: sub claim must be a UUID");
  const user = await findUserById(auth.db, sub);
  if (!user) {
    throw new AuthApiError(403, "user_not_found", "User from sub claim in JWT does not exist");
  }
  const session = await sessionOf(auth, claims);
  return { claims, user, session };
}

/** GoTrue's requireAdminCredentials: a valid token whose role is an admin role. */
export async function requireAdmin(auth: AuthService, c: Context): Promise<void> {
  const claims = await tokenClaims(auth, c);
  if (typeof claims.role !== "string" || !ADMIN_ROLES.has(claims.role)) throw notAdmin();
}
