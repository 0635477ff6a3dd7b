// The environment a function runs in: the variables hosted sets for every function
// plus the project's secrets, and where the Deno binary and its module cache are.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir, platform } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { StandInContext } from "../context.ts";
import { publicJwks } from "../keys.ts";

/**
 * The SUPABASE_ variables hosted sets for every function: the URL, the publishable
 * and secret key sets and the JWKS (JSON), and the legacy anon and service_role keys
 * (https://supabase.com/docs/guides/functions/secrets, "Default secrets").
 */
function platformEnv(ctx: Pick<StandInContext, "keys" | "publicUrl">): Record<string, string> {
  return {
    SUPABASE_URL: ctx.publicUrl,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: ctx.keys.publishableKey }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: ctx.keys.secretKey }),
    SUPABASE_JWKS: JSON.stringify(publicJwks(ctx.keys)),
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
  };
}

/**
 * A function's environment as hosted gives it, read when a process starts (so a
 * rotated JWKS reaches new processes). Secrets may not shadow the SUPABASE_ names the
 * platform sets (hosted refuses such secrets), except SUPABASE_DB_URL, which the
 * stand-in has no value for.
 */
export function functionEnv(ctx: StandInContext): Record<string, string> {
  return { SUPABASE_DB_URL: "", ...ctx.functionSecrets, ...platformEnv(ctx) };
}

/** The deno binary the `deno` npm package installed. */
export function denoBinary(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve("deno/package.json"));
  return join(packageDir, platform() === "win32" ? "deno.exe" : "deno");
}

/** Deno's module cache, where a deno run by this user would keep it. */
export function denoDir(): string {
  if (process.env.DENO_DIR) return process.env.DENO_DIR;
  if (platform() === "darwin") return join(homedir(), "Library", "Caches", "deno");
  if (platform() === "win32") return join(process.env.LOCALAPPDATA ?? homedir(), "deno");
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "deno");
}

/** Every node_modules folder Deno may resolve `npm:` imports from (manual mode). */
export function nodeModulesDirs(from: string): string[] {
  const dirs: string[] = [];
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules");
    if (existsSync(candidate)) dirs.push(candidate);
    if (dirname(dir) === dir) return dirs;
  }
}
