// What every part of the /auth/v1 stand-in shares: the [auth] settings of
// supabase/config.toml it honours, GoTrue's fixed values, and the service handle
// the handlers work with.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PGliteInterface } from "@electric-sql/pglite";
import { parse as parseToml } from "smol-toml";
import type { ProjectKeys } from "../keys.ts";
import type { AuthLimits } from "./limits.ts";
import type { AuthMailer } from "./mailer.ts";

/** The [auth] settings of supabase/config.toml that the stand-in honours. */
export const AUTH_CONFIG = {
  /** jwt_expiry */
  jwtExpiry: 3600,
  /** refresh_token_reuse_interval (seconds) */
  refreshTokenReuseInterval: 10,
  /** minimum_password_length */
  minimumPasswordLength: 10,
  /** enable_signup */
  enableSignup: false,
  /** !auth.email.enable_confirmations */
  mailerAutoconfirm: true,
} as const;

/** The audience of every user and token (GoTrue's default JWT_AUD). */
export const AUDIENCE = "authenticated";
export const DEFAULT_ROLE = "authenticated";
/** Token roles GoTrue lets use the admin API. */
export const ADMIN_ROLES = new Set(["service_role", "supabase_admin"]);
/** GoTrue's instance id for single-tenant projects. */
export const NIL_UUID = "00000000-0000-0000-0000-000000000000";
/** Largest request body Auth reads. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** How long verifiers may keep the JWKS (hosted's edge caches it for 10 minutes). */
export const JWKS_MAX_AGE_SECONDS = 600;

/** A JSON object as the request or the database holds it. */
export type Body = Record<string, unknown>;

/** What the handlers need: the database, the project's keys, Auth's own URL and its mail. */
export interface AuthService {
  db: PGliteInterface;
  keys: ProjectKeys;
  /** The `iss` of every token: <public URL>/auth/v1. */
  issuer: string;
  settings: AuthSettings;
  mailer: AuthMailer;
  limits: AuthLimits;
}

/** Set by the gateway step when a new API key came without a user token. */
export type AuthEnv = { Variables: { keyClaims?: Body } };

// --- the settings of the emailed links and their limits ---------------------------

/**
 * What Auth's mail follows, read from supabase/config.toml: where links may lead, how
 * often one address may be sent a link, how long a link lives, the project's hourly
 * email budget and the per-address-and-IP request limits, and who the mail is from.
 */
export interface AuthSettings {
  /** [auth] site_url: the default redirect, and allowed as a redirect target. */
  siteUrl: string;
  /** [auth] additional_redirect_urls: globs of further allowed redirect targets. */
  additionalRedirectUrls: string[];
  /** !([auth.email] enable_confirmations): GoTrue's MAILER_AUTOCONFIRM. */
  mailerAutoconfirm: boolean;
  /** [auth.email] max_frequency: the wait between two links to one address (ms). */
  emailMaxFrequencyMs: number;
  /** [auth.email] otp_expiry: how long an emailed link works (seconds). */
  emailOtpExpirySeconds: number;
  /** [auth.email] otp_length: the digits of the code in each email. */
  emailOtpLength: number;
  /** [auth.rate_limit] email_sent: emails the project may send per hour. */
  rateLimitEmailSent: number;
  /** [auth.rate_limit] sign_in_sign_ups: /recover (and the other OTP senders) per IP, per 5 minutes. */
  rateLimitSignInSignUps: number;
  /** [auth.rate_limit] token_verifications: /verify per IP, per 5 minutes. */
  rateLimitTokenVerifications: number;
  /** [inbucket] admin_email and sender_name: the From of every email. */
  sender: { address: string; name: string };
}

/** Where Auth sends its mail: the project's SMTP server (here, the local catcher). */
export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  pass?: string;
}

export const CONFIG_TOML = join(import.meta.dirname, "..", "..", "config.toml");

/**
 * Defaults where config.toml is silent: a hosted project's (60 s between links to one
 * address, links live an hour, 30 emails an hour once custom SMTP is set, 30 requests
 * per IP per 5 minutes), and the CLI's sender.
 */
const DEFAULT_SETTINGS: AuthSettings = {
  siteUrl: "http://localhost:3000",
  additionalRedirectUrls: [],
  mailerAutoconfirm: AUTH_CONFIG.mailerAutoconfirm,
  emailMaxFrequencyMs: 60_000,
  emailOtpExpirySeconds: 3600,
  emailOtpLength: 6,
  rateLimitEmailSent: 30,
  rateLimitSignInSignUps: 30,
  rateLimitTokenVerifications: 30,
  sender: { address: "admin@email.com", name: "Admin" },
};

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** A Go duration as config.toml writes one ("60s", "1m30s", "500ms"), in ms. */
export function durationMs(text: string): number {
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join("") !== text) {
    throw new Error(`not a duration: "${text}" (write e.g. "60s" or "1m")`);
  }
  return parts.reduce(
    (total, part) => total + Number(part[1]) * (DURATION_UNITS_MS[part[2] as string] ?? 0),
    0,
  );
}

type Table = Record<string, unknown>;

function table(value: unknown): Table {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Table)
    : {};
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === "string" && value !== "" ? value : fallback;
}

/** The settings a config.toml gives, the defaults where it says nothing. */
export function authSettingsFrom(config: Table): AuthSettings {
  const auth = table(config.auth);
  const email = table(auth.email);
  const limits = table(auth.rate_limit);
  const inbucket = table(config.inbucket);
  const d = DEFAULT_SETTINGS;
  const redirects = Array.isArray(auth.additional_redirect_urls)
    ? auth.additional_redirect_urls.filter((url): url is string => typeof url === "string")
    : d.additionalRedirectUrls;
  return {
    siteUrl: stringOr(auth.site_url, d.siteUrl),
    additionalRedirectUrls: redirects,
    mailerAutoconfirm:
      typeof email.enable_confirmations === "boolean"
        ? !email.enable_confirmations
        : d.mailerAutoconfirm,
    emailMaxFrequencyMs:
      typeof email.max_frequency === "string"
        ? durationMs(email.max_frequency)
        : d.emailMaxFrequencyMs,
    emailOtpExpirySeconds: numberOr(email.otp_expiry, d.emailOtpExpirySeconds),
    emailOtpLength: numberOr(email.otp_length, d.emailOtpLength),
    rateLimitEmailSent: numberOr(limits.email_sent, d.rateLimitEmailSent),
    rateLimitSignInSignUps: numberOr(limits.sign_in_sign_ups, d.rateLimitSignInSignUps),
    rateLimitTokenVerifications: numberOr(
      limits.token_verifications,
      d.rateLimitTokenVerifications,
    ),
    sender: {
      address: stringOr(inbucket.admin_email, d.sender.address),
      name: stringOr(inbucket.sender_name, d.sender.name),
    },
  };
}

/** supabase/config.toml's settings with `overrides` on top (npm start's own site URL). */
export function loadAuthSettings(overrides: Partial<AuthSettings> = {}): AuthSettings {
  const config = parseToml(readFileSync(CONFIG_TOML, "utf8")) as Table;
  return { ...authSettingsFrom(config), ...overrides };
}
