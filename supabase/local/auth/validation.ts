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

const HEX32 = /^[0-9a-f]{32}$/i;

/**
 * A UUID as gofrs/uuid's FromString (and so GoTrue's ids in paths and bodies) reads
 * it: canonical, 32 hex digits, braced, or urn:uuid:; lower-case canonical, or an
 * Error with gofrs' message.
 */
export function parseGoUuid(text: string): string {
  let inner = text;
  const bytes = Buffer.byteLength(text);
  if (bytes === 34 || bytes === 38) {
    if (!text.startsWith("{") || !text.endsWith("}")) {
      throw new Error(`uuid: incorrect UUID format in string ${JSON.stringify(text)}`);
    }
    inner = text.slice(1, -1);
  } else if (bytes === 41 || bytes === 45) {
    if (!text.startsWith("urn:uuid:")) {
      throw new Error(`uuid: incorrect UUID format in string ${JSON.stringify(text.slice(0, 9))}`);
    }
    inner = text.slice(9);
  } else if (bytes !== 32 && bytes !== 36) {
    throw new Error(`uuid: incorrect UUID length ${bytes} in string ${JSON.stringify(text)}`);
  }
  if (inner.length === 36) {
    if (inner[8] !== "-" || inner[13] !== "-" || inner[18] !== "-" || inner[23] !== "-") {
      throw new Error(`uuid: incorrect UUID format in string ${JSON.stringify(inner)}`);
    }
    inner = inner.replace(/-/g, "");
  }
  if (!HEX32.test(inner)) throw new Error("uuid: invalid UUID format");
  const hex = inner.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
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
