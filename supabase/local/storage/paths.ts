// Object names and where they live. A name must pass Storage's key rule and be safe
// as a relative path; the bytes of bucket B's object N are at <storageDir>/B/N, never
// outside B's folder, and uploads in progress wait in <storageDir>/.uploads.
import { basename, dirname, join, resolve, sep } from "node:path";
import type { Context } from "hono";
import type { StandInContext } from "../context.ts";
import { ERRORS } from "./errors.ts";
import { MAX_KEY_BYTES, MAX_SEGMENT_BYTES } from "./limits.ts";

const UPLOADS_DIR = ".uploads";
/** The object storage-js writes to make an empty folder; it never has content. */
export const EMPTY_FOLDER_PLACEHOLDER = ".emptyFolderPlaceholder";

// Storage's own key rule: no ASCII or C1 controls, none of S3's "characters to
// avoid", no invisible direction or joiner marks.
const VALID_OBJECT_KEY =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: U+034F is refused on its own, on purpose
  /^[^\u0000-\u001f\u007f\u0080-\u009f#[\]{}^`"<>\\|%~\u{034F}\u{061C}\u{200B}\u{200E}\u{200F}\u{2028}\u{2029}\u{202A}-\u{202E}\u{2060}\u{2066}-\u{2069}\u{FEFF}]+$/u;
const PATH_TRAVERSAL = /(^|\/)\.{1,2}(\/|$)/;

/**
 * Storage's key check, plus what a folder of files needs: no leading or trailing
 * slash and no empty segment (storage-js never sends them: it strips and collapses
 * slashes), and segments short enough for the file system.
 */
export function isValidObjectName(name: string): boolean {
  if (name.length === 0 || Buffer.byteLength(name, "utf8") > MAX_KEY_BYTES) return false;
  if (!VALID_OBJECT_KEY.test(name) || PATH_TRAVERSAL.test(name)) return false;
  const segments = name.split("/");
  return segments.every(
    (segment) => segment.length > 0 && Buffer.byteLength(segment, "utf8") <= MAX_SEGMENT_BYTES,
  );
}

export function mustBeValidName(name: string): void {
  if (!isValidObjectName(name)) throw ERRORS.invalidKey(name);
}

/** Splits what follows a route prefix into the bucket and the (decoded) object name. */
export function bucketAndName(rest: string): { bucketId: string; name: string } {
  const slash = rest.indexOf("/");
  const rawBucket = slash < 0 ? rest : rest.slice(0, slash);
  const rawName = slash < 0 ? "" : rest.slice(slash + 1);
  let bucketId: string;
  let name: string;
  try {
    bucketId = decodeURIComponent(rawBucket);
  } catch {
    throw ERRORS.noSuchBucket();
  }
  try {
    name = decodeURIComponent(rawName);
  } catch {
    throw ERRORS.invalidKey(rawName);
  }
  return { bucketId, name };
}

/** The raw path after `/object/<prefix>` of this request. */
export function pathAfter(c: Context, prefix: string): string {
  const pathname = new URL(c.req.url).pathname;
  const marker = `/object/${prefix}`;
  const at = pathname.indexOf(marker);
  return at < 0 ? "" : pathname.slice(at + marker.length);
}

export function bucketDir(ctx: StandInContext, bucketId: string): string {
  const root = resolve(ctx.storageDir);
  const dir = resolve(root, bucketId);
  if (bucketId === UPLOADS_DIR || dirname(dir) !== root || basename(dir) !== bucketId) {
    throw ERRORS.noSuchBucket();
  }
  return dir;
}

/** Where an object's bytes live; never outside the bucket's folder. */
export function objectFile(ctx: StandInContext, bucketId: string, name: string): string {
  const dir = bucketDir(ctx, bucketId);
  const file = resolve(dir, ...name.split("/"));
  if (!file.startsWith(dir + sep)) throw ERRORS.invalidKey(name);
  return file;
}

export function uploadsDir(ctx: StandInContext): string {
  return join(resolve(ctx.storageDir), UPLOADS_DIR);
}
