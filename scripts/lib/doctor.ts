// `npm run doctor`: checks a live deployment, read only, and says for each thing that is
// wrong how to set it right. It asks what anyone may ask (the site's pages and headers,
// /build-info.json, Auth's settings and keys, the functions' preflights) and, with an
// administrator's session, what only an administrator may (the publish function's
// `health` answer and the database's `deployment_health()`): booleans and counts, never a
// secret. It never needs the secret key, and it changes nothing.
import { SupabaseManagementAPI } from "supabase-management-js";
import { isLocalDemo, sampleMarks } from "../../src/lib/content/sample-payments.ts";
import { isSecretKey } from "../../src/lib/content/snapshot.ts";

export interface Check {
  /** What is checked, said as what should be true. */
  name: string;
  ok: boolean;
  /** What was found, when it is not right (or a note when it is). */
  detail?: string;
  /** How to set it right: a command or a dashboard path. */
  fix?: string;
}

/** An administrator's session: a password to sign in with, or an access token. */
export type AdminLogin = { email: string; password: string } | { accessToken: string };

export interface DoctorOptions {
  /** The site's origin, e.g. https://example.org. */
  siteUrl: string;
  /** The Edge Functions the project must have (the folders of functions/). */
  functions: readonly string[];
  admin?: AdminLogin;
  /**
   * Whether the site may show the install's sample donation details: only a site built
   * against the local stack (its demo). Default: decided by the API the build read.
   */
  samplesAllowed?: boolean;
  /**
   * Supabase's Management API, with a personal access token (never the project's
   * secret key): only it says whether the project's legacy keys are still on.
   */
  management?: ManagementAccess;
  fetch?: typeof fetch;
}

export interface ManagementAccess {
  token: string;
  /** The project's ref; default: read from the API's address (https://<ref>.supabase.co). */
  ref?: string;
  baseUrl?: string;
}

export const NO_LEGACY_KEYS = "The API serves no legacy key";

/**
 * Whether the project's legacy keys (anon, service_role) are off, asked of the Management
 * API: a leaked legacy key then opens nothing. `api` is the project's API address.
 */
export async function legacyKeysCheck(access: ManagementAccess, api: string): Promise<Check> {
  const fix =
    'npm run deploy (its last step), or Dashboard: Project Settings, API Keys, press "Disable legacy API keys"';
  const ref = access.ref ?? /^https:\/\/([a-z0-9]{20})\.supabase\.co\/?$/.exec(api)?.[1];
  if (!ref)
    return {
      name: NO_LEGACY_KEYS,
      ok: false,
      detail: `${api} is not a hosted project's address, so its ref is unknown`,
      fix: "Set SUPABASE_PROJECT_REF to the project's ref and run the doctor again.",
    };
  try {
    const client = new SupabaseManagementAPI({
      accessToken: access.token,
      ...(access.baseUrl ? { baseUrl: access.baseUrl } : {}),
    });
    const { data } = await client.getProjectLegacyApiKeys(ref);
    return data.enabled
      ? {
          name: NO_LEGACY_KEYS,
          ok: false,
          detail: "the anon and service_role keys still work",
          fix,
        }
      : { name: NO_LEGACY_KEYS, ok: true };
  } catch (error) {
    return {
      name: NO_LEGACY_KEYS,
      ok: false,
      detail: `the Management API did not answer: ${(error as Error).message}`,
      fix: "Check SUPABASE_ACCESS_TOKEN (Supabase: Account, Access Tokens) and the project's ref.",
    };
  }
}

interface BuildInfo {
  revision: number;
  api?: { url?: string; key?: string };
  reporting?: string;
}

interface PublishHealth {
  deployHook: boolean;
  buildToken: boolean;
  notifySecret: boolean;
  mail: boolean;
  mailProblem: string | null;
}

interface DatabaseHealth {
  pg_net: boolean;
  pg_cron: boolean;
  vault_project_url: boolean;
  vault_secret_key: boolean;
  alerts_job: boolean;
  purge_job: boolean;
  alerts_waiting: number;
}

const TIMEOUT_MS = 15_000;
/** The most pages and scripts the secret scan reads. */
const MAX_FILES = 400;
const SUPABASE = "npm run supabase --";
/** Admin paths every host must answer with the admin app (a deep unknown one too). */
const ADMIN_PATHS = [
  "/admin",
  "/admin/",
  "/admin/dashboard",
  "/admin/reset-password",
  "/admin/x/y",
];
/** What only the admin app's shell holds. */
const ADMIN_MARK = "The admin needs JavaScript";
/** What could be a key: a secret key's prefix, or a JWT; isSecretKey decides. */
const KEY_LIKE =
  /sb_secret_[A-Za-z0-9_-]{16,}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g;

/** The checks only an administrator's session can make, in the order they print. */
const SESSION_SIGNED = "Sessions are signed with the asymmetric key";
const FUNCTION_CHECKS = [
  "The publish function has a deploy hook",
  "The publish function has the build's token",
  "Deploy notifications are signed",
  "Alerts can be mailed (a mail service is configured)",
] as const;
const DATABASE_CHECKS = [
  "The database asks for alert delivery (pg_net, Vault secrets, cron job)",
  "The trash purge is scheduled",
] as const;
const [HAS_HOOK, HAS_TOKEN, NOTICES_SIGNED, MAIL_READY] = FUNCTION_CHECKS;
const [ALERTS_DELIVERED, PURGE_SCHEDULED] = DATABASE_CHECKS;

export async function runDoctor(options: DoctorOptions): Promise<Check[]> {
  const doFetch = options.fetch ?? fetch;
  const site = options.siteUrl.replace(/\/+$/, "");
  const checks: Check[] = [];
  const pass = (name: string, detail?: string) => checks.push({ name, ok: true, detail });
  const fail = (name: string, detail: string, fix: string) =>
    checks.push({ name, ok: false, detail, fix });
  const get = (url: string, init: RequestInit = {}) =>
    doFetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });

  // 1. The build's own account of itself.
  let info: BuildInfo;
  let infoCache: string;
  try {
    const response = await get(`${site}/build-info.json`);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    infoCache = response.headers.get("cache-control") ?? "";
    info = (await response.json()) as BuildInfo;
    if (typeof info.revision !== "number") throw new Error("no revision in it");
  } catch (error) {
    fail(
      "The site serves /build-info.json",
      `${site}/build-info.json: ${(error as Error).message}`,
      "Deploy the site (the host's build command is `npm run build`), then run the doctor again.",
    );
    return checks;
  }
  const api = info.api?.url?.replace(/\/+$/, "");
  const key = info.api?.key;
  if (!api || !key) {
    fail(
      "The build says which Supabase project it read",
      "/build-info.json names no API: the live build is older than this doctor.",
      "Redeploy the site from the current code (trigger the host's build hook).",
    );
    return checks;
  }
  pass("The build says which Supabase project it read", api);
  const apiHeaders = { apikey: key };

  // 2. The site may talk to that project: its CSP's connect-src names it.
  const home = await get(`${site}/`);
  const homeHtml = await home.text();
  const csp = home.headers.get("content-security-policy") ?? "";
  const connect = /(?:^|;)\s*connect-src([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/) ?? [];
  if (connect.includes(new URL(api).origin))
    pass("The site's Content-Security-Policy lets its pages call the API");
  else
    fail(
      "The site's Content-Security-Policy lets its pages call the API",
      csp
        ? `connect-src is "${connect.join(" ")}", without ${new URL(api).origin}`
        : "no CSP header",
      "The build writes the CSP from PUBLIC_SUPABASE_URL: set it on the host to the project's URL and redeploy; `public/_headers` must reach the published folder.",
    );

  // 3. Auth: reachable with the site's key, sign-ups off, keys published.
  let settings: { disable_signup?: boolean } | undefined;
  try {
    const response = await get(`${api}/auth/v1/settings`, { headers: apiHeaders });
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    settings = (await response.json()) as { disable_signup?: boolean };
    pass("Auth's settings are readable with the site's key");
  } catch (error) {
    fail(
      "Auth's settings are readable with the site's key",
      `${api}/auth/v1/settings: ${(error as Error).message}`,
      "Set PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_PUBLISHABLE_KEY on the host to the project's (Dashboard: Project Settings, API Keys) and redeploy.",
    );
  }
  if (settings) {
    if (settings.disable_signup === true) pass("Auth refuses sign-ups");
    else
      fail(
        "Auth refuses sign-ups",
        "anyone may create an account",
        `${SUPABASE} config push --yes (config.toml has enable_signup = false), or Dashboard: Authentication, Sign In / Providers: turn off "Allow new users to sign up".`,
      );
  }
  if (key.startsWith("sb_publishable_")) pass("The site calls the API with a publishable key");
  else
    fail(
      "The site calls the API with a publishable key",
      key.startsWith("eyJ") ? "it uses the legacy anon key" : "its key is not a publishable key",
      'Set PUBLIC_SUPABASE_PUBLISHABLE_KEY on the host (sb_publishable_..., Dashboard: Project Settings, API Keys), remove PUBLIC_SUPABASE_ANON_KEY, redeploy; then press "Disable legacy API keys" there.',
    );
  if (options.management) checks.push(await legacyKeysCheck(options.management, api));
  let jwksKids = new Set<string>();
  try {
    const response = await get(`${api}/auth/v1/.well-known/jwks.json`);
    const jwks = (await response.json()) as { keys?: { kty?: string; kid?: string }[] };
    const asymmetric = (jwks.keys ?? []).filter((k) => k.kty === "EC" || k.kty === "RSA");
    jwksKids = new Set(asymmetric.flatMap((k) => (k.kid ? [k.kid] : [])));
    if (asymmetric.length > 0) pass("Auth publishes its signing keys (JWKS)");
    else throw new Error("no asymmetric key in it");
  } catch (error) {
    fail(
      "Auth publishes its signing keys (JWKS)",
      `${api}/auth/v1/.well-known/jwks.json: ${(error as Error).message}`,
      "Dashboard: Project Settings, JWT Keys: create an asymmetric (ECC P-256) key and rotate to it.",
    );
  }

  // 4. No secret key in any page or script.
  const files = await siteFiles(site, homeHtml, get);
  const leaks = files.filter((file) =>
    [...file.text.matchAll(KEY_LIKE)].some((match) => isSecretKey(match[0])),
  );
  if (leaks.length === 0) pass(`No secret key in the site's ${files.length} pages and scripts`);
  else
    fail(
      `No secret key in the site's ${files.length} pages and scripts`,
      `a secret key is in ${leaks.map((file) => file.path).join(", ")}`,
      "Remove the secret key from the host's environment variables, roll it (Dashboard: Project Settings, API Keys) and redeploy.",
    );

  // 5. Every function is deployed and answers its preflight.
  const missing: string[] = [];
  for (const name of options.functions) {
    try {
      const response = await get(`${api}/functions/v1/${name}`, {
        method: "OPTIONS",
        headers: {
          origin: new URL(site).origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "authorization, apikey, content-type",
        },
      });
      await response.body?.cancel();
      if (!response.ok || !response.headers.get("access-control-allow-origin"))
        missing.push(`${name} (HTTP ${response.status})`);
    } catch (error) {
      missing.push(`${name} (${(error as Error).message})`);
    }
  }
  if (missing.length === 0)
    pass(`Every function is deployed and answers its preflight (${options.functions.join(", ")})`);
  else
    fail(
      "Every function is deployed and answers its preflight",
      `not answering: ${missing.join(", ")}`,
      `${SUPABASE} functions deploy ${missing.map((m) => m.split(" ")[0]).join(" ")} --no-verify-jwt --use-api --yes`,
    );

  // 6. The build's reports, the caching rules and the admin's paths.
  if (info.reporting === "accepted") pass("The build's token matches the publish function's");
  else
    fail(
      "The build's token matches the publish function's",
      info.reporting === "refused"
        ? "the publish function refused the live build's report: the two PUBLISH_BUILD_TOKEN values differ"
        : info.reporting === "unreachable"
          ? "the live build could not reach the publish function"
          : "the live build did not report (no PUBLISH_BUILD_TOKEN on the host's production builds)",
      `Set one long random value as PUBLISH_BUILD_TOKEN in both places (${SUPABASE} secrets set --yes PUBLISH_BUILD_TOKEN=...; the host's Production environment variables), then redeploy.`,
    );
  if (/no-cache|no-store|max-age=0\b/.test(infoCache))
    pass("/build-info.json is never served from a cache");
  else
    fail(
      "/build-info.json is never served from a cache",
      `Cache-Control: ${infoCache || "(none)"}`,
      "`public/_headers` must reach the published folder unchanged (its /build-info.json rule says Cache-Control: no-cache); on Netlify check no [[headers]] rule in netlify.toml overrides it.",
    );
  const asset = /(?:src|href)="(\/_astro\/[^"]+)"/.exec(homeHtml)?.[1];
  const assetCache = asset
    ? ((await get(`${site}${asset}`)).headers.get("cache-control") ?? "")
    : "";
  if (/max-age=31536000/.test(assetCache) && /immutable/.test(assetCache))
    pass("/_astro/* is cached for a year");
  else
    fail(
      "/_astro/* is cached for a year",
      asset
        ? `${asset}: Cache-Control: ${assetCache || "(none)"}`
        : "the home page links no /_astro/ file",
      "`public/_headers` must reach the published folder unchanged (its /_astro/* rule).",
    );
  const notAdmin: string[] = [];
  for (const path of ADMIN_PATHS) {
    const response = await get(`${site}${path}`);
    const text = await response.text();
    if (!response.ok || !text.includes(ADMIN_MARK))
      notAdmin.push(`${path} (HTTP ${response.status})`);
  }
  if (notAdmin.length === 0) pass("Every admin path reaches the admin app");
  else
    fail(
      "Every admin path reaches the admin app",
      `not the admin app: ${notAdmin.join(", ")}`,
      "`public/_redirects` must reach the published folder (its rule `/admin/*  /admin/  200`).",
    );

  // 7. The donate page: no sample details on a real site.
  const samplesAllowed = options.samplesAllowed ?? isLocalDemo(api);
  const donate = await (await get(`${site}/donate/`)).text();
  const marks = sampleMarks();
  const found = marks.filter((mark) => donate.includes(mark));
  if (found.length === 0) pass("The donate page holds no sample payment details");
  else if (samplesAllowed)
    pass(
      "The donate page holds no sample payment details",
      "it shows the local stack's demo details, as it should here",
    );
  else
    fail(
      "The donate page holds no sample payment details",
      `it shows ${found.join(", ")}`,
      "Admin, Donate: replace the sample QR code and bank account with the charity's own; the site republishes.",
    );

  // 8. With an administrator's session: the function's secrets, the database's jobs.
  const session = await signIn(api, key, options.admin, get).catch((error: Error) => error);
  if (session instanceof Error) {
    for (const name of [SESSION_SIGNED, ...FUNCTION_CHECKS, ...DATABASE_CHECKS])
      fail(
        name,
        `needs an administrator's session: ${session.message}`,
        "Run again with DOCTOR_EMAIL and DOCTOR_PASSWORD (or DOCTOR_ACCESS_TOKEN) of an administrator, or answer the prompt.",
      );
  } else {
    const authHeaders = { ...apiHeaders, authorization: `Bearer ${session}` };
    const header = JSON.parse(
      Buffer.from(session.split(".")[0] ?? "", "base64url").toString("utf8") || "{}",
    ) as { alg?: string; kid?: string };
    if (header.alg && header.alg !== "HS256" && header.kid && jwksKids.has(header.kid))
      pass(SESSION_SIGNED, header.alg);
    else
      fail(
        SESSION_SIGNED,
        `the session is signed with ${header.alg ?? "an unknown algorithm"}${header.kid && !jwksKids.has(header.kid) ? " by a key the JWKS does not list" : ""}`,
        "Dashboard: Project Settings, JWT Keys: rotate to the asymmetric key (signed-in admins stay signed in).",
      );
    const health = await postJson<PublishHealth>(
      `${api}/functions/v1/publish`,
      { action: "health" },
      authHeaders,
      get,
    ).catch((error: Error) => error);
    if (health instanceof Error) {
      for (const name of FUNCTION_CHECKS)
        fail(
          name,
          `the publish function's health: ${health.message}`,
          `${SUPABASE} functions deploy publish --no-verify-jwt --use-api --yes`,
        );
    } else {
      if (health.deployHook) pass(HAS_HOOK);
      else
        fail(
          HAS_HOOK,
          "DEPLOY_HOOK_URL is not set: saves never reach the site",
          `Create a build hook (Netlify: Project configuration, Build & deploy, Build hooks; Cloudflare Pages: Settings, Builds, Deploy hooks), then ${SUPABASE} secrets set --yes DEPLOY_HOOK_URL=<its URL>`,
        );
      if (health.buildToken) pass(HAS_TOKEN);
      else
        fail(
          HAS_TOKEN,
          "PUBLISH_BUILD_TOKEN is not set: every build's report is refused",
          `${SUPABASE} secrets set --yes PUBLISH_BUILD_TOKEN=<the value the host's production builds have>`,
        );
      if (health.notifySecret) pass(NOTICES_SIGNED);
      else if (/cloudflare/i.test(home.headers.get("server") ?? ""))
        pass(NOTICES_SIGNED, "Cloudflare Pages sends none; publishing follows the build's reports");
      else
        fail(
          NOTICES_SIGNED,
          "NETLIFY_NOTIFY_SECRET is not set: the host's own word on a deploy is refused",
          `Netlify: Project configuration, Notifications, Deploy notifications: two "HTTP POST request" notifications (Deploy succeeded, Deploy failed) to ${api}/functions/v1/publish with one JWS secret token; then ${SUPABASE} secrets set --yes NETLIFY_NOTIFY_SECRET=<that token>`,
        );
      if (health.mail) pass(MAIL_READY);
      else
        fail(
          MAIL_READY,
          health.mailProblem ?? "no mail service",
          `${SUPABASE} secrets set --yes RESEND_API_KEY=re_... MAIL_FROM='<Charity> <alerts@your.domain>' (or SMTP_HOST, SMTP_PORT=465, SMTP_USER, SMTP_PASS and MAIL_FROM)`,
        );
    }
    const db = await postJson<DatabaseHealth>(
      `${api}/rest/v1/rpc/deployment_health`,
      {},
      authHeaders,
      get,
    ).catch((error: Error) => error);
    if (db instanceof Error) {
      for (const name of DATABASE_CHECKS)
        fail(
          name,
          `deployment_health(): ${db.message}`,
          `${SUPABASE} db push --remote --yes (the migrations are behind)`,
        );
    } else {
      const lacking = [
        db.pg_net ? "" : "the pg_net extension",
        db.vault_project_url ? "" : "the Vault secret project_url",
        db.vault_secret_key ? "" : "the Vault secret secret_key",
        db.alerts_job ? "" : "the cron job deliver-alerts",
      ].filter(Boolean);
      if (lacking.length === 0 && db.alerts_waiting === 0) pass(ALERTS_DELIVERED);
      else
        fail(
          ALERTS_DELIVERED,
          lacking.length > 0
            ? `missing: ${lacking.join(", ")}`
            : `${db.alerts_waiting} alert(s) have waited undelivered for over ten minutes`,
          lacking.length > 0
            ? "Dashboard, SQL Editor: run README's \"Alerts on a hosted project\" SQL (create extension pg_net, vault.create_secret for project_url and secret_key, cron.schedule('deliver-alerts', ...))."
            : "select * from net._http_response order by created desc limit 5 (SQL Editor) shows the alerts function's answers; check its mail secrets.",
        );
      if (db.purge_job) pass(PURGE_SCHEDULED);
      else
        fail(
          PURGE_SCHEDULED,
          db.pg_cron ? "no cron job purge-trash" : "pg_cron is not enabled",
          "Dashboard: Integrations, Cron: enable it; then SQL Editor: README's cron.schedule('purge-trash', '17 3 * * *', ...).",
        );
    }
  }

  // 9. Is the live site up to date?
  try {
    const response = await get(`${api}/rest/v1/content_revision?select=revision`, {
      headers: apiHeaders,
    });
    const rows = (await response.json()) as { revision: number }[];
    const latest = rows[0]?.revision;
    if (typeof latest !== "number") throw new Error(`HTTP ${response.status}`);
    if (latest === info.revision)
      pass("The live site shows the latest saved content", `revision ${latest}`);
    else
      fail(
        "The live site shows the latest saved content",
        latest > info.revision
          ? `the site shows revision ${info.revision}; the database is at ${latest} (${latest - info.revision} save(s) behind)`
          : `the site shows revision ${info.revision}, ahead of the database's ${latest}: it was built from another project`,
        "Admin: the status in the header says whether a publish is under way; else trigger the host's build hook (or fix the lines above that stop publishing).",
      );
  } catch (error) {
    fail(
      "The live site shows the latest saved content",
      `content_revision: ${(error as Error).message}`,
      `${SUPABASE} db push --remote --yes`,
    );
  }
  return checks;
}

async function postJson<T>(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  get: (url: string, init?: RequestInit) => Promise<Response>,
): Promise<T> {
  const response = await get(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** An access token for the administrator, or an error saying why there is none. */
async function signIn(
  api: string,
  key: string,
  admin: AdminLogin | undefined,
  get: (url: string, init?: RequestInit) => Promise<Response>,
): Promise<string> {
  if (!admin) throw new Error("none given");
  if ("accessToken" in admin) return admin.accessToken;
  const response = await get(`${api}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: key, "content-type": "application/json" },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  const body = (await response.json()) as {
    access_token?: string;
    msg?: string;
    error_description?: string;
  };
  if (!response.ok || !body.access_token)
    throw new Error(
      `signing in as ${admin.email} failed: ${body.msg ?? body.error_description ?? response.status}`,
    );
  return body.access_token;
}

/** The site's pages (from its sitemap, and the admin's shell) and every script they load. */
async function siteFiles(
  site: string,
  homeHtml: string,
  get: (url: string, init?: RequestInit) => Promise<Response>,
): Promise<{ path: string; text: string }[]> {
  const pages = new Set<string>(["/", "/admin/", "/donate/"]);
  try {
    const index = await (await get(`${site}/sitemap-index.xml`)).text();
    for (const sitemap of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const xml = await (await get(`${site}${new URL(sitemap[1] ?? "").pathname}`)).text();
      for (const loc of xml.matchAll(/<loc>([^<]+)<\/loc>/g))
        pages.add(new URL(loc[1] ?? "").pathname);
    }
  } catch {
    // No sitemap: the pages above and their scripts.
  }
  const files: { path: string; text: string }[] = [];
  const seen = new Set<string>();
  const queue = [...pages];
  while (queue.length > 0 && files.length < MAX_FILES) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    seen.add(path);
    const text =
      path === "/" ? homeHtml : await (await get(`${site}${path}`)).text().catch(() => "");
    files.push({ path, text });
    const base = new URL(path, `${site}/`);
    for (const match of text.matchAll(/["'`]((?:\/|\.{1,2}\/)[^"'`\s]*?\.m?js)["'`]/g)) {
      const target = new URL(match[1] ?? "", base);
      if (target.origin === new URL(site).origin && target.pathname.startsWith("/_astro/"))
        queue.push(target.pathname);
    }
  }
  return files;
}
