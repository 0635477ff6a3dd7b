// A second factor for signing in: an authenticator app (TOTP), through Supabase Auth's
// MFA API (`client.auth.mfa`). Someone with a verified factor signs in with their
// password (a session at aal1), then a code from the app raises the session to aal2.
// The changes that move money (the payment details, their approval and the alert
// settings, the team) need aal2: the database checks it (private.has_aal2()), and
// the admin shows those screens read-only until the session has it.
import type { Factor } from "@supabase/auth-js";
import { atom } from "nanostores";
import type { AuthHolder } from "./auth-client.ts";
import { secondFactor as words } from "./words.ts";

/** What this session has verified, and whether its account has a factor at all. */
export interface Assurance {
  /** The session verified a code (aal2). */
  verified: boolean;
  /** The account has a verified factor, so it signs in with a code. */
  enrolled: boolean;
}

/** This session's assurance, as last worked out from its token. */
export const $assurance = atom<Assurance>({ verified: false, enrolled: false });

/** Works out the session's assurance from its token and user (no request), and keeps it. */
export async function readAssurance(client: AuthHolder): Promise<Assurance> {
  const { data } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
  const assurance = {
    verified: data?.currentLevel === "aal2",
    enrolled: data?.nextLevel === "aal2",
  };
  $assurance.set(assurance);
  return assurance;
}

/** The session must still verify a code: its account has a factor, it has not. */
export async function codeNeeded(client: AuthHolder): Promise<boolean> {
  const { verified, enrolled } = await readAssurance(client);
  return enrolled && !verified;
}

/** An app's name as the person gave it, or the default name. */
export const factorName = (factor: Factor): string => factor.friendly_name || words.defaultName;

/** The account's verified authenticator apps. */
export async function verifiedFactors(client: AuthHolder): Promise<Factor[]> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp.filter((factor) => factor.status === "verified");
}

/** How a request of this module went: done, or the words of its refusal. */
export type FactorOutcome<T = undefined> = { ok: true; value: T } | { ok: false; message: string };

interface AuthErrorLike {
  status?: number;
  code?: string;
  name?: string;
}

/** Auth's refusal, in words. */
export function factorRefusal(error: AuthErrorLike): string {
  if (error.code === "mfa_verification_failed") return words.wrongCode;
  if (error.code === "mfa_challenge_expired") return words.expired;
  if (error.code === "mfa_factor_name_conflict") return words.nameTaken;
  if (error.code === "too_many_enrolled_mfa_factors") return words.tooMany;
  if (error.code === "insufficient_aal") return words.codeFirst;
  if (error.status === 429) return words.tooManyAttempts;
  if (error.name === "AuthRetryableFetchError" || error.status === 0) return words.unreachable;
  if (error.name === "AuthSessionMissingError" || error.status === 401) return words.sessionEnded;
  return words.failed;
}

/** A code as the app shows it: six digits (spaces the app puts between them dropped). */
export function cleanCode(code: string): string | null {
  const digits = code.replace(/\s+/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** Verifies a code of `factorId`: a new challenge, then the code. The session becomes aal2. */
export async function verifyCode(
  client: AuthHolder,
  factorId: string,
  code: string,
): Promise<FactorOutcome> {
  const digits = cleanCode(code);
  if (!digits) return { ok: false, message: words.codeInvalid };
  try {
    const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: digits });
    if (error) return { ok: false, message: factorRefusal(error) };
    await readAssurance(client);
    return { ok: true, value: undefined };
  } catch {
    return { ok: false, message: words.unreachable };
  }
}

/** A new authenticator app, not verified yet: what the person scans or types. */
export interface Enrolment {
  factorId: string;
  /** The QR code, an SVG as a data: address. */
  qrCode: string;
  /** The secret, for an app that cannot scan (base32). */
  secret: string;
}

/** Starts adding an authenticator app called `name`. */
export async function enrol(client: AuthHolder, name: string): Promise<FactorOutcome<Enrolment>> {
  try {
    const { data, error } = await client.auth.mfa.enroll({
      factorType: "totp",
      friendlyName: name.trim(),
    });
    if (error) return { ok: false, message: factorRefusal(error) };
    return {
      ok: true,
      value: { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret },
    };
  } catch {
    return { ok: false, message: words.unreachable };
  }
}

/**
 * Removes a factor: a verified one needs this session at aal2; one never verified (an
 * enrolment given up) goes at aal1. Once the last goes, signing in asks for no code.
 */
export async function unenrol(client: AuthHolder, factorId: string): Promise<FactorOutcome> {
  try {
    const { error } = await client.auth.mfa.unenroll({ factorId });
    if (error) return { ok: false, message: factorRefusal(error) };
    // The session's token says aal2 until it is renewed; renew it now, so it says what
    // the account has become.
    await client.auth.refreshSession();
    await readAssurance(client);
    return { ok: true, value: undefined };
  } catch {
    return { ok: false, message: words.unreachable };
  }
}
