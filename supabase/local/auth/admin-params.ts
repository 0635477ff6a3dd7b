// The admin API's AdminUserParams: decoded as GoTrue decodes them, then checked and
// turned into the row to insert or the changes to make, in GoTrue's order, so the
// first problem found is the one reported.
import { randomBytes, randomUUID } from "node:crypto";
import { AUDIENCE, type AuthService, type Body, DEFAULT_ROLE, NIL_UUID } from "./config.ts";
import { emailExists, phoneExists, unexpectedFailure, validationFailed } from "./errors.ts";
import { BCRYPT_MAX_BYTES, hashPassword, isBcryptHash } from "./passwords.ts";
import {
  type AdminChanges,
  emailTaken,
  type NewUser,
  phoneTaken,
  type UserRow,
} from "./persistence.ts";
import { mergeMetadata } from "./users.ts";
import {
  banUntil,
  byteLength,
  checkPasswordStrength,
  field,
  isUuid,
  validateEmail,
  validatePhone,
} from "./validation.ts";

export interface AdminParams {
  id?: string;
  aud?: string;
  role?: string;
  email?: string;
  phone?: string;
  password?: string;
  passwordHash?: string;
  emailConfirm: boolean;
  phoneConfirm: boolean;
  userMetadata?: Body;
  appMetadata?: Body;
  banDuration?: string;
}

export function adminParams(body: Body): AdminParams {
  const s = "AdminUserParams";
  return {
    id: field(body, s, "id", "string"),
    aud: field(body, s, "aud", "string"),
    role: field(body, s, "role", "string"),
    email: field(body, s, "email", "string"),
    phone: field(body, s, "phone", "string"),
    password: field(body, s, "password", "string"),
    passwordHash: field(body, s, "password_hash", "string"),
    emailConfirm: field(body, s, "email_confirm", "boolean") ?? false,
    phoneConfirm: field(body, s, "phone_confirm", "boolean") ?? false,
    userMetadata: field(body, s, "user_metadata", "object"),
    appMetadata: field(body, s, "app_metadata", "object"),
    banDuration: field(body, s, "ban_duration", "string"),
  };
}

/** The hash to store: the given bcrypt hash, or the password's (a random one if none). */
async function initialHash(p: AdminParams): Promise<string> {
  if (p.password !== undefined && p.passwordHash) {
    throw validationFailed("Only a password or a password hash should be provided");
  }
  if (p.passwordHash) {
    if (!isBcryptHash(p.passwordHash)) throw unexpectedFailure("Error creating user");
    return p.passwordHash;
  }
  const password = p.password || randomBytes(48).toString("base64url");
  if (byteLength(password) > BCRYPT_MAX_BYTES) {
    throw validationFailed("bcrypt: password length exceeds 72 bytes");
  }
  return hashPassword(password);
}

function chosenId(id: string | undefined): string {
  if (!id) return randomUUID();
  if (!isUuid(id)) throw validationFailed("ID must conform to the uuid v4 format");
  if (id === NIL_UUID) throw validationFailed("ID cannot be a nil uuid");
  return id.toLowerCase();
}

/** POST /admin/users: the row to insert, refusing taken addresses and numbers. */
export async function newUser(auth: AuthService, p: AdminParams): Promise<NewUser> {
  if (!p.email && !p.phone) {
    throw validationFailed("Cannot create a user without either an email or phone");
  }
  const providers: string[] = [];
  const email = p.email ? validateEmail(p.email) : null;
  if (email) {
    if (await emailTaken(auth.db, email)) throw emailExists();
    providers.push("email");
  }
  const phone = p.phone ? validatePhone(p.phone) : null;
  if (phone) {
    if (await phoneTaken(auth.db, phone)) throw phoneExists();
    providers.push("phone");
  }
  const hash = await initialHash(p);
  const id = chosenId(p.id);
  const bannedUntil = banUntil(p.banDuration);
  let userMetadata = p.userMetadata ?? {};
  if (p.emailConfirm) userMetadata = mergeMetadata(userMetadata, { email_verified: true });
  return {
    id,
    aud: p.aud || AUDIENCE,
    role: p.role?.trim() || DEFAULT_ROLE,
    email,
    phone,
    hash,
    emailConfirm: p.emailConfirm,
    phoneConfirm: p.phoneConfirm,
    appMetadata: mergeMetadata({ provider: providers[0], providers }, p.appMetadata ?? {}),
    userMetadata,
    bannedUntil: bannedUntil ?? null,
  };
}

/** PUT /admin/users/{id}: the changes to make, and the new password's hash if one is set. */
export async function userChanges(
  auth: AuthService,
  user: UserRow,
  p: AdminParams,
): Promise<{ changes: AdminChanges; hash: string | undefined }> {
  const email = p.email ? validateEmail(p.email) : undefined;
  const phone = p.phone ? validatePhone(p.phone) : undefined;
  const bannedUntil = banUntil(p.banDuration);
  let hash: string | undefined;
  if (p.password !== undefined) {
    checkPasswordStrength(p.password, auth.settings);
    hash = await hashPassword(p.password);
  }
  if (email && email !== user.email && (await emailTaken(auth.db, email, user.id))) {
    throw emailExists();
  }
  if (phone && phone !== user.phone && (await phoneTaken(auth.db, phone, user.id))) {
    throw phoneExists();
  }
  let userMetadata = user.raw_user_meta_data ?? {};
  if (p.emailConfirm) userMetadata = mergeMetadata(userMetadata, { email_verified: true });
  if (p.userMetadata) userMetadata = mergeMetadata(userMetadata, p.userMetadata);
  const appMetadata = p.appMetadata
    ? mergeMetadata(user.raw_app_meta_data, p.appMetadata)
    : (user.raw_app_meta_data ?? {});
  const changes: AdminChanges = {
    role: p.role?.trim() || null,
    email: email ?? null,
    phone: phone ?? null,
    emailConfirm: p.emailConfirm,
    phoneConfirm: p.phoneConfirm,
    appMetadata,
    userMetadata,
    bannedUntil,
  };
  return { changes, hash };
}
