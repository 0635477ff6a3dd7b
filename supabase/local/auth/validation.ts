// Request checks as GoTrue makes them. Bodies are decoded the way Go's encoding/json
// decodes them into GoTrue's parameter structs: unknown keys ignored, null leaves a
// field unset, a value of the wrong JSON type is a bad_json error. Then the fields
// are checked: email and phone formats, password strength, ban durations.
import type { Context } from "hono";
import { type AuthSettings, type Body, durationMs } from "./config.ts";
import { AuthApiError, badJson, validationFailed } from "./errors.ts";
import { BCRYPT_MAX_BYTES } from "./passwords.ts";

// --- bodies ----------------------------------------------------------------------

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return "array";
  if (typeof value === "boolean") return "bool";
  return typeof value;
}

/** A JSON object body for the Go struct named `struct` (named in the error messages). */
export function parseBody(text: string, struct: string): Body {
  if (text.trim() === "") throw badJson("unexpected end of JSON input");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw badJson((error as Error).message);
  }
  if (value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw badJson(`json: cannot unmarshal ${jsonKind(value)} into Go value of type api.${struct}`);
  }
  return value as Body;
}

export async function readBody(c: Context, struct: string): Promise<Body> {
  return parseBody(await c.req.text(), struct);
}

const GO_TYPES = { string: "string", boolean: "bool", object: "map[string]interface {}" } as const;

/** One field of a decoded body, or undefined when absent or null. */
export function field(body: Body, struct: string, name: string, type: "string"): string | undefined;
export function field(
  body: Body,
  struct: string,
  name: string,
  type: "boolean",
): boolean | undefined;
export function field(body: Body, struct: string, name: string, type: "object"): Body | undefined;
export function field(
  body: Body,
  struct: string,
  name: string,
  type: keyof typeof GO_TYPES,
): string | boolean | Body | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  const ok =
    type === "object" ? typeof value === "object" && !Array.isArray(value) : typeof value === type;
  if (!ok) {
    throw badJson(
      `json: cannot unmarshal ${jsonKind(value)} into Go struct field ${struct}.${name} of type ${GO_TYPES[type]}`,
    );
  }
  return value as string | boolean | Body;
}

// --- formats ---------------------------------------------------------------------

// checkmail's format check, which GoTrue uses.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The email address format GoTrue accepts. */
export function isEmailFormat(email: string): boolean {
  return email.length <= 255 && EMAIL_FORMAT.test(email);
}

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_FORMAT.test(value);
}

/** The address as GoTrue stores it (lower case), or a validation_failed error. */
export function validateEmail(email: string): string {
  if (email === "") throw validationFailed("An email address is required");
  if (email.length > 255) throw validationFailed("An email address is too long");
  if (!EMAIL_FORMAT.test(email)) {
    throw validationFailed("Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}

/** The number in E.164 digits, without the punctuation people type. */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/[\s+()-]/g, "");
  if (!/^[1-9]\d{4,14}$/.test(formatted)) {
    throw validationFailed("Invalid phone number format (E.164 required)");
  }
  return formatted;
}

// --- passwords -------------------------------------------------------------------

export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** Why a password is weak, as sign-in reports it; undefined when it is strong enough. */
export function weakPassword(
  password: string,
  settings: AuthSettings,
): { message: string; reasons: string[] } | undefined {
  if (byteLength(password) >= settings.minimumPasswordLength) return undefined;
  return {
    message: `Password should be at least ${settings.minimumPasswordLength} characters.`,
    reasons: ["length"],
  };
}

/** A new password must fit bcrypt and meet the minimum length (422 weak_password). */
export function checkPasswordStrength(password: string, settings: AuthSettings): void {
  if (byteLength(password) > BCRYPT_MAX_BYTES) {
    throw validationFailed(`Password cannot be longer than ${BCRYPT_MAX_BYTES} characters`);
  }
  const weak = weakPassword(password, settings);
  if (weak) {
    throw new AuthApiError(422, "weak_password", weak.message, {
      weak_password: { reasons: weak.reasons },
    });
  }
}

// --- ban durations ---------------------------------------------------------------

/** banned_until for a ban_duration: null lifts the ban, undefined leaves it. */
export function banUntil(duration: string | undefined): Date | null | undefined {
  if (!duration) return undefined;
  if (duration === "none") return null;
  let ms: number;
  try {
    ms = durationMs(duration);
  } catch (error) {
    // GoTrue parses ban_duration with Go's time.ParseDuration and reports its error.
    throw validationFailed(`invalid format for ban duration: ${(error as Error).message}`);
  }
  return new Date(Date.now() + ms);
}
