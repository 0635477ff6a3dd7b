// Edge Functions as the product calls them: supabase-js `functions.invoke` against the
// stand-in, which runs the fixture functions in tests/fixtures/functions in real Deno.
// The fixtures are not deployed to a real project, so this suite runs on the embedded
// stack only.
import { join } from "node:path";
import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTED_FUNCTION_ENV } from "../fixtures/functions/hosted-env.ts";
import {
  accessToken,
  anonClient,
  embeddedOnly,
  REAL_PROJECT,
  signedInUser,
  startTestStack,
  type TestStack,
} from "./stack.ts";

const fixtures = join(import.meta.dirname, "..", "fixtures", "functions");

interface Echo {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string | null>;
  body: string;
  env: string[];
  supabaseUrl: string;
  secret: string;
  pid: number;
}

let stack: TestStack;
let anon: SupabaseClient;
let closed = false;
/** Every function process the suite saw, to check close() took them all down. */
const pids = new Set<number>();

async function timed<T>(call: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
}

async function echo(
  client: SupabaseClient,
  options: Parameters<SupabaseClient["functions"]["invoke"]>[1] = {},
) {
  const { data, error } = await client.functions.invoke<Echo>("echo", options);
  expect(error).toBeNull();
  if (data) pids.add(data.pid);
  return data as Echo;
}

describe.skipIf(REAL_PROJECT)(
  `functions ${embeddedOnly("the fixture functions are not deployed")}`,
  () => {
    beforeAll(async () => {
      stack = await startTestStack({
        functionsDir: fixtures,
        functionSecrets: { DEPLOY_HOOK_URL: "x" },
      });
      anon = anonClient(stack);
    }, 60_000);

    afterAll(async () => {
      if (!closed) await stack.close();
    });

    it("round-trips an invoke: body, method, Authorization, and a cold then warm start", async () => {
      const cold = await timed(() => echo(anon, { body: { hello: "wörld", n: [1, 2] } }));
      const data = cold.result;
      expect(data.method).toBe("POST");
      expect(data.path).toBe("/echo");
      expect(JSON.parse(data.body)).toEqual({ hello: "wörld", n: [1, 2] });
      expect(data.headers["content-type"]).toBe("application/json");
      // supabase-js sends a legacy key as a bearer token too, but a new key (no JWT) only
      // as the apikey.
      expect(data.headers.authorization).toBe(
        stack.mode === "new" ? null : `Bearer ${stack.publishableKey}`,
      );
      expect(data.headers.apikey).toBe(stack.publishableKey);
      expect(data.headers["x-client-info"]).toMatch(/^supabase-js/);

      const warm = await timed(() => echo(anon, { body: "again" }));
      expect(warm.result.pid).toBe(data.pid);
      expect(warm.result.body).toBe("again");
      expect(warm.ms).toBeLessThan(500);
      console.info(`echo: cold ${cold.ms.toFixed(0)} ms, warm ${warm.ms.toFixed(1)} ms`);
    });

    it("passes other methods, custom headers and the query string", async () => {
      const data = await echo(anon, {
        method: "GET",
        headers: { "x-custom": "yes" },
      });
      expect(data.method).toBe("GET");
      expect(data.body).toBe("");
      expect(data.headers["x-custom"]).toBe("yes");

      const { data: deleted } = await anon.functions.invoke<Echo>("echo/items/7?draft=1", {
        method: "DELETE",
      });
      expect(deleted?.method).toBe("DELETE");
      expect(deleted?.path).toBe("/echo/items/7");
      expect(deleted?.query).toBe("?draft=1");
    });

    it("gives the function the hosted environment and the secrets, and nothing of Node's", async () => {
      const data = await echo(anon);
      expect(data.supabaseUrl).toBe(stack.url);
      expect(data.secret).toBe("x");
      expect(data.env).toEqual(HOSTED_FUNCTION_ENV);
      for (const name of ["HOME", "PATH", "PWD", "USER", "NODE_OPTIONS", "VITEST", "DENO_DIR"]) {
        expect(data.env).not.toContain(name);
      }
      const leaked = Object.keys(process.env).filter(
        (name) => data.env.includes(name) && !name.startsWith("SUPABASE_"),
      );
      expect(leaked).toEqual([]);
    });

    it("surfaces a thrown error as FunctionsHttpError with status 500", async () => {
      const { data, error } = await anon.functions.invoke("boom", { body: {} });
      expect(data).toBeNull();
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(500);
      expect(await response.text()).toBe("Internal Server Error");
    });

    it("answers 404 NOT_FOUND for a function that does not exist", async () => {
      const { error } = await anon.functions.invoke("does-not-exist", { body: {} });
      expect(error).toBeInstanceOf(FunctionsHttpError);
      const response = (error as FunctionsHttpError).context as Response;
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        code: "NOT_FOUND",
        message: "Requested function was not found",
      });
    });

    describe("verify_jwt", () => {
      it("refuses a forged token with 401 Invalid JWT", async () => {
        const user = await signedInUser(stack);
        const token = await accessToken(user);
        const [header, payload] = token.split(".");
        const forged = `${header}.${payload}.${"A".repeat(43)}`;
        const response = await fetch(`${stack.url}/functions/v1/guarded`, {
          method: "POST",
          headers: { apikey: stack.publishableKey, authorization: `Bearer ${forged}` },
        });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ code: 401, message: "Invalid JWT" });
      });

      it("refuses a call without Authorization", async () => {
        const response = await fetch(`${stack.url}/functions/v1/guarded`, {
          method: "POST",
          headers: { apikey: stack.publishableKey },
        });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          code: 401,
          message: "Missing authorization header",
        });
      });

      it("takes only tokens signed with the legacy JWT secret", async () => {
        const user = await signedInUser(stack);
        const session = await accessToken(user);
        const call = (token: string) =>
          fetch(`${stack.url}/functions/v1/guarded`, {
            method: "POST",
            headers: { apikey: stack.publishableKey, authorization: `Bearer ${token}` },
          });
        if (stack.mode === "legacy") {
          expect((await call(stack.publishableKey)).status).toBe(200);
          expect((await call(session)).status).toBe(200);
          return;
        }
        // New keys: the legacy anon JWT still passes while the legacy secret verifies;
        // the user's ES256 session and the `sb_` keys never do.
        expect((await call(stack.keys?.anonKey ?? "")).status).toBe(200);
        for (const token of [session, stack.publishableKey, stack.secretKey]) {
          const response = await call(token);
          expect(response.status).toBe(401);
          expect(await response.json()).toEqual({ code: 401, message: "Invalid JWT" });
        }
      });

      it("lets anyone call a verify_jwt = false function", async () => {
        const response = await fetch(`${stack.url}/functions/v1/verify-off`, { method: "POST" });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ ok: true, authorization: null });
      });
    });

    it("runs npm:@supabase/supabase-js inside the function, calling back into the stand-in", async () => {
      const { data, error } = await anon.functions.invoke<{ revision: number; pid: number }>(
        "read-revision",
      );
      expect(error).toBeNull();
      if (data) pids.add(data.pid);
      const { data: row } = await anon.from("content_revision").select("revision").single();
      expect(data?.revision).toBe(row?.revision);
    });

    it("close() leaves no function process behind", async () => {
      const crash = await anon.functions.invoke<{ pid: number }>("crash");
      if (crash.data) pids.add(crash.data.pid);
      expect(pids.size).toBeGreaterThanOrEqual(3);
      closed = true;
      await stack.close();
      const alive = [...pids].filter((pid) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      });
      expect(alive).toEqual([]);
    });
  },
);
