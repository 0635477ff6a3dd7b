// What every part of the /auth/v1 stand-in shares: the [auth] settings of
// supabase/config.toml it honours (read once, at start), GoTrue's fixed values, and
// the service handle the handlers work with.
import { readFileSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import type { PGliteInterface } from "@electric-sql/pglite";
import { parse as parseToml } from "smol-toml";
import type { ProjectKeys } from "../keys.ts";
import type { AuthLimits } from "./limits.ts";
import type { AuthMailer } from "./mailer.ts";
import type { RedirectRules } from "./redirects.ts";
import {
  type EmailTemplates,
  emailTemplates,
  TEMPLATE_TYPES,
  type TemplateSource,
  type TemplateType,
} from "./templates.ts";

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
  /** Where emailed links may lead, compiled from the settings once. */
  redirects: RedirectRules;
  mailer: AuthMailer;
  limits: AuthLimits;
}

/** Set by the gateway step when a new API key came without a user token. */
export type AuthEnv = { Variables: { keyClaims?: Body } };

// --- the settings -------------------------------------------------------------------

/**
 * What Auth follows, read from supabase/config.toml: how long tokens live, how long a
 * used refresh token is forgiven, the password rule, whether people may sign up, and
 * for its mail: where links may lead, how often one address may be sent a link, how
 * long a link lives, the project's hourly email budget and the per-IP request limits,
 * and who the mail is from; and which second factors users may enrol.
 */
export interface AuthSettings {
  /** [auth] jwt_expiry: how long an access token lives (seconds). */
  jwtExpiry: number;
  /** [auth] refresh_token_reuse_interval: how long a used refresh token still works (seconds). */
  refreshTokenReuseInterval: number;
  /** [auth] minimum_password_length */
  minimumPasswordLength: number;
  /** [auth] enable_signup */
  enableSignup: boolean;
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
  /** [local_smtp] admin_email and sender_name: the From of every email. */
  sender: { address: string; name: string };
  /** [auth.email.template.<type>] subject and content_path, else GoTrue's own emails. */
  emailTemplates: EmailTemplates;
  /** [auth.mfa.totp] enroll_enabled: whether users may enrol a TOTP factor. */
  mfaTotpEnrollEnabled: boolean;
  /** [auth.mfa.totp] verify_enabled: whether TOTP factors may be challenged and verified. */
  mfaTotpVerifyEnabled: boolean;
  /** [auth.mfa] max_enrolled_factors: the factors a user may have, verified or not. */
  mfaMaxEnrolledFactors: number;
  /** GoTrue's MFA_MAX_VERIFIED_FACTORS (no config.toml key): the verified factors a user may have. */
  mfaMaxVerifiedFactors: number;
  /** GoTrue's MFA_CHALLENGE_EXPIRY_DURATION (no config.toml key): how long a challenge lives (s). */
  mfaChallengeExpirySeconds: number;
  /** GoTrue's MFA_FACTOR_EXPIRY_DURATION (no config.toml key): how long a never-challenged, unverified factor lives (s). */
  mfaFactorExpirySeconds: number;
}

/** Where Auth sends its mail: the project's SMTP server (here, the local catcher). */
export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  pass?: string;
}

const CONFIG_TOML = join(import.meta.dirname, "..", "..", "config.toml");
/** The folder above supabase/: the CLI reads email templates' content_path from there. */
const REPOSITORY = join(import.meta.dirname, "..", "..", "..");

/**
 * Defaults where config.toml is silent: the CLI's (tokens live an hour, a used refresh
 * token is forgiven for 10 s, passwords of at least 6 characters, sign-ups on, no email
 * confirmations), a hosted project's for the mail (60 s between links to one address,
 * links live an hour, 30 emails an hour once custom SMTP is set, 30 requests per IP
 * per 5 minutes), and the CLI's sender. MFA: the CLI's (TOTP off, 10 factors a user;
 * hosted projects have TOTP on, which config.toml asks for) and GoTrue's fixed values
 * (10 verified factors, challenges and unverified factors live 300 s).
 */
const DEFAULT_SETTINGS: AuthSettings = {
  jwtExpiry: 3600,
  refreshTokenReuseInterval: 10,
  minimumPasswordLength: 6,
  enableSignup: true,
  siteUrl: "http://localhost:3000",
  additionalRedirectUrls: [],
  mailerAutoconfirm: true,
  emailMaxFrequencyMs: 60_000,
  emailOtpExpirySeconds: 3600,
  emailOtpLength: 6,
  rateLimitEmailSent: 30,
  rateLimitSignInSignUps: 30,
  rateLimitTokenVerifications: 30,
  sender: { address: "admin@email.com", name: "Admin" },
  emailTemplates: emailTemplates(),
  mfaTotpEnrollEnabled: false,
  mfaTotpVerifyEnabled: false,
  mfaMaxEnrolledFactors: 10,
  mfaMaxVerifiedFactors: 10,
  mfaChallengeExpirySeconds: 300,
  mfaFactorExpirySeconds: 300,
};

const DURATION_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};
const DURATION_PART = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/y;

/**
 * A Go duration ("60s", "1m30s", "500ms", "-1.5h"), in ms, as Go's time.ParseDuration
 * reads it: config.toml's durations and the admin API's ban_duration.
 */
export function durationMs(text: string): number {
  const invalid = () => new Error(`time: invalid duration "${text}"`);
  const match = /^([-+]?)(.+)$/.exec(text);
  const rest = match?.[2];
  if (!rest) throw invalid();
  if (rest === "0") return 0;
  let total = 0;
  let index = 0;
  while (index < rest.length) {
    DURATION_PART.lastIndex = index;
    const piece = DURATION_PART.exec(rest);
    if (!piece?.[1] || !piece[2]) throw invalid();
    total += Number(piece[1]) * (DURATION_UNITS_MS[piece[2]] ?? 0);
    index = DURATION_PART.lastIndex;
  }
  return match?.[1] === "-" ? -total : total;
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

function configDuration(setting: string, text: string): number {
  try {
    return durationMs(text);
  } catch (error) {
    throw new Error(`${setting}: ${(error as Error).message} (write e.g. "60s" or "1m")`);
  }
}

/**
 * [auth.email.template.<type>] as the CLI reads it: a subject, and the body from
 * content_path, a file relative to the repository (the CLI refuses `content`).
 */
function templateSources(
  email: Table,
  readContent: (path: string) => string,
): Partial<Record<TemplateType, TemplateSource>> {
  const sources: Partial<Record<TemplateType, TemplateSource>> = {};
  for (const [name, value] of Object.entries(table(email.template))) {
    const setting = `[auth.email.template.${name}]`;
    if (!(TEMPLATE_TYPES as readonly string[]).includes(name)) {
      throw new Error(`${setting}: Auth has no email template of that name`);
    }
    const template = table(value);
    const path = typeof template.content_path === "string" ? template.content_path : "";
    if (!path && template.content !== undefined) {
      throw new Error(
        `Invalid config for auth.email.template.${name}.content: please use content_path instead`,
      );
    }
    let body: string | undefined;
    if (path) {
      try {
        body = readContent(path);
      } catch (error) {
        throw new Error(
          `Invalid config for auth.email.template.${name}.content_path: ${(error as Error).message}`,
        );
      }
    }
    sources[name as TemplateType] = {
      ...(typeof template.subject === "string" ? { subject: template.subject } : {}),
      ...(body === undefined ? {} : { body }),
      origin: path || setting,
    };
  }
  return sources;
}

function booleanOr(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

/**
 * The factor kinds the stand-in cannot play (phone needs SMS, WebAuthn a browser's
 * authenticator): a config.toml that turns one on is refused at start, naming it,
 * rather than served as if it were off.
 */
function refuseUnplayedFactors(mfa: Table): void {
  for (const kind of ["phone", "web_authn"]) {
    const section = table(mfa[kind]);
    for (const key of ["enroll_enabled", "verify_enabled"]) {
      if (section[key] === true) {
        throw new Error(
          `[auth.mfa.${kind}] ${key} = true: the local stand-in has no ${kind === "phone" ? "phone (SMS)" : "WebAuthn"} factors; use \`supabase start\` or a hosted project for them`,
        );
      }
    }
  }
}

function readFromRepository(path: string): string {
  return readFileSync(isAbsolute(path) ? path : join(REPOSITORY, path), "utf8");
}

/** The settings a config.toml gives, the defaults where it says nothing. */
export function authSettingsFrom(
  config: Table,
  readContent: (path: string) => string = readFromRepository,
): AuthSettings {
  const auth = table(config.auth);
  const email = table(auth.email);
  const limits = table(auth.rate_limit);
  const mfa = table(auth.mfa);
  const totp = table(mfa.totp);
  refuseUnplayedFactors(mfa);
  // The Supabase CLI (3.x) refuses the old name of the mail catcher's section, and so
  // does the stand-in: a file it accepts must be one the CLI accepts.
  if (config.inbucket !== undefined)
    throw new Error(
      "[inbucket] in supabase/config.toml is no longer supported. Use [local_smtp] instead.",
    );
  const mailCatcher = table(config.local_smtp);
  const d = DEFAULT_SETTINGS;
  const redirects = Array.isArray(auth.additional_redirect_urls)
    ? auth.additional_redirect_urls.filter((url): url is string => typeof url === "string")
    : d.additionalRedirectUrls;
  return {
    jwtExpiry: numberOr(auth.jwt_expiry, d.jwtExpiry),
    refreshTokenReuseInterval: numberOr(
      auth.refresh_token_reuse_interval,
      d.refreshTokenReuseInterval,
    ),
    minimumPasswordLength: numberOr(auth.minimum_password_length, d.minimumPasswordLength),
    enableSignup: typeof auth.enable_signup === "boolean" ? auth.enable_signup : d.enableSignup,
    siteUrl: stringOr(auth.site_url, d.siteUrl),
    additionalRedirectUrls: redirects,
    mailerAutoconfirm:
      typeof email.enable_confirmations === "boolean"
        ? !email.enable_confirmations
        : d.mailerAutoconfirm,
    emailMaxFrequencyMs:
      typeof email.max_frequency === "string"
        ? configDuration("[auth.email] max_frequency", email.max_frequency)
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
      address: stringOr(mailCatcher.admin_email, d.sender.address),
      name: stringOr(mailCatcher.sender_name, d.sender.name),
    },
    emailTemplates: emailTemplates(templateSources(email, readContent)),
    mfaTotpEnrollEnabled: booleanOr(totp.enroll_enabled, d.mfaTotpEnrollEnabled),
    mfaTotpVerifyEnabled: booleanOr(totp.verify_enabled, d.mfaTotpVerifyEnabled),
    mfaMaxEnrolledFactors: numberOr(mfa.max_enrolled_factors, d.mfaMaxEnrolledFactors),
    mfaMaxVerifiedFactors: d.mfaMaxVerifiedFactors,
    mfaChallengeExpirySeconds: d.mfaChallengeExpirySeconds,
    mfaFactorExpirySeconds: d.mfaFactorExpirySeconds,
  };
}

/**
 * The environment over config.toml, as the Supabase CLI reads it: a variable named
 * SUPABASE_ and a key's path with "_" for "." (SUPABASE_AUTH_ENABLE_SIGNUP for [auth]
 * enable_signup) replaces that key's value (the CLI's config loader: viper with the env
 * prefix SUPABASE, the key replacer "." to "_", and AutomaticEnv). Here only keys the
 * file sets are replaced, each read as the type the file gives it (a list of strings
 * from one comma-separated value); a value that is not of that type is refused, naming
 * the variable.
 */
export function withEnvOverrides(
  table: Table,
  env: Record<string, string | undefined>,
  path: string[] = [],
): Table {
  const out: Table = {};
  for (const [key, value] of Object.entries(table)) {
    const here = [...path, key];
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      out[key] = withEnvOverrides(value as Table, env, here);
      continue;
    }
    const name = `SUPABASE_${here.join("_").toUpperCase()}`;
    const raw = env[name];
    if (raw === undefined) {
      out[key] = value;
    } else if (typeof value === "boolean") {
      if (raw !== "true" && raw !== "false") throw new Error(`${name} must be true or false.`);
      out[key] = raw === "true";
    } else if (typeof value === "number") {
      if (!/^-?\d+(\.\d+)?$/.test(raw)) throw new Error(`${name} must be a number.`);
      out[key] = Number(raw);
    } else if (typeof value === "string") {
      out[key] = raw;
    } else if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
      // A list of strings from one comma-separated value, as the CLI decodes it.
      out[key] = raw
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean);
    } else {
      throw new Error(`${name}: the stand-in reads no such value from the environment.`);
    }
  }
  return out;
}

/**
 * supabase/config.toml's settings, the environment over them as the CLI reads it, and
 * `overrides` on top (npm start's own site URL).
 */
export function loadAuthSettings(
  overrides: Partial<AuthSettings> = {},
  env: Record<string, string | undefined> = process.env,
): AuthSettings {
  const config = parseToml(readFileSync(CONFIG_TOML, "utf8")) as Table;
  return { ...authSettingsFrom(withEnvOverrides(config, env)), ...overrides };
}
