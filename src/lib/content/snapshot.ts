// One read of everything the public site shows, taken once per build: the content
// revision FIRST (so build-info.json never claims a revision newer than the rows it
// was built from), then every content table's active rows, then every image those
// rows (and the built-in defaults and placeholders) refer to, made into local files.
//
// A failed read throws an error naming the table and the cause: the build fails and
// the last good deploy stays live. Defaults are never used because a read failed.

import { readFile, rename, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import { defaultImageUrls } from "../defaults.ts";
import { CONTENT_TABLES, type ContentTable, TABLES } from "../schema/tables.ts";
import {
  type ClassifiedImageUrl,
  classifyImageUrl,
  imageKey,
  mapLimit,
  type PreparedImage,
  type PrepareResult,
  prepareImage,
  readImageSource,
  type Validators,
} from "./image-source.ts";
import { imageUrlsOfRow, TIE_BREAKS } from "./tables.ts";

export type Row = Record<string, unknown>;

export interface ImageRecord {
  key: string;
  kind: ClassifiedImageUrl["kind"];
  result: PrepareResult;
}

export interface ContentSnapshot {
  revision: Row | null;
  tables: Record<ContentTable, Row[]>;
  images: ImageRecord[];
}

export interface SupabaseEnv {
  url: string;
  /** The publishable key (`sb_publishable_...`), or a legacy project's anon key. */
  publishableKey: string;
}

export class ContentLoadError extends Error {
  override name = "ContentLoadError";
  /** Shown by Astro under the message. */
  hint =
    "Check that PUBLIC_SUPABASE_URL points at the running Supabase project and that " +
    "PUBLIC_SUPABASE_PUBLISHABLE_KEY is its publishable key (locally, `npm start` sets both).";
}

/** The kinds of placeholder picture, one file each in public/images/placeholders/. */
export const PLACEHOLDER_KINDS = [
  "banner",
  "photo",
  "portrait",
  "logo",
  "certificate",
  "project",
  "gallery",
] as const;

export type PlaceholderKind = (typeof PLACEHOLDER_KINDS)[number];

export function placeholderUrl(kind: PlaceholderKind): string {
  return `/images/placeholders/${kind}.png`;
}

export const MISSING_ENV_MESSAGE =
  "PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_PUBLISHABLE_KEY are not set. The site's content is " +
  "read from Supabase when it is built: set both (the project's URL and its publishable key, " +
  "sb_publishable_...; a project with legacy keys may set PUBLIC_SUPABASE_ANON_KEY instead), or run " +
  "`npm start` (or `npm run dev`), which starts the local database and builds against it.";

/** A key that bypasses RLS: the secret key, or a legacy JWT whose role is service_role. */
export function isSecretKey(key: string): boolean {
  if (key.startsWith("sb_secret_")) return true;
  const payload = key.split(".")[1];
  if (!payload) return false;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      role?: unknown;
    };
    return claims.role === "service_role";
  } catch {
    return false;
  }
}

/** The Supabase the build reads, from the environment; throws when it is not set. */
export function supabaseEnv(env: Record<string, string | undefined> = process.env): SupabaseEnv {
  const url = env.PUBLIC_SUPABASE_URL?.trim();
  // The legacy anon key is taken while a project still has one.
  const publishableKey =
    env.PUBLIC_SUPABASE_PUBLISHABLE_KEY?.trim() || env.PUBLIC_SUPABASE_ANON_KEY?.trim();
  if (!url || !publishableKey) throw new ContentLoadError(MISSING_ENV_MESSAGE);
  if (isSecretKey(publishableKey))
    throw new ContentLoadError(
      "The public key setting holds a secret key (sb_secret_... or the service_role key). It " +
        "would be published in every page: use the project's publishable key (sb_publishable_...).",
    );
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new Error();
  } catch {
    throw new ContentLoadError(
      `PUBLIC_SUPABASE_URL is not an http(s) URL: ${JSON.stringify(url)}. ${MISSING_ENV_MESSAGE}`,
    );
  }
  return { url: url.replace(/\/+$/, ""), publishableKey };
}

/** One line saying what went wrong, without stack traces. */
export function describeError(error: unknown): string {
  if (!error || typeof error !== "object") return String(error);
  const e = error as { message?: unknown; code?: unknown; details?: unknown; cause?: unknown };
  const message = firstLine(String(e.message ?? error));
  const parts = [message];
  if (e.code !== undefined && e.code !== "") parts.push(`code ${String(e.code)}`);
  if (typeof e.details === "string" && e.details) {
    // supabase-js puts a network error's cause (and its stack) into details.
    const cause = /Caused by: (?:Error: )?([^\n]+)/.exec(e.details)?.[1];
    const line = cause ?? firstLine(e.details);
    if (line && line !== message && !message.includes(line)) parts.push(line);
  }
  const cause = e.cause as { message?: unknown; code?: unknown } | undefined;
  if (cause && typeof cause === "object" && (cause.code || cause.message)) {
    parts.push(String(cause.code ?? firstLine(String(cause.message))));
  }
  return parts.join("; ");
}

function firstLine(text: string): string {
  return text.split("\n")[0]?.trim() ?? "";
}

export function tableErrorMessage(table: string, url: string, error: unknown): string {
  return (
    `Could not load the content table "${table}" from ${url}: ${describeError(error)}. ` +
    "The build stops here so the last good deploy stays live."
  );
}

export interface ReadOptions {
  fetch?: typeof fetch;
  /** Per request. */
  timeoutMs?: number;
}

/** Reads content_revision, then every content table's public rows. */
export async function readTables(
  env: SupabaseEnv,
  options: ReadOptions = {},
): Promise<Pick<ContentSnapshot, "revision" | "tables">> {
  const baseFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const timedFetch: typeof fetch = (input, init) =>
    baseFetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
  const client = createClient(env.url, env.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: timedFetch },
  });

  const run = async (table: string, query: PromiseLike<{ data: unknown; error: unknown }>) => {
    let answer: { data: unknown; error: unknown };
    try {
      answer = await query;
    } catch (error) {
      throw new ContentLoadError(tableErrorMessage(table, env.url, error), { cause: error });
    }
    if (answer.error) {
      throw new ContentLoadError(tableErrorMessage(table, env.url, answer.error), {
        cause: answer.error,
      });
    }
    if (!Array.isArray(answer.data)) {
      throw new ContentLoadError(
        tableErrorMessage(table, env.url, new Error("the answer is not a list of rows")),
      );
    }
    return answer.data as Row[];
  };

  // The revision first: whatever changes while the tables are read is at least as
  // new as the revision this build records.
  const revisionRows = await run(
    "content_revision",
    client.from("content_revision").select("*").order("id").limit(1),
  );

  const entries = await Promise.all(
    CONTENT_TABLES.map(async (table) => {
      const { read } = TABLES[table];
      let query = client.from(table).select("*");
      if (read.activeOnly) query = query.eq("is_active", true);
      query =
        read.order === "sort_order"
          ? TIE_BREAKS.reduce((q, column) => q.order(column), query.order("sort_order"))
          : query.order("created_at", { ascending: false }).order("id");
      return [table, await run(table, query)] as const;
    }),
  );
  return {
    revision: revisionRows[0] ?? null,
    tables: Object.fromEntries(entries) as Record<ContentTable, Row[]>,
  };
}

export interface PrepareImagesOptions {
  publicDir: string;
  /** Where the content-addressed image files go. */
  cacheDir: string;
  fetch?: typeof fetch;
  concurrency?: number;
  onBroken?: (url: string, reason: string) => void;
  /**
   * Addresses whose content never changes (the admin's uploads: see mediaUrlPrefix).
   * A copy prepared from one within IMMUTABLE_RECHECK_MS is used without asking its
   * server again.
   */
  isImmutable?: (url: string) => boolean;
  /** The clock, for tests. */
  now?: () => number;
}

/**
 * The public addresses of the media bucket. Every upload goes through the media
 * function, which stores it under a new random name and refuses to write over an
 * existing one, so what such an address shows never changes: a copy prepared once
 * stays right. (A removed file is removed only once no row refers to it.)
 */
export function mediaUrlPrefix(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, "")}/storage/v1/object/public/media/`;
}

/** How long a prepared upload is trusted before its server is asked again. */
export const IMMUTABLE_RECHECK_MS = 7 * 24 * 60 * 60 * 1000;

/** Every image address the site may show: from the rows, the defaults, the placeholders. */
export function imageUrlsToPrepare(tables: Record<string, Row[]>): string[] {
  const urls = new Set<string>();
  for (const kind of PLACEHOLDER_KINDS) urls.add(placeholderUrl(kind));
  for (const url of defaultImageUrls()) urls.add(url);
  for (const [table, rows] of Object.entries(tables)) {
    if (TABLES[table as ContentTable]?.read.picturesShown === false) continue;
    for (const row of rows) for (const url of imageUrlsOfRow(row)) urls.add(url);
  }
  return [...urls];
}

/**
 * The http(s) pictures prepared by earlier builds, with what their servers said
 * identifies each version (ETag, Last-Modified), kept in the image cache folder. A
 * rebuild then asks each server only whether its picture changed (Supabase Storage
 * answers 304 Not Modified), instead of downloading, hashing and measuring every
 * picture again: the cost of a rebuild stops growing with the size of each picture.
 */
const REMOTE_INDEX = "remote-sources.json";

interface RemoteEntry {
  validators: Validators;
  result: PreparedImage;
  /** When its server last confirmed it (ms since the epoch). */
  checkedAt?: number;
}

async function readRemoteIndex(cacheDir: string): Promise<Record<string, RemoteEntry>> {
  try {
    const parsed = JSON.parse(await readFile(join(cacheDir, REMOTE_INDEX), "utf8")) as unknown;
    return parsed && typeof parsed === "object" ? (parsed as Record<string, RemoteEntry>) : {};
  } catch {
    return {};
  }
}

async function writeRemoteIndex(cacheDir: string, index: Record<string, RemoteEntry>) {
  const file = join(cacheDir, REMOTE_INDEX);
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temp, JSON.stringify(index));
    await rename(temp, file);
  } catch {
    // Only a speed-up: the next build downloads again.
  }
}

/** The entry's prepared file, if it is still there (marked used, so clean-up keeps it). */
async function stillPrepared(entry: RemoteEntry | undefined): Promise<PreparedImage | null> {
  if (!entry?.result?.file || !entry.validators) return null;
  const info = await stat(entry.result.file).catch(() => null);
  if (!info?.isFile()) return null;
  const now = new Date();
  await utimes(entry.result.file, now, now).catch(() => {});
  return entry.result;
}

/** Makes every accepted address a local file; refused or broken ones are recorded as such. */
export async function prepareImages(
  urls: readonly string[],
  options: PrepareImagesOptions,
): Promise<ImageRecord[]> {
  const accepted = urls
    .map((url) => classifyImageUrl(url))
    .filter((source): source is ClassifiedImageUrl => source !== null);
  const previous = await readRemoteIndex(options.cacheDir);
  const next: Record<string, RemoteEntry> = {};
  const now = (options.now ?? Date.now)();
  const records = await mapLimit(accepted, options.concurrency ?? 8, async (source) => {
    const entry = previous[source.url];
    const known = source.kind === "remote" ? await stillPrepared(entry) : null;
    if (
      known &&
      entry &&
      options.isImmutable?.(source.url) &&
      now - (entry.checkedAt ?? 0) < IMMUTABLE_RECHECK_MS
    ) {
      next[source.url] = entry;
      return { key: imageKey(source.url), kind: source.kind, result: known };
    }
    const read = await readImageSource(source, {
      publicDir: options.publicDir,
      fetch: options.fetch,
      ...(known ? { validators: entry?.validators } : {}),
    });
    let result: PrepareResult;
    if (!read.ok) {
      result = { ok: false, reason: read.reason };
    } else if ("notModified" in read) {
      result = known as PreparedImage;
      next[source.url] = { ...(entry as RemoteEntry), checkedAt: now };
    } else {
      result = await prepareImage(read.bytes, options.cacheDir);
      if (result.ok && read.validators) {
        next[source.url] = { validators: read.validators, result, checkedAt: now };
      }
    }
    if (!result.ok) options.onBroken?.(source.url, result.reason);
    return { key: imageKey(source.url), kind: source.kind, result };
  });
  if (Object.keys(next).length > 0 || Object.keys(previous).length > 0) {
    await writeRemoteIndex(options.cacheDir, next);
  }
  return records;
}
