// `npm run deploy [-- --host=netlify|cloudflare] [--dry-run]`: sets up a Supabase
// project and a Netlify site or a Cloudflare Pages project for this product, step by
// step (scripts/lib/deploy/steps.ts), with the pinned CLIs and the vendors' own API
// clients, then runs the doctor on the result.
//
// Tokens and choices come from the environment (README, "Deploying with one command"):
//   SUPABASE_ACCESS_TOKEN, SUPABASE_PROJECT_REF      the project (a personal access token)
//   NETLIFY_AUTH_TOKEN, NETLIFY_SITE_ID              a Netlify site (a personal access token)
//   CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID,     a Pages project (an API token with
//   CLOUDFLARE_PAGES_PROJECT, DEPLOY_HOOK_URL        Pages Edit; its deploy hook's URL)
//   SITE_URL                                         the site's origin (default: the host's)
//   ADMIN_EMAIL [, ADMIN_PASSWORD]                   the first administrator (asked for)
//   RESEND_API_KEY | SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS; MAIL_FROM    mail
//   SUPABASE_DB_URL                                  push migrations there instead of
//                                                    `link` (then SUPABASE_DB_PASSWORD)
// It never prints a secret and writes none into the repository: the secrets it
// generates are kept in .deploy/state.json (git-ignored, readable by you only), so a
// run that failed resumes with the same values. Running it again changes nothing.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { formatChecks, projectFunctions } from "./doctor.ts";
import { cloudflareSteps } from "./lib/deploy/cloudflare.ts";
import {
  type CliResult,
  DeployContext,
  type DeployInputs,
  type SiteHost,
} from "./lib/deploy/context.ts";
import { netlifySteps } from "./lib/deploy/netlify.ts";
import { runSteps } from "./lib/deploy/plan.ts";
import { deploySteps } from "./lib/deploy/steps.ts";
import { runDoctor } from "./lib/doctor.ts";
import { ask } from "./lib/prompt.ts";
import { runToEnd } from "./lib/run-to-end.ts";
import { repoRoot } from "./lib/settings.ts";
import { ensureTools, toolCommand, toolEnv } from "./tools.ts";

export const STATE_FILE = join(repoRoot, ".deploy", "state.json");
const MAIL_SECRETS = [
  "RESEND_API_KEY",
  "SMTP_HOST",
  "SMTP_PORT",
  "SMTP_USER",
  "SMTP_PASS",
  "MAIL_FROM",
];

/** The migrations' versions: supabase/migrations/<version>_<name>.sql. */
export async function migrationVersions(): Promise<string[]> {
  const files = await readdir(join(repoRoot, "supabase", "migrations"));
  return files.flatMap((file) => /^(\d+)_.*\.sql$/.exec(file)?.[1] ?? []).sort();
}

async function runCli(
  tool: "supabase" | "netlify",
  args: string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  await ensureTools();
  const extra = tool === "supabase" ? ["--workdir", repoRoot] : [];
  const { command, args: argv } = toolCommand(tool, [...args, ...extra]);
  const { code, output } = await runToEnd(command, argv, {
    cwd: repoRoot,
    env: { ...process.env, ...toolEnv, ...env },
  });
  return { ok: code === 0, output };
}

export async function inputsFromEnv(
  env: NodeJS.ProcessEnv,
  host: SiteHost = "netlify",
): Promise<DeployInputs> {
  const mail = Object.fromEntries(
    MAIL_SECRETS.flatMap((name) => (env[name] ? [[name, env[name] as string]] : [])),
  );
  const adminEmail = env.ADMIN_EMAIL?.trim();
  const adminPassword = adminEmail
    ? (env.ADMIN_PASSWORD ??
      (await ask(`A password for ${adminEmail} (at least 10 characters): `, { hidden: true })))
    : undefined;
  return {
    host,
    ...(env.SUPABASE_ACCESS_TOKEN && env.SUPABASE_PROJECT_REF
      ? { supabase: { token: env.SUPABASE_ACCESS_TOKEN, ref: env.SUPABASE_PROJECT_REF } }
      : {}),
    ...(host === "netlify" && env.NETLIFY_AUTH_TOKEN && env.NETLIFY_SITE_ID
      ? { netlify: { token: env.NETLIFY_AUTH_TOKEN, siteId: env.NETLIFY_SITE_ID } }
      : {}),
    ...(host === "cloudflare" &&
    env.CLOUDFLARE_API_TOKEN &&
    env.CLOUDFLARE_ACCOUNT_ID &&
    env.CLOUDFLARE_PAGES_PROJECT
      ? {
          cloudflare: {
            token: env.CLOUDFLARE_API_TOKEN,
            accountId: env.CLOUDFLARE_ACCOUNT_ID,
            project: env.CLOUDFLARE_PAGES_PROJECT,
          },
        }
      : {}),
    ...(host === "cloudflare" && env.DEPLOY_HOOK_URL ? { deployHookUrl: env.DEPLOY_HOOK_URL } : {}),
    ...(env.SITE_URL ? { siteUrl: env.SITE_URL } : {}),
    ...(adminEmail && adminPassword
      ? { admin: { email: adminEmail, password: adminPassword } }
      : {}),
    mail,
    ...(env.SUPABASE_DB_URL ? { dbUrl: env.SUPABASE_DB_URL } : {}),
    stateFile: STATE_FILE,
    functions: await projectFunctions(),
    migrations: await migrationVersions(),
    cli: runCli,
    print: (line) => console.log(line),
  };
}

/** Runs the deploy; answers the exit code. */
export async function deploy(
  inputs: DeployInputs,
  options: { dryRun: boolean; doctor?: boolean },
): Promise<number> {
  const print = inputs.print ?? ((line: string) => console.log(line));
  const host = inputs.host ?? "netlify";
  const tokens = {
    supabase: Boolean(inputs.supabase),
    netlify: Boolean(inputs.netlify),
    cloudflare: Boolean(inputs.cloudflare),
  };
  if (!tokens.supabase && !tokens[host])
    print("No tokens given: the whole plan for an empty project and site, step by step.\n");
  else if (options.dryRun)
    print("Dry run: each step is checked with the vendor; nothing is changed.\n");
  const context = new DeployContext(inputs);
  const steps = deploySteps(host === "cloudflare" ? cloudflareSteps() : netlifySteps());
  const reports = await runSteps(steps, context, {
    ...options,
    tokens,
    print,
  });
  const failed = reports.some((report) => report.outcome === "failed");
  if (failed) return 1;
  if (options.dryRun || !tokens.supabase || !tokens[host] || options.doctor === false) return 0;
  print("\nChecking the deployment (npm run doctor):\n");
  const checks = await runDoctor({
    siteUrl: await context.siteUrl(),
    functions: inputs.functions,
    ...(inputs.admin ? { admin: inputs.admin } : {}),
    ...(inputs.supabase
      ? {
          management: {
            token: inputs.supabase.token,
            ref: inputs.supabase.ref,
            ...(inputs.endpoints?.supabaseManagement
              ? { baseUrl: inputs.endpoints.supabaseManagement }
              : {}),
          },
        }
      : {}),
  });
  print(formatChecks(checks));
  return checks.every((check) => check.ok) ? 0 : 1;
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const host = args.find((arg) => arg.startsWith("--host="))?.slice("--host=".length) ?? "netlify";
  if (host !== "netlify" && host !== "cloudflare") {
    console.error(`[deploy] --host=${host}: the hosts are netlify (the default) and cloudflare.`);
    process.exitCode = 2;
  } else {
    process.exitCode = await deploy(await inputsFromEnv(process.env, host), {
      dryRun: args.includes("--dry-run"),
    }).catch((error: Error) => {
      console.error(`[deploy] ${error.message}`);
      return 1;
    });
  }
}
