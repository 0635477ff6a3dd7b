// The user as GoTrue shows it: models.User serialised (empty timestamps left out),
// with the identities and provider keys GoTrue keeps, its MFA factors, metadata
// updates, and bans.
import { createHash } from "node:crypto";
import type { Body } from "./config.ts";
import type { FactorRow, UserRow } from "./persistence.ts";

function iso(date: Date): string {
  return date.toISOString();
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/** GoTrue's metadata update: keys set, a null value removes the key. */
export function mergeMetadata(current: Body | null, updates: Body): Body {
  const merged: Body = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** app_metadata with the provider keys GoTrue writes at creation, for rows made without it. */
export function appMetadataOf(user: UserRow): Body {
  const raw = user.raw_app_meta_data ?? {};
  if (raw.provider !== undefined || !user.email) return raw;
  return { provider: "email", providers: ["email"], ...raw };
}

/** A stable identity id per user and provider (the stand-in keeps no auth.identities). */
function identityId(userId: string, provider: string): string {
  const hex = createHash("sha1").update(`identity:${provider}:${userId}`).digest("hex");
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

function emailIdentity(user: UserRow, email: string): Body {
  return {
    identity_id: identityId(user.id, "email"),
    id: user.id,
    user_id: user.id,
    identity_data: { email, email_verified: false, phone_verified: false, sub: user.id },
    provider: "email",
    ...(user.last_sign_in_at ? { last_sign_in_at: iso(user.last_sign_in_at) } : {}),
    created_at: iso(user.created_at),
    updated_at: iso(user.created_at),
    email,
  };
}

function phoneIdentity(user: UserRow, phone: string): Body {
  return {
    identity_id: identityId(user.id, "phone"),
    id: user.id,
    user_id: user.id,
    identity_data: { email_verified: false, phone, phone_verified: false, sub: user.id },
    provider: "phone",
    created_at: iso(user.created_at),
    updated_at: iso(user.created_at),
  };
}

function identitiesOf(user: UserRow): Body[] {
  const identities: Body[] = [];
  if (user.email) identities.push(emailIdentity(user, user.email));
  if (user.phone) identities.push(phoneIdentity(user, user.phone));
  return identities;
}

/**
 * A factor as GoTrue serialises models.Factor, fields in its order: the name left out
 * when empty, the phone "" when none (a NullString), the secret never.
 */
export function factorJson(factor: FactorRow): Body {
  const out: Body = {
    id: factor.id,
    created_at: iso(new Date(factor.created_at)),
    updated_at: iso(new Date(factor.updated_at)),
    status: factor.status,
  };
  if (factor.friendly_name) out.friendly_name = factor.friendly_name;
  out.factor_type = factor.factor_type;
  out.phone = factor.phone ?? "";
  out.last_challenged_at = factor.last_challenged_at
    ? iso(new Date(factor.last_challenged_at))
    : null;
  return out;
}

/** Whether the user has a verified factor (GoTrue's HasMFAEnabled). */
export function hasVerifiedFactor(user: UserRow): boolean {
  return (user.factors ?? []).some((factor) => factor.status === "verified");
}

/** The user as GoTrue serialises models.User (empty timestamps left out). */
export function userJson(user: UserRow): Body {
  const out: Body = {
    id: user.id,
    aud: user.aud ?? "",
    role: user.role ?? "",
    email: user.email ?? "",
  };
  if (user.email_confirmed_at) out.email_confirmed_at = iso(user.email_confirmed_at);
  if (user.invited_at) out.invited_at = iso(user.invited_at);
  out.phone = user.phone ?? "";
  if (user.phone_confirmed_at) out.phone_confirmed_at = iso(user.phone_confirmed_at);
  if (user.confirmation_sent_at) out.confirmation_sent_at = iso(user.confirmation_sent_at);
  if (user.confirmed_at) out.confirmed_at = iso(user.confirmed_at);
  if (user.recovery_sent_at) out.recovery_sent_at = iso(user.recovery_sent_at);
  if (user.last_sign_in_at) out.last_sign_in_at = iso(user.last_sign_in_at);
  out.app_metadata = appMetadataOf(user);
  out.user_metadata = user.raw_user_meta_data ?? {};
  // omitempty: absent when the user has no factor.
  if (user.factors && user.factors.length > 0) out.factors = user.factors.map(factorJson);
  out.identities = identitiesOf(user);
  out.created_at = iso(user.created_at);
  out.updated_at = iso(user.updated_at);
  if (user.banned_until) out.banned_until = iso(user.banned_until);
  if (user.deleted_at) out.deleted_at = iso(user.deleted_at);
  out.is_anonymous = user.is_anonymous;
  return out;
}
