// Sign-in, sign-out and who is signed in. The role (editor or administrator) lives in
// app_metadata, which only the secret key can set; the database checks the account's
// role on every request, so the session's copy only decides what the admin shows first.
import type { Session } from "@supabase/auth-js";
import type { TeamRole } from "../../../functions/_shared/team-replies.ts";
import { failures } from "../api/words.ts";
import type { AuthHolder } from "./auth-client.ts";
import { setRemember } from "./remember-storage.ts";
import { passwords as passwordWords, signIn as words } from "./words.ts";

/** The session's role on the team, or null for an account that has none. */
export function roleOf(session: Session | null): TeamRole | null {
  const role: unknown = session?.user.app_metadata?.role;
  return role === "admin" || role === "editor" ? role : null;
}

/** How a sign-in or password request went: done, or the words of its refusal. */
export type AuthOutcome = { ok: true } | { ok: false; message: string };

export async function signIn(
  client: AuthHolder,
  email: string,
  password: string,
  remember: boolean,
): Promise<AuthOutcome> {
  setRemember(remember);
  try {
    const { error } = await client.auth.signInWithPassword({ email: email.trim(), password });
    if (!error) return { ok: true };
    if (error.status === 400 || error.code === "invalid_credentials")
      return { ok: false, message: words.wrongCredentials };
    if (error.status === 429) return { ok: false, message: words.tooManyAttempts };
    return { ok: false, message: words.failed(error.message) };
  } catch {
    return { ok: false, message: words.unreachable };
  }
}

export async function signOut(client: AuthHolder): Promise<void> {
  // Ends this session on the server too; the local copy is cleared either way.
  await client.auth.signOut({ scope: "local" }).catch(() => undefined);
}

// --- passwords -------------------------------------------------------------------------

/** Auth's minimum_password_length (supabase/config.toml [auth]); a test keeps them equal. */
export const MIN_PASSWORD_LENGTH = 10;
/** Auth (bcrypt) takes at most 72 bytes of a password. */
export const MAX_PASSWORD_BYTES = 72;
/** Where emailed links lead (a password reset, an invitation): the set-password screen. */
export const SET_PASSWORD_PATH = "/admin/reset-password";

/** Why a new password cannot be used, before it is sent; null when it can. */
export function newPasswordProblem(password: string, repeated: string): string | null {
  if (!password) return passwordWords.newRequired;
  if ([...password].length < MIN_PASSWORD_LENGTH)
    return passwordWords.tooShort(MIN_PASSWORD_LENGTH);
  if (new TextEncoder().encode(password).length > MAX_PASSWORD_BYTES) return passwordWords.tooLong;
  if (password !== repeated) return passwordWords.mismatch;
  return null;
}

interface AuthErrorLike {
  status?: number;
  code?: string;
  name?: string;
}

function isUnreachable(error: AuthErrorLike): boolean {
  return error.name === "AuthRetryableFetchError" || error.status === 0;
}

/**
 * Asks Auth to email a link to set a new password. Auth answers the same for an
 * address without an account, and so does this: `ok` means only that the request went.
 */
export async function requestPasswordReset(
  client: AuthHolder,
  email: string,
  origin: string,
): Promise<AuthOutcome> {
  try {
    const { error } = await client.auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${origin}${SET_PASSWORD_PATH}`,
    });
    if (!error) return { ok: true };
    if (error.status === 429) return { ok: false, message: passwordWords.wait };
    if (isUnreachable(error)) return { ok: false, message: passwordWords.unreachable };
    if (error.status === 400 || error.status === 422)
      return { ok: false, message: passwordWords.emailInvalid };
    return { ok: false, message: passwordWords.failed };
  } catch {
    return { ok: false, message: passwordWords.unreachable };
  }
}

function newPasswordRefusal(error: AuthErrorLike): string {
  if (error.code === "weak_password") return passwordWords.weak(MIN_PASSWORD_LENGTH);
  if (error.code === "same_password") return passwordWords.samePassword;
  if (error.name === "AuthSessionMissingError" || error.status === 401 || error.status === 403)
    return failures.sessionEnded;
  if (isUnreachable(error)) return passwordWords.unreachable;
  return passwordWords.failed;
}

/** Sets the signed-in user's password (the session an emailed link gave, or their own). */
export async function setNewPassword(client: AuthHolder, password: string): Promise<AuthOutcome> {
  try {
    const { error } = await client.auth.updateUser({ password });
    return error ? { ok: false, message: newPasswordRefusal(error) } : { ok: true };
  } catch {
    return { ok: false, message: passwordWords.unreachable };
  }
}

/** The code in Auth's emails (`mailer_otp_length`: 6 digits by default, up to 10). */
export const EMAIL_CODE = /^\d{6,10}$/;

/**
 * Signs in with the code a password-reset email carries beside its link, for a mail
 * read on another device than the one that asked. The session it gives sets the new
 * password on the set-password screen, as the link's does.
 */
export async function verifyResetCode(
  client: AuthHolder,
  email: string,
  code: string,
): Promise<AuthOutcome> {
  const token = code.replace(/\s+/g, "");
  if (!EMAIL_CODE.test(token)) return { ok: false, message: passwordWords.codeInvalid };
  try {
    const { error } = await client.auth.verifyOtp({ email: email.trim(), token, type: "recovery" });
    if (!error) return { ok: true };
    if (error.status === 429) return { ok: false, message: words.tooManyAttempts };
    if (isUnreachable(error)) return { ok: false, message: passwordWords.unreachable };
    return { ok: false, message: passwordWords.codeWrong };
  } catch {
    return { ok: false, message: passwordWords.unreachable };
  }
}

/**
 * Changes the signed-in user's own password: the current one is checked first by
 * signing in with it (the same user, a fresh session), then the new one is set, which
 * signs the account out everywhere else.
 */
export async function changePassword(
  client: AuthHolder,
  checker: AuthHolder,
  email: string,
  current: string,
  next: string,
): Promise<AuthOutcome> {
  try {
    // Checked on a client of its own (checkingClient): signing in again here would
    // replace a session that verified a second factor with one that has not, and Auth
    // refuses such a session a new password. The check's own session is ended at once.
    const { error } = await checker.auth.signInWithPassword({ email, password: current });
    if (error) {
      if (error.status === 400 || error.code === "invalid_credentials")
        return { ok: false, message: passwordWords.currentWrong };
      if (error.status === 429) return { ok: false, message: words.tooManyAttempts };
      return { ok: false, message: newPasswordRefusal(error) };
    }
    await checker.auth.signOut({ scope: "local" }).catch(() => undefined);
  } catch {
    return { ok: false, message: passwordWords.unreachable };
  }
  return setNewPassword(client, next);
}

/** What an emailed link brought in the address's fragment (or query). */
export type LinkState =
  | { kind: "session"; purpose: "recovery" | "invite" }
  | { kind: "expired" }
  | { kind: "none" };

function linkParams(href: string): URLSearchParams {
  const url = new URL(href, "http://localhost");
  const params = new URLSearchParams(url.search);
  for (const [key, value] of new URLSearchParams(url.hash.replace(/^#/, ""))) {
    params.set(key, value);
  }
  return params;
}

/** Reads an emailed link's outcome from an address: a session, Auth's refusal, or none. */
export function readLink(href: string): LinkState {
  const params = linkParams(href);
  if (params.get("error") || params.get("error_code") || params.get("error_description"))
    return { kind: "expired" };
  if (params.get("access_token")) {
    return { kind: "session", purpose: params.get("type") === "invite" ? "invite" : "recovery" };
  }
  return { kind: "none" };
}

/**
 * Whether supabase-js should take a session (or an error) from this address: only on
 * the set-password screen, where the emailed links lead. Any other admin page leaves
 * its address alone.
 */
export function isSetPasswordLink(url: URL, params: Record<string, string>): boolean {
  const path = url.pathname.replace(/\/index\.html$/, "").replace(/\/+$/, "");
  return (
    path === SET_PASSWORD_PATH &&
    Boolean(params.access_token || params.error || params.error_description || params.error_code)
  );
}
