// The deploy's steps, in the order they depend on each other: the Supabase project
// first, then the site's host (the site, its build hook), the functions' secrets (which
// hold the hook), Auth, the database's jobs and the first administrator, then the
// site's variables and the first build, and last the legacy keys switched off once the
// live site uses the new ones. Each step asks its vendor whether it is done. The hosts'
// own steps are in netlify.ts and cloudflare.ts.
import { CRON_JOBS } from "../../../supabase/local/hooks/index.ts";
import { createAdmin } from "../../admin-create.ts";
import { configPushArgs, dbPushArgs, functionsDeployArgs } from "./commands.ts";
import type { DeployContext, SiteHost } from "./context.ts";
import type { Step } from "./plan.ts";

export type DeployStep = Step<DeployContext>;

/** What a host adds to the deploy, in its places. */
export interface HostSteps {
  vendor: SiteHost;
  /** Before the functions' secrets: the site, and its build hook. */
  site: DeployStep[];
  /** The secrets the deploy generates for this host, besides the common ones. */
  generated: string[];
  /** After the first administrator: the build's variables, the host's notifications. */
  build: DeployStep[];
  /** Starts a production build and waits until it is live. */
  publish: { plan: string; run(context: DeployContext): Promise<void> };
}

/** The secrets every deployment generates: long random values both sides must share. */
const GENERATED = ["PUBLISH_BUILD_TOKEN", "CONTACT_RATE_LIMIT_SECRET"];
export const BUILD_TIMEOUT_MS = 30 * 60_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pinned Supabase CLI's environment: the personal access token it acts with. */
const cliEnv = (context: DeployContext) => ({
  SUPABASE_ACCESS_TOKEN: context.inputs.supabase?.token ?? "",
});

export function cliFailed(what: string, output: string): Error {
  const last = output.trim().split("\n").slice(-5).join("\n");
  return new Error(`${what} failed:\n${last}`);
}

/** The variables every build of the site needs, with their values. */
export async function siteVariables(context: DeployContext): Promise<{
  PUBLIC_SUPABASE_URL: string;
  PUBLIC_SUPABASE_PUBLISHABLE_KEY: string;
  SITE_URL: string;
}> {
  return {
    PUBLIC_SUPABASE_URL: context.apiUrl,
    PUBLIC_SUPABASE_PUBLISHABLE_KEY: (await context.keys()).publishable,
    SITE_URL: await context.siteUrl(),
  };
}

/** The names of the function secrets Supabase has. */
async function secretNames(context: DeployContext): Promise<Set<string>> {
  const { data } = await context.supabase.listAllSecrets(context.ref);
  return new Set(data.map((secret) => secret.name));
}

/** Whether the publish function already holds a deploy hook. */
export async function hookIsSet(context: DeployContext): Promise<boolean> {
  return (await secretNames(context)).has("DEPLOY_HOOK_URL");
}

/**
 * The SQL that sets up alert delivery and the trash purge (README's), one statement at a
 * time (a statement with parameters must be alone). The secret key goes as a parameter.
 */
function jobStatements(
  projectUrl: string,
  secretKey: string,
): { sql: string; parameters?: unknown[] }[] {
  return [
    { sql: "create extension if not exists pg_net with schema extensions" },
    { sql: "create extension if not exists pg_cron with schema pg_catalog" },
    ...[
      ["project_url", projectUrl],
      ["secret_key", secretKey],
    ].map(([name, value]) => ({
      sql: `select vault.create_secret($1, '${name}') where not exists (select 1 from vault.secrets where name = '${name}')`,
      parameters: [value],
    })),
    ...CRON_JOBS.map((job) => ({
      sql: "select cron.schedule($1, $2, $3)",
      parameters: [job.name, job.schedule, job.command],
    })),
  ];
}

const JOBS_CHECK = `select
  (select count(*) from vault.secrets where name in ('project_url', 'secret_key'))::int as secrets,
  (select count(*) from cron.job where active and jobname in (${CRON_JOBS.map((job) => `'${job.name}'`).join(", ")}))::int as jobs`;

const projectUp: DeployStep = {
  title: "The Supabase project is up",
  plan: "check the project answers (Management API: GET /v1/projects/{ref})",
  needs: "supabase",
  async done(context) {
    const { data } = await context.supabase.getProject(context.ref);
    if (data.status !== "ACTIVE_HEALTHY")
      throw new Error(
        `the project is ${data.status}: wait until it is ACTIVE_HEALTHY (or restore it)`,
      );
    return true;
  },
  async run() {},
};

const migrated: DeployStep = {
  title: "The database has every migration",
  plan: "push the migrations with the pinned CLI (supabase db push)",
  needs: "supabase",
  async done(context) {
    const { data } = await context.supabase.listMigrationHistory(context.ref);
    const applied = new Set(data.map((migration) => migration.version));
    return context.inputs.migrations.every((version) => applied.has(version));
  },
  async run(context) {
    const env = cliEnv(context);
    if (!context.inputs.dbUrl) {
      const linked = await context.inputs.cli(
        "supabase",
        ["link", "--project-ref", context.ref],
        env,
      );
      if (!linked.ok) throw cliFailed("supabase link (set SUPABASE_DB_PASSWORD)", linked.output);
    }
    const pushed = await context.inputs.cli("supabase", dbPushArgs(context.inputs.dbUrl), env);
    if (!pushed.ok) throw cliFailed("supabase db push", pushed.output);
  },
};

const functionsDeployed: DeployStep = {
  title: "Every Edge Function is deployed",
  plan: "deploy the functions with the pinned CLI (functions deploy --use-api --no-verify-jwt)",
  needs: "supabase",
  async done(context) {
    const { data } = await context.supabase.listAllFunctions(context.ref);
    const deployed = new Map(data.map((fn) => [fn.slug, fn]));
    return context.inputs.functions.every(
      (name) => deployed.get(name)?.status === "ACTIVE" && deployed.get(name)?.verify_jwt === false,
    );
  },
  async run(context) {
    const result = await context.inputs.cli(
      "supabase",
      functionsDeployArgs(context.inputs.functions, context.ref),
      cliEnv(context),
    );
    if (!result.ok) throw cliFailed("supabase functions deploy", result.output);
  },
};

function functionSecrets(hostGenerated: readonly string[]): DeployStep {
  const generated = [...GENERATED, ...hostGenerated];
  const wantedNames = (context: DeployContext) => [
    "DEPLOY_HOOK_URL",
    "SITE_URL",
    ...generated,
    ...Object.keys(context.inputs.mail),
  ];
  return {
    title: "The functions' secrets are set",
    plan: `set DEPLOY_HOOK_URL, SITE_URL, the generated ${generated.join(", ")}, and the mail service's secrets when given (Management API: POST /v1/projects/{ref}/secrets)`,
    needs: "supabase",
    async done(context) {
      const names = await secretNames(context);
      return wantedNames(context).every((name) => names.has(name));
    },
    async run(context) {
      const secrets: Record<string, string> = {
        SITE_URL: await context.siteUrl(),
        ...context.inputs.mail,
      };
      const hook = await context.buildHookUrl();
      if (hook) secrets.DEPLOY_HOOK_URL = hook;
      else if (!(await hookIsSet(context))) throw new Error("the site has no build hook yet");
      for (const name of generated) secrets[name] = await context.secret(name);
      await context.supabase.bulkCreateSecrets(
        context.ref,
        Object.entries(secrets).map(([name, value]) => ({ name, value })),
      );
    },
  };
}

const authConfigured: DeployStep = {
  title: "Auth is set up for the site",
  plan: "push config.toml's [auth] settings (sign-ups off, the email templates, the limits) with the site's URL and redirect URLs (supabase config push)",
  needs: "supabase",
  async done(context) {
    const { data } = await context.supabase.getAuthServiceConfig(context.ref);
    const site = await context.siteUrl();
    return (
      data.disable_signup === true &&
      data.site_url === site &&
      (data.uri_allow_list ?? "").split(",").includes(`${site}/**`)
    );
  },
  async run(context) {
    const site = await context.siteUrl();
    const result = await context.inputs.cli("supabase", configPushArgs(context.ref), {
      ...cliEnv(context),
      SUPABASE_AUTH_SITE_URL: site,
      SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS: `${site}/**`,
    });
    if (!result.ok) throw cliFailed("supabase config push", result.output);
  },
};

/**
 * The SMTP server Auth sends its own mail through (invitations, password resets), from
 * the mail service given for the alerts: Resend's SMTP (smtp.resend.com, port 465, user
 * "resend", the API key as password) or the SMTP server itself; null when none is given.
 */
export function authSmtp(mail: Record<string, string>): {
  smtp_host: string;
  smtp_port: string;
  smtp_user: string;
  smtp_pass: string;
  smtp_admin_email: string;
  smtp_sender_name: string;
} | null {
  const from = mail.MAIL_FROM?.trim();
  if (!from) return null;
  const named = /^\s*"?([^"<]*?)"?\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(from);
  const sender = { smtp_admin_email: named?.[2] ?? from, smtp_sender_name: named?.[1] ?? "" };
  if (mail.RESEND_API_KEY)
    return {
      smtp_host: "smtp.resend.com",
      smtp_port: "465",
      smtp_user: "resend",
      smtp_pass: mail.RESEND_API_KEY,
      ...sender,
    };
  if (mail.SMTP_HOST)
    return {
      smtp_host: mail.SMTP_HOST,
      smtp_port: mail.SMTP_PORT ?? "465",
      smtp_user: mail.SMTP_USER ?? "",
      smtp_pass: mail.SMTP_PASS ?? "",
      ...sender,
    };
  return null;
}

/**
 * Auth's own mail goes through the charity's mail service: Auth's built-in service
 * sends only to the project's team members, and a project takes its own email
 * templates (the invitation naming the charity) only with custom SMTP. config.toml sets
 * no [auth.email.smtp], so `config push` leaves these alone.
 */
const authMail: DeployStep = {
  title: "Auth sends its mail through your mail service",
  plan: "set Auth's SMTP server from RESEND_API_KEY (Resend's SMTP) or SMTP_*, with MAIL_FROM as its sender, when given (Management API: PATCH /v1/projects/{ref}/config/auth)",
  needs: "supabase",
  async done(context) {
    const wanted = authSmtp(context.inputs.mail);
    if (!wanted) return true;
    const { data } = await context.supabase.getAuthServiceConfig(context.ref);
    return (
      data.smtp_host === wanted.smtp_host &&
      data.smtp_port === wanted.smtp_port &&
      data.smtp_user === wanted.smtp_user &&
      data.smtp_admin_email === wanted.smtp_admin_email &&
      (data.smtp_sender_name ?? "") === wanted.smtp_sender_name
    );
  },
  async run(context) {
    const wanted = authSmtp(context.inputs.mail);
    if (wanted) await context.supabase.updateAuthServiceConfig(context.ref, wanted);
  },
};

const jobsScheduled: DeployStep = {
  title: "The database delivers alerts and purges the trash",
  plan: `enable pg_net and pg_cron, keep project_url and secret_key in Vault, schedule ${CRON_JOBS.map((job) => job.name).join(" and ")} (Management API: POST /v1/projects/{ref}/database/query)`,
  needs: "supabase",
  async done(context) {
    const [row] = await context
      .query<{ secrets: number; jobs: number }>(JOBS_CHECK)
      .catch(() => [{ secrets: 0, jobs: 0 }]);
    return row?.secrets === 2 && row.jobs === CRON_JOBS.length;
  },
  async run(context) {
    for (const { sql, parameters } of jobStatements(context.apiUrl, (await context.keys()).secret))
      await context.query(sql, parameters);
  },
};

const firstAdmin: DeployStep = {
  title: "The first administrator exists",
  plan: "create the administrator ADMIN_EMAIL with the secret key, which never leaves this machine (Auth admin API)",
  needs: "supabase",
  async done(context) {
    const admin = context.inputs.admin;
    if (!admin) return true;
    const rows = await context.query<{ admin: boolean }>(
      "select exists (select 1 from auth.users where lower(email) = lower($1) and raw_app_meta_data ->> 'role' = 'admin') as admin",
      [admin.email],
    );
    return rows[0]?.admin === true;
  },
  async run(context) {
    const admin = context.inputs.admin;
    if (!admin) return;
    await createAdmin(admin, {
      kind: "api",
      url: context.apiUrl,
      secretKey: (await context.keys()).secret,
      label: context.apiUrl,
    });
  },
};

/** The live site's build-info.json names this project, and its report was accepted. */
function published(host: HostSteps): DeployStep {
  return {
    title: "The site is live, built from this project",
    plan: host.publish.plan,
    needs: host.vendor,
    async done(context) {
      const response = await fetch(`${await context.siteUrl()}/build-info.json`).catch(() => null);
      if (!response?.ok) return false;
      const info = (await response.json().catch(() => ({}))) as {
        api?: { url?: string };
        reporting?: string;
      };
      return info.api?.url === context.apiUrl && info.reporting === "accepted";
    },
    run: (context) => host.publish.run(context),
  };
}

/**
 * The project's legacy keys (anon, service_role) are off: the site reads the
 * publishable key and the functions and jobs the secret key, so nothing needs them, and
 * a leaked one then opens nothing. Last, once the live site is built with the new key.
 */
const legacyKeysOff: DeployStep = {
  title: "The legacy API keys are off",
  plan: "disable the anon and service_role keys (Management API: PUT /v1/projects/{ref}/api-keys/legacy?enabled=false)",
  needs: "supabase",
  async done(context) {
    const { data } = await context.supabase.getProjectLegacyApiKeys(context.ref);
    return data.enabled === false;
  },
  async run(context) {
    await context.supabase.updateProjectLegacyApiKeys(context.ref, { enabled: false });
  },
};

/** Every step of a deployment on `host`, in order. */
export function deploySteps(host: HostSteps): DeployStep[] {
  return [
    projectUp,
    migrated,
    functionsDeployed,
    ...host.site,
    functionSecrets(host.generated),
    authConfigured,
    authMail,
    jobsScheduled,
    firstAdmin,
    ...host.build,
    published(host),
    legacyKeysOff,
  ];
}
