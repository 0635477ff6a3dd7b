// `npm run doctor -- [site URL]`: checks a deployment (scripts/lib/doctor.ts) and prints
// one line per check, ✓ or ✗, with the fix under each ✗. Exit code 1 when any fails.
//
// With no URL it checks the local stack `npm start` runs on DATA_DIR (its runtime.json
// says where), signing in as the admin `npm start` saved there. Elsewhere the checks
// that need an administrator take DOCTOR_EMAIL and DOCTOR_PASSWORD, or DOCTOR_ACCESS_TOKEN,
// from the environment, or ask on the terminal. Never the secret key. With
// SUPABASE_ACCESS_TOKEN (a personal access token; SUPABASE_PROJECT_REF when the API's
// address does not name the project) it also asks the Management API whether the
// project's legacy keys are off.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { readSavedAdmin } from "./lib/admin-account.ts";
import { type AdminLogin, type Check, runDoctor } from "./lib/doctor.ts";
import { ask } from "./lib/prompt.ts";
import { readSettings, repoRoot } from "./lib/settings.ts";

/** The Edge Functions this project deploys: the folders of functions/ but _shared. */
export async function projectFunctions(): Promise<string[]> {
  const entries = await readdir(join(repoRoot, "functions"), { withFileTypes: true });
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
    .map((entry) => entry.name)
    .sort();
}

async function localTarget(): Promise<{ siteUrl: string; admin: AdminLogin | undefined }> {
  const { dataDir } = readSettings();
  let runtime: { siteUrl?: string };
  try {
    runtime = JSON.parse(await readFile(join(dataDir, "runtime.json"), "utf8"));
  } catch {
    throw new Error(
      `No local stack found in ${dataDir} (no runtime.json): start it with \`npm start\`, or give the site's URL: npm run doctor -- https://<your site>`,
    );
  }
  if (!runtime.siteUrl) throw new Error(`${dataDir}/runtime.json names no site.`);
  return { siteUrl: runtime.siteUrl, admin: (await readSavedAdmin(dataDir)) ?? undefined };
}

async function askForAdmin(): Promise<AdminLogin | undefined> {
  const env = process.env;
  if (env.DOCTOR_ACCESS_TOKEN) return { accessToken: env.DOCTOR_ACCESS_TOKEN };
  const email =
    env.DOCTOR_EMAIL || (await ask("An administrator's email (empty: skip those checks): "));
  if (!email) return undefined;
  const password = env.DOCTOR_PASSWORD || (await ask("Password: ", { hidden: true }));
  return password ? { email, password } : undefined;
}

export function formatChecks(checks: Check[]): string {
  const lines: string[] = [];
  for (const check of checks) {
    lines.push(
      `${check.ok ? "✓" : "✗"} ${check.name}${check.ok && check.detail ? ` (${check.detail})` : ""}`,
    );
    if (!check.ok) {
      if (check.detail) lines.push(`    ${check.detail}`);
      if (check.fix) lines.push(`    fix: ${check.fix}`);
    }
  }
  const failed = checks.filter((check) => !check.ok).length;
  lines.push(
    "",
    failed === 0
      ? `All ${checks.length} checks pass.`
      : `${failed} of ${checks.length} checks fail.`,
  );
  return lines.join("\n");
}

async function main(): Promise<number> {
  const given = process.argv[2];
  const target = given
    ? { siteUrl: given, admin: await askForAdmin() }
    : await localTarget().then(async (local) => ({
        ...local,
        admin: local.admin ?? (await askForAdmin()),
      }));
  console.log(`Checking ${target.siteUrl}\n`);
  const checks = await runDoctor({
    siteUrl: target.siteUrl,
    functions: await projectFunctions(),
    admin: target.admin,
    ...(process.env.SUPABASE_ACCESS_TOKEN
      ? {
          management: {
            token: process.env.SUPABASE_ACCESS_TOKEN,
            ...(process.env.SUPABASE_PROJECT_REF ? { ref: process.env.SUPABASE_PROJECT_REF } : {}),
          },
        }
      : {}),
  });
  console.log(formatChecks(checks));
  return checks.every((check) => check.ok) ? 0 : 1;
}

if (import.meta.main) {
  process.exitCode = await main().catch((error: Error) => {
    console.error(`[doctor] ${error.message}`);
    return 2;
  });
}
