// The deploy's steps on Netlify, through Netlify's own client (@netlify/api): the site,
// its build hook, the build's variables per context, the signed deploy notifications,
// and a production build waited for.
import { BUILD_HOOK_TITLE, type DeployContext, NOTIFY_EVENTS } from "./context.ts";
import {
  BUILD_TIMEOUT_MS,
  type DeployStep,
  type HostSteps,
  siteVariables,
  sleep,
} from "./steps.ts";

/** Where a site-wide variable applies: every stage of a Netlify site. */
const ALL_SCOPES = ["builds", "functions", "runtime", "post-processing"] as const;

/** The site's variables Netlify does not have yet. */
async function missingEnvKeys(context: DeployContext): Promise<Set<string>> {
  const site = await context.site();
  const vars = await context.netlify.getEnvVars({ account_id: site.accountId, site_id: site.id });
  const keys = new Set(vars.map((variable) => variable.key));
  const wanted = [...Object.keys(await siteVariables(context)), "PUBLISH_BUILD_TOKEN"];
  return new Set(wanted.filter((key) => !keys.has(key)));
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

const siteExists: DeployStep = {
  title: "The Netlify site exists",
  plan: "check the site answers (Netlify API: getSite)",
  needs: "netlify",
  async done(context) {
    await context.site();
    return true;
  },
  async run() {},
};

const buildHook: DeployStep = {
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
};

const buildVariables: DeployStep = {
  title: "The site's build has its environment variables",
  plan: "set PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_PUBLISHABLE_KEY and SITE_URL for every context, and PUBLISH_BUILD_TOKEN for production (Netlify API: createEnvVars)",
  needs: "netlify",
  async done(context) {
    return (await missingEnvKeys(context)).size === 0;
  },
  async run(context) {
    const site = await context.site();
    const missing = await missingEnvKeys(context);
    const wanted = [
      ...Object.entries(await siteVariables(context)).map(([key, value]) => ({
        key,
        scopes: [...ALL_SCOPES],
        values: [{ context: "all" as const, value }],
      })),
      {
        key: "PUBLISH_BUILD_TOKEN",
        scopes: ["builds" as const],
        is_secret: true,
        values: [
          { context: "production" as const, value: await context.secret("PUBLISH_BUILD_TOKEN") },
        ],
      },
    ].filter((variable) => missing.has(variable.key));
    await context.netlify.createEnvVars({
      account_id: site.accountId,
      site_id: site.id,
      body: wanted,
    });
  },
};

const notifications: DeployStep = {
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
        body: { type: "url", event, data: { url: publishUrl(context), signature_secret: secret } },
      });
  },
};

export function netlifySteps(): HostSteps {
  return {
    vendor: "netlify",
    site: [siteExists, buildHook],
    generated: ["NETLIFY_NOTIFY_SECRET"],
    build: [buildVariables, notifications],
    publish: {
      plan: "start a production build (Netlify API: createSiteBuild) and wait until its deploy is ready",
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
  };
}
