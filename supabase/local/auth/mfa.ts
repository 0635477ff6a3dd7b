// Multi-factor authentication with TOTP, as GoTrue serves it (internal/api/mfa.go and
// the admin factor routes of admin.go): enrol a factor (POST /factors), challenge it
// (POST /factors/{id}/challenge), verify a code against the challenge, which raises
// the caller's session to aal2 (POST /factors/{id}/verify), unenrol it (DELETE
// /factors/{id}), and the admin's list, update and delete of a user's factors. Phone
// and WebAuthn factors are off, as config.toml has them (the stand-in cannot play
// them), so they are refused with the codes GoTrue gives when they are off.
import type { Context } from "hono";
import { asOwner } from "../transaction.ts";
import { loadUser } from "./admin-users.ts";
import type { AuthService, Body } from "./config.ts";
import { AuthApiError, badJson, unexpectedFailure, validationFailed } from "./errors.ts";
import { limitRequests } from "./links.ts";
import {
  deleteChallenge,
  deleteExpiredFactors,
  deleteFactor,
  deleteUnverifiedFactors,
  type FactorRecord,
  factorsOf,
  findChallenge,
  findOwnedFactor,
  insertChallenge,
  insertTotpFactor,
  markChallengeVerified,
  markFactorVerified,
  renameFactor,
} from "./mfa-persistence.ts";
import { findUserById, type UserRow } from "./persistence.ts";
import {
  addAmrClaim,
  clientIp,
  downgradeSessions,
  endLowerAalSessions,
  findSession,
  swapRefreshToken,
  upgradeSession,
} from "./sessions.ts";
import { authenticate, requireAdmin, sessionJson } from "./tokens.ts";
import { newTotpSecret, totpCodeMatches, totpQrSvg, totpUri } from "./totp.ts";
import { factorJson } from "./users.ts";
import { field, parseGoUuid, readBody } from "./validation.ts";

const unprocessable = (code: string, message: string) => new AuthApiError(422, code, message);
const insufficientAal = (status: number, message: string) =>
  new AuthApiError(status, "insufficient_aal", message);

/** The IP address a challenge records and a verify must come from (the column is NOT NULL). */
function requestIp(c: Context): string {
  return clientIp(c) ?? "0.0.0.0";
}

/** GoTrue's requireAuthentication, then requireNotAnonymous (every /factors route). */
async function signedInCaller(auth: AuthService, c: Context) {
  const caller = await authenticate(auth, c);
  if (caller.claims.is_anonymous === true) {
    throw new AuthApiError(
      403,
      "no_authorization",
      "Anonymous user not allowed to perform these actions",
    );
  }
  return caller;
}

/** GoTrue's loadFactor: the path's factor, which must be this user's. */
async function loadFactor(auth: AuthService, c: Context, user: UserRow): Promise<FactorRecord> {
  let factorId: string;
  try {
    factorId = parseGoUuid(c.req.param("factorId") ?? "");
  } catch {
    throw new AuthApiError(404, "validation_failed", "factor_id must be an UUID");
  }
  const found = await findOwnedFactor(auth.db, user.id, factorId);
  if (!found) throw new AuthApiError(404, "mfa_factor_not_found", "Factor not found");
  return found;
}

/** The refusal for a factor kind the stand-in has off (GoTrue's MFA.<Kind>.VerifyEnabled). */
function refuseVerifyOf(auth: AuthService, factorType: string, verifyCode?: string): void {
  if (factorType === "totp") {
    if (!auth.settings.mfaTotpVerifyEnabled) {
      throw unprocessable("mfa_totp_verify_not_enabled", "MFA verification is disabled for TOTP");
    }
    return;
  }
  if (factorType === "phone") {
    throw unprocessable("mfa_phone_verify_not_enabled", "MFA verification is disabled for Phone");
  }
  if (factorType === "webauthn") {
    throw unprocessable(
      verifyCode ?? "mfa_webauthn_verify_not_enabled",
      "MFA verification is disabled for WebAuthn",
    );
  }
  throw validationFailed("factor_type needs to be totp, phone, or webauthn");
}

/** The host of the site URL, port kept (Go's url.ParseRequestURI(SITE_URL).Host). */
function siteHost(siteUrl: string): string {
  const match = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)/.exec(siteUrl);
  if (!match) throw unexpectedFailure("site url is improperly formatted");
  return match[1] ?? "";
}

// --- enrol ---------------------------------------------------------------------------

/**
 * GoTrue's validateFactors: expired enrolments go first (everyone's), then a name
 * already used (unverified factors and the empty name too), too many factors, and a
 * second factor from a session below aal2.
 */
function checkNewFactor(
  auth: AuthService,
  factors: { status: string; friendly_name: string | null }[],
  friendlyName: string,
  sessionAal: string | null,
): void {
  let verified = 0;
  for (const factor of factors) {
    if ((factor.friendly_name ?? "") === friendlyName) {
      throw unprocessable(
        "mfa_factor_name_conflict",
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    if (factor.status === "verified") verified += 1;
  }
  if (
    factors.length >= auth.settings.mfaMaxEnrolledFactors ||
    verified >= auth.settings.mfaMaxVerifiedFactors
  ) {
    throw unprocessable(
      "too_many_enrolled_mfa_factors",
      "Maximum number of verified factors reached, unenroll to continue",
    );
  }
  if (verified > 0 && sessionAal !== "aal2") {
    throw insufficientAal(403, "AAL2 required to enroll a new factor");
  }
}

export async function enroll(auth: AuthService, c: Context): Promise<Response> {
  const { user, session } = await signedInCaller(auth, c);
  if (!session) {
    throw unexpectedFailure(
      "A valid session and a registered user are required to enroll a factor",
    );
  }
  const struct = "EnrollFactorParams";
  const body = await readBody(c, struct);
  const friendlyName = field(body, struct, "friendly_name", "string") ?? "";
  const factorType = field(body, struct, "factor_type", "string") ?? "";
  const askedIssuer = field(body, struct, "issuer", "string") ?? "";
  field(body, struct, "phone", "string");
  if (factorType === "phone") {
    throw unprocessable("mfa_phone_enroll_not_enabled", "MFA enroll is disabled for Phone");
  }
  if (factorType === "webauthn") {
    throw unprocessable("mfa_webauthn_enroll_not_enabled", "MFA enroll is disabled for WebAuthn");
  }
  if (factorType !== "totp") {
    throw validationFailed("factor_type needs to be totp, phone, or webauthn");
  }
  if (!auth.settings.mfaTotpEnrollEnabled) {
    throw unprocessable("mfa_totp_enroll_not_enabled", "MFA enroll is disabled for TOTP");
  }
  const issuer = askedIssuer || siteHost(auth.settings.siteUrl);
  const enrolled = await asOwner(auth.db, async (tx) => {
    await deleteExpiredFactors(tx, auth.settings.mfaFactorExpirySeconds);
    checkNewFactor(auth, await factorsOf(tx, user.id), friendlyName, session.aal);
    // pquerna/otp refuses a key without an issuer or an account name (the email).
    if (!issuer || !user.email) throw unexpectedFailure("Error generating QR Code");
    const secret = newTotpSecret();
    const uri = totpUri(issuer, user.email, secret);
    const record = await insertTotpFactor(tx, user.id, friendlyName, secret);
    return { record, secret, uri };
  });
  return c.json({
    id: enrolled.record.factor.id,
    type: "totp",
    friendly_name: friendlyName,
    totp: { qr_code: totpQrSvg(enrolled.uri), secret: enrolled.secret, uri: enrolled.uri },
  });
}

// --- challenge -------------------------------------------------------------------------

export async function challenge(auth: AuthService, c: Context): Promise<Response> {
  const { user } = await signedInCaller(auth, c);
  const { factor } = await loadFactor(auth, c, user);
  limitRequests(auth.limits.mfaChallenge, c);
  // A TOTP challenge reads no body (GoTrue's challengeTOTPFactor).
  refuseVerifyOf(auth, factor.factor_type);
  const made = await asOwner(auth.db, (tx) => insertChallenge(tx, factor.id, requestIp(c)));
  return c.json({
    id: made.id,
    type: factor.factor_type,
    expires_at:
      Math.floor(made.created_at.getTime() / 1000) + auth.settings.mfaChallengeExpirySeconds,
  });
}

// --- verify ----------------------------------------------------------------------------

/** VerifyFactorParams.challenge_id, a uuid.UUID: a bad one fails the body's decoding. */
function challengeIdOf(body: Body): string {
  const raw = body.challenge_id;
  if (raw === undefined || raw === null) return "00000000-0000-0000-0000-000000000000";
  if (typeof raw !== "string") {
    const kind = Array.isArray(raw) ? "array" : typeof raw === "boolean" ? "bool" : typeof raw;
    throw badJson(
      `json: cannot unmarshal ${kind} into Go struct field VerifyFactorParams.challenge_id of type uuid.UUID`,
    );
  }
  try {
    return parseGoUuid(raw);
  } catch (error) {
    throw badJson((error as Error).message);
  }
}

/** GoTrue's validateChallenge: the factor's, unspent, from this IP address, not expired. */
async function liveChallenge(auth: AuthService, c: Context, factorId: string, challengeId: string) {
  const found = await findChallenge(
    auth.db,
    factorId,
    challengeId,
    requestIp(c),
    auth.settings.mfaChallengeExpirySeconds,
  );
  if (!found) {
    throw unprocessable(
      "mfa_factor_not_found",
      "MFA factor with the provided challenge ID not found",
    );
  }
  if (found.verified_at || !found.same_ip) {
    throw unprocessable("mfa_ip_address_mismatch", "Challenge and verify IP addresses mismatch.");
  }
  if (found.expired) {
    await asOwner(auth.db, (tx) => deleteChallenge(tx, found.id));
    throw unprocessable(
      "mfa_challenge_expired",
      `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return found;
}

export async function verify(auth: AuthService, c: Context): Promise<Response> {
  const { user, session } = await signedInCaller(auth, c);
  const record = await loadFactor(auth, c, user);
  const { factor } = record;
  limitRequests(auth.limits.mfaVerify, c);
  // GoTrue's updateMFASessionAndClaims acts on the session the caller's token names.
  if (!session) throw unexpectedFailure("Cannot read SessionId claim as UUID");
  const struct = "VerifyFactorParams";
  const body = await readBody(c, struct);
  const challengeId = challengeIdOf(body);
  const code = field(body, struct, "code", "string") ?? "";
  if (code === "" && factor.factor_type !== "webauthn") {
    throw validationFailed("Code needs to be non-empty");
  }
  // GoTrue answers a disabled WebAuthn verify with the enrol code.
  refuseVerifyOf(auth, factor.factor_type, "mfa_webauthn_enroll_not_enabled");
  const spent = await liveChallenge(auth, c, factor.id, challengeId);
  if (!totpCodeMatches(code, record.secret ?? "")) {
    // The challenge stays: another code may be tried against it until it expires.
    throw unprocessable("mfa_verification_failed", "Invalid TOTP code entered");
  }
  const granted = await asOwner(auth.db, async (tx) => {
    await markChallengeVerified(tx, spent.id);
    if (factor.status !== "verified") await markFactorVerified(tx, factor.id);
    // The answer's user is read here, before the other unverified factors go.
    const reloaded = await findUserById(tx, user.id);
    await addAmrClaim(tx, session.id, "totp");
    const current = await findSession(tx, session.id);
    if (!current) throw unexpectedFailure("Cannot read SessionId claim as UUID");
    const refreshToken = await swapRefreshToken(tx, current);
    const upgraded = await upgradeSession(tx, current.id, factor.id);
    await endLowerAalSessions(tx, user.id);
    await deleteUnverifiedFactors(tx, user.id, factor.factor_type);
    return { user: reloaded ?? user, session: upgraded, refreshToken };
  });
  return c.json(await sessionJson(auth, granted));
}

// --- unenrol ---------------------------------------------------------------------------

/**
 * Removes a factor, by its owner or an admin (GoTrue's Delete, then
 * DowngradeSessionsToAAL1): the sessions it raised return to aal1.
 */
async function removeFactor(auth: AuthService, record: FactorRecord): Promise<void> {
  await asOwner(auth.db, async (tx) => {
    await deleteFactor(tx, record.factor.id);
    await downgradeSessions(tx, { ...record.factor, user_id: record.user_id });
  });
}

export async function unenroll(auth: AuthService, c: Context): Promise<Response> {
  const { user, session } = await signedInCaller(auth, c);
  const record = await loadFactor(auth, c, user);
  if (!session) {
    throw unexpectedFailure("A valid session and factor are required to unenroll a factor");
  }
  const { factor } = record;
  // The session's row decides, not the token's aal claim (Session.IsAAL2).
  if (factor.status === "verified" && session.aal !== "aal2") {
    throw insufficientAal(422, "AAL2 required to unenroll verified factor");
  }
  await removeFactor(auth, record);
  return c.json({ id: factor.id });
}

// --- admin ---------------------------------------------------------------------------

/**
 * GET /admin/users/{id}/factors: the user's factors as a JSON array; null when none
 * (GoTrue marshals the eagerly loaded slice, which stays nil without rows).
 */
export async function adminListFactors(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  const user = await loadUser(auth, c);
  return c.json(user.factors ? user.factors.map(factorJson) : null);
}

/** PUT /admin/users/{id}/factors/{factorId}: a new friendly name (a phone only for phone factors). */
export async function adminUpdateFactor(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  const user = await loadUser(auth, c);
  const record = await loadFactor(auth, c, user);
  const struct = "adminUserUpdateFactorParams";
  const body = await readBody(c, struct);
  const friendlyName = field(body, struct, "friendly_name", "string") ?? "";
  field(body, struct, "phone", "string");
  if (!friendlyName) return c.json(factorJson(record.factor));
  const renamed = await asOwner(auth.db, (tx) => renameFactor(tx, record.factor.id, friendlyName));
  return c.json(factorJson(renamed.factor));
}

/** DELETE /admin/users/{id}/factors/{factorId}: no aal check; answers the factor. */
export async function adminDeleteFactor(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  const user = await loadUser(auth, c);
  const record = await loadFactor(auth, c, user);
  await removeFactor(auth, record);
  return c.json(factorJson(record.factor));
}
