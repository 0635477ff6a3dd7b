// A throwaway copy of the site for build tests: the real config, lib, components,
// layouts and public files, with node_modules linked, and either fixture pages or the
// repository's public pages (src/pages/admin/ and the admin app it loads, admin-island/,
// only when asked for). The copy never touches the repository's own .astro/, dist/ or
// cache.

import { spawn } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const repoRoot = join(import.meta.dirname, "..", "..");
const nodeBin = join(repoRoot, "node_modules", ".bin", "node");
const astroBin = join(repoRoot, "node_modules", "astro", "bin", "astro.mjs");

export interface BuildProject {
  dir: string;
  /** Shared by every build of this project, like the rebuilder's cache. */
  cacheDir: string;
  outDir: string;
  build(env: Record<string, string | undefined>): Promise<BuildResult>;
  page(route?: string): Promise<string>;
  remove(): Promise<void>;
}

export interface BuildResult {
  code: number | null;
  output: string;
  ms: number;
}

export interface ProjectOptions {
  /**
   * Fixture pages: route file (relative to src/pages) to source. Replaces src/pages.
   * Without it the copy holds the site's own public pages.
   */
  pages?: Record<string, string>;
  /**
   * Also copy the admin: src/pages/admin/ and admin-island/ (without tests), so the
   * build holds the admin's static shells and its browser bundle. Ignored with `pages`.
   */
  admin?: boolean;
}

const adminPages = join(repoRoot, "src", "pages", "admin");

export async function createProject(options: ProjectOptions = {}): Promise<BuildProject> {
  const dir = await mkdtemp(join(tmpdir(), "content-build-"));
  for (const name of ["astro.config.mjs", "tsconfig.json", "package.json", "tailwind.config.ts"]) {
    await cp(join(repoRoot, name), join(dir, name));
  }
  await cp(join(repoRoot, "public"), join(dir, "public"), { recursive: true });
  // The site imports shared rules from the Edge Functions (the contact form).
  await cp(join(repoRoot, "functions"), join(dir, "functions"), { recursive: true });
  await mkdir(join(dir, "supabase"), { recursive: true });
  await cp(
    join(repoRoot, "supabase", "database.types.ts"),
    join(dir, "supabase", "database.types.ts"),
  );
  await symlink(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
  await mkdir(join(dir, "src"), { recursive: true });
  const withAdmin = options.admin === true && !options.pages;
  for (const entry of await readdir(join(repoRoot, "src"))) {
    if (options.pages && entry === "pages") continue;
    await cp(join(repoRoot, "src", entry), join(dir, "src", entry), {
      recursive: true,
      filter: (source) =>
        isNotTest(source) &&
        (withAdmin || (source !== adminPages && !source.startsWith(`${adminPages}/`))),
    });
  }
  if (withAdmin) {
    await cp(join(repoRoot, "admin-island"), join(dir, "admin-island"), {
      recursive: true,
      filter: isNotTest,
    });
  }
  if (options.pages) {
    for (const [route, source] of Object.entries(options.pages)) {
      const file = join(dir, "src", "pages", route);
      await mkdir(join(file, ".."), { recursive: true });
      await writeFile(file, source);
    }
  }
  const cacheDir = join(dir, ".cache");
  const outDir = join(dir, "dist");
  return {
    dir,
    cacheDir,
    outDir,
    build: (env) => runBuild(dir, { ASTRO_CACHE_DIR: cacheDir, ASTRO_OUT_DIR: outDir, ...env }),
    page: (route = "/") => readFile(join(outDir, route.replace(/^\//, ""), "index.html"), "utf8"),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

function isNotTest(source: string): boolean {
  return !source.endsWith(".test.ts") && !source.endsWith(".test.tsx");
}

function runBuild(cwd: string, env: Record<string, string | undefined>): Promise<BuildResult> {
  const started = Date.now();
  const fullEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({ ...process.env, ...env })) {
    if (value !== undefined) fullEnv[key] = value;
  }
  // Never inherit a Supabase from the test runner's environment by accident.
  for (const key of [
    "PUBLIC_SUPABASE_URL",
    "PUBLIC_SUPABASE_PUBLISHABLE_KEY",
    "PUBLIC_SUPABASE_ANON_KEY",
  ]) {
    if (!(key in env)) delete fullEnv[key];
  }
  for (const key of Object.keys(fullEnv)) {
    if (key.startsWith("VITEST") || key === "NODE_ENV" || key === "TEST") delete fullEnv[key];
  }
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBin, [astroBin, "build"], { cwd, env: fullEnv });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output, ms: Date.now() - started }));
  });
}
