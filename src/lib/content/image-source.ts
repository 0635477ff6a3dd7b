// Where a picture comes from, and turning it into a local file the image pipeline
// can read. Only three kinds of address are accepted (the same rule the database
// enforces): a path on the site itself (a file in public/), an http(s) URL with a
// host, and an embedded picture of a type the media bucket takes (data:image/png;base64,...).
// Everything else (javascript:, data:text/html, SVG data, protocol-relative //host,
// relative paths) is refused, and the caller shows the area's placeholder.
//
// Plain Node: no astro:* imports, so it is unit-tested directly.

import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, utimes, writeFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import sharp, { type Metadata } from "sharp";
import { isPictureDataUrl } from "../../../functions/_shared/media-rules.ts";

export type ImageSourceKind = "site" | "remote" | "data";

export interface ClassifiedImageUrl {
  kind: ImageSourceKind;
  url: string;
}

/** The longest address accepted: a data URL of about 5 MB of image (as the database). */
export const MAX_IMAGE_URL_LENGTH = 7_000_000;
/** The largest image file downloaded or decoded. */
export const MAX_IMAGE_BYTES = 15 * 1024 * 1024;

const SITE_PATH = /^\/[^/\s<>"'`\\][^\s<>"'`\\]*$/;
const REMOTE_URL = /^https?:\/\/[^/?#\s<>"'`\\]+([/?#][^\s<>"'`\\]*)?$/i;

/** Which kind of image address this is, or null when it must not be used. */
export function classifyImageUrl(url: unknown): ClassifiedImageUrl | null {
  if (typeof url !== "string" || url.length === 0 || url.length > MAX_IMAGE_URL_LENGTH) {
    return null;
  }
  if (url.startsWith("data:")) {
    return isPictureDataUrl(url) ? { kind: "data", url } : null;
  }
  if (SITE_PATH.test(url)) {
    return { kind: "site", url };
  }
  if (REMOTE_URL.test(url)) {
    try {
      const parsed = new URL(url);
      if ((parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname) {
        return { kind: "remote", url };
      }
    } catch {
      return null;
    }
  }
  return null;
}

/** The key an image address is stored under (the site_images collection's id). */
export function imageKey(url: string): string {
  return createHash("sha256").update(url).digest("hex").slice(0, 40);
}

/**
 * The file in public/ a site path names, or null when it leaves public/ or
 * cannot be decoded. Query strings and fragments are ignored.
 */
export function publicFileOf(sitePath: string, publicDir: string): string | null {
  const pathname = sitePath.replace(/[?#].*$/, "");
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.split("/").some((part) => part === "..")) return null;
  const root = resolve(publicDir);
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(root + sep) ? file : null;
}

/** What an http(s) server said identifies the version it sent (ETag, Last-Modified). */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type SourceResult =
  | { ok: true; bytes: Buffer; validators?: Validators }
  /** The server confirmed the copy named by `ReadSourceOptions.validators` is current. */
  | { ok: true; notModified: true }
  | { ok: false; reason: string };

export interface ReadSourceOptions {
  publicDir: string;
  fetch?: typeof fetch;
  /** Per download. */
  timeoutMs?: number;
  maxBytes?: number;
  /**
   * The validators of a copy already prepared: an http(s) download is then a
   * conditional request, and a 304 answers `notModified` without the bytes.
   */
  validators?: Validators;
}

/** The bytes behind an accepted image address. Never throws. */
export async function readImageSource(
  source: ClassifiedImageUrl,
  options: ReadSourceOptions,
): Promise<SourceResult> {
  const maxBytes = options.maxBytes ?? MAX_IMAGE_BYTES;
  try {
    if (source.kind === "data") {
      const base64 = source.url.slice(source.url.indexOf(",") + 1);
      const bytes = Buffer.from(base64, "base64");
      if (bytes.length === 0) return { ok: false, reason: "empty data URL" };
      if (bytes.length > maxBytes) return { ok: false, reason: "data URL too large" };
      return { ok: true, bytes };
    }
    if (source.kind === "site") {
      const file = publicFileOf(source.url, options.publicDir);
      if (!file) return { ok: false, reason: "path outside public/" };
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return { ok: false, reason: "no such file in public/" };
      if (info.size > maxBytes) return { ok: false, reason: "file too large" };
      return { ok: true, bytes: await readFile(file) };
    }
    const doFetch = options.fetch ?? fetch;
    const headers: Record<string, string> = {
      accept: "image/avif,image/webp,image/png,image/jpeg,image/gif,image/*;q=0.8",
    };
    if (options.validators?.etag) headers["if-none-match"] = options.validators.etag;
    if (options.validators?.lastModified) {
      headers["if-modified-since"] = options.validators.lastModified;
    }
    const response = await doFetch(source.url, {
      redirect: "follow",
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
      headers,
    });
    if (response.status === 304 && options.validators) {
      await response.body?.cancel().catch(() => {});
      return { ok: true, notModified: true };
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, reason: `HTTP ${response.status}` };
    }
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > maxBytes) {
      await response.body?.cancel().catch(() => {});
      return { ok: false, reason: "file too large" };
    }
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > maxBytes) return { ok: false, reason: "file too large" };
    if (bytes.length === 0) return { ok: false, reason: "empty response" };
    const etag = response.headers.get("etag") ?? undefined;
    const lastModified = response.headers.get("last-modified") ?? undefined;
    if (!etag && !lastModified) return { ok: true, bytes };
    return {
      ok: true,
      bytes,
      validators: { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

export interface PreparedImage {
  ok: true;
  /** Content-addressed file: <sha256 of the bytes>.<ext>. */
  file: string;
  width: number;
  height: number;
  format: "jpg" | "png" | "webp" | "gif" | "avif" | "tiff";
  /** Has an alpha channel: its fallback is a PNG rather than a JPEG. */
  alpha: boolean;
}

export type PrepareResult = PreparedImage | { ok: false; reason: string };

const RASTER_FORMATS: Record<string, PreparedImage["format"]> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
  heif: "avif",
  avif: "avif",
  tiff: "tiff",
};

/**
 * Checks the bytes are a raster image (by content, whatever the address says) and
 * writes them into dir under a name made of their hash, so the same picture is the
 * same file in every build and Astro's cache of optimised images keeps working.
 * SVG (from an http URL) is drawn to PNG here: what reaches the page is never SVG,
 * which can carry script.
 */
export async function prepareImage(bytes: Buffer, dir: string): Promise<PrepareResult> {
  let data = bytes;
  let meta: Metadata;
  try {
    meta = await sharp(data, { animated: true }).metadata();
    if (meta.format === "svg") {
      data = await sharp(data, { density: 192 })
        .resize({ width: 2048, height: 2048, fit: "inside", withoutEnlargement: true })
        .png()
        .toBuffer();
      meta = await sharp(data).metadata();
    }
  } catch (error) {
    return {
      ok: false,
      reason: `not an image (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const format = meta.format ? RASTER_FORMATS[meta.format] : undefined;
  const height = meta.pageHeight ?? meta.height;
  if (!format || !meta.width || !height) {
    return { ok: false, reason: `unsupported image format ${meta.format ?? "unknown"}` };
  }
  const hash = createHash("sha256").update(data).digest("hex").slice(0, 32);
  const file = join(dir, `${hash}.${format}`);
  const existing = await stat(file).catch(() => null);
  if (!existing || existing.size !== data.length) {
    await mkdir(dir, { recursive: true });
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, data);
    await rename(temp, file);
  } else {
    // Mark it used, so clean-up (loader.ts) keeps it.
    const now = new Date();
    await utimes(file, now, now).catch(() => {});
  }
  return { ok: true, file, width: meta.width, height, format, alpha: meta.hasAlpha === true };
}

/** The widths to render: sorted, unique, no larger than the original. */
export function pickWidths(requested: readonly number[], originalWidth: number): number[] {
  const valid = [...new Set(requested.map((w) => Math.round(w)))]
    .filter((w) => Number.isFinite(w) && w > 0)
    .sort((a, b) => a - b);
  const fitting = valid.filter((w) => w <= originalWidth);
  if (fitting.length === 0) return [Math.min(valid[0] ?? originalWidth, originalWidth)];
  if (fitting.length < valid.length && fitting.at(-1) !== originalWidth) {
    fitting.push(originalWidth);
  }
  return fitting;
}

/** Runs fn over items with at most `limit` at a time, keeping the order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}
