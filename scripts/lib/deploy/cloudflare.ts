// The deploy's steps on Cloudflare Pages, through Cloudflare's own client (`cloudflare`):
// the project, connected to the repository; its deploy hook, which only the dashboard
// makes (Cloudflare's API has no call for it), so it comes in DEPLOY_HOOK_URL; the build
// settings and variables; and a production deployment waited for. Pages sends no deploy
// notifications: publishing follows the build's own reports.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "smol-toml";
import { repoRoot } from "../settings.ts";
import { type DeployContext, PAGES_DEPLOY_HOOK } from "./context.ts";
import {
  BUILD_TIMEOUT_MS,
  type DeployStep,
  type HostSteps,
  hookIsSet,
  siteVariables,
  sleep,
} from "./steps.ts";

/**
 * How the site is built, as netlify.toml declares it for Netlify: the same command,
 * folder and Node on both hosts.
 */
export async function buildSettings(): Promise<{
  command: string;
  publish: string;
  nodeVersion: string;
}> {
  const config = parse(await readFile(join(repoRoot, "netlify.toml"), "utf8")) as {
    build: { command: string; publish: string; environment: { NODE_VERSION: string } };
  };
  return {
    command: config.build.command,
    publish: config.build.publish,
    nodeVersion: String(config.build.environment.NODE_VERSION),
  };
}

type EnvVar = { type: "plain_text" | "secret_text"; value: string };

/** The variables each environment's builds need, as Pages takes them. */
async function wantedVariables(
  context: DeployContext,
): Promise<{ production: Record<string, EnvVar>; preview: Record<string, EnvVar> }> {
  const project = await context.pagesProject();
  const plain = (value: string): EnvVar => ({ type: "plain_text", value });
  const everywhere: Record<string, EnvVar> = {
    ...Object.fromEntries(
      Object.entries(await siteVariables(context)).map(([key, value]) => [key, plain(value)]),
    ),
    NODE_VERSION: plain((await buildSettings()).nodeVersion),
    // A Pages build knows only its branch: production is a build of this one.
    PUBLISH_PRODUCTION_BRANCH: plain(project.production_branch),
  };
  return {
    production: {
      ...everywhere,
      PUBLISH_BUILD_TOKEN: {
        type: "secret_text",
        value: await context.secret("PUBLISH_BUILD_TOKEN"),
      },
    },
    preview: everywhere,
  };
}

/** What the project lacks: its build settings, and each environment's missing variables. */
async function missingSettings(context: DeployContext) {
  const project = await context.pagesProject();
  const build = await buildSettings();
  const wanted = await wantedVariables(context);
  const missing = (environment: "production" | "preview") => {
    const have = project.deployment_configs[environment].env_vars ?? {};
    return Object.fromEntries(Object.entries(wanted[environment]).filter(([key]) => !have[key]));
  };
  return {
    build:
      project.build_config?.build_command === build.command &&
      project.build_config?.destination_dir === build.publish
        ? null
        : { build_command: build.command, destination_dir: build.publish },
    production: missing("production"),
    preview: missing("preview"),
  };
}

const connected: DeployStep = {
  title: "The Pages project is connected to the repository",
  plan: "check the project answers and builds from Git (Cloudflare API: pages.projects.get)",
  needs: "cloudflare",
  async done(context) {
    const project = await context.pagesProject();
    if (!project.source)
      throw new Error(
        `the project ${project.name} takes direct uploads only: saves need builds from the repository. Create the project with Workers & Pages, Create application, Pages, Connect to Git.`,
      );
    return true;
  },
  async run() {},
};

const deployHook: DeployStep = {
  title: "The Pages project has a deploy hook",
  plan: "take DEPLOY_HOOK_URL, the deploy hook you made in Cloudflare's dashboard (its API makes none)",
  needs: "cloudflare",
  async done(context) {
    const given = context.inputs.deployHookUrl?.trim();
    if (given && !PAGES_DEPLOY_HOOK.test(given))
      throw new Error(
        "DEPLOY_HOOK_URL is not a Pages deploy hook (https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/...)",
      );
    if (given) return true;
    return Boolean(context.inputs.supabase) && (await hookIsSet(context));
  },
  async run(context) {
    const project = await context.pagesProject();
    throw new Error(
      `make one in Cloudflare's dashboard (Workers & Pages, ${project.name}, Settings, Builds, Deploy hooks, Add deploy hook, branch ${project.production_branch}), then run again with DEPLOY_HOOK_URL=<its URL>`,
    );
  },
};

const buildVariables: DeployStep = {
  title: "The Pages project builds the site with its environment variables",
  plan: "set the build command and output folder (netlify.toml's), PUBLIC_SUPABASE_URL, PUBLIC_SUPABASE_PUBLISHABLE_KEY, SITE_URL, NODE_VERSION and PUBLISH_PRODUCTION_BRANCH for production and previews, and the secret PUBLISH_BUILD_TOKEN for production (Cloudflare API: pages.projects.edit)",
  needs: "cloudflare",
  async done(context) {
    const missing = await missingSettings(context);
    return (
      !missing.build &&
      Object.keys(missing.production).length === 0 &&
      Object.keys(missing.preview).length === 0
    );
  },
  async run(context) {
    const missing = await missingSettings(context);
    // Pages merges the variables given with the ones it has (null would delete one).
    await context.cloudflare.pages.projects.edit(context.pages.name, {
      account_id: context.pages.account_id,
      ...(missing.build ? { build_config: missing.build } : {}),
      deployment_configs: {
        production: { env_vars: missing.production },
        preview: { env_vars: missing.preview },
      },
    });
    context.forgetPagesProject();
  },
};

export function cloudflareSteps(): HostSteps {
  return {
    vendor: "cloudflare",
    site: [connected, deployHook],
    generated: [],
    build: [buildVariables],
    publish: {
      plan: "start a deployment of the production branch (Cloudflare API: pages.projects.deployments.create) and wait until it is live",
      async run(context) {
        const { name, account_id } = context.pages;
        const started = await context.cloudflare.pages.projects.deployments.create(name, {
          account_id,
        });
        const until = Date.now() + BUILD_TIMEOUT_MS;
        for (;;) {
          const deployment = await context.cloudflare.pages.projects.deployments.get(started.id, {
            account_id,
            project_name: name,
          });
          const stage = deployment.latest_stage;
          if (stage.status === "failure" || stage.status === "canceled")
            throw new Error(
              `the deployment ${stage.status === "failure" ? "failed" : "was cancelled"} at its ${stage.name} stage: see its log in Cloudflare's dashboard (Workers & Pages, ${name}, Deployments)`,
            );
          if (stage.name === "deploy" && stage.status === "success") return;
          if (Date.now() > until) throw new Error("the build took over 30 minutes");
          context.inputs.print?.(`   ... the deployment is at its ${stage.name} stage`);
          await sleep(context.inputs.pollMs ?? 5000);
        }
      },
    },
  };
}
