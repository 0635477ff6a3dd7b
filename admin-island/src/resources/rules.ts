// The form rules, written once and mirrored by the database's CHECK constraints
// (supabase/migrations): registry.test.ts keeps the two in agreement.
import { z } from "zod";

const LINK = /^https?:\/\/[^/?#\s<>"'`\\]+([/?#][^\s<>"'`\\]*)?$/;
const SITE_PATH = /^\/[^/\s<>"'`\\][^\s<>"'`\\]*$/;
const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$/;

/** private.is_link_url: an http(s) address with a host, or a path on the site. */
export function isLinkUrl(url: string): boolean {
  return url.length <= 2048 && (LINK.test(url) || SITE_PATH.test(url));
}

/** private.is_image_url: a link, or an embedded raster image (older rows only). */
export function isImageUrl(url: string): boolean {
  return isLinkUrl(url) || (url.length <= 7_000_000 && DATA_IMAGE.test(url));
}

export const URL_MESSAGE = "Enter a web address starting with https://, or upload a file";

const tooLong = (max: number) => `Use at most ${max} characters`;

export function requiredText(message: string, max: number) {
  return z.string().trim().min(1, message).max(max, tooLong(max));
}

/** Optional text: blank is stored as null, as the spec says. */
export function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max, tooLong(max))
    .transform((value) => (value === "" ? null : value));
}

export function requiredImage(message: string) {
  return z.string().trim().min(1, message).refine(isImageUrl, URL_MESSAGE);
}

export function optionalImage() {
  return z
    .string()
    .trim()
    .refine((value) => value === "" || isImageUrl(value), URL_MESSAGE)
    .transform((value) => (value === "" ? null : value));
}

export function optionalLink() {
  return z
    .string()
    .trim()
    .refine((value) => value === "" || isLinkUrl(value), URL_MESSAGE)
    .transform((value) => (value === "" ? null : value));
}

/** A whole number from a number input; an empty or non-number entry counts as `fallback`. */
export function wholeNumber(max: number, fallback = 0) {
  return z.preprocess(
    (value) => {
      if (value === "" || value === null || value === undefined) return fallback;
      const n = typeof value === "number" ? value : Number(value);
      return Number.isNaN(n) ? fallback : n;
    },
    z
      .number()
      .int("Use a whole number")
      .min(0, "Use a number of 0 or more")
      .max(max, `Use a number of at most ${max}`),
  );
}

export const sortOrder = () => wholeNumber(100_000);

export const isActive = () => z.boolean();

export function oneOf<T extends string>(values: readonly [T, ...T[]], message: string) {
  return z.enum(values, { error: message });
}

/** A repeating list: 1 to 50 items (the database's is_object_list). */
export function itemList<T extends z.ZodRawShape>(shape: T, what: string) {
  return z
    .array(z.object(shape).strict())
    .min(1, `Keep at least one ${what}`)
    .max(50, `Use at most 50 ${what}s`);
}

/** A list item's text: required items non-blank; all at most 2000 characters. */
export const itemText = (message: string) => requiredText(message, 2000);
export const optionalItemText = () => optionalText(2000);
