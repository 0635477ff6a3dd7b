// The admin app's build, kept between builds (astro.config.mjs registers it).
//
// The admin is a client-only React app whose static shells and bundle depend on the
// code alone, never on the content: a content save changes what the public pages show,
// not one byte of the admin. Yet `astro build` bundles every page's islands each time,
// and the admin's bundle is most of that work (over twice the public islands'
// JavaScript). So a build whose code is the same as an earlier one's skips the admin
// pages (their route is swapped for one without pages) and puts back the shells and
// assets that build saved in Astro's cache folder, before the Content-Security-Policy
// and the sitemap are written. Any change to the code, the lockfile, the configuration
// or the project's public settings gives a new key, and the next build makes the admin
// afresh. On Netlify the cache folder survives between builds (netlify/plugins/
// astro-cache), so this holds there too. ADMIN_BUNDLE_CACHE=off turns it off.

import { createHash } from "node:crypto";
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { buildEnv } from "./content/build-env.ts";

/** What the admin's build depends on, besides the installed packages (the lockfile). */
export const ADMIN_SOURCES = [
  "src",
  "admin-island",
  "functions/_shared",
  "supabase/database.types.ts",
  "astro.config.mjs",
  "tailwind.config.ts",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

/** The settings a build reads that end up in the admin's shells. */
export const ADMIN_SETTINGS = [
  "PUBLIC_SUPABASE_URL",
  "PUBLIC_SUPABASE_PUBLISHABLE_KEY",
  "PUBLIC_SUPABASE_ANON_KEY",
  "SITE_URL",
];

const TEST_FILE = /\.test\.[cm]?[jt]sx?$|(^|[\\/])testing[\\/]/;
const CACHE_FOLDER = "admin-bundle";
const MANIFEST = "manifest.json";

async function* files(path: string): AsyncGenerator<string> {
  const info = await stat(path).catch(() => null);
  if (!info) return;
  if (info.isFile()) {
    yield path;
    return;
  }
  if (!info.isDirectory()) return;
  const entries = await readdir(path, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    yield* files(join(path, entry.name));
  }
}

/**
 * The key of the admin's build: a hash of every source file it may depend on (tests
 * aside), and of the settings in its shells. Equal keys: an equal admin.
 */
export async function adminBundleKey(
  root: string,
  env: Record<string, string | undefined> = process.env,
  sources: readonly string[] = ADMIN_SOURCES,
): Promise<string> {
  const hash = createHash("sha256");
  for (const source of sources) {
    for await (const file of files(join(root, source))) {
      const name = relative(root, file).split(sep).join("/");
      if (TEST_FILE.test(name)) continue;
      hash.update(`${name}\0`);
      hash.update(await readFile(file));
      hash.update("\0");
    }
  }
  for (const setting of ADMIN_SETTINGS) hash.update(`${setting}=${env[setting] ?? ""}\0`);
  return hash.digest("hex").slice(0, 32);
}

/** A file name in a built file that may be one of the build's assets. */
const ASSET_NAME = /[\w.~-]+\.(?:m?js|css|woff2?|ttf|svg|png|jpe?g|webp|avif|gif|ico|json)\b/g;

/**
 * The admin's part of a build in outDir: its pages (every file under admin/) and the
 * assets they use, directly or through each other (a chunk importing a chunk).
 * Paths relative to outDir.
 */
export async function adminOutput(outDir: string, assetsDir = "_astro"): Promise<string[]> {
  const pages: string[] = [];
  for await (const file of files(join(outDir, "admin"))) pages.push(file);
  const assets = new Set(await readdir(join(outDir, assetsDir)).catch(() => [] as string[]));
  const found = new Set<string>();
  const queue = [...pages];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (!/\.(html|m?js|css|json)$/.test(file)) continue;
    const text = await readFile(file, "utf8");
    for (const [name] of text.matchAll(ASSET_NAME)) {
      if (!assets.has(name) || found.has(name)) continue;
      found.add(name);
      queue.push(join(outDir, assetsDir, name));
    }
  }
  return [
    ...pages.map((file) => relative(outDir, file)),
    ...[...found].sort().map((name) => join(assetsDir, name)),
  ];
}

/** A page module without pages: what the admin's route becomes in a build that reuses it. */
const NO_PAGES = `---
export function getStaticPaths() {
  return [];
}
---
`;

interface Plan {
  key: string;
  /** This key's folder in the cache. */
  folder: string;
  reuse: boolean;
}

export function adminBundleCache(): AstroIntegration {
  let plan: Plan | null = null;
  let assetsDir = "_astro";
  return {
    name: "admin-bundle",
    hooks: {
      "astro:config:setup": async ({ config, command, updateConfig, logger }) => {
        if (command !== "build" || process.env.ADMIN_BUNDLE_CACHE === "off") return;
        const root = fileURLToPath(config.root);
        const adminPages = join(fileURLToPath(config.srcDir), "pages", "admin") + sep;
        // Its settings as the build will see them, .env files included.
        const key = await adminBundleKey(root, buildEnv(root));
        const folder = join(fileURLToPath(config.cacheDir), CACHE_FOLDER, key);
        const saved = await readFile(join(folder, MANIFEST), "utf8").catch(() => null);
        plan = { key, folder, reuse: saved !== null };
        if (!plan.reuse) {
          logger.info(`building the admin app (no build of this code yet, key ${key.slice(0, 8)})`);
          return;
        }
        logger.info(`reusing the admin app built for this code (key ${key.slice(0, 8)})`);
        updateConfig({
          vite: {
            plugins: [
              {
                name: "admin-bundle:reuse",
                enforce: "pre",
                load(id: string) {
                  return id.startsWith(adminPages) && id.endsWith(".astro") ? NO_PAGES : null;
                },
              },
            ],
          },
        });
      },
      "astro:config:done": ({ config }) => {
        assetsDir = config.build.assets;
      },
      "astro:build:done": async ({ dir, logger }) => {
        if (!plan) return;
        const outDir = fileURLToPath(dir);
        if (plan.reuse) {
          const list = JSON.parse(await readFile(join(plan.folder, MANIFEST), "utf8")) as string[];
          for (const file of list) {
            const target = join(outDir, file);
            await mkdir(dirname(target), { recursive: true });
            await cp(join(plan.folder, "files", file), target, { force: false });
          }
          logger.info(`put back the admin app: ${list.length} files`);
          return;
        }
        const list = await adminOutput(outDir, assetsDir);
        if (list.length === 0) return;
        const parent = dirname(plan.folder);
        // One saved build is enough: the previous code's goes.
        await rm(parent, { recursive: true, force: true });
        for (const file of list) {
          const target = join(plan.folder, "files", file);
          await mkdir(dirname(target), { recursive: true });
          await cp(join(outDir, file), target);
        }
        // Written last: a folder without it is never reused.
        await writeFile(join(plan.folder, MANIFEST), JSON.stringify(list));
        logger.info(`saved the admin app for the next builds: ${list.length} files`);
      },
    },
  };
}
