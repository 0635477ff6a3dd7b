// `npm run deploy` against recorded vendor answers (vendors.ts), on Netlify and on
// Cloudflare Pages: the whole plan with no tokens; a dry run that changes nothing; a
// first run on an empty project and site that sets every step up, with every Netlify
// request checked against Netlify's published API description; a second run that
// changes nothing; and a run that failed half way, resumed with the same generated
// secrets. The first administrator is made on a real
// stand-in, with the secret key the Management API hands over. The CLI steps are
// recorded here (they need a hosted account); `supabase db push` runs for real in
// `npm run test:postgres` with the same arguments (dbPushArgs).
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deploy, migrationVersions } from "../../scripts/deploy.ts";
import { projectFunctions } from "../../scripts/doctor.ts";
import { buildSettings } from "../../scripts/lib/deploy/cloudflare.ts";
import {
  configPushArgs,
  dbPushArgs,
  functionsDeployArgs,
} from "../../scripts/lib/deploy/commands.ts";
import type { DeployInputs, RunCli, SiteHost } from "../../scripts/lib/deploy/context.ts";
import { authSmtp } from "../../scripts/lib/deploy/steps.ts";
import { legacyKeysCheck, NO_LEGACY_KEYS } from "../../scripts/lib/doctor.ts";
import { startTestStack, type TestStack } from "../contract/stack.ts";
import { CLOUDFLARE_PATH, startVendors, type Vendors } from "./vendors.ts";

const REF = "abcdefghijklmnopqrst";
const ADMIN = { email: "first-admin@charity.example", password: "a-long-first-password" };

let stack: TestStack;
let vendors: Vendors;
let work: string;
let cliCalls: string[];
let functions: string[];
let migrations: string[];

beforeAll(async () => {
  stack = await startTestStack();
  work = await mkdtemp(join(tmpdir(), "deploy-"));
  functions = await projectFunctions();
  migrations = await migrationVersions();
}, 60_000);

afterAll(async () => {
  await stack?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

afterEach(async () => {
  await vendors?.close();
});

async function freshVendors(): Promise<void> {
  vendors = await startVendors({
    ref: REF,
    keys: { publishable: stack.publishableKey, secret: stack.secretKey },
    apiUrl: stack.url,
  });
  cliCalls = [];
}

/** The pinned CLIs as a hosted account would see them: each call does what it says. */
const recordedCli: RunCli = async (tool, args, env = {}) => {
  cliCalls.push(`${tool} ${args.join(" ")}`);
  if (args[0] === "db" && args[1] === "push") vendors.state.migrations = [...migrations];
  if (args[0] === "functions" && args[1] === "deploy")
    vendors.state.functions = functions.map((slug) => ({
      slug,
      status: "ACTIVE",
      verify_jwt: false,
    }));
  if (args[0] === "config" && args[1] === "push")
    // config.toml has no [auth.email.smtp]: the push leaves Auth's SMTP as it is.
    vendors.state.auth = {
      ...vendors.state.auth,
      site_url: env.SUPABASE_AUTH_SITE_URL ?? "",
      uri_allow_list: env.SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS ?? "",
      disable_signup: true,
    };
  return { ok: true, output: "" };
};

const HOOK =
  "https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/57892c34-26d2-44fe-923e-0932da06e61a";

function inputs(
  options: {
    tokens?: boolean;
    stateFile?: string;
    lines?: string[];
    host?: SiteHost;
    deployHookUrl?: string;
  } = {},
): DeployInputs {
  const tokens = options.tokens ?? true;
  const host = options.host ?? "netlify";
  return {
    host,
    ...(tokens ? { supabase: { token: "sbp_recorded-access-token", ref: REF } } : {}),
    ...(tokens && host === "netlify"
      ? { netlify: { token: "nfp_recorded-access-token", siteId: "site-0001" } }
      : {}),
    ...(tokens && host === "cloudflare"
      ? {
          cloudflare: {
            token: "recorded-cloudflare-api-token",
            accountId: "023e105f4ecef8ad9ca31a8372d0c353",
            project: "charity",
          },
          // The Pages project's own address is on the internet: the recorded site here.
          siteUrl: `${vendors.url}/site`,
        }
      : {}),
    ...(options.deployHookUrl ? { deployHookUrl: options.deployHookUrl } : {}),
    admin: ADMIN,
    mail: { RESEND_API_KEY: "re_recorded_key", MAIL_FROM: "Charity <alerts@charity.example>" },
    dbUrl: "postgresql://postgres:secret@db.example:5432/postgres",
    stateFile: options.stateFile ?? join(work, "state.json"),
    functions,
    migrations,
    cli: recordedCli,
    endpoints: vendors
      ? {
          supabaseManagement: vendors.url,
          supabaseApi: stack.url,
          netlify: { scheme: "http", host: new URL(vendors.url).host, pathPrefix: "/api/v1" },
          cloudflare: `${vendors.url}${CLOUDFLARE_PATH}`,
        }
      : {},
    pollMs: 10,
    print: (line) => options.lines?.push(line),
  };
}

const STEPS = 14;

describe("npm run deploy on Netlify", () => {
  it("prints the whole plan for an empty project and site when given no tokens", async () => {
    await freshVendors();
    const lines: string[] = [];
    expect(await deploy(inputs({ tokens: false, lines }), { dryRun: true })).toBe(0);
    const steps = lines.filter((line) => line.startsWith("•"));
    expect(steps).toHaveLength(STEPS);
    expect(steps[0]).toMatch(/^• 1\. {2}The Supabase project is up/);
    expect(steps.at(-2)).toMatch(
      /The site is live, built from this project: start a production build/,
    );
    expect(steps.at(-1)).toMatch(/The legacy API keys are off: disable the anon and service_role/);
    expect(vendors.requests).toEqual([]);
    expect(cliCalls).toEqual([]);
  });

  it("sets everything up on an empty project and site, then changes nothing the second time", {
    timeout: 60_000,
  }, async () => {
    await freshVendors();
    const stateFile = join(work, "first.json");
    const dry: string[] = [];
    expect(await deploy(inputs({ stateFile, lines: dry }), { dryRun: true, doctor: false })).toBe(
      0,
    );
    expect(vendors.changes).toEqual([]);
    expect(dry.filter((line) => line.startsWith("→"))).toHaveLength(STEPS - 2);

    const first: string[] = [];
    expect(
      await deploy(inputs({ stateFile, lines: first }), { dryRun: false, doctor: false }),
    ).toBe(0);
    expect(vendors.violations).toEqual([]);
    expect(first.filter((line) => line.startsWith("✓"))).toHaveLength(STEPS);
    expect(cliCalls).toEqual([
      `supabase ${dbPushArgs("postgresql://postgres:secret@db.example:5432/postgres").join(" ")}`,
      `supabase ${functionsDeployArgs(functions, REF).join(" ")}`,
      `supabase ${configPushArgs(REF).join(" ")}`,
    ]);
    const { state } = vendors;
    const token = state.secrets.get("PUBLISH_BUILD_TOKEN");
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(state.secrets.get("DEPLOY_HOOK_URL")).toBe(state.buildHooks[0]?.url);
    expect(state.secrets.get("SITE_URL")).toBe(`${vendors.url}/site`);
    expect(state.secrets.get("RESEND_API_KEY")).toBe("re_recorded_key");
    expect(state.env.find((v) => v.key === "PUBLISH_BUILD_TOKEN")?.values).toEqual([
      { context: "production", value: token },
    ]);
    expect(
      state.env.find((v) => v.key === "PUBLIC_SUPABASE_PUBLISHABLE_KEY")?.values[0]?.value,
    ).toBe(stack.publishableKey);
    expect(
      state.hooks.map((hook) => [hook.event, hook.data.url, hook.data.signature_secret]),
    ).toEqual([
      [
        "deploy_created",
        `${stack.url}/functions/v1/publish`,
        state.secrets.get("NETLIFY_NOTIFY_SECRET"),
      ],
      [
        "deploy_failed",
        `${stack.url}/functions/v1/publish`,
        state.secrets.get("NETLIFY_NOTIFY_SECRET"),
      ],
    ]);
    expect([...state.vault].sort()).toEqual(["project_url", "secret_key"]);
    expect([...state.jobs].sort()).toEqual(["deliver-alerts", "purge-trash"]);
    expect(state.live).toEqual({ api: stack.url, reporting: "accepted" });
    expect(state.legacyKeys).toBe(false);
    // Auth's own mail (the invitation, the reset) goes through the same service.
    expect(state.auth).toMatchObject({
      smtp_host: "smtp.resend.com",
      smtp_port: "465",
      smtp_user: "resend",
      smtp_pass: "re_recorded_key",
      smtp_admin_email: "alerts@charity.example",
      smtp_sender_name: "Charity",
      disable_signup: true,
    });
    // The first administrator can sign in on the project.
    const signIn = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { apikey: stack.publishableKey, "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    // Nothing secret was printed, and the kept secrets are the owner's alone.
    const printed = first.join("\n");
    for (const secret of [
      "re_recorded_key",
      token,
      stack.secretKey,
      state.secrets.get("NETLIFY_NOTIFY_SECRET"),
      ADMIN.password,
    ])
      expect(printed).not.toContain(secret);
    expect((await stat(stateFile)).mode & 0o777).toBe(0o600);

    vendors.changes.length = 0;
    cliCalls.length = 0;
    const second: string[] = [];
    expect(
      await deploy(inputs({ stateFile, lines: second }), { dryRun: false, doctor: false }),
    ).toBe(0);
    expect(second.filter((line) => line.endsWith(": already done"))).toHaveLength(STEPS);
    expect(vendors.changes).toEqual([]);
    expect(cliCalls).toEqual([]);
  });

  it("refuses, as a violation, a request Netlify's description does not allow", async () => {
    await freshVendors();
    const post = (path: string, body: unknown) =>
      fetch(`${vendors.url}/api/v1${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post("/sites/site-0001/build_hooks", { title: "x", colour: "red" })).status).toBe(
      400,
    );
    expect((await post("/sites/site-0001/no_such_thing", {})).status).toBe(400);
    expect(
      (await post("/accounts/a/env?site_id=s", [{ key: "K", scopes: ["everywhere"], values: [] }]))
        .status,
    ).toBe(400);
    expect(vendors.violations).toEqual([
      expect.stringMatching(/^createSiteBuildHook: .*additional properties/),
      expect.stringMatching(/no such operation in Netlify's API/),
      expect.stringMatching(/^createEnvVars: .*allowed values/),
    ]);
  });

  it("stops at a failed step and resumes there with the same generated secrets", {
    timeout: 60_000,
  }, async () => {
    await freshVendors();
    const stateFile = join(work, "resume.json");
    vendors.failOnce(/^POST \/api\/v1\/accounts\/[^/]+\/env$/);
    const first: string[] = [];
    expect(
      await deploy(inputs({ stateFile, lines: first }), { dryRun: false, doctor: false }),
    ).toBe(1);
    expect(first.find((line) => line.startsWith("✗"))).toMatch(
      /^✗ 11\. The site's build has its environment variables: /,
    );
    expect(first.join("\n")).toContain("Run `npm run deploy` again to resume here.");
    expect(vendors.state.live).toEqual({});
    const kept = JSON.parse(await readFile(stateFile, "utf8")) as {
      generated: Record<string, string>;
    };

    const again: string[] = [];
    expect(
      await deploy(inputs({ stateFile, lines: again }), { dryRun: false, doctor: false }),
    ).toBe(0);
    expect(again.filter((line) => line.endsWith(": already done"))).toHaveLength(10);
    expect(vendors.state.env.find((v) => v.key === "PUBLISH_BUILD_TOKEN")?.values[0]?.value).toBe(
      kept.generated.PUBLISH_BUILD_TOKEN,
    );
    expect(vendors.state.secrets.get("PUBLISH_BUILD_TOKEN")).toBe(
      kept.generated.PUBLISH_BUILD_TOKEN,
    );
    expect(vendors.state.live.reporting).toBe("accepted");
    expect(vendors.violations).toEqual([]);
  });
});

const PAGES_STEPS = 13;

describe("npm run deploy on Cloudflare Pages", () => {
  it("prints the whole plan, the deploy hook taken from the dashboard", async () => {
    await freshVendors();
    const lines: string[] = [];
    expect(
      await deploy(inputs({ tokens: false, lines, host: "cloudflare" }), { dryRun: true }),
    ).toBe(0);
    const steps = lines.filter((line) => line.startsWith("•"));
    expect(steps).toHaveLength(PAGES_STEPS);
    expect(steps[4]).toMatch(/^• 5\. {2}The Pages project has a deploy hook: take DEPLOY_HOOK_URL/);
    expect(steps.at(-2)).toMatch(/start a deployment of the production branch/);
    expect(lines.join("\n")).not.toMatch(/NETLIFY|Netlify/);
    expect(vendors.requests).toEqual([]);
  });

  it("stops where only the dashboard can help, then sets everything up and changes nothing the second time", {
    timeout: 60_000,
  }, async () => {
    await freshVendors();
    const stateFile = join(work, "pages.json");
    const first: string[] = [];
    expect(
      await deploy(inputs({ stateFile, lines: first, host: "cloudflare" }), {
        dryRun: false,
        doctor: false,
      }),
    ).toBe(1);
    // The hook is the dashboard's to make: the way there names the project's branch.
    expect(first.find((line) => line.startsWith("✗"))).toMatch(
      /^✗ 5\. {2}The Pages project has a deploy hook: make one in Cloudflare's dashboard \(Workers & Pages, charity, Settings, Builds, Deploy hooks, Add deploy hook, branch live\), then run again with DEPLOY_HOOK_URL=<its URL>$/,
    );

    const wrong: string[] = [];
    await deploy(
      inputs({
        stateFile,
        lines: wrong,
        host: "cloudflare",
        deployHookUrl: "https://example.org/hook",
      }),
      { dryRun: false, doctor: false },
    );
    expect(wrong.find((line) => line.startsWith("✗"))).toMatch(
      /^✗ 5\. {2}The Pages project has a deploy hook: DEPLOY_HOOK_URL is not a Pages deploy hook/,
    );

    cliCalls.length = 0;
    const second: string[] = [];
    expect(
      await deploy(inputs({ stateFile, lines: second, host: "cloudflare", deployHookUrl: HOOK }), {
        dryRun: false,
        doctor: false,
      }),
    ).toBe(0);
    expect(second.filter((line) => line.startsWith("✓"))).toHaveLength(PAGES_STEPS);
    const { state } = vendors;
    const token = state.secrets.get("PUBLISH_BUILD_TOKEN");
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(state.secrets.get("DEPLOY_HOOK_URL")).toBe(HOOK);
    expect(state.secrets.has("NETLIFY_NOTIFY_SECRET")).toBe(false);
    expect(state.secrets.get("CONTACT_RATE_LIMIT_SECRET")).toMatch(/^[\w-]{43}$/);
    // The build settings and Node are netlify.toml's: one build on both hosts.
    const build = await buildSettings();
    expect(state.pages.build_config).toMatchObject({
      build_command: build.command,
      destination_dir: build.publish,
    });
    const { production, preview } = state.pages.deployment_configs;
    const plain = (value: string) => ({ type: "plain_text", value });
    const everywhere = {
      PUBLIC_SUPABASE_URL: plain(stack.url),
      PUBLIC_SUPABASE_PUBLISHABLE_KEY: plain(stack.publishableKey),
      SITE_URL: plain(`${vendors.url}/site`),
      NODE_VERSION: plain(build.nodeVersion),
      PUBLISH_PRODUCTION_BRANCH: plain("live"),
    };
    expect(preview.env_vars).toEqual(everywhere);
    expect(production.env_vars).toEqual({
      ...everywhere,
      PUBLISH_BUILD_TOKEN: { type: "secret_text", value: token },
    });
    // The production branch is not main: its build counts as production only because
    // PUBLISH_PRODUCTION_BRANCH names it, and its report is accepted.
    expect(state.live).toEqual({ api: stack.url, reporting: "accepted" });
    expect(state.deployments).toHaveLength(1);
    expect(state.legacyKeys).toBe(false);
    // The first run had pushed the migrations and deployed the functions already.
    expect(cliCalls).toEqual([`supabase ${configPushArgs(REF).join(" ")}`]);
    expect(second.join("\n")).not.toContain(token);

    vendors.changes.length = 0;
    cliCalls.length = 0;
    // Run again, without the hook in the environment: Supabase has it already.
    const third: string[] = [];
    expect(
      await deploy(inputs({ stateFile, lines: third, host: "cloudflare" }), {
        dryRun: false,
        doctor: false,
      }),
    ).toBe(0);
    expect(third.filter((line) => line.endsWith(": already done"))).toHaveLength(PAGES_STEPS);
    expect(vendors.changes).toEqual([]);
    expect(cliCalls).toEqual([]);
  });

  it("stops at a refused step and resumes there with the same token on both sides", {
    timeout: 60_000,
  }, async () => {
    await freshVendors();
    const stateFile = join(work, "pages-resume.json");
    // A token without Pages Edit: Cloudflare refuses the change (its client does not retry
    // a 403).
    vendors.failOnce(/^PATCH \/client\/v4\/accounts\/[^/]+\/pages\/projects\/charity$/, 403);
    const first: string[] = [];
    expect(
      await deploy(inputs({ stateFile, lines: first, host: "cloudflare", deployHookUrl: HOOK }), {
        dryRun: false,
        doctor: false,
      }),
    ).toBe(1);
    expect(first.find((line) => line.startsWith("✗"))).toMatch(
      /^✗ 11\. The Pages project builds the site with its environment variables: .*Authentication error/,
    );
    expect(vendors.state.deployments).toEqual([]);

    const again: string[] = [];
    expect(
      await deploy(inputs({ stateFile, lines: again, host: "cloudflare", deployHookUrl: HOOK }), {
        dryRun: false,
        doctor: false,
      }),
    ).toBe(0);
    expect(again.filter((line) => line.endsWith(": already done"))).toHaveLength(10);
    const kept = JSON.parse(await readFile(stateFile, "utf8")) as {
      generated: Record<string, string>;
    };
    expect(vendors.state.pages.deployment_configs.production.env_vars?.PUBLISH_BUILD_TOKEN).toEqual(
      { type: "secret_text", value: kept.generated.PUBLISH_BUILD_TOKEN },
    );
    expect(vendors.state.secrets.get("PUBLISH_BUILD_TOKEN")).toBe(
      kept.generated.PUBLISH_BUILD_TOKEN,
    );
    expect(vendors.state.live.reporting).toBe("accepted");
  });
});

describe("npm run doctor's legacy-key check", () => {
  it("asks the Management API, with the ref the API's address names", async () => {
    await freshVendors();
    const access = { token: "sbp_recorded-access-token", baseUrl: vendors.url };
    const api = `https://${REF}.supabase.co`;
    expect(await legacyKeysCheck(access, api)).toMatchObject({
      name: NO_LEGACY_KEYS,
      ok: false,
      detail: "the anon and service_role keys still work",
      fix: expect.stringContaining("npm run deploy"),
    });
    vendors.state.legacyKeys = false;
    expect(await legacyKeysCheck(access, api)).toEqual({ name: NO_LEGACY_KEYS, ok: true });
    expect(vendors.requests).toEqual([
      `GET /v1/projects/${REF}/api-keys/legacy`,
      `GET /v1/projects/${REF}/api-keys/legacy`,
    ]);
    // An address that names no project, or a token the API refuses, is said plainly.
    expect(await legacyKeysCheck(access, "https://api.charity.example")).toMatchObject({
      ok: false,
      fix: expect.stringContaining("SUPABASE_PROJECT_REF"),
    });
    vendors.failOnce(/api-keys\/legacy/, 401);
    expect(await legacyKeysCheck(access, api)).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^the Management API did not answer/),
    });
  });
});

describe("Auth's SMTP from the alerts' mail service", () => {
  it("is Resend's SMTP with an API key, the server itself with SMTP_*, and none without a sender", () => {
    expect(
      authSmtp({
        SMTP_HOST: "smtp.charity.example",
        SMTP_USER: "u",
        SMTP_PASS: "p",
        MAIL_FROM: "alerts@charity.example",
      }),
    ).toEqual({
      smtp_host: "smtp.charity.example",
      smtp_port: "465",
      smtp_user: "u",
      smtp_pass: "p",
      smtp_admin_email: "alerts@charity.example",
      smtp_sender_name: "",
    });
    expect(
      authSmtp({ RESEND_API_KEY: "re_x", MAIL_FROM: '"Helping Hands" <a@b.example>' }),
    ).toMatchObject({
      smtp_host: "smtp.resend.com",
      smtp_admin_email: "a@b.example",
      smtp_sender_name: "Helping Hands",
    });
    expect(authSmtp({ RESEND_API_KEY: "re_x" })).toBeNull();
    expect(authSmtp({})).toBeNull();
  });
});
