// The settings a build reads: the process environment over the project's .env files,
// as Astro itself reads them. Astro copies the .env files into the environment only
// once its build starts, after the config and its integrations have run: code that
// runs earlier (the admin bundle's key) must read them this way to see the same values.
import { loadEnv } from "vite";

/** The process environment over the .env files' PUBLIC_SUPABASE_* settings. */
export function buildEnv(root: string): Record<string, string | undefined> {
  const mode = process.env.NODE_ENV === "production" ? "production" : "development";
  let fromFiles: Record<string, string> = {};
  try {
    fromFiles = loadEnv(mode, root, "PUBLIC_SUPABASE_");
  } catch {
    // No readable .env file: the process environment alone decides.
  }
  return { ...fromFiles, ...process.env };
}
