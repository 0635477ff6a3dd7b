// The Supabase content loaders behind src/content.config.ts: one collection per
// content table, one for content_revision, and site_images (every picture the site
// may show, as a local file Astro's image pipeline optimises).
//
// All collections share ONE snapshot per content sync (see snapshot.ts): the
// revision is read first, every table once, with the publishable key. Each load
// clears its collection before writing, so a row deleted or deactivated since the
// last build never survives in Astro's persisted data store.

import { readdir, stat, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Loader, LoaderContext } from "astro/loaders";
import { type ContentTable, TABLES } from "../schema/tables.ts";
import { buildEnv } from "./build-env.ts";
import { SOURCE_FILE } from "./integration.ts";
import {
  type ContentSnapshot,
  imageUrlsToPrepare,
  mediaUrlPrefix,
  prepareImages,
  readTables,
  type SupabaseEnv,
  supabaseEnv,
} from "./snapshot.ts";

/** The collection that holds every prepared picture, keyed by imageKey(url). */
export const IMAGES_COLLECTION = "site_images";
export const REVISION_COLLECTION = "content_revision";

export interface SnapshotSource {
  env: SupabaseEnv;
  publicDir: string;
  imageCacheDir: string;
  fetch?: typeof fetch;
  log?: (message: string) => void;
}

export async function takeSnapshot(source: SnapshotSource): Promise<ContentSnapshot> {
  const { revision, tables } = await readTables(source.env, { fetch: source.fetch });
  const uploads = mediaUrlPrefix(source.env.url);
  const images = await prepareImages(imageUrlsToPrepare(tables), {
    publicDir: source.publicDir,
    cacheDir: source.imageCacheDir,
    fetch: source.fetch,
    isImmutable: (url) => url.startsWith(uploads),
    onBroken: (url, reason) =>
      source.log?.(`image ${shortUrl(url)} cannot be used (${reason}); its placeholder is shown`),
  });
  await removeUnusedSources(
    source.imageCacheDir,
    images.flatMap((record) => (record.result.ok ? [basename(record.result.file)] : [])),
  );
  return { revision, tables, images };
}

/**
 * Deletes prepared source files no current row, default or placeholder uses and
 * nobody has used for a day, so the folder does not grow with every picture ever
 * published (another build or dev server sharing the folder may still need a
 * recent one). Only our own content-addressed files are touched.
 */
export async function removeUnusedSources(
  dir: string,
  keep: readonly string[],
  minAgeMs = 24 * 60 * 60 * 1000,
): Promise<void> {
  const keepSet = new Set(keep);
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!SOURCE_FILE.test(name) || keepSet.has(name)) continue;
    const file = join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs >= minAgeMs) await unlink(file).catch(() => {});
  }
}

export function shortUrl(url: string): string {
  return url.length > 80 ? `${url.slice(0, 60)}… (${url.length} characters)` : url;
}

/** The commands that only need the collections' types, not the content. */
function isTypesOnlyCommand(argv: readonly string[] = process.argv): boolean {
  return argv.slice(2).some((arg) => arg === "check" || arg === "sync");
}

interface Shared {
  promise: Promise<ContentSnapshot>;
  consumers: Set<string>;
  startedAt: number;
}

let shared: Shared | null = null;

/**
 * The snapshot of the current sync. A collection asking a second time means a new
 * sync (the dev server reloading content), so it gets a fresh read.
 */
function snapshotFor(collection: string, context: LoaderContext): Promise<ContentSnapshot> {
  const stale =
    !shared || shared.consumers.has(collection) || Date.now() - shared.startedAt > 60_000;
  if (stale) {
    const { config, logger } = context;
    const promise = (async () =>
      takeSnapshot({
        env: supabaseEnv(buildEnv(fileURLToPath(config.root))),
        publicDir: fileURLToPath(config.publicDir),
        imageCacheDir: fileURLToPath(new URL("site-images/", config.cacheDir)),
        log: (message) => logger.warn(message),
      }))();
    // Every collection of this sync shares the outcome, failure included.
    promise.catch(() => {});
    shared = { promise, consumers: new Set(), startedAt: Date.now() };
  }
  const current = shared as Shared;
  current.consumers.add(collection);
  return current.promise;
}

/** Resets the shared snapshot (tests). */
export function resetSnapshot(): void {
  shared = null;
}

const warnedTypesOnly = new WeakSet<object>();

async function loadSnapshot(collection: string, context: LoaderContext) {
  // Clear first, whatever happens next: a stale entry must never survive a load.
  context.store.clear();
  try {
    return await snapshotFor(collection, context);
  } catch (error) {
    if (isTypesOnlyCommand()) {
      const key = typeof error === "object" && error !== null ? error : warnedTypesOnly;
      if (!warnedTypesOnly.has(key)) {
        warnedTypesOnly.add(key);
        context.logger.warn(
          `${error instanceof Error ? error.message : String(error)} (collections left empty: this command only needs their types)`,
        );
      }
      return null;
    }
    throw error;
  }
}

/**
 * Fails the build when the database has a column the site's schema does not know:
 * its values would otherwise never reach a page.
 */
export function assertKnownColumns(table: ContentTable, row: Record<string, unknown>): void {
  const known = TABLES[table].row.shape;
  const unknown = Object.keys(row).filter((column) => !(column in known));
  if (unknown.length > 0) {
    throw new Error(
      `${table} has ${unknown.length === 1 ? "a column" : "columns"} the site does not know: ${unknown.join(", ")}. ` +
        "Add it to the table's schema in src/lib/schema/tables.ts.",
    );
  }
}

export function tableLoader(table: ContentTable): Loader {
  return {
    name: "supabase-content",
    load: async (context) => {
      const snapshot = await loadSnapshot(table, context);
      if (!snapshot) return;
      for (const row of snapshot.tables[table]) {
        assertKnownColumns(table, row);
        const id = String(row.id);
        const data = await context.parseData({ id, data: row });
        context.store.set({ id, data });
      }
      context.logger.info(`${table}: ${snapshot.tables[table].length} rows`);
    },
  };
}

export function revisionLoader(): Loader {
  return {
    name: "supabase-content-revision",
    load: async (context) => {
      const snapshot = await loadSnapshot(REVISION_COLLECTION, context);
      if (!snapshot?.revision) return;
      const data = await context.parseData({ id: "current", data: snapshot.revision });
      context.store.set({ id: "current", data });
      context.logger.info(`content revision ${String(snapshot.revision.revision)}`);
    },
  };
}

export function imagesLoader(): Loader {
  return {
    name: "supabase-content-images",
    load: async (context) => {
      const snapshot = await loadSnapshot(IMAGES_COLLECTION, context);
      if (!snapshot) return;
      for (const record of snapshot.images) {
        const data = record.result.ok
          ? {
              status: "ok",
              image: record.result.file,
              width: record.result.width,
              height: record.result.height,
              alpha: record.result.alpha,
            }
          : { status: "broken", reason: record.result.reason };
        const parsed = await context.parseData({ id: record.key, data });
        context.store.set({ id: record.key, data: parsed });
      }
    },
  };
}
