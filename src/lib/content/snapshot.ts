// One read of everything the public site shows, taken once per build: the content
// revision FIRST (so build-info.json never claims a revision newer than the rows it
// was built from), then every content table's active rows, then every image those
// rows (and the built-in defaults and placeholders) refer to, made into local files.
//
// A failed read throws an error naming the table and the cause: the build fails and
// the last good deploy stays live. Defaults are never used because a read failed.

import { createClient } from "@supabase/supabase-js";
import { defaultImageUrls } from "../defaults.ts";
import {
  type ClassifiedImageUrl,
  classifyImageUrl,
  imageKey,
  mapLimit,
  type PrepareResult,
  prepareImage,
  readImageSource,
} from "./image-source.ts";
import { CONTENT_TABLES, type ContentTable, imageUrlsOfRow, TABLE_READS } from "./tables.ts";

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
      const read = TABLE_READS[table];
      let query = client.from(table).select("*");
      if (read.activeOnly) query = query.eq("is_active", true);
      query =
        read.order === "sort_order"
          ? query.order("sort_order", { ascending: true }).order("created_at").order("id")
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
}

/** Every image address the site may show: from the rows, the defaults, the placeholders. */
export function imageUrlsToPrepare(tables: Record<string, Row[]>): string[] {
  const urls = new Set<string>();
  for (const kind of PLACEHOLDER_KINDS) urls.add(placeholderUrl(kind));
  for (const url of defaultImageUrls()) urls.add(url);
  for (const rows of Object.values(tables)) {
    for (const row of rows) for (const url of imageUrlsOfRow(row)) urls.add(url);
  }
  return [...urls];
}

/** Makes every accepted address a local file; refused or broken ones are recorded as such. */
export async function prepareImages(
  urls: readonly string[],
  options: PrepareImagesOptions,
): Promise<ImageRecord[]> {
  const accepted = urls
    .map((url) => classifyImageUrl(url))
    .filter((source): source is ClassifiedImageUrl => source !== null);
  const records = await mapLimit(accepted, options.concurrency ?? 8, async (source) => {
    const read = await readImageSource(source, {
      publicDir: options.publicDir,
      fetch: options.fetch,
    });
    const result: PrepareResult = read.ok
      ? await prepareImage(read.bytes, options.cacheDir)
      : { ok: false, reason: read.reason };
    if (!result.ok) options.onBroken?.(source.url, result.reason);
    return { key: imageKey(source.url), kind: source.kind, result };
  });
  return records;
}
