// The signed-in user's own endpoints: GET /user, PUT /user and POST /logout.
// The stand-in sends no email or SMS, so a change that needs one to be confirmed
// (a new email address or phone number) is refused; a password or metadata change
// needs none and is made at once. With a verified second factor, a new password (or
// address, or number) needs a session raised to aal2 first.
import type { Context } from "hono";
import { asOwner } from "../transaction.ts";
import { ADMIN_ROLES, AUDIENCE, type AuthService, type Body } from "./config.ts";
import { AuthApiError, emailExists, notAdmin, validationFailed } from "./errors.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { emailTaken, setPassword, type UserRow, updateMetadata } from "./persistence.ts";
import { endSessions, type LogoutScope, type SessionRow } from "./sessions.ts";
import { authenticate } from "./tokens.ts";
import { hasVerifiedFactor, mergeMetadata, userJson } from "./users.ts";
import {
  checkPasswordStrength,
  field,
  readBody,
  validateEmail,
  validatePhone,
} from "./validation.ts";

export async function getUser(auth: AuthService, c: Context): Promise<Response> {
  const { claims, user } = await authenticate(auth, c);
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (aud !== AUDIENCE) throw validationFailed("Token audience doesn't match request audience");
  return c.json(userJson(user));
}

interface UserUpdate {
  email: string | undefined;
  phone: string | undefined;
  password: string | undefined;
  data: Body | undefined;
  appData: Body | undefined;
}

/** GoTrue's UserUpdateParams, type-checked field by field, then the formats. */
function userUpdate(body: Body): UserUpdate {
  const struct = "UserUpdateParams";
  const rawEmail = field(body, struct, "email", "string");
  const password = field(body, struct, "password", "string");
  const data = field(body, struct, "data", "object");
  const appData = field(body, struct, "app_metadata", "object");
  const rawPhone = field(body, struct, "phone", "string");
  for (const name of ["nonce", "channel", "code_challenge", "code_challenge_method"]) {
    field(body, struct, name, "string");
  }
  return {
    email: rawEmail ? validateEmail(rawEmail) : undefined,
    phone: rawPhone ? validatePhone(rawPhone) : undefined,
    password,
    data,
    appData,
  };
}

/**
 * GoTrue's UserUpdate guard: with a verified factor, a session whose row is not aal2
 * may not set a password or change the email address or phone number.
 */
function checkAssurance(user: UserRow, session: SessionRow | undefined, update: UserUpdate) {
  if (!hasVerifiedFactor(user) || session?.aal === "aal2") return;
  const changes =
    Boolean(update.password) ||
    (update.email && update.email !== user.email) ||
    (update.phone && update.phone !== user.phone);
  if (changes) {
    throw new AuthApiError(
      401,
      "insufficient_aal",
      "AAL2 session is required to update email or password when MFA is enabled.",
    );
  }
}

/** Refuses what this user may not change, or what needs a message the stand-in cannot send. */
async function checkUpdate(
  auth: AuthService,
  user: UserRow,
  session: SessionRow | undefined,
  update: UserUpdate,
) {
  if (update.password !== undefined) checkPasswordStrength(update.password, auth.settings);
  if (update.appData !== undefined && !ADMIN_ROLES.has(user.role ?? "")) {
    throw notAdmin("Updating app_metadata requires admin privileges");
  }
  checkAssurance(user, session, update);
  if (update.email && update.email !== user.email) {
    if (await emailTaken(auth.db, update.email, user.id)) throw emailExists();
    throw validationFailed(
      "Changing the email address needs a confirmation email, which the local stand-in does not send",
    );
  }
  if (update.phone && update.phone !== user.phone) {
    throw validationFailed(
      "Changing the phone number needs a confirmation SMS, which the local stand-in does not send",
    );
  }
}

/** The hash of a new password, which must differ from the current one. */
async function newPasswordHash(user: UserRow, password: string | undefined) {
  if (password === undefined) return undefined;
  if (user.encrypted_password && (await verifyPassword(password, user.encrypted_password))) {
    throw new AuthApiError(
      422,
      "same_password",
      "New password should be different from the old password.",
    );
  }
  return hashPassword(password);
}

export async function updateUser(auth: AuthService, c: Context): Promise<Response> {
  const { user, session } = await authenticate(auth, c);
  const update = userUpdate(await readBody(c, "UserUpdateParams"));
  await checkUpdate(auth, user, session, update);
  const hash = await newPasswordHash(user, update.password);
  const userMetadata = update.data
    ? mergeMetadata(user.raw_user_meta_data, update.data)
    : (user.raw_user_meta_data ?? {});
  const appMetadata = update.appData
    ? mergeMetadata(user.raw_app_meta_data, update.appData)
    : (user.raw_app_meta_data ?? {});
  const updated = await asOwner(auth.db, async (tx) => {
    // A new password signs the user out everywhere else.
    if (hash !== undefined) await setPassword(tx, user.id, hash, session?.id ?? null);
    return updateMetadata(tx, user.id, userMetadata, appMetadata);
  });
  return c.json(userJson(updated));
}

const LOGOUT_SCOPES = new Map<string, LogoutScope>([
  ["", "global"],
  ["global", "global"],
  ["local", "local"],
  ["others", "others"],
]);

export async function logout(auth: AuthService, c: Context): Promise<Response> {
  const { user, session } = await authenticate(auth, c);
  const asked = c.req.query("scope") ?? "";
  const scope = LOGOUT_SCOPES.get(asked);
  if (!scope) throw validationFailed(`Unsupported logout scope ${JSON.stringify(asked)}`);
  await endSessions(auth.db, user.id, session, scope);
  return c.body(null, 204);
}
