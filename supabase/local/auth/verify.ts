// Following an emailed link (links.ts makes and sends them), as GoTrue honours it:
// - GET /verify?token=&type=&redirect_to=: the link itself. It signs the user in (an
//   invitation or a reset of an unconfirmed address confirms it) and answers 303 to
//   redirect_to, or the site URL when redirect_to is not allowed, with the session in
//   the fragment (the implicit flow, supabase-js's default), or the error there. A
//   link asked for with a PKCE code_challenge answers `?code=` instead, which
//   POST /token?grant_type=pkce exchanges, with the verifier, for the session (pkce.ts).
// - POST /verify with token_hash and type (or email and the code): the same, answering
//   the session as JSON (supabase-js verifyOtp).
// Each IP may ask token_verifications times per 5 minutes (429 over_request_rate_limit).
// Links work once, for [auth.email] otp_expiry seconds.
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { asOwner } from "../transaction.ts";
import type { AuthService } from "./config.ts";
import { AuthApiError, badRequest, validationFailed } from "./errors.ts";
import {
  confirmEmail,
  findUserByLinkToken,
  issueFlowCode,
  type LinkTokenType,
  spendRecoveryToken,
} from "./link-persistence.ts";
import { goEncode, limitRequests, tokenHash } from "./links.ts";
import { hashPassword } from "./passwords.ts";
import { findUserByEmail, type Runner, setPassword, type UserRow } from "./persistence.ts";
import { PKCE_PREFIX } from "./pkce.ts";
import { referrer } from "./redirects.ts";
import { clientInfo, grantSessionIn, type Sessioned } from "./sessions.ts";
import { sessionJson } from "./tokens.ts";
import { isBanned } from "./users.ts";
import { field, readBody, validateEmail, validatePhone } from "./validation.ts";

const linkExpired = () =>
  new AuthApiError(403, "otp_expired", "Email link is invalid or has expired");
const tokenInvalid = () => new AuthApiError(403, "otp_expired", "Token has expired or is invalid");

const TOKEN_TYPES: Record<string, LinkTokenType[]> = {
  signup: ["confirmation_token"],
  invite: ["confirmation_token"],
  recovery: ["recovery_token"],
  magiclink: ["recovery_token"],
  email: ["confirmation_token", "recovery_token"],
  email_change: [],
};

function expired(sentAt: Date | null, auth: AuthService): boolean {
  return !sentAt || Date.now() > sentAt.getTime() + auth.settings.emailOtpExpirySeconds * 1000;
}

/** The user whose link has this token hash, and what the link does (GoTrue's verifyTokenHash). */
async function userByTokenHash(
  auth: AuthService,
  tx: Runner,
  hash: string,
  type: string,
): Promise<{ user: UserRow; type: string }> {
  const types = TOKEN_TYPES[type];
  if (!types) throw validationFailed("Invalid email verification type");
  const user = types.length ? await findUserByLinkToken(tx, hash, types) : undefined;
  if (!user) throw linkExpired();
  if (isBanned(user)) throw new AuthApiError(403, "user_banned", "User is banned");
  let effective = type;
  let sentAt = type === "recovery" || type === "magiclink" ? user.recovery_sent_at : null;
  if (type === "signup" || type === "invite") sentAt = user.confirmation_sent_at;
  if (type === "email") {
    const recovery = user.recovery_token === hash;
    effective = recovery ? "magiclink" : "signup";
    sentAt = recovery ? user.recovery_sent_at : user.confirmation_sent_at;
  }
  if (expired(sentAt, auth)) throw linkExpired();
  return { user, type: effective };
}

function tokenMatches(
  hash: string,
  expected: string | null,
  sentAt: Date | null,
  auth: AuthService,
) {
  if (!expected || !sentAt || expired(sentAt, auth)) return false;
  return hash === expected || `${PKCE_PREFIX}${hash}` === expected;
}

/** The user with this address whose link has this code (GoTrue's verifyUserAndToken). */
async function userByCode(
  auth: AuthService,
  tx: Runner,
  email: string,
  hash: string,
  type: string,
): Promise<{ user: UserRow; type: string }> {
  const user = await findUserByEmail(tx, email);
  if (!user) throw tokenInvalid();
  if (isBanned(user)) throw new AuthApiError(403, "user_banned", "User is banned");
  const confirmation = tokenMatches(hash, user.confirmation_token, user.confirmation_sent_at, auth);
  const recovery = tokenMatches(hash, user.recovery_token, user.recovery_sent_at, auth);
  if ((type === "signup" || type === "invite") && confirmation) return { user, type };
  if ((type === "recovery" || type === "magiclink") && recovery) return { user, type };
  if (type === "email" && confirmation) return { user, type: "signup" };
  if (type === "email" && recovery) return { user, type: "magiclink" };
  throw tokenInvalid();
}

/** What following the link does to the user (GoTrue's signupVerify and recoverVerify). */
async function applyLink(tx: Runner, user: UserRow, type: string): Promise<UserRow> {
  if (type === "signup" || type === "invite") {
    // An invited user without a password gets a random one until they choose theirs.
    if (!user.encrypted_password && user.invited_at) {
      await setPassword(
        tx,
        user.id,
        await hashPassword(randomBytes(48).toString("base64url")),
        null,
      );
    }
    await confirmEmail(tx, user.id);
  } else if (type === "recovery" || type === "magiclink") {
    await spendRecoveryToken(tx, user.id);
    if (!user.email_confirmed_at) await confirmEmail(tx, user.id);
  } else {
    throw validationFailed("Unsupported verification type");
  }
  return user;
}

/** How a link's user is found: by its token hash, or by the address and the code. */
type LinkFinder = (tx: Runner) => Promise<{ user: UserRow; type: string }>;

/** One transaction: finds the link's user, does what the link does, then `finish`. */
async function followLink<T>(
  auth: AuthService,
  find: LinkFinder,
  finish: (tx: Runner, user: UserRow) => Promise<T>,
): Promise<T> {
  return asOwner(auth.db, async (tx) => {
    const { user, type } = await find(tx);
    await applyLink(tx, user, type);
    return finish(tx, user);
  });
}

/** Follows the link and signs its user in (the implicit flow, and POST /verify). */
function signInWithLink(auth: AuthService, c: Context, find: LinkFinder): Promise<Sessioned> {
  return followLink(auth, find, (tx, user) => grantSessionIn(tx, user, clientInfo(c), "otp"));
}

/** Follows a PKCE link: the code that its flow, begun as `method`, exchanges for a session. */
function codeForLink(auth: AuthService, find: LinkFinder, method: string): Promise<string> {
  return followLink(auth, find, async (tx, user) => {
    const flow = await issueFlowCode(tx, user.id, method);
    if (!flow?.auth_code) {
      throw badRequest(
        "flow_state_not_found",
        "No associated flow state found. No valid flow state found for user.",
      );
    }
    return flow.auth_code;
  });
}

const OAUTH_ERRORS: Record<number, string> = {
  400: "invalid_request",
  401: "unauthorized_client",
  403: "access_denied",
  500: "server_error",
  503: "temporarily_unavailable",
};

/** redirect_to with these query parameters set (the query re-encoded, keys sorted). */
function withQuery(url: string, set: Record<string, string>): string {
  const hash = url.indexOf("#");
  const base = hash === -1 ? url : url.slice(0, hash);
  const fragment = hash === -1 ? "" : url.slice(hash);
  const question = base.indexOf("?");
  const path = question === -1 ? base : base.slice(0, question);
  const query = Object.fromEntries(
    new URLSearchParams(question === -1 ? "" : base.slice(question + 1)),
  );
  return `${path}?${goEncode({ ...query, ...set })}${fragment}`;
}

/**
 * redirect_to with the error in its fragment (any fragment it had is replaced), and in
 * its query as well for the PKCE flow.
 */
function errorRedirect(redirectTo: string, error: AuthApiError, pkce: boolean): string {
  const values: Record<string, string> = {
    error_code: error.code,
    error_description: error.message,
  };
  const oauth = OAUTH_ERRORS[error.status];
  if (oauth) values.error = oauth;
  const target = pkce ? withQuery(redirectTo, values) : redirectTo;
  return `${target.split("#")[0]}#${goEncode({ ...values, sb: "" })}`;
}

type LinkOutcome = { session: Sessioned } | { code: string };

export async function verifyGet(auth: AuthService, c: Context): Promise<Response> {
  limitRequests(auth.limits.verify, c);
  const token = c.req.query("token") ?? "";
  const type = c.req.query("type") ?? "";
  const redirectTo = await referrer(c, auth.redirects);
  if (!type) throw validationFailed("Verify requires a verification type");
  if (!token) throw validationFailed("Verify requires a token or a token hash");
  const pkce = token.startsWith(PKCE_PREFIX);
  const find: LinkFinder = (tx) => userByTokenHash(auth, tx, token, type);
  let outcome: LinkOutcome;
  try {
    outcome = pkce
      ? { code: await codeForLink(auth, find, type) }
      : { session: await signInWithLink(auth, c, find) };
  } catch (error) {
    if (error instanceof AuthApiError) {
      return c.redirect(errorRedirect(redirectTo, error, pkce), 303);
    }
    throw error;
  }
  if ("code" in outcome) return c.redirect(withQuery(redirectTo, { code: outcome.code }), 303);
  const session = await sessionJson(auth, outcome.session);
  const fragment = goEncode({
    access_token: session.access_token,
    token_type: session.token_type,
    expires_in: String(session.expires_in),
    expires_at: String(session.expires_at),
    refresh_token: session.refresh_token,
    sb: "",
    type,
  });
  return c.redirect(`${redirectTo}#${fragment}`, 303);
}

export async function verifyPost(auth: AuthService, c: Context): Promise<Response> {
  limitRequests(auth.limits.verify, c);
  const struct = "VerifyParams";
  const body = await readBody(c, struct);
  const type = field(body, struct, "type", "string") ?? "";
  const token = field(body, struct, "token", "string") ?? "";
  const hash = field(body, struct, "token_hash", "string") ?? "";
  const email = field(body, struct, "email", "string") ?? "";
  const phone = field(body, struct, "phone", "string") ?? "";
  const redirectTo = field(body, struct, "redirect_to", "string") ?? "";
  if (!type) throw validationFailed("Verify requires a verification type");
  if ((token === "") === (hash === "")) {
    throw validationFailed("Verify requires either a token or a token hash");
  }
  let find: LinkFinder;
  if (token) {
    if (phone && !email) {
      validatePhone(phone);
      // No SMS is ever sent here, so no phone code is valid.
      throw tokenInvalid();
    }
    if (!email || phone) {
      throw validationFailed("Only an email address or phone number should be provided on verify");
    }
    let address: string;
    try {
      address = validateEmail(email);
    } catch {
      throw new AuthApiError(422, "validation_failed", "Invalid email format");
    }
    find = (tx) => userByCode(auth, tx, address, tokenHash(address, token), type);
  } else {
    if (email || phone || redirectTo) {
      throw validationFailed("Only the token_hash and type should be provided");
    }
    find = (tx) => userByTokenHash(auth, tx, hash, type);
  }
  return c.json(await sessionJson(auth, await signInWithLink(auth, c, find)));
}
