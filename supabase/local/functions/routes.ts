// /functions/v1/<name>: runs <functionsDir>/<name>/index.ts in real Deno, as the hosted
// edge runtime does, behind the gateway's checks. This file only wires them together.
//
// Gateway answers, as hosted:
// - unknown or disabled function: 404 {"code":"NOT_FOUND","message":"Requested function was not found"}
// - verify_jwt refuses: 401 {"code":401,"message":"Missing authorization header"} or
//   {"code":401,"message":"Invalid JWT"} (validation.ts). OPTIONS is never checked.
// - the function fails to boot: 503 {"code":"BOOT_ERROR","message":"Function failed to start (please check logs)"}
// - the handler throws: Deno.serve's own answer, 500 "Internal Server Error" (or the
//   function's onError)
// - the process dies while answering: 500 {"code":"WORKER_ERROR",...}
// - no answer (not even its headers) within the request idle timeout (150 s, hosted's
//   "Request idle timeout", https://supabase.com/docs/guides/functions/limits):
//   504 {"code":"IDLE_TIMEOUT",...}
// Stand-in limits: request bodies over 10 MiB get 413.
import { resolve } from "node:path";
import { type Context, Hono } from "hono";
import type { StandInContext } from "../context.ts";
import { configError, NOT_FOUND, PAYLOAD_TOO_LARGE } from "./errors.ts";
import { type FunctionConfig, FunctionFiles } from "./persistence.ts";
import { WorkerPool } from "./pool.ts";
import { declaresTooLarge, jwtRefusal } from "./validation.ts";

/** How long a function may take to start answering a request (hosted: 150 s). */
const REQUEST_IDLE_TIMEOUT_MS = 150_000;

export interface FunctionRoutesOptions {
  /** How long a function may take to start answering (default REQUEST_IDLE_TIMEOUT_MS). */
  idleTimeoutMs?: number;
}

/** The function's path as it sees it: /<name>/<rest> (the gateway strips /functions/v1). */
function functionPath(c: Context): { name: string; path: string } {
  const url = new URL(c.req.url);
  const pathname = url.pathname.replace(/^\/functions\/v1(?=\/|$)/, "") || "/";
  return { name: pathname.split("/")[1] ?? "", path: `${pathname}${url.search}` };
}

export function functionRoutes(
  ctx: StandInContext,
  options: FunctionRoutesOptions = {},
): { app: Hono; close(): Promise<void> } {
  const functionsDir = resolve(ctx.functionsDir);
  const files = new FunctionFiles(functionsDir);
  const pool = new WorkerPool(ctx, functionsDir, options.idleTimeoutMs ?? REQUEST_IDLE_TIMEOUT_MS);

  const app = new Hono();
  app.all("*", async (c) => {
    const { name, path } = functionPath(c);
    const entry = await files.entry(name);
    if (!entry) return c.json(NOT_FOUND, 404);
    let config: FunctionConfig;
    try {
      config = await files.config(name);
    } catch (error) {
      return c.json(configError(error), 500);
    }
    if (!config.enabled) return c.json(NOT_FOUND, 404);
    if (config.verifyJwt && c.req.method !== "OPTIONS") {
      const refusal = await jwtRefusal(ctx.keys, c.req.header("authorization"));
      if (refusal) return c.json(refusal, 401);
    }
    if (declaresTooLarge(c)) return c.json(PAYLOAD_TOO_LARGE, 413);
    return pool.deliver(c, name, entry, path);
  });
  return { app, close: () => pool.close() };
}
