// What the /auth/v1 unit tests with a database of their own share (auth.test.ts,
// sessions.test.ts): a fresh database and keys, the routes mounted under /auth/v1 as
// the server mounts them, requests sent as supabase-js sends them, and users to sign in.
import type { PGlite } from "@electric-sql/pglite";
import { Hono } from "hono";
import { afterAll, beforeAll, expect } from "vitest";
import { createDatabase } from "../database.ts";
import { apiKeys, ephemeralKeys, type ProjectKeys } from "../keys.ts";
import { authRoutes } from "./index.ts";

export const URL_BASE = "http://127.0.0.1:54321";

export type Json = Record<string, unknown>;

/**
 * The test file's stand-in: its database, keys and app are there once its beforeAll has
 * run (registered here, with the afterAll that closes the database).
 */
export function authTestApp() {
  const stand = {} as { db: PGlite; keys: ProjectKeys; app: Hono };

  beforeAll(async () => {
    stand.db = await createDatabase();
    stand.keys = await ephemeralKeys();
    stand.app = new Hono();
    stand.app.route(
      "/auth/v1",
      authRoutes({
        db: stand.db,
        keys: stand.keys,
        publicUrl: URL_BASE,
        storageDir: "/nonexistent",
        functionsDir: "/nonexistent",
        functionSecrets: {},
      }),
    );
  }, 60_000);

  afterAll(async () => {
    await stand.db?.close();
  });

  async function call(
    method: string,
    path: string,
    options: {
      body?: unknown;
      raw?: string;
      token?: string;
      apikey?: string | null;
      version?: boolean;
    } = {},
  ) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    // supabase-js sends a new API key as both the apikey and the bearer.
    const keyToken = options.token?.startsWith("sb_") ? options.token : undefined;
    if (options.apikey !== null)
      headers.apikey = options.apikey ?? keyToken ?? apiKeys(stand.keys).publishable;
    headers.authorization = `Bearer ${options.token ?? apiKeys(stand.keys).publishable}`;
    if (options.version !== false) headers["x-supabase-api-version"] = "2024-01-01";
    const body =
      options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await stand.app.request(`${URL_BASE}/auth/v1${path}`, {
      method,
      headers,
      body,
    });
    const text = await response.text();
    let json: Json = {};
    try {
      json = text ? (JSON.parse(text) as Json) : {};
    } catch {}
    return { status: response.status, headers: response.headers, json, text };
  }

  let counter = 0;
  async function createUser(extra: Json = {}) {
    counter += 1;
    const email = `unit-${counter}-${Date.now()}@helpinghands.example`;
    const password = `correct horse ${counter}`;
    const created = await call("POST", "/admin/users", {
      token: apiKeys(stand.keys).secret,
      body: { email, password, email_confirm: true, ...extra },
    });
    expect(created.status).toBe(200);
    return { id: created.json.id as string, email, password };
  }

  async function signIn(email: string, password: string) {
    return call("POST", "/token?grant_type=password", { body: { email, password } });
  }

  return Object.assign(stand, { call, createUser, signIn });
}
