// Build housekeeping for the content images (astro.config.mjs registers it).
//
// The content loader hands every picture to Astro as a local image, so Vite emits
// each original into /_astro/ next to the optimised files. Pages only ever link the
// optimised files, so after the build the originals nobody references are deleted:
// the deploy carries no unused full-size copies (embedded data: images included).

import { readdir, readFile, unlink } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/** A content-addressed source file: <32 hex>.<ext> (see image-source.ts). */
export const SOURCE_FILE = /^([0-9a-f]{32})\.(jpg|png|webp|gif|avif|tiff)$/;

const TEXT_FILE = /\.(html|css|js|mjs|json|xml|txt|webmanifest|svg)$/;
/** An emitted file of a prepared picture: <32 hex>.<Vite's hash and options>.<ext>. */
const ASSET_NAME = /[0-9a-f]{32}\.[\w-]+\.[A-Za-z0-9]+/g;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Deletes from outDir/_astro the emitted originals of the prepared pictures (their
 * names start with a content hash found in imagesDir) that no text file of the
 * build refers to. Returns the deleted paths, relative to outDir.
 */
export async function pruneUnreferencedOriginals(
  outDir: string,
  imagesDir: string,
  assetsDir = "_astro",
): Promise<string[]> {
  const hashes = new Set<string>();
  for (const name of await readdir(imagesDir).catch(() => [] as string[])) {
    const match = SOURCE_FILE.exec(name);
    if (match?.[1]) hashes.add(match[1]);
  }
  if (hashes.size === 0) return [];

  const assets = join(outDir, assetsDir);
  const candidates = (await readdir(assets).catch(() => [] as string[])).filter((name) => {
    const hash = name.slice(0, 32);
    return name[32] === "." && hashes.has(hash);
  });
  if (candidates.length === 0) return [];

  // Every file name of that shape any text file mentions: one pass over each file,
  // however many pictures (a search per candidate would grow with pictures x files).
  const referenced = new Set<string>();
  for await (const file of walk(outDir)) {
    if (!TEXT_FILE.test(file)) continue;
    const text = await readFile(file, "utf8");
    for (const [name] of text.matchAll(ASSET_NAME)) referenced.add(name);
  }
  const removed: string[] = [];
  for (const name of candidates) {
    if (referenced.has(name)) continue;
    await unlink(join(assets, name));
    removed.push(relative(outDir, join(assets, name)));
  }
  return removed;
}

export function contentImages(): AstroIntegration {
  let imagesDir = "";
  let assetsDir = "_astro";
  return {
    name: "content-images",
    hooks: {
      "astro:config:done": ({ config }) => {
        imagesDir = fileURLToPath(new URL("site-images/", config.cacheDir));
        assetsDir = config.build.assets;
      },
      "astro:build:done": async ({ dir, logger }) => {
        const removed = await pruneUnreferencedOriginals(fileURLToPath(dir), imagesDir, assetsDir);
        if (removed.length > 0) {
          logger.info(
            `removed ${removed.length} unreferenced original image(s) from ${assetsDir}/`,
          );
        }
      },
    },
  };
}
