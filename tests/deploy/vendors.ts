// Recorded vendor answers for the deploy's tests: Supabase's Management API, Netlify's
// API and Cloudflare's Pages API as a new project and site answer them, in their
// documented shapes, keeping what the deploy creates so a second run finds it. Every
// request to Netlify is checked against Netlify's own API description
// (@netlify/open-api's swagger.json, with ajv): an operation it does not list, a query
// parameter it does not declare, or a body field it does not define is refused with 400
// and recorded as a violation. The Supabase and Cloudflare sides are reached only
// through their own clients (supabase-management-js; cloudflare), whose requests are
// typed from the vendors' OpenAPI documents; Cloudflare's answers here are typed with
// that client's own types, so a recorded answer in the wrong shape does not compile.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { serve } from "@hono/node-server";
import Ajv from "ajv";
import type { Deployment, Project } from "cloudflare/resources/pages/projects/projects";
import { Hono } from "hono";
import { buildContext } from "../../scripts/build.ts";

const require = createRequire(import.meta.url);
const swagger = require("@netlify/open-api/dist/swagger.json") as {
  basePath: string;
  paths: Record<string, Record<string, { operationId?: string; parameters?: Parameter[] }>>;
};

interface Parameter {
  name: string;
  in: "path" | "query" | "body" | "formData" | "header";
  schema?: object;
}

/** A copy of a schema where no object takes a property its description does not define. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== "object") return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = closed(value);
  if (copy.type === "object" && copy.properties) copy.additionalProperties = false;
  return copy;
}

// The description's formats ("dateTime") are Swagger's own; the shapes are what count.
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false, logger: false });

/** Netlify's operations, as path patterns. */
const operations = Object.entries(swagger.paths).flatMap(([template, methods]) =>
  Object.entries(methods)
    .filter(([, op]) => typeof op === "object" && op.operationId)
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      template,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
      operationId: op.operationId as string,
      parameters: op.parameters ?? [],
    })),
);

/** What is wrong with a request by Netlify's description, or null. */
function netlifyViolation(
  method: string,
  path: string,
  query: URLSearchParams,
  body: unknown,
): string | null {
  const op = operations.find((o) => o.method === method && o.pattern.test(path));
  if (!op) return `${method} ${path}: no such operation in Netlify's API`;
  for (const name of query.keys())
    if (!op.parameters.some((p) => p.in === "query" && p.name === name))
      return `${op.operationId}: query parameter ${name} is not Netlify's`;
  const bodyParam = op.parameters.find((p) => p.in === "body");
  if (body !== undefined) {
    if (!bodyParam?.schema) return `${op.operationId}: takes no body`;
    const validate = ajv.compile(closed(bodyParam.schema) as object);
    if (!validate(body)) return `${op.operationId}: ${ajv.errorsText(validate.errors)}`;
  }
  return null;
}

/** Where the recorded Cloudflare API answers (the client's baseURL is here plus this). */
export const CLOUDFLARE_PATH = "/client/v4";

export interface VendorState {
  project: { status: string };
  migrations: string[];
  functions: { slug: string; status: string; verify_jwt: boolean }[];
  secrets: Map<string, string>;
  auth: {
    site_url: string;
    uri_allow_list: string;
    disable_signup: boolean;
    smtp_host?: string | null;
    smtp_port?: string | null;
    smtp_user?: string | null;
    smtp_pass?: string | null;
    smtp_admin_email?: string | null;
    smtp_sender_name?: string | null;
  };
  vault: Set<string>;
  jobs: Set<string>;
  site: { id: string; account_id: string; ssl_url: string };
  buildHooks: { id: string; title: string; url: string }[];
  env: { key: string; scopes: string[]; values: { context: string; value: string }[] }[];
  hooks: {
    id: string;
    type: string;
    event: string;
    data: { url: string; signature_secret?: string };
  }[];
  live: { api?: string; reporting?: string };
  legacyKeys: boolean;
  pages: Project;
  deployments: Deployment[];
}

export interface Vendors {
  url: string;
  state: VendorState;
  /** Every request, as "METHOD path". */
  requests: string[];
  /** Requests that change something. */
  changes: string[];
  violations: string[];
  /** Makes the next request matching `match` fail with `status` (500), once. */
  failOnce(match: RegExp, status?: number): void;
  close(): Promise<void>;
}

export function freshState(siteUrl: string): VendorState {
  return {
    project: { status: "ACTIVE_HEALTHY" },
    migrations: [],
    functions: [],
    secrets: new Map(),
    auth: { site_url: "http://localhost:3000", uri_allow_list: "", disable_signup: false },
    vault: new Set(),
    jobs: new Set(),
    site: { id: "site-0001", account_id: "account-0001", ssl_url: siteUrl },
    buildHooks: [],
    env: [],
    hooks: [],
    live: {},
    legacyKeys: true,
    pages: newPagesProject(),
    deployments: [],
  };
}

/** A Pages project just connected to a repository whose production branch is "live". */
function newPagesProject(): Project {
  const config = {
    always_use_latest_compatibility_date: false,
    build_image_major_version: 3,
    compatibility_date: "2026-11-01",
    compatibility_flags: [],
    env_vars: null,
    fail_open: true,
    usage_model: "standard" as const,
  };
  return {
    id: "7b162ea7-7367-4d67-bcde-1160995d5",
    name: "charity",
    subdomain: "charity.pages.dev",
    domains: ["charity.pages.dev"],
    created_on: "2026-11-29T00:00:00Z",
    production_branch: "live",
    build_config: {
      build_command: "",
      destination_dir: "",
      root_dir: "",
      build_caching: true,
      web_analytics_tag: null,
      web_analytics_token: null,
    },
    deployment_configs: { preview: { ...config }, production: { ...config } },
    source: {
      type: "github",
      config: {
        owner: "charity",
        owner_id: "1",
        repo_name: "website",
        repo_id: "2",
        production_branch: "live",
        deployments_enabled: true,
        production_deployments_enabled: true,
        pr_comments_enabled: true,
        preview_deployment_setting: "all",
        preview_branch_includes: ["*"],
        preview_branch_excludes: [],
        path_includes: ["*"],
        path_excludes: [],
      },
    },
    canonical_deployment: null,
    latest_deployment: null,
    framework: "",
    framework_version: "",
    preview_script_name: "",
    production_script_name: "",
    uses_functions: false,
  };
}

export async function startVendors(options: {
  ref: string;
  keys: { publishable: string; secret: string };
  /** Where the project's API is (the stand-in), for build-info.json. */
  apiUrl: string;
}): Promise<Vendors> {
  const app = new Hono();
  const requests: string[] = [];
  const changes: string[] = [];
  const violations: string[] = [];
  const failures: { match: RegExp; status: number }[] = [];
  let base = "";
  const state = freshState("");
  let ids = 0;
  const id = () => `id-${++ids}`;

  app.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    const line = `${c.req.method} ${url.pathname}`;
    requests.push(line);
    const failing = failures.findIndex(({ match }) => match.test(line));
    if (failing >= 0) {
      const status = failures.splice(failing, 1)[0]?.status ?? 500;
      return c.json(
        url.pathname.startsWith(CLOUDFLARE_PATH)
          ? {
              success: false,
              errors: [{ code: 10000, message: "Authentication error" }],
              messages: [],
              result: null,
            }
          : { message: "Internal Server Error" },
        status as 403 | 500,
      );
    }
    if (c.req.method !== "GET" && !url.pathname.endsWith("/database/query")) changes.push(line);
    if (url.pathname.startsWith(swagger.basePath)) {
      const text = c.req.method === "GET" ? "" : await c.req.raw.clone().text();
      const violation = netlifyViolation(
        c.req.method,
        url.pathname.slice(swagger.basePath.length),
        url.searchParams,
        text ? JSON.parse(text) : undefined,
      );
      if (violation) {
        violations.push(violation);
        return c.json({ code: 400, message: violation }, 400);
      }
    }
    return next();
  });

  // Supabase's Management API.
  const project = `/v1/projects/${options.ref}`;
  app.get(project, (c) =>
    c.json({
      id: options.ref,
      ref: options.ref,
      name: "charity",
      status: state.project.status,
      region: "eu-west-1",
    }),
  );
  app.get(`${project}/database/migrations`, (c) =>
    c.json(state.migrations.map((version) => ({ version }))),
  );
  app.get(`${project}/functions`, (c) =>
    c.json(
      state.functions.map((fn, index) => ({
        id: `fn-${index}`,
        name: fn.slug,
        version: 1,
        created_at: 0,
        updated_at: 0,
        ...fn,
      })),
    ),
  );
  app.get(`${project}/secrets`, (c) =>
    c.json(
      [...state.secrets].map(([name, value]) => ({
        name,
        value: createHash("sha256").update(value).digest("hex"),
      })),
    ),
  );
  app.post(`${project}/secrets`, async (c) => {
    for (const { name, value } of (await c.req.json()) as { name: string; value: string }[])
      state.secrets.set(name, value);
    return c.body(null, 201);
  });
  app.get(`${project}/config/auth`, (c) =>
    // Auth answers a digest of the SMTP password, never the password.
    c.json({
      ...state.auth,
      smtp_pass: state.auth.smtp_pass
        ? createHash("sha256").update(state.auth.smtp_pass).digest("hex")
        : null,
    }),
  );
  app.patch(`${project}/config/auth`, async (c) => {
    Object.assign(state.auth, await c.req.json());
    return c.json(state.auth);
  });
  app.get(`${project}/api-keys`, (c) =>
    c.json([
      { name: "default", type: "publishable", api_key: options.keys.publishable },
      {
        name: "default",
        type: "secret",
        api_key: c.req.query("reveal") === "true" ? options.keys.secret : "sb_secret_xxx···",
      },
    ]),
  );
  app.get(`${project}/api-keys/legacy`, (c) => c.json({ enabled: state.legacyKeys }));
  app.put(`${project}/api-keys/legacy`, (c) => {
    state.legacyKeys = c.req.query("enabled") === "true";
    return c.json({ enabled: state.legacyKeys });
  });
  app.post(`${project}/database/query`, async (c) => {
    const { query, parameters = [] } = (await c.req.json()) as {
      query: string;
      parameters?: string[];
    };
    if (/from vault\.secrets where name in/.test(query))
      return c.json([{ secrets: state.vault.size, jobs: state.jobs.size }]);
    if (/create extension/.test(query)) {
      changes.push(`query: ${query}`);
      return c.json([]);
    }
    const secret = /vault\.create_secret\(\$1, '(\w+)'\)/.exec(query)?.[1];
    if (secret) {
      changes.push(`query: vault ${secret}`);
      state.vault.add(secret);
      return c.json([]);
    }
    if (/cron\.schedule\(\$1, \$2, \$3\)/.test(query)) {
      changes.push(`query: cron ${parameters[0]}`);
      state.jobs.add(parameters[0] as string);
      return c.json([]);
    }
    if (/from auth\.users/.test(query)) {
      // Asked of the project's real Auth (the stand-in), as the database would answer.
      const response = await fetch(`${options.apiUrl}/auth/v1/admin/users?per_page=1000`, {
        headers: { apikey: options.keys.secret, authorization: `Bearer ${options.keys.secret}` },
      });
      const { users } = (await response.json()) as {
        users: { email?: string; app_metadata?: { role?: string } }[];
      };
      const email = (parameters[0] as string).toLowerCase();
      return c.json([
        {
          admin: users.some(
            (u) => u.email?.toLowerCase() === email && u.app_metadata?.role === "admin",
          ),
        },
      ]);
    }
    return c.json({ message: `the recorded project does not answer: ${query}` }, 400);
  });

  // Netlify's API.
  const api = swagger.basePath;
  app.get(`${api}/sites/:site_id`, (c) =>
    c.req.param("site_id") === state.site.id
      ? c.json({ ...state.site, url: state.site.ssl_url, name: "charity" })
      : c.json({ code: 404, message: "Not Found" }, 404),
  );
  app.get(`${api}/sites/:site_id/build_hooks`, (c) => c.json(state.buildHooks));
  app.post(`${api}/sites/:site_id/build_hooks`, async (c) => {
    const { title } = (await c.req.json()) as { title: string };
    const hook = { id: id(), title, url: `https://api.netlify.com/build_hooks/${id()}` };
    state.buildHooks.push(hook);
    return c.json(hook, 200);
  });
  app.get(`${api}/accounts/:account_id/env`, (c) => c.json(state.env));
  app.post(`${api}/accounts/:account_id/env`, async (c) => {
    const created = (await c.req.json()) as VendorState["env"];
    state.env.push(...created);
    return c.json(created, 201);
  });
  app.get(`${api}/hooks`, (c) => c.json(state.hooks));
  app.post(`${api}/hooks`, async (c) => {
    const hook = {
      id: id(),
      ...((await c.req.json()) as Omit<VendorState["hooks"][number], "id">),
    };
    state.hooks.push(hook);
    return c.json(hook, 201);
  });
  app.post(`${api}/sites/:site_id/builds`, (c) => {
    const deployId = id();
    // The build reads the site's variables and reports to the publish function with its
    // token: accepted when it is the function's.
    const variable = (key: string) => state.env.find((v) => v.key === key)?.values[0]?.value;
    state.live = {
      api: variable("PUBLIC_SUPABASE_URL"),
      reporting:
        variable("PUBLISH_BUILD_TOKEN") === state.secrets.get("PUBLISH_BUILD_TOKEN")
          ? "accepted"
          : "refused",
    };
    return c.json({ id: id(), deploy_id: deployId, done: false }, 200);
  });
  app.get(`${api}/sites/:site_id/deploys/:deploy_id`, (c) =>
    c.json({ id: c.req.param("deploy_id"), state: "ready" }),
  );

  // Cloudflare's Pages API: every answer in its envelope.
  const envelope = <T>(result: T) => ({ success: true, errors: [], messages: [], result });
  const pages = `${CLOUDFLARE_PATH}/accounts/:account_id/pages/projects/:project_name`;
  const known = (name: string) => name === state.pages.name;
  const missingProject = {
    success: false,
    errors: [
      {
        code: 8000007,
        message:
          "Project not found. The specified project name does not match any of your existing projects.",
      },
    ],
    messages: [],
    result: null,
  };
  /** A project as Cloudflare shows it: a secret's value is never given back. */
  const shown = (): Project => {
    const hide = (vars: Project["deployment_configs"]["production"]["env_vars"]) =>
      vars &&
      Object.fromEntries(
        Object.entries(vars).map(([key, value]) => [
          key,
          value?.type === "secret_text" ? { type: "secret_text" as const, value: "" } : value,
        ]),
      );
    const { preview, production } = state.pages.deployment_configs;
    return {
      ...state.pages,
      deployment_configs: {
        preview: { ...preview, env_vars: hide(preview.env_vars) },
        production: { ...production, env_vars: hide(production.env_vars) },
      },
    };
  };
  app.get(pages, (c) =>
    known(c.req.param("project_name")) ? c.json(envelope(shown())) : c.json(missingProject, 404),
  );
  app.patch(pages, async (c) => {
    if (!known(c.req.param("project_name"))) return c.json(missingProject, 404);
    const body = (await c.req.json()) as {
      build_config?: Partial<NonNullable<Project["build_config"]>>;
      deployment_configs?: Partial<
        Record<"preview" | "production", { env_vars?: Record<string, unknown> }>
      >;
    };
    // Variables given are merged with the project's; a null one is deleted.
    for (const environment of ["preview", "production"] as const) {
      const given = body.deployment_configs?.[environment]?.env_vars;
      if (!given) continue;
      const config = state.pages.deployment_configs[environment];
      const vars = { ...(config.env_vars ?? {}) } as Record<string, unknown>;
      for (const [key, value] of Object.entries(given))
        if (value === null) delete vars[key];
        else vars[key] = value;
      config.env_vars = vars as typeof config.env_vars;
    }
    if (body.build_config)
      state.pages.build_config = {
        ...(state.pages.build_config as NonNullable<Project["build_config"]>),
        ...body.build_config,
      };
    return c.json(envelope(shown()));
  });
  app.post(`${pages}/deployments`, async (c) => {
    if (!known(c.req.param("project_name"))) return c.json(missingProject, 404);
    // A build of the production branch, with the production variables, judged by the
    // build's own rule (scripts/build.ts): it reports when it is production and has the
    // function's token.
    const form = await c.req.formData();
    const branch = (form.get("branch") as string | null) ?? state.pages.production_branch;
    const vars = Object.fromEntries(
      Object.entries(state.pages.deployment_configs.production.env_vars ?? {}).map(
        ([key, value]) => [key, value?.value],
      ),
    );
    const context = buildContext({ ...vars, CF_PAGES: "1", CF_PAGES_BRANCH: branch });
    state.live = {
      api: vars.PUBLIC_SUPABASE_URL,
      reporting:
        context.kind !== "production"
          ? "not production"
          : vars.PUBLISH_BUILD_TOKEN === state.secrets.get("PUBLISH_BUILD_TOKEN")
            ? "accepted"
            : "refused",
    };
    const now = new Date().toISOString();
    const stage = (
      name: Deployment["latest_stage"]["name"],
      status: Deployment["latest_stage"]["status"],
    ) => ({
      name,
      status,
      started_on: now,
      ended_on: status === "success" ? now : null,
    });
    const deployment: Deployment = {
      id: `deployment-${id()}`,
      short_id: "f64788e9",
      project_id: state.pages.id,
      project_name: state.pages.name,
      environment: "production",
      url: `https://f64788e9.${state.pages.subdomain}`,
      aliases: null,
      created_on: now,
      modified_on: now,
      is_skipped: false,
      env_vars: {},
      build_config: state.pages.build_config as Deployment["build_config"],
      deployment_trigger: {
        type: "ad_hoc",
        metadata: { branch, commit_hash: "a".repeat(40), commit_message: "", commit_dirty: false },
      },
      source: state.pages.source as Deployment["source"],
      latest_stage: stage("queued", "active"),
      stages: [stage("queued", "active")],
    };
    state.deployments.push(deployment);
    return c.json(envelope(deployment));
  });
  app.get(`${pages}/deployments/:deployment_id`, (c) => {
    const deployment = state.deployments.find((d) => d.id === c.req.param("deployment_id"));
    if (!deployment) return c.json(missingProject, 404);
    // Asked again, the build has gone through its stages.
    const done = {
      ...deployment.latest_stage,
      name: "deploy" as const,
      status: "success" as const,
    };
    return c.json(envelope({ ...deployment, latest_stage: done }));
  });

  // The site itself.
  app.get("/site/build-info.json", (c) =>
    state.live.api
      ? c.json({ revision: 1, api: { url: state.live.api }, reporting: state.live.reporting })
      : c.notFound(),
  );

  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  state.site.ssl_url = `${base}/site`;
  return {
    url: base,
    state,
    requests,
    changes,
    violations,
    failOnce: (match, status = 500) => failures.push({ match, status }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
