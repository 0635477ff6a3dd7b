// Recorded vendor answers for the deploy's tests: Supabase's Management API and
// Netlify's API as a new project and site answer them, in their documented shapes,
// keeping what the deploy creates so a second run finds it. Every request to Netlify is
// checked against Netlify's own API description (@netlify/open-api's swagger.json,
// with ajv): an operation it does not list, a query parameter it does not declare, or a
// body field it does not define is refused with 400 and recorded as a violation. The
// Supabase side is reached only through supabase-management-js, whose requests are
// typed from Supabase's OpenAPI document; its routes here are that document's.
import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { serve } from "@hono/node-server";
import Ajv from "ajv";
import { Hono } from "hono";

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

export interface VendorState {
  project: { status: string };
  migrations: string[];
  functions: { slug: string; status: string; verify_jwt: boolean }[];
  secrets: Map<string, string>;
  auth: { site_url: string; uri_allow_list: string; disable_signup: boolean };
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
}

export interface Vendors {
  url: string;
  state: VendorState;
  /** Every request, as "METHOD path". */
  requests: string[];
  /** Requests that change something. */
  changes: string[];
  violations: string[];
  /** Makes the next request matching `match` fail with 500, once. */
  failOnce(match: RegExp): void;
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
  const failures: RegExp[] = [];
  let base = "";
  const state = freshState("");
  let ids = 0;
  const id = () => `id-${++ids}`;

  app.use("*", async (c, next) => {
    const url = new URL(c.req.url);
    const line = `${c.req.method} ${url.pathname}`;
    requests.push(line);
    const failing = failures.findIndex((match) => match.test(line));
    if (failing >= 0) {
      failures.splice(failing, 1);
      return c.json({ message: "Internal Server Error" }, 500);
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
  app.get(`${project}/config/auth`, (c) => c.json(state.auth));
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
    failOnce: (match) => failures.push(match),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
