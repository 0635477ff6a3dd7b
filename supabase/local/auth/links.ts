// Emailed links, as GoTrue makes, sends and honours them:
// - POST /recover: a password reset link to an address with an account. The answer is
//   `{}` whether or not the address has one, and nothing is sent when it has none. An
//   address may be sent one link per [auth.email] max_frequency (429
//   over_email_send_rate_limit, "For security purposes, you can only request this
//   after N seconds."); the project may send [auth.rate_limit] email_sent emails an
//   hour, counted (as GoTrue counts them) only while email confirmations are on, and
//   none at all when it is 0 (429 over_email_send_rate_limit, "email rate limit
//   exceeded"); each IP may ask sign_in_sign_ups times per 5 minutes (429
//   over_request_rate_limit).
// - POST /invite (service role): creates the user, unconfirmed and without a password,
//   and emails an invitation; inviting an unconfirmed user again sends a new one, a
//   confirmed user is refused (422 email_exists).
// - GET /verify?token=&type=&redirect_to=: the link itself. It signs the user in (an
//   invitation or a reset of an unconfirmed address confirms it) and answers 303 to
//   redirect_to, or the site URL when redirect_to is not allowed, with the session in
//   the fragment (the implicit flow, supabase-js's default), or the error there. A
//   link asked for with a PKCE code_challenge answers `?code=` instead, which
//   POST /token?grant_type=pkce exchanges, with the verifier, for the session.
// - POST /verify with token_hash and type (or email and the code): the same, answering
//   the session as JSON (supabase-js verifyOtp).
// - POST /admin/generate_link (service role): a link without sending it.
// Links work once, for [auth.email] otp_expiry seconds; a new password ends them all.
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { asOwner } from "../transaction.ts";
import type { AuthService, Body } from "./config.ts";
import {
  AuthApiError,
  badRequest,
  emailExists,
  unexpectedFailure,
  validationFailed,
} from "./errors.ts";
import type { KeyedBuckets } from "./limits.ts";
import { hashPassword } from "./passwords.ts";
import {
  confirmEmail,
  deleteFlowState,
  findFlowStateByCode,
  findUserByEmail,
  findUserById,
  findUserByLinkToken,
  insertFlowState,
  insertInvitedUser,
  issueFlowCode,
  type LinkTokenType,
  type Runner,
  setPassword,
  spendRecoveryToken,
  storeConfirmationToken,
  storeRecoveryToken,
  type UserRow,
} from "./persistence.ts";
import { isRedirectUrlValid, referrer } from "./redirects.ts";
import {
  clientInfo,
  clientIp,
  grantSessionIn,
  type Sessioned,
  type SignInMethod,
} from "./sessions.ts";
import type { EmailKind } from "./templates.ts";
import { requireAdmin, sessionJson } from "./tokens.ts";
import { isBanned, userJson } from "./users.ts";
import { field, readBody, validateEmail, validatePhone } from "./validation.ts";

// --- helpers ---------------------------------------------------------------------------

const tooManyRequests = (code: string, message: string) => new AuthApiError(429, code, message);
const linkExpired = () =>
  new AuthApiError(403, "otp_expired", "Email link is invalid or has expired");
const tokenInvalid = () => new AuthApiError(403, "otp_expired", "Token has expired or is invalid");
const PKCE_PREFIX = "pkce_";

function limitRequests(buckets: KeyedBuckets, c: Context): void {
  if (!buckets.allow(clientIp(c) ?? "unknown")) {
    throw tooManyRequests("over_request_rate_limit", "Request rate limit reached");
  }
}

/** A code of `length` digits, as GoTrue makes one. */
function newOtp(length: number): string {
  let otp = "";
  for (let i = 0; i < length; i += 1) otp += String(randomInt(10));
  return otp;
}

/** What links carry and the database keeps: SHA-224 of the address and the code, in hex. */
function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash("sha224")
    .update(emailOrPhone + otp)
    .digest("hex");
}

/** Go's url.QueryEscape. */
function goQueryEscape(text: string): string {
  return encodeURIComponent(text)
    .replace(/%20/g, "+")
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Go's url.Values.Encode: keys sorted, each value query-escaped. */
function goEncode(values: Record<string, string>): string {
  return Object.keys(values)
    .sort()
    .map((key) => `${goQueryEscape(key)}=${goQueryEscape(values[key] ?? "")}`)
    .join("&");
}

/** The link in the email: Auth's /verify with the token hash, the type and where to go next. */
function actionLink(auth: AuthService, hash: string, type: string, redirectTo: string): string {
  // An address with &, = or # is escaped; one without is taken as already escaped.
  const redirect = /[&=#]/.test(redirectTo) ? goQueryEscape(redirectTo) : redirectTo;
  return `${auth.issuer}/verify?token=${goQueryEscape(hash)}&type=${goQueryEscape(type)}&redirect_to=${redirect}`;
}

/** A new emailed link: its code, the token the database keeps, and the link itself. */
interface NewLink {
  otp: string;
  hash: string;
  link: string;
}

/**
 * A new link to `address`: a fresh code, its token hash (marked for a PKCE link, whose
 * session waits for the client's verifier), and Auth's /verify address with both.
 */
function newLink(
  auth: AuthService,
  address: string,
  type: string,
  redirectTo: string,
  pkce = false,
): NewLink {
  const otp = newOtp(auth.settings.emailOtpLength);
  const hash = `${pkce ? PKCE_PREFIX : ""}${tokenHash(address, otp)}`;
  return { otp, hash, link: actionLink(auth, hash, type, redirectTo) };
}

/** One link per address per max_frequency. */
function checkFrequency(auth: AuthService, sentAt: Date | null): void {
  if (!sentAt) return;
  const left = sentAt.getTime() + auth.settings.emailMaxFrequencyMs - Date.now();
  if (left > 0) {
    throw tooManyRequests(
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${Math.trunc(left / 1000)} seconds.`,
    );
  }
}

/** What an email says: where its link leads, its code, and who it is for. */
interface Letter {
  to: string;
  link: NewLink;
  redirectTo: string;
  /** The user's user_metadata: the templates' .Data. */
  data: Body;
}

/** Sends one email through the project's SMTP server, within the project's email budget. */
async function deliver(
  auth: AuthService,
  kind: EmailKind,
  letter: Letter,
  failure: string,
): Promise<void> {
  const overBudget =
    auth.settings.rateLimitEmailSent === 0 ||
    (!auth.settings.mailerAutoconfirm && !auth.limits.email.allow());
  if (overBudget) throw tooManyRequests("over_email_send_rate_limit", "email rate limit exceeded");
  let mail: { subject: string; html: string };
  try {
    mail = auth.settings.emailTemplates.render(kind, {
      SiteURL: auth.settings.siteUrl,
      ConfirmationURL: letter.link.link,
      Email: letter.to,
      Token: letter.link.otp,
      TokenHash: letter.link.hash,
      RedirectTo: letter.redirectTo,
      Data: letter.data,
    });
  } catch (error) {
    // Hosted Auth answers a template it cannot fill with the same 500.
    console.error(
      `auth stand-in: the ${kind} email could not be written:`,
      (error as Error).message,
    );
    throw unexpectedFailure(failure);
  }
  try {
    await auth.mailer.send({ to: letter.to, ...mail });
  } catch (error) {
    console.error(`auth stand-in: sending the ${kind} email failed:`, (error as Error).message);
    throw unexpectedFailure(failure);
  }
}

const CODE_CHALLENGE = /^[a-zA-Z._~0-9-]+$/;
/** How long a PKCE flow may wait for its code to be exchanged (GoTrue's default). */
const FLOW_STATE_EXPIRY_MS = 300_000;

/** Whether the client asked for the PKCE flow; its parameters come in pairs (RFC 7636). */
function pkceRequested(challenge: string, method: string): boolean {
  if ((challenge === "") !== (method === "")) {
    throw validationFailed("PKCE flow requires code_challenge_method and code_challenge");
  }
  if (!challenge) return false;
  if (challenge.length < 43 || challenge.length > 128) {
    throw validationFailed("code challenge has to be between 43 and 128 characters");
  }
  if (!CODE_CHALLENGE.test(challenge)) {
    throw validationFailed(
      "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
    );
  }
  // GoTrue fails an unknown method without a code of its own (a 500).
  if (!["s256", "plain"].includes(method.toLowerCase())) {
    throw new Error(`unsupported code_challenge method "${method}"`);
  }
  return true;
}

/** The verifier's S256 (or plain) form must be the challenge the flow began with. */
function checkVerifier(challenge: string, method: string, verifier: string): void {
  let expected: string;
  if (method === "s256") expected = createHash("sha256").update(verifier).digest("base64url");
  else if (method === "plain") expected = verifier;
  else throw badRequest("bad_code_verifier", "code challenge method not supported");
  const a = Buffer.from(expected);
  const b = Buffer.from(challenge);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw badRequest(
      "bad_code_verifier",
      "code challenge does not match previously saved code verifier",
    );
  }
}

// --- sending ---------------------------------------------------------------------------

export async function recover(auth: AuthService, c: Context): Promise<Response> {
  limitRequests(auth.limits.recover, c);
  const struct = "RecoverParams";
  const body = await readBody(c, struct);
  const email = field(body, struct, "email", "string") ?? "";
  const challenge = field(body, struct, "code_challenge", "string") ?? "";
  const method = field(body, struct, "code_challenge_method", "string") ?? "";
  if (!email) throw validationFailed("Password recovery requires an email");
  const address = validateEmail(email);
  const pkce = pkceRequested(challenge, method);

  const user = await findUserByEmail(auth.db, address);
  // The same answer for an address without an account; nothing is sent.
  if (!user?.email) return c.json({});
  checkFrequency(auth, user.recovery_sent_at);
  const redirectTo = await referrer(c, auth.redirects);
  const link = newLink(auth, user.email, "recovery", redirectTo, pkce);
  await deliver(
    auth,
    "recovery",
    { to: user.email, link, redirectTo, data: user.raw_user_meta_data ?? {} },
    "Error sending recovery email",
  );
  await asOwner(auth.db, async (tx) => {
    if (pkce) {
      await insertFlowState(tx, {
        userId: user.id,
        method: method.toLowerCase(),
        challenge,
        authenticationMethod: "recovery",
      });
    }
    await storeRecoveryToken(tx, user, link.hash);
  });
  return c.json({});
}

export async function invite(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  const struct = "InviteParams";
  const body = await readBody(c, struct);
  const email = validateEmail(field(body, struct, "email", "string") ?? "");
  const data = field(body, struct, "data", "object") ?? {};
  const existing = await findUserByEmail(auth.db, email);
  if (existing?.email_confirmed_at) throw emailExists();

  const address = existing?.email ?? email;
  const redirectTo = await referrer(c, auth.redirects);
  const link = newLink(auth, address, "invite", redirectTo);
  // Inviting an unconfirmed user again keeps their user_metadata; a new user's is `data`.
  const metadata = existing ? (existing.raw_user_meta_data ?? {}) : data;
  await deliver(
    auth,
    "invite",
    { to: address, link, redirectTo, data: metadata },
    "Error sending invite email",
  );
  const invited = await asOwner(auth.db, (tx) =>
    storeInvitation(tx, existing, email, data, link.hash),
  );
  return c.json(userJson(invited));
}

/**
 * An invitation's user, as it is after the link is stored: `existing`, or a new user,
 * unconfirmed and without a password.
 */
async function storeInvitation(
  tx: Runner,
  existing: UserRow | undefined,
  email: string,
  data: Body,
  hash: string,
): Promise<UserRow> {
  const user =
    existing ?? (await insertInvitedUser(tx, { id: randomUUID(), email, userMetadata: data }));
  if (!user) throw emailExists();
  return storeConfirmationToken(tx, user, hash, true);
}

// --- following a link --------------------------------------------------------------------

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

/** POST /token?grant_type=pkce: the code from a PKCE link and the client's verifier. */
export async function pkceGrant(auth: AuthService, c: Context): Promise<Response> {
  const struct = "PKCEGrantParams";
  const body = await readBody(c, struct);
  const authCode = field(body, struct, "auth_code", "string") ?? "";
  const verifier = field(body, struct, "code_verifier", "string") ?? "";
  if (!authCode || !verifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const flow = await findFlowStateByCode(auth.db, authCode);
  if (!flow?.user_id) {
    throw new AuthApiError(
      404,
      "flow_state_not_found",
      "invalid flow state, no valid flow state found",
    );
  }
  const from =
    flow.authentication_method === "magiclink" && flow.auth_code_issued_at
      ? flow.auth_code_issued_at
      : flow.created_at;
  if (Date.now() > from.getTime() + FLOW_STATE_EXPIRY_MS) {
    throw new AuthApiError(422, "flow_state_expired", "invalid flow state, flow state has expired");
  }
  const user = await findUserById(auth.db, flow.user_id);
  if (!user) throw new Error("the flow's user is gone");
  checkVerifier(flow.code_challenge ?? "", flow.code_challenge_method ?? "", verifier);
  const granted = await asOwner(auth.db, async (tx) => {
    const session = await grantSessionIn(
      tx,
      user,
      clientInfo(c),
      flow.authentication_method as SignInMethod,
    );
    await deleteFlowState(tx, flow.id);
    return session;
  });
  return c.json(await sessionJson(auth, granted));
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

// --- links without email -----------------------------------------------------------------

/** POST /admin/generate_link: a recovery, magic link or invitation link, not sent. */
export async function generateLink(auth: AuthService, c: Context): Promise<Response> {
  await requireAdmin(auth, c);
  const struct = "GenerateLinkParams";
  const body = await readBody(c, struct);
  const type = field(body, struct, "type", "string") ?? "";
  const email = validateEmail(field(body, struct, "email", "string") ?? "");
  const data: Body = field(body, struct, "data", "object") ?? {};
  const requested = field(body, struct, "redirect_to", "string") ?? "";
  for (const name of ["new_email", "password"]) field(body, struct, name, "string");
  let redirectTo = await referrer(c, auth.redirects);
  if (isRedirectUrlValid(auth.redirects, requested)) redirectTo = requested;

  const existing = await findUserByEmail(auth.db, email);
  if (!existing && type === "recovery") {
    throw new AuthApiError(404, "user_not_found", "User with this email not found");
  }
  if (!["recovery", "magiclink", "invite"].includes(type)) {
    const known = ["signup", "email_change_current", "email_change_new"].includes(type);
    throw validationFailed(
      known
        ? `The local stand-in does not generate ${type} links`
        : `Invalid email action link type requested: ${type}`,
    );
  }
  if (!existing && type === "magiclink") {
    throw validationFailed(
      "The local stand-in does not generate sign-up links (magiclink for a new address)",
    );
  }
  const address = existing?.email ?? email;
  const { otp, hash, link } = newLink(auth, address, type, redirectTo);
  const user = await asOwner(auth.db, async (tx) => {
    if (type === "invite") {
      if (existing?.email_confirmed_at) throw emailExists();
      return storeInvitation(tx, existing, email, data, hash);
    }
    return storeRecoveryToken(tx, existing as UserRow, hash);
  });
  return c.json({
    ...userJson(user),
    action_link: link,
    email_otp: otp,
    hashed_token: hash,
    verification_type: type,
    redirect_to: redirectTo,
  });
}
