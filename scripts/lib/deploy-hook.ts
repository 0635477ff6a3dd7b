// The deploy hook, as a CDN offers one: a secret URL that starts a build when
// POSTed to. The publish Edge Function gets it as DEPLOY_HOOK_URL. The token is
// made once per data folder and kept in <dataDir>/hook.json.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono } from "hono";
import { type Listening, listen } from "./listen.ts";

/** A random secret kept in <dataDir>/<name> (hook.json by default), made on first use. */
export async function loadOrCreateHookToken(dataDir: string, name = "hook.json"): Promise<string> {
  const file = join(dataDir, name);
  try {
    const saved = JSON.parse(await readFile(file, "utf8")) as { token?: unknown };
    if (typeof saved.token === "string" && saved.token.length >= 32) return saved.token;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const token = randomBytes(24).toString("base64url");
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify({ token }, null, 2)}\n`, { mode: 0o600 });
  return token;
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface HookHandlers {
  token: string;
  /** Starts (or queues) a build; the answer does not wait for it. */
  trigger(): unknown;
  status(): unknown;
}

export function createHookApp(handlers: HookHandlers): Hono {
  const app = new Hono();
  // As a CDN's build hook: accepted at once with an empty body, whatever follows.
  app.post("/hooks/:token", (c) => {
    if (!sameToken(c.req.param("token"), handlers.token))
      return c.json({ message: "Not found" }, 404);
    void Promise.resolve()
      .then(() => handlers.trigger())
      .catch((error) => console.error("deploy hook:", error));
    return c.body(null, 200);
  });
  app.get("/status/:token", (c) =>
    sameToken(c.req.param("token"), handlers.token)
      ? c.json(handlers.status() as object, 200, { "cache-control": "no-store" })
      : c.json({ message: "Not found" }, 404),
  );
  app.notFound((c) => c.json({ message: "Not found" }, 404));
  return app;
}

export interface HookServer extends Listening {
  /** POST here to rebuild. */
  hookUrl: string;
  /** GET here for the rebuilder's status. */
  statusUrl: string;
}

/** Listens on 127.0.0.1 only: the hook is for processes on this machine. */
export async function startHookServer(handlers: HookHandlers, port: number): Promise<HookServer> {
  const listening = await listen(createHookApp(handlers), port, "127.0.0.1");
  const origin = `http://127.0.0.1:${listening.port}`;
  return {
    ...listening,
    hookUrl: `${origin}/hooks/${handlers.token}`,
    statusUrl: `${origin}/status/${handlers.token}`,
  };
}
