// POST /token (password, refresh_token and pkce grants; the last in pkce.ts) and POST /signup. Sign-ups are
// disabled (config.toml: enable_signup = false), so /signup only ever refuses, with
// GoTrue's codes.
import type { Context } from "hono";
import type { AuthService } from "./config.ts";
import {
  AuthApiError,
  badRequest,
  invalidCredentials,
  OAuthError,
  validationFailed,
} from "./errors.ts";
import { verifyPassword } from "./passwords.ts";
import { findUserByEmail } from "./persistence.ts";
import { pkceGrant } from "./pkce.ts";
import { clientInfo, grantSession, refreshSession } from "./sessions.ts";
import { sessionJson } from "./tokens.ts";
import { isBanned } from "./users.ts";
import { field, readBody, weakPassword } from "./validation.ts";

async function passwordGrant(auth: AuthService, c: Context): Promise<Response> {
  const struct = "PasswordGrantParams";
  const body = await readBody(c, struct);
  const email = field(body, struct, "email", "string") ?? "";
  const phone = field(body, struct, "phone", "string") ?? "";
  const password = field(body, struct, "password", "string") ?? "";
  if (email && phone) {
    throw validationFailed("Only an email address or phone number should be provided on login.");
  }
  if (phone) throw new AuthApiError(422, "phone_provider_disabled", "Phone logins are disabled");
  if (!email) throw validationFailed("missing email or phone");

  const user = await findUserByEmail(auth.db, email);
  if (!user?.encrypted_password) throw invalidCredentials();
  if (isBanned(user)) throw badRequest("user_banned", "User is banned");
  if (!(await verifyPassword(password, user.encrypted_password))) throw invalidCredentials();
  if (!user.email_confirmed_at) throw badRequest("email_not_confirmed", "Email not confirmed");

  const granted = await grantSession(auth.db, user, clientInfo(c));
  // A password that no longer meets the rules still signs in; the answer says so.
  const weak = weakPassword(password, auth.settings);
  return c.json(await sessionJson(auth, granted, weak ? { weak_password: weak } : {}));
}

async function refreshGrant(auth: AuthService, c: Context): Promise<Response> {
  const body = await readBody(c, "RefreshTokenGrantParams");
  const presented = field(body, "RefreshTokenGrantParams", "refresh_token", "string") ?? "";
  if (!presented) throw new OAuthError("invalid_request", "refresh_token required");
  const granted = await refreshSession(auth.db, auth.settings, presented, clientInfo(c));
  return c.json(await sessionJson(auth, granted));
}

export async function token(auth: AuthService, c: Context): Promise<Response> {
  const grantType = c.req.query("grant_type");
  if (grantType === "password") return passwordGrant(auth, c);
  if (grantType === "refresh_token") return refreshGrant(auth, c);
  if (grantType === "pkce") return pkceGrant(auth, c);
  // What GoTrue answers for every grant type it does not know (or, here, serve).
  throw badRequest("invalid_credentials", "unsupported_grant_type");
}

export async function signup(_auth: AuthService, c: Context): Promise<Response> {
  const body = await readBody(c, "SignupParams");
  const email = field(body, "SignupParams", "email", "string");
  const phone = field(body, "SignupParams", "phone", "string");
  if (!email && !phone) {
    throw new AuthApiError(422, "anonymous_provider_disabled", "Anonymous sign-ins are disabled");
  }
  throw new AuthApiError(422, "signup_disabled", "Signups not allowed for this instance");
}
