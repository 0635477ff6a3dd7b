// The /functions/v1 router on its own: fixture functions in real Deno processes, driven
// through app.request(). The supabase-js view of the same lives in
// tests/contract/functions.test.ts.
import { join } from "node:path";
import type { PGliteInterface } from "@electric-sql/pglite";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOSTED_FUNCTION_ENV } from "../../../tests/fixtures/functions/hosted-env.ts";
import type { StandInContext } from "../context.ts";
import { ephemeralKeys, type ProjectKeys, signJwt, signSession } from "../keys.ts";
import { functionRoutes, MAX_FUNCTION_BODY_BYTES } from "./index.ts";

const fixtures = join(import.meta.dirname, "..", "..", "..", "tests", "fixtures", "functions");
const PUBLIC_URL = "http://127.0.0.1:54321";

interface Echo {
  method: string;
  url: string;
  path: string;
  query: string;
  headers: Record<string, string | null>;
  body: string;
  env: string[];
  supabaseUrl: string;
  secret: string;
  platform: { publishableKeys: string; secretKeys: string; jwks: string };
  permissions: Record<string, string>;
  pid: number;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether the process is gone within `ms` (the system reaps an exited one soon, not at once). */
async function goneWithin(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

async function routes(keys: ProjectKeys, secrets: Record<string, string> = {}) {
  const ctx: StandInContext = {
    db: {} as PGliteInterface, // the functions router never touches the database
    keys,
    publicUrl: PUBLIC_URL,
    storageDir: "/nonexistent",
    functionsDir: fixtures,
    functionSecrets: secrets,
  };
  const functions = functionRoutes(ctx);
  const app = new Hono().route("/functions/v1", functions.app);
  return { app, close: functions.close };
}

let keys: ProjectKeys;
let app: Hono;
let close: () => Promise<void>;
const anon = () => ({ authorization: `Bearer ${keys.anonKey}` });

beforeAll(async () => {
  keys = await ephemeralKeys();
  ({ app, close } = await routes(keys, {
    DEPLOY_HOOK_URL: "https://hooks.example/deploy",
    SUPABASE_URL: "https://not-allowed.example",
  }));
});

afterAll(async () => {
  await close();
});

describe("routing and proxying", () => {
  it("passes method, sub-path, query, headers and body through", async () => {
    const res = await app.request("/functions/v1/echo/items/42?a=b%20c&x=%2F", {
      method: "PUT",
      headers: { ...anon(), "content-type": "text/plain", "x-custom": "kept" },
      body: "héllo",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-fixture")).toBe("echo");
    const echo = (await res.json()) as Echo;
    expect(echo.method).toBe("PUT");
    expect(echo.path).toBe("/echo/items/42");
    expect(echo.query).toBe("?a=b%20c&x=%2F");
    expect(echo.body).toBe("héllo");
    expect(echo.headers["x-custom"]).toBe("kept");
    expect(echo.headers["content-type"]).toBe("text/plain");
    expect(echo.headers.authorization).toBe(`Bearer ${keys.anonKey}`);
  });

  it("keeps the function's status and repeated headers", async () => {
    const res = await app.request("/functions/v1/echo?cookies&status=418", { headers: anon() });
    expect(res.status).toBe(418);
    expect(res.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await res.text()).toBe("two cookies");
  });

  it("streams the answer as the function writes it", async () => {
    // The function writes three lines 300 ms apart, each stamped with when it
    // was written: the first must reach us before the last was even written.
    // (Both processes read the same clock.)
    const res = await app.request("/functions/v1/echo?stream=300", { headers: anon() });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    const first = decoder.decode((await reader.read()).value);
    const firstReceivedAt = Date.now();
    let text = first;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    const lines = text
      .trim()
      .split("\n")
      .map((line) => line.split(" "));
    expect(lines.map(([word]) => word)).toEqual(["one", "two", "three"]);
    expect(first.startsWith("one ")).toBe(true);
    const lastWrittenAt = Number(lines[2]?.[1]);
    expect(firstReceivedAt).toBeLessThan(lastWrittenAt);
  });

  it("lets the function answer its own OPTIONS, without a JWT", async () => {
    const res = await app.request("/functions/v1/guarded", { method: "OPTIONS" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).method).toBe("OPTIONS");
  });

  it("answers 404 for unknown, disabled and non-function names", async () => {
    for (const path of [
      "/functions/v1/nope",
      "/functions/v1/Echo",
      "/functions/v1/_shared",
      "/functions/v1/..%2Fecho",
      "/functions/v1/disabled",
      "/functions/v1/",
    ]) {
      const res = await app.request(path, { headers: anon() });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({
        code: "NOT_FOUND",
        message: "Requested function was not found",
      });
    }
  });
});

describe("environment and permissions", () => {
  it("gives the hosted variables and the secrets, and nothing else", async () => {
    const echo = (await (
      await app.request("/functions/v1/echo", { headers: anon() })
    ).json()) as Echo;
    expect(echo.env).toEqual(HOSTED_FUNCTION_ENV);
    // The new keys as named sets, and the JWKS with the public signing key only.
    expect(JSON.parse(echo.platform.publishableKeys)).toEqual({ default: keys.publishableKey });
    expect(JSON.parse(echo.platform.secretKeys)).toEqual({ default: keys.secretKey });
    const jwks = JSON.parse(echo.platform.jwks) as { keys: Record<string, unknown>[] };
    const current = keys.signingKeys.find((key) => key.status === "current");
    expect(jwks.keys.map((key) => key.kid)).toEqual([current?.kid]);
    expect(jwks.keys[0]).not.toHaveProperty("d");
    // A secret may not shadow a name the platform sets.
    expect(echo.supabaseUrl).toBe(PUBLIC_URL);
    expect(echo.secret).toBe("https://hooks.example/deploy");
  });

  it("grants net, env and read of the functions only", async () => {
    const echo = (await (
      await app.request("/functions/v1/echo", { headers: anon() })
    ).json()) as Echo;
    expect(echo.permissions.write).not.toBe("granted");
    expect(echo.permissions.run).not.toBe("granted");
    expect(echo.permissions.readEtc).not.toBe("granted");
  });
});

describe("verify_jwt", () => {
  const post = (name: string, headers: Record<string, string>) =>
    app.request(`/functions/v1/${name}`, { method: "POST", headers, body: "{}" });

  it("refuses a missing Authorization header", async () => {
    const res = await post("guarded", {});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 401, message: "Missing authorization header" });
  });

  it("refuses forged, expired and non-bearer tokens", async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = await signJwt({ role: "service_role" }, "not-the-project-secret-0123456789");
    const expired = await signJwt({ role: "anon", exp: now - 3600 }, keys.jwtSecret);
    for (const authorization of [
      `Bearer ${forged}`,
      `Bearer ${expired}`,
      "Bearer not-a-jwt",
      `Basic ${keys.anonKey}`,
    ]) {
      const res = await post("guarded", { authorization });
      expect(res.status, authorization).toBe(401);
      expect(await res.json()).toEqual({ code: 401, message: "Invalid JWT" });
    }
  });

  it("accepts any token signed with the legacy secret: anon, service role, a user", async () => {
    const user = await signJwt(
      { role: "authenticated", sub: "u1", exp: Math.floor(Date.now() / 1000) + 60 },
      keys.jwtSecret,
    );
    for (const token of [keys.anonKey, keys.serviceRoleKey, user]) {
      expect((await post("guarded", { authorization: `Bearer ${token}` })).status).toBe(200);
    }
  });

  it("knows only the legacy secret: ES256 sessions and new API keys are refused", async () => {
    const session = await signSession(
      { role: "authenticated", sub: "u1", exp: Math.floor(Date.now() / 1000) + 60 },
      keys,
    );
    for (const token of [session, keys.publishableKey, keys.secretKey]) {
      const res = await post("guarded", { authorization: `Bearer ${token}` });
      expect(res.status, token.slice(0, 20)).toBe(401);
      expect(await res.json()).toEqual({ code: 401, message: "Invalid JWT" });
    }
  });

  it("is skipped for functions with verify_jwt = false", async () => {
    const res = await post("verify-off", {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, authorization: null });
  });
});

describe("failures", () => {
  it("a handler that throws gets the runtime's 500", async () => {
    const res = await app.request("/functions/v1/boom", { headers: anon() });
    expect(res.status).toBe(500);
    expect(await res.text()).toBe("Internal Server Error");
  });

  it("a function that fails to boot gets 503 BOOT_ERROR with the reason, every time", async () => {
    for (const name of ["broken", "broken", "no-serve"]) {
      const res = await app.request(`/functions/v1/${name}`, { headers: anon() });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { code: string; message: string; details: string };
      expect(body.code).toBe("BOOT_ERROR");
      expect(body.message).toBe("Function failed to start (please check logs)");
      expect(body.details).toMatch(
        name === "broken" ? /fails at boot/ : /without calling Deno\.serve/,
      );
    }
  });

  it("a process that dies mid-request gets 500 WORKER_ERROR and is restarted", async () => {
    const before = (await (
      await app.request("/functions/v1/crash", { headers: anon() })
    ).json()) as {
      pid: number;
    };
    const crashed = await app.request("/functions/v1/crash?exit", { headers: anon() });
    expect(crashed.status).toBe(500);
    expect(((await crashed.json()) as { code: string }).code).toBe("WORKER_ERROR");
    const after = (await (
      await app.request("/functions/v1/crash", { headers: anon() })
    ).json()) as {
      pid: number;
    };
    expect(after.pid).not.toBe(before.pid);
    expect(await goneWithin(before.pid, 5000)).toBe(true);
  });
});

describe("body limit", () => {
  it("passes a body of exactly the limit", async () => {
    const res = await app.request("/functions/v1/echo?size", {
      method: "POST",
      headers: anon(),
      body: new Uint8Array(MAX_FUNCTION_BODY_BYTES),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Echo).body).toBe(`${MAX_FUNCTION_BODY_BYTES} bytes`);
  });

  it("refuses a declared length over the limit with 413", async () => {
    const res = await app.request("/functions/v1/echo", {
      method: "POST",
      headers: { ...anon(), "content-length": String(MAX_FUNCTION_BODY_BYTES + 1) },
      body: "x",
    });
    expect(res.status).toBe(413);
  });

  it("refuses a streamed body that grows over the limit with 413", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_FUNCTION_BODY_BYTES) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await app.request(
      new Request("http://localhost/functions/v1/echo?size", {
        method: "POST",
        headers: anon(),
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
  });
});

describe("process lifecycle", () => {
  it("starts one process for concurrent first calls and reuses it", async () => {
    const fresh = await routes(keys);
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, async () => {
          const res = await fresh.app.request("/functions/v1/echo", { headers: anon() });
          return ((await res.json()) as Echo).pid;
        }),
      );
      expect(new Set(answers).size).toBe(1);
      const again = await fresh.app.request("/functions/v1/echo", { headers: anon() });
      expect(((await again.json()) as Echo).pid).toBe(answers[0]);
    } finally {
      await fresh.close();
    }
  });

  it("close() stops every process and refuses later calls", async () => {
    const fresh = await routes(keys);
    const pids: number[] = [];
    for (const name of ["echo", "crash"]) {
      const res = await fresh.app.request(`/functions/v1/${name}`, { headers: anon() });
      pids.push(((await res.json()) as { pid: number }).pid);
    }
    expect(pids.every(isAlive)).toBe(true);
    await fresh.close();
    expect(pids.filter(isAlive)).toEqual([]);
    const late = await fresh.app.request("/functions/v1/echo", { headers: anon() });
    expect(late.status).toBe(503);
    await fresh.close();
  });
});
