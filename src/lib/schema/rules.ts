// The form rules, written once and mirrored by the database's CHECK constraints
// (supabase/migrations): schema.test.ts keeps the two in agreement. Every refusal
// carries a message written for the person filling in the form, wrong types included
// (zod's own "Invalid input: expected string, received number" never reaches them).
import { isEmail } from "../../../functions/_shared/email-rules.ts";
import { isPictureDataUrl } from "../../../functions/_shared/media-rules.ts";
import { z } from "./zod.ts";

// An http(s) address with a host: the host may not start with '.', ':', '-' or '@'
// and holds no '@' (no user:password@ part). \s is the same set of characters the
// database spells out in private.is_link_url.
const LINK = /^https?:\/\/[^/?#@.:\-\s<>"'`\\][^/?#@\s<>"'`\\]*([/?#][^\s<>"'`\\]*)?$/;
const SITE_PATH = /^\/[^/\s<>"'`\\][^\s<>"'`\\]*$/;
/** A character that shows something (private.has_visible_text). */
const VISIBLE = /[^\t-\r \u00a0\u1680\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]/;

/** private.is_link_url: an http(s) address with a host, or a path on the site. */
export function isLinkUrl(url: string): boolean {
  return url.length <= 2048 && (LINK.test(url) || SITE_PATH.test(url));
}

/** private.is_image_url: a link, or an embedded raster image (older rows only). */
export function isImageUrl(url: string): boolean {
  return isLinkUrl(url) || (url.length <= 7_000_000 && isPictureDataUrl(url));
}

/** private.has_visible_text: not only spaces, line breaks or zero-width characters. */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

export const URL_MESSAGE = "Enter a web address starting with https://, or upload a file";
/** A text field that received something other than text. */
export const TEXT_MESSAGE = "Enter text in this field";
export const CHECKBOX_MESSAGE = "Tick or clear this box";

const tooLong = (max: number) => `Use at most ${max} characters`;

export function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, tooLong(max))
    .refine(hasVisibleText, message);
}

/** Optional text: blank (or only invisible characters) is stored as null, never as ''. */
export function optionalText(max: number) {
  return z
    .string({ error: TEXT_MESSAGE })
    .trim()
    .max(max, tooLong(max))
    .transform((value) => (hasVisibleText(value) ? value : null));
}

export function requiredImage(message: string) {
  return z.string({ error: message }).trim().min(1, message).refine(isImageUrl, URL_MESSAGE);
}

export function optionalImage() {
  return z
    .string({ error: URL_MESSAGE })
    .trim()
    .refine((value) => value === "" || isImageUrl(value), URL_MESSAGE)
    .transform((value) => (value === "" ? null : value));
}

/** An optional link; blank (or only invisible characters) is stored as null. */
export function optionalLink() {
  return z
    .string({ error: URL_MESSAGE })
    .trim()
    .refine((value) => !hasVisibleText(value) || isLinkUrl(value), URL_MESSAGE)
    .transform((value) => (hasVisibleText(value) ? value : null));
}

/** What a blank or unreadable number entry is refused with, under its field. */
export const WHOLE_NUMBER_MESSAGE = "Please enter a whole number.";

/** Text a number input gives for a number: digits, with a minus sign or decimals. */
const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A whole number, from a number or from the text a number input gives. A blank or
 * unreadable entry ('', '1e', NaN) is refused, never taken as 0: a cleared figure
 * would otherwise be stored, and published as '0+'. A minus sign or decimals are read
 * so the rule can say what is wrong with them.
 */
export function wholeNumber(max: number, min = 0) {
  return z.preprocess(
    (value) => (typeof value === "string" && NUMBER_TEXT.test(value) ? Number(value) : value),
    z
      .number({ error: WHOLE_NUMBER_MESSAGE })
      .int("Use a whole number")
      .min(min, `Use a number of ${min} or more`)
      .max(max, `Use a number of at most ${max}`),
  );
}

export const EMAIL_MESSAGE = "Enter an email address such as name@example.org";
export const LINK_MESSAGE = "Enter a web address starting with https://";

/** A required email address; blank is refused with `message`. */
export function requiredEmail(message: string) {
  return z.string({ error: message }).trim().min(1, message).refine(isEmail, EMAIL_MESSAGE);
}

/** An optional email address; blank (or only invisible characters) is stored as null. */
export function optionalEmail() {
  return z
    .string({ error: EMAIL_MESSAGE })
    .trim()
    .refine((value) => !hasVisibleText(value) || isEmail(value), EMAIL_MESSAGE)
    .transform((value) => (hasVisibleText(value) ? value : null));
}

/** A required link (http(s) or a site path); blank is refused with `message`. */
export function requiredLink(message: string) {
  return z.string({ error: message }).trim().min(1, message).refine(isLinkUrl, LINK_MESSAGE);
}

export const COUNTRY_CODE_MESSAGE = "Enter the country's two-letter code, such as NP or GB";

/** A two-letter country code (ISO 3166-1 alpha-2), typed in either case, stored in capitals. */
export function countryCode() {
  return z
    .string({ error: COUNTRY_CODE_MESSAGE })
    .trim()
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z]{2}$/.test(value), COUNTRY_CODE_MESSAGE);
}

export const isActive = () => z.boolean({ error: CHECKBOX_MESSAGE });

export function oneOf<T extends string>(values: readonly [T, ...T[]], message: string) {
  return z.enum(values, { error: message });
}

/** A repeating list: 1 to `max` items (the database's is_object_list), each with only its own fields. */
export function itemList<T extends z.ZodRawShape>(shape: T, what: string, max = 50) {
  const item = z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Remove the unknown field ${issue.keys.map((key) => `"${key}"`).join(", ")} from the ${what}`
        : `Fill in each ${what} with its own fields`,
  });
  return z
    .array(item, { error: `Add the ${what}s as a list of items` })
    .min(1, `Keep at least one ${what}`)
    .max(max, `Use at most ${max} ${what}s`);
}
