// Unit tests of Auth's emailed links that need settings or failures the contract suite
// cannot arrange: the project's hourly email budget (counted only while confirmations
// are on), the per-IP request limit, a mail server that is down, the settings read
// from config.toml, where links may lead, and the rate limiters themselves.
import { createServer } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../database.ts";
import { apiKeys, ephemeralKeys, type ProjectKeys } from "../keys.ts";
import { type MailCatcher, startMailCatcher } from "../mail/index.ts";
import {
  type AuthSettings,
  authSettingsFrom,
  durationMs,
  loadAuthSettings,
  withEnvOverrides,
} from "./config.ts";
import { authRoutes } from "./index.ts";
import { IntervalLimiter, KeyedBuckets } from "./limits.ts";
import { globToRegExp, isRedirectUrlValid, redirectRules } from "./redirects.ts";

const URL_BASE = "http://127.0.0.1:54321";
let db: PGlite;
let keys: ProjectKeys;
let catcher: MailCatcher;

beforeAll(async () => {
  db = await createDatabase();
  keys = await ephemeralKeys();
  catcher = await startMailCatcher();
}, 60_000);

afterAll(async () => {
  await catcher?.close();
  await db?.close();
});

function authApp(settings: Partial<AuthSettings>, smtpPort = catcher.smtpPort): Hono {
  const app = new Hono();
  app.route(
    "/auth/v1",
    authRoutes({
      db,
      keys,
      publicUrl: URL_BASE,
      storageDir: "/nonexistent",
      functionsDir: "/nonexistent",
      functionSecrets: {},
      authSmtp: { host: "127.0.0.1", port: smtpPort },
      authSettings: settings,
    }),
  );
  return app;
}

async function post(app: Hono, path: string, body: unknown, key = apiKeys(keys).publishable) {
  const res = await app.request(`${URL_BASE}/auth/v1${path}`, {
    method: "POST",
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
      "x-forwarded-for": "203.0.113.7",
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

let counter = 0;
async function newUser(app: Hono): Promise<string> {
  counter += 1;
  const email = `links-${counter}-${Date.now()}@helpinghands.example`;
  const secret = apiKeys(keys).secret;
  const created = await post(
    app,
    "/admin/users",
    { email, password: "a long enough password", email_confirm: true },
    secret,
  );
  expect(created.status).toBe(200);
  return email;
}

describe("the project's email budget", () => {
  it("is counted while email confirmations are on: past email_sent an hour, 429", async () => {
    const app = authApp({ mailerAutoconfirm: false, rateLimitEmailSent: 1 });
    expect((await post(app, "/recover", { email: await newUser(app) })).status).toBe(200);
    const over = await post(app, "/recover", { email: await newUser(app) });
    expect(over).toEqual({
      status: 429,
      json: { code: "over_email_send_rate_limit", message: "email rate limit exceeded" },
    });
  });

  it("is not counted while confirmations are off, as GoTrue has it", async () => {
    const app = authApp({ mailerAutoconfirm: true, rateLimitEmailSent: 1 });
    for (let i = 0; i < 3; i += 1) {
      expect((await post(app, "/recover", { email: await newUser(app) })).status).toBe(200);
    }
  });

  it("at 0 stops all mail", async () => {
    const app = authApp({ mailerAutoconfirm: true, rateLimitEmailSent: 0 });
    const refused = await post(app, "/recover", { email: await newUser(app) });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("over_email_send_rate_limit");
  });
});

describe("requests per IP", () => {
  it("/recover takes sign_in_sign_ups requests per 5 minutes after its burst", async () => {
    const app = authApp({});
    const email = "nobody-at-all@helpinghands.example";
    for (let i = 0; i < 30; i += 1) {
      expect((await post(app, "/recover", { email })).status).toBe(200);
    }
    expect(await post(app, "/recover", { email })).toEqual({
      status: 429,
      json: { code: "over_request_rate_limit", message: "Request rate limit reached" },
    });
  });
});

describe("PKCE parameters", () => {
  it("come in pairs, and the challenge is 43 to 128 URL-safe characters", async () => {
    const app = authApp({});
    const email = "pkce-nobody@helpinghands.example";
    const cases: [Record<string, string>, string][] = [
      [
        { code_challenge: "a".repeat(43) },
        "PKCE flow requires code_challenge_method and code_challenge",
      ],
      [
        { code_challenge_method: "s256" },
        "PKCE flow requires code_challenge_method and code_challenge",
      ],
      [
        { code_challenge: "short", code_challenge_method: "s256" },
        "code challenge has to be between 43 and 128 characters",
      ],
      [
        { code_challenge: `${"a".repeat(42)}!`, code_challenge_method: "s256" },
        "code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes",
      ],
    ];
    for (const [params, message] of cases) {
      expect(await post(app, "/recover", { email, ...params })).toEqual({
        status: 400,
        json: { code: "validation_failed", message },
      });
    }
  });
});

describe("a mail server that is down", () => {
  it("fails the request with 500 and leaves no link behind", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const port = (probe.address() as { port: number }).port;
        probe.close(() => resolve(port));
      });
    });
    const app = authApp({}, closed);
    const email = await newUser(app);
    const failed = await post(app, "/recover", { email });
    expect(failed).toEqual({
      status: 500,
      json: { code: "unexpected_failure", message: "Error sending recovery email" },
    });
    const { rows } = await db.query<{ recovery_sent_at: Date | null }>(
      "select recovery_sent_at from auth.users where email = $1",
      [email],
    );
    expect(rows[0]?.recovery_sent_at).toBeNull();
    const invited = await post(
      app,
      "/invite",
      {
        email: "never-created@helpinghands.example",
        data: { site_name: "Helping Hands", invited_by: "ana@helpinghands.example" },
      },
      apiKeys(keys).secret,
    );
    expect(invited.status).toBe(500);
    expect(invited.json.message).toBe("Error sending invite email");
    const nobody = await db.query("select 1 from auth.users where email = $1", [
      "never-created@helpinghands.example",
    ]);
    expect(nobody.rows).toHaveLength(0);
  });
});

describe("settings", () => {
  it("come from supabase/config.toml", () => {
    const settings = loadAuthSettings();
    expect(settings).toMatchObject({
      siteUrl: "http://127.0.0.1:4321",
      mailerAutoconfirm: true,
      emailMaxFrequencyMs: 60_000,
      emailOtpExpirySeconds: 3600,
      emailOtpLength: 6,
      rateLimitEmailSent: 30,
      rateLimitSignInSignUps: 30,
      rateLimitTokenVerifications: 30,
      sender: { address: "noreply@helpinghands.local", name: "Helping Hands Foundation" },
    });
    expect(loadAuthSettings({ siteUrl: "http://127.0.0.1:4399" }).siteUrl).toBe(
      "http://127.0.0.1:4399",
    );
  });

  it("fall back to hosted's defaults", () => {
    expect(authSettingsFrom({})).toMatchObject({
      emailMaxFrequencyMs: 60_000,
      emailOtpExpirySeconds: 3600,
      rateLimitEmailSent: 30,
    });
  });

  it("refuse the mail catcher's old section name, as the Supabase CLI does", () => {
    expect(() => authSettingsFrom({ inbucket: { admin_email: "a@example.org" } })).toThrow(
      "[inbucket] in supabase/config.toml is no longer supported. Use [local_smtp] instead.",
    );
    expect(
      authSettingsFrom({ local_smtp: { admin_email: "a@example.org", sender_name: "A" } }).sender,
    ).toEqual({ address: "a@example.org", name: "A" });
  });

  it("read Go durations", () => {
    expect(durationMs("60s")).toBe(60_000);
    expect(durationMs("1m30s")).toBe(90_000);
    expect(durationMs("500ms")).toBe(500);
    expect(() => durationMs("soon")).toThrow(/duration/);
  });
});

describe("where links may lead", () => {
  const settings = redirectRules({
    siteUrl: "https://helpinghands.example",
    additionalRedirectUrls: ["https://*.preview.example/**", "myapp://callback"],
  });

  it("anywhere on the site's host, to loopback addresses, and to the allowed globs", () => {
    for (const url of [
      "https://helpinghands.example/admin/reset-password",
      "http://127.0.0.1:9999/anything",
      "http://[::1]:3000/x",
      "https://branch.preview.example/admin/welcome",
      "myapp://callback",
    ]) {
      expect(isRedirectUrlValid(settings, url), url).toBe(true);
    }
  });

  it("nowhere else", () => {
    for (const url of [
      "",
      "https://evil.example/steal",
      "http://helpinghands.example/admin",
      "https://helpinghands.example:8443/admin",
      "https://a.b.preview.example/x",
      "http://2130706433/",
      "https://helpinghands.example.evil.example/",
      "not a url",
    ]) {
      expect(isRedirectUrlValid(settings, url), url).toBe(false);
    }
  });

  it("globs: * stops at . and /, ** does not, {a,b} and [...] choose", () => {
    expect(globToRegExp("https://*.x.org").test("https://a.x.org")).toBe(true);
    expect(globToRegExp("https://*.x.org").test("https://a.b.x.org")).toBe(false);
    expect(globToRegExp("https://x.org/**").test("https://x.org/a/b?c=d")).toBe(true);
    expect(globToRegExp("https://{a,b}.x.org").test("https://b.x.org")).toBe(true);
    expect(globToRegExp("https://[ab].x.org").test("https://c.x.org")).toBe(false);
    expect(globToRegExp("http://127.0.0.1:4321").test("http://127.0.0.1:4321/x")).toBe(false);
  });
});

describe("rate limiters", () => {
  it("the hourly budget counts in fixed windows from its start", () => {
    const limiter = new IntervalLimiter(2, 1000, 0);
    expect([limiter.allow(0), limiter.allow(10), limiter.allow(20)]).toEqual([true, true, false]);
    expect(limiter.allow(999)).toBe(false);
    expect(limiter.allow(1000)).toBe(true);
  });

  it("a bucket lets a burst through, then refills at its rate", () => {
    const buckets = new KeyedBuckets(30, 300_000, 3);
    expect([1, 2, 3, 4].map(() => buckets.allow("a", 0))).toEqual([true, true, true, false]);
    expect(buckets.allow("b", 0)).toBe(true);
    expect(buckets.allow("a", 9_999)).toBe(false);
    expect(buckets.allow("a", 10_000)).toBe(true);
  });
});

describe("the environment over config.toml, as the CLI reads it", () => {
  it("replaces the keys the file sets, each as its own type, and refuses a wrong one", () => {
    const file = { auth: { enable_signup: false, site_url: "x", jwt_expiry: 3600, urls: ["a"] } };
    expect(
      withEnvOverrides(file, {
        SUPABASE_AUTH_ENABLE_SIGNUP: "true",
        SUPABASE_AUTH_JWT_EXPIRY: "60",
        SUPABASE_AUTH_URLS: "https://a.example/**, https://b.example/**",
      }),
    ).toEqual({
      auth: {
        enable_signup: true,
        site_url: "x",
        jwt_expiry: 60,
        urls: ["https://a.example/**", "https://b.example/**"],
      },
    });
    expect(() => withEnvOverrides(file, { SUPABASE_AUTH_ENABLE_SIGNUP: "yes" })).toThrow(
      "SUPABASE_AUTH_ENABLE_SIGNUP must be true or false.",
    );
    expect(loadAuthSettings({}, { SUPABASE_AUTH_ENABLE_SIGNUP: "true" }).enableSignup).toBe(true);
    expect(loadAuthSettings({}, {}).enableSignup).toBe(false);
  });
});
