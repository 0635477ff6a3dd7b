// The deploy's steps for a Supabase project and a Netlify site, in the order they depend
// on each other (the build hook before the secret that holds it; the secrets and the
// site's variables before the first build). Each asks its vendor whether it is done.
import { CRON_JOBS } from "../../../supabase/local/hooks/index.ts";
import { createAdmin } from "../../admin-create.ts";
import { configPushArgs, dbPushArgs, functionsDeployArgs } from "./commands.ts";
import { BUILD_HOOK_TITLE, type DeployContext, NOTIFY_EVENTS } from "./context.ts";
import type { Step } from "./plan.ts";

type DeployStep = Step<DeployContext>;

/** The secrets the deploy generates: long random values both sides must share. */
const GENERATED = ["PUBLISH_BUILD_TOKEN", "NETLIFY_NOTIFY_SECRET", "CONTACT_RATE_LIMIT_SECRET"];
const BUILD_TIMEOUT_MS = 30 * 60_000;
/** Where a site-wide variable applies: every stage of a Netlify site. */
const ALL_SCOPES = ["builds", "functions", "runtime", "post-processing"] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cliFailed(what: string, output: string): Error {
  const last = output.trim().split("\n").slice(-5).join("\n");
  return new Error(`${what} failed:\n${last}`);
}

/** The function secrets a deployment needs, with the values it would set. */
async function wantedSecrets(context: DeployContext): Promise<Record<string, string>> {
  const hook = await context.buildHookUrl();
  if (!hook) throw new Error("the site has no build hook yet");
  const secrets: Record<string, string> = {
    DEPLOY_HOOK_URL: hook,
    SITE_URL: await context.siteUrl(),
    ...context.inputs.mail,
  };
  for (const name of GENERATED) secrets[name] = await context.secret(name);
  return secrets;
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

/** The variables the site's build needs. */
const SITE_VARIABLES = [
  "PUBLIC_SUPABASE_URL",
  "PUBLIC_SUPABASE_PUBLISHABLE_KEY",
  "SITE_URL",
  "PUBLISH_BUILD_TOKEN",
];

/** The site's variables Netlify does not have yet. */
async function missingEnvKeys(context: DeployContext): Promise<string[]> {
  const site = await context.site();
  const vars = await context.netlify.getEnvVars({ account_id: site.accountId, site_id: site.id });
  const keys = new Set(vars.map((variable) => variable.key));
  return SITE_VARIABLES.filter((key) => !keys.has(key));
}

const publishUrl = (context: DeployContext) => `${context.apiUrl}/functions/v1/publish`;

/** The deploy events Netlify does not yet notify the publish function of. */
async function missingNotifications(
  context: DeployContext,
): Promise<(typeof NOTIFY_EVENTS)[number][]> {
  const hooks = await context.netlify.listHooksBySiteId({ site_id: context.siteId });
  return NOTIFY_EVENTS.filter(
    (event) =>
      !hooks.some(
        (hook) =>
          hook.type === "url" && hook.event === event && hook.data?.url === publishUrl(context),
      ),
  );
}

export function netlifySteps(): DeployStep[] {
  return [
    {
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
    },
    {
      title: "The database has every migration",
      plan: "push the migrations with the pinned CLI (supabase db push)",
      needs: "supabase",
      async done(context) {
        const { data } = await context.supabase.listMigrationHistory(context.ref);
        const applied = new Set(data.map((migration) => migration.version));
        return context.inputs.migrations.every((version) => applied.has(version));
      },
      async run(context) {
        const env = { SUPABASE_ACCESS_TOKEN: context.inputs.supabase?.token ?? "" };
        if (!context.inputs.dbUrl) {
          const linked = await context.inputs.cli(
            "supabase",
            ["link", "--project-ref", context.ref],
            env,
          );
          if (!linked.ok)
            throw cliFailed("supabase link (set SUPABASE_DB_PASSWORD)", linked.output);
        }
        const pushed = await context.inputs.cli("supabase", dbPushArgs(context.inputs.dbUrl), env);
        if (!pushed.ok) throw cliFailed("supabase db push", pushed.output);
      },
    },
    {
      title: "Every Edge Function is deployed",
      plan: "deploy the functions with the pinned CLI (functions deploy --use-api --no-verify-jwt)",
      needs: "supabase",
      async done(context) {
        const { data } = await context.supabase.listAllFunctions(context.ref);
        const deployed = new Map(data.map((fn) => [fn.slug, fn]));
        return context.inputs.functions.every(
          (name) =>
            deployed.get(name)?.status === "ACTIVE" && deployed.get(name)?.verify_jwt === false,
        );
      },
      async run(context) {
        const result = await context.inputs.cli(
          "supabase",
          functionsDeployArgs(context.inputs.functions, context.ref),
          { SUPABASE_ACCESS_TOKEN: context.inputs.supabase?.token ?? "" },
        );
        if (!result.ok) throw cliFailed("supabase functions deploy", result.output);
      },
    },
    {
      title: "The Netlify site exists",
      plan: "check the site answers (Netlify API: getSite)",
      needs: "netlify",
      async done(context) {
        await context.site();
        return true;
      },
      async run() {},
    },
    {
      title: "The site has a build hook",
      plan: `create the build hook "${BUILD_HOOK_TITLE}" (Netlify API: createSiteBuildHook)`,
      needs: "netlify",
      async done(context) {
        return (await context.buildHookUrl()) !== undefined;
      },
      async run(context) {
        await context.netlify.createSiteBuildHook({
          site_id: context.siteId,
          body: { title: BUILD_HOOK_TITLE },
        });
      },
    },
    {
      title: "The functions' secrets are set",
      plan: "set DEPLOY_HOOK_URL, SITE_URL, the generated PUBLISH_BUILD_TOKEN, NETLIFY_NOTIFY_SECRET and CONTACT_RATE_LIMIT_SECRET, and the mail service's secrets when given (Management API: POST /v1/projects/{ref}/secrets)",
      needs: "supabase",
      async done(context) {
        const { data } = await context.supabase.listAllSecrets(context.ref);
        const names = new Set(data.map((secret) => secret.name));
        const wanted = [
          "DEPLOY_HOOK_URL",
          "SITE_URL",
          ...GENERATED,
          ...Object.keys(context.inputs.mail),
        ];
        return wanted.every((name) => names.has(name));
      },
      async run(context) {
        const secrets = await wantedSecrets(context);
        await context.supabase.bulkCreateSecrets(
          context.ref,
          Object.entries(secrets).map(([name, value]) => ({ name, value })),
        );
      },
    },
    {
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
          SUPABASE_ACCESS_TOKEN: context.inputs.supabase?.token ?? "",
          SUPABASE_AUTH_SITE_URL: site,
          SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS: `${site}/**`,
        });
        if (!result.ok) throw cliFailed("supabase config push", result.output);
      },
    },
    {
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
        for (const { sql, parameters } of jobStatements(
          context.apiUrl,
          (await context.keys()).secret,
        ))
          await context.query(sql, parameters);
      },
    },
    {
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
    },
    {
      title: "The site's build has its environment variables",
      plan: "set PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_PUBLISHABLE_KEY and SITE_URL for every context, and PUBLISH_BUILD_TOKEN for production (Netlify API: createEnvVars)",
      needs: "netlify",
      async done(context) {
        return (await missingEnvKeys(context)).length === 0;
      },
      async run(context) {
        const site = await context.site();
        const missing = new Set(await missingEnvKeys(context));
        const everywhere = (key: string, value: string) => ({
          key,
          scopes: [...ALL_SCOPES],
          values: [{ context: "all" as const, value }],
        });
        const wanted = [
          everywhere("PUBLIC_SUPABASE_URL", context.apiUrl),
          everywhere("PUBLIC_SUPABASE_PUBLISHABLE_KEY", (await context.keys()).publishable),
          everywhere("SITE_URL", await context.siteUrl()),
          {
            key: "PUBLISH_BUILD_TOKEN",
            scopes: ["builds" as const],
            is_secret: true,
            values: [
              {
                context: "production" as const,
                value: await context.secret("PUBLISH_BUILD_TOKEN"),
              },
            ],
          },
        ].filter((variable) => missing.has(variable.key));
        await context.netlify.createEnvVars({
          account_id: site.accountId,
          site_id: site.id,
          body: wanted,
        });
      },
    },
    {
      title: "Netlify signs its deploy notifications to the publish function",
      plan: `add the "Deploy succeeded" and "Deploy failed" HTTP notifications with the JWS secret NETLIFY_NOTIFY_SECRET (Netlify API: createHookBySiteId)`,
      needs: "netlify",
      async done(context) {
        return (await missingNotifications(context)).length === 0;
      },
      async run(context) {
        const secret = await context.secret("NETLIFY_NOTIFY_SECRET");
        for (const event of await missingNotifications(context))
          await context.netlify.createHookBySiteId({
            site_id: context.siteId,
            body: {
              type: "url",
              event,
              data: { url: publishUrl(context), signature_secret: secret },
            },
          });
      },
    },
    {
      title: "The site is live, built from this project",
      plan: "start a production build (Netlify API: createSiteBuild) and wait until its deploy is ready",
      needs: "netlify",
      async done(context) {
        const response = await fetch(`${await context.siteUrl()}/build-info.json`).catch(
          () => null,
        );
        if (!response?.ok) return false;
        const info = (await response.json().catch(() => ({}))) as {
          api?: { url?: string };
          reporting?: string;
        };
        return info.api?.url === context.apiUrl && info.reporting === "accepted";
      },
      async run(context) {
        const build = await context.netlify.createSiteBuild({ site_id: context.siteId });
        const deployId = build.deploy_id;
        if (!deployId) throw new Error("Netlify's answer names no deploy");
        const until = Date.now() + BUILD_TIMEOUT_MS;
        for (;;) {
          const deploy = await context.netlify.getSiteDeploy({
            site_id: context.siteId,
            deploy_id: deployId,
          });
          if (deploy.state === "ready") return;
          if (deploy.state === "error")
            throw new Error(
              `the build failed: ${deploy.error_message ?? "see the site's deploy log on Netlify"}`,
            );
          if (Date.now() > until) throw new Error("the build took over 30 minutes");
          context.inputs.print?.(`   ... the deploy is ${deploy.state ?? "waiting"}`);
          await sleep(context.inputs.pollMs ?? 5000);
        }
      },
    },
  ];
}
