// Emailed links, as GoTrue makes and sends them (verify.ts follows them, pkce.ts has
// their PKCE flow):
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
// - POST /admin/generate_link (service role): a link without sending it.
// A link is Auth's /verify with the token hash of a fresh code; links work once, for
// [auth.email] otp_expiry seconds; a new password ends them all.
import { createHash, randomInt, randomUUID } from "node:crypto";
import type { Context } from "hono";
import { asOwner } from "../transaction.ts";
import type { AuthService, Body } from "./config.ts";
import { AuthApiError, emailExists, unexpectedFailure, validationFailed } from "./errors.ts";
import type { KeyedBuckets } from "./limits.ts";
import {
  insertFlowState,
  insertInvitedUser,
  storeConfirmationToken,
  storeRecoveryToken,
} from "./link-persistence.ts";
import { findUserByEmail, type Runner, type UserRow } from "./persistence.ts";
import { PKCE_PREFIX, pkceRequested } from "./pkce.ts";
import { isRedirectUrlValid, referrer } from "./redirects.ts";
import { clientIp } from "./sessions.ts";
import type { EmailKind } from "./templates.ts";
import { requireAdmin } from "./tokens.ts";
import { userJson } from "./users.ts";
import { field, readBody, validateEmail } from "./validation.ts";

// --- helpers ---------------------------------------------------------------------------

const tooManyRequests = (code: string, message: string) => new AuthApiError(429, code, message);

/** Counts a request against its IP's bucket: 429 once the bucket is empty. */
export function limitRequests(buckets: KeyedBuckets, c: Context): void {
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
export function tokenHash(emailOrPhone: string, otp: string): string {
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
export function goEncode(values: Record<string, string>): string {
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
