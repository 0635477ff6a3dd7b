// The stand-in for the Supabase HTTP APIs: one Hono app with /rest/v1, /auth/v1,
// /storage/v1 and /functions/v1, bound to 127.0.0.1 only.
import { createServer } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { authRoutes } from "./auth/index.ts";
import type { StandInContext } from "./context.ts";
import { functionRoutes } from "./functions/index.ts";
import { type HostedHooks, startHostedHooks } from "./hooks/index.ts";
import { apiKeys } from "./keys.ts";
import { restRoutes } from "./rest/routes.ts";
import { storageRoutes } from "./storage/index.ts";

// What the hosted gateway allows and exposes to browsers.
const ALLOWED_HEADERS = [
  "authorization",
  "x-client-info",
  "apikey",
  "content-type",
  "content-profile",
  "accept-profile",
  "prefer",
  "range",
  "range-unit",
  "x-upsert",
  "cache-control",
  "x-supabase-api-version",
  "x-region",
];
const EXPOSED_HEADERS = [
  "Content-Range",
  "Preference-Applied",
  "X-Supabase-Api-Version",
  "Content-Length",
  "Content-Profile",
  "Range-Unit",
  "ETag",
];

export interface StandIn {
  app: Hono;
  close(): Promise<void>;
}

export function createStandInApp(ctx: StandInContext): { app: Hono; close(): Promise<void> } {
  const app = new Hono();
  app.use(
    "*",
    cors({
      origin: (origin) => origin || "*",
      allowHeaders: ALLOWED_HEADERS,
      exposeHeaders: EXPOSED_HEADERS,
      allowMethods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"],
      credentials: true,
      maxAge: 86400,
    }),
  );
  const functions = functionRoutes(ctx);
  app.route("/rest/v1", restRoutes(ctx));
  app.route("/auth/v1", authRoutes(ctx));
  app.route("/storage/v1", storageRoutes(ctx));
  app.route("/functions/v1", functions.app);
  app.notFound((c) => c.json({ message: "no Route matched with those values" }, 404));
  app.onError((error, c) => {
    console.error("stand-in error:", error);
    return c.json({ message: "An unexpected error occurred" }, 500);
  });
  return { app, close: functions.close };
}

/** Asks the OS for a free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** Starts the stand-in on 127.0.0.1:port and resolves once it is listening. */
export async function startStandIn(
  ctx: Omit<StandInContext, "publicUrl">,
  port: number,
): Promise<StandIn & { url: string }> {
  const url = `http://127.0.0.1:${port}`;
  const { app, close } = createStandInApp({ ...ctx, publicUrl: url });
  let server: ServerType | undefined;
  await new Promise<void>((resolve, reject) => {
    server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve());
    server.once("error", reject);
  });
  // The database calls the functions (alerts) through the pg_net stand-in, as hosted.
  let hooks: HostedHooks | undefined;
  if (ctx.hostedHooks) {
    try {
      hooks = await startHostedHooks(ctx.db, {
        projectUrl: url,
        secretKey: apiKeys(ctx.keys).secret,
        cronSeconds: ctx.hostedHooks.cronSeconds,
      });
    } catch (error) {
      await close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      throw error;
    }
  }
  return {
    app,
    url,
    async close() {
      await hooks?.close();
      await close();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}
