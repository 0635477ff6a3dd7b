// /rest/v1: PostgREST as hosted Supabase runs it, on the embedded database. Every
// request runs in one transaction as the caller's role with their JWT claims (see
// transaction.ts), so the real RLS policies decide each outcome. What PostgREST does
// and the stand-in does not is refused out loud (501 STANDIN501, in PostgREST's error
// shape), never answered some other way.
import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { callerFrom, gatewayError, type StandInContext } from "../context.ts";
import { fromPgError, jwtError, notInStandIn, parseError, RestError, send } from "./errors.ts";
import { checkAccept, checkContentType, wantsNullsStripped, wantsObject } from "./media.ts";
import { checkPreferences, parsePrefer } from "./prefer.ts";
import { NotPlayedError, parseQuery, RestParseError } from "./query.ts";
import type { Env, Request } from "./request.ts";
import { rpc } from "./rpc.ts";
import { loadSchemaCache, type SchemaCache } from "./schema.ts";
import { insert, read, remove, update } from "./tables.ts";

const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/** Request headers that change what PostgREST answers, and the stand-in does not play. */
const NOT_PLAYED_HEADERS = new Map([
  ["range", "PostgREST pages the rows by the Range header (use limit and offset here)"],
]);

export function restRoutes(ctx: StandInContext): Hono<Env> {
  const app = new Hono<Env>();
  let cache: Promise<SchemaCache> | undefined;
  const schema = () => {
    cache ??= loadSchemaCache(ctx.db);
    return cache;
  };

  app.use(
    "*",
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: (c) => c.json({ message: "Request Entity Too Large" }, 413),
    }),
  );

  app.use("*", async (c, next) => {
    const resolved = await callerFrom(c, ctx.keys);
    if (!resolved.ok) return gatewayError(c, resolved.error) ?? send(c, jwtError(resolved.error));
    const profile = c.req.header("accept-profile") ?? c.req.header("content-profile");
    if (profile && profile !== "public") {
      return send(
        c,
        new RestError(406, {
          code: "PGRST106",
          message: `Invalid schema: ${profile}`,
          details: null,
          hint: "Only the following schemas are exposed: public",
        }),
      );
    }
    c.set("caller", resolved.caller);
    await next();
  });

  async function handle(
    c: Context<Env>,
    action: (req: Request) => Promise<Response>,
    options: { rpc?: boolean; body?: boolean } = {},
  ): Promise<Response> {
    const caller = c.get("caller");
    try {
      for (const [name, hosted] of NOT_PLAYED_HEADERS) {
        if (c.req.header(name) !== undefined)
          throw notInStandIn(`The ${name} request header`, hosted);
      }
      const cached = await schema();
      const rpcRead = options.rpc === true && c.req.method !== "POST";
      const req: Request = {
        ctx,
        c,
        caller,
        schema: cached,
        plan: parseQuery(new URL(c.req.url).searchParams, rpcRead),
        prefer: parsePrefer(c.req.header("prefer"), cached.timezones),
        singular: wantsObject(c.req.header("accept")),
        nullsStripped: wantsNullsStripped(c.req.header("accept")),
      };
      checkPreferences(req.prefer);
      checkAccept(c.req.header("accept"));
      if (options.body) checkContentType(c.req.header("content-type"), options.rpc === true);
      return await action(req);
    } catch (error) {
      if (error instanceof RestError) return send(c, error);
      if (error instanceof NotPlayedError) {
        return send(
          c,
          notInStandIn(error.feature, "PostgREST reads it as part of its query language"),
        );
      }
      if (error instanceof RestParseError) return send(c, parseError(error.message, error.details));
      return send(c, fromPgError(error, caller));
    }
  }

  const fn = (c: Context<Env>) => c.req.param("fn") ?? "";
  const table = (c: Context<Env>) => c.req.param("table") ?? "";
  app.post("/rpc/:fn", (c) => handle(c, (req) => rpc(req, fn(c)), { rpc: true, body: true }));
  app.on(["GET", "HEAD"], "/rpc/:fn", (c) => handle(c, (req) => rpc(req, fn(c)), { rpc: true }));
  app.on(["PUT", "PATCH", "DELETE"], "/rpc/:fn", (c) =>
    send(
      c,
      new RestError(405, {
        code: "PGRST101",
        message: `Cannot use the ${c.req.method} method on RPC`,
        details: null,
        hint: null,
      }),
    ),
  );
  app.get("/:table", (c) => handle(c, (req) => read(req, table(c), false)));
  app.on("HEAD", "/:table", (c) => handle(c, (req) => read(req, table(c), true)));
  app.post("/:table", (c) => handle(c, (req) => insert(req, table(c)), { body: true }));
  app.patch("/:table", (c) => handle(c, (req) => update(req, table(c)), { body: true }));
  app.delete("/:table", (c) => handle(c, (req) => remove(req, table(c))));
  app.put("/:table", (c) =>
    send(
      c,
      notInStandIn(
        "PUT (a single-row upsert)",
        "PostgREST inserts or replaces the row the filters name",
      ),
    ),
  );
  // The root, with or without its slash, is PostgREST's OpenAPI description; a deeper
  // path is no resource (404 PGRST125).
  app.all("/*", (c) => {
    const rest = new URL(c.req.url).pathname.replace(/^.*?\/rest\/v1/, "");
    if (rest === "" || rest === "/") {
      return send(
        c,
        notInStandIn(
          "The OpenAPI description at the root",
          "PostgREST describes the exposed schema",
        ),
      );
    }
    return send(
      c,
      new RestError(404, {
        code: "PGRST125",
        message: "Invalid path specified in request URL",
        details: null,
        hint: null,
      }),
    );
  });
  return app;
}
