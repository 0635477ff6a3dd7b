// /storage/v1: the part of Supabase Storage that storage-js uses for this product
// (upload, update, remove, list, public and authenticated reads), on the embedded
// database and a folder of files. Every write runs the real storage.objects RLS
// policies as the caller. This file only wires the routes to their handlers.
import { type Context, Hono } from "hono";
import { type Caller, callerFrom, gatewayError, type StandInContext } from "../context.ts";
import { asOwner, withCaller } from "../transaction.ts";
import { ERRORS, errorAnswer, jwtError, send } from "./errors.ts";
import { sweepUploads } from "./files.ts";
import { list } from "./list.ts";
import { bucketAndName, pathAfter } from "./paths.ts";
import { asCaller, findBucket } from "./persistence.ts";
import { serve } from "./read.ts";
import { removeMany } from "./remove.ts";
import { upload } from "./upload.ts";

type Handler = (c: Context) => Promise<Response>;
type AuthedHandler = (c: Context, caller: Caller) => Promise<Response>;

/** A handler whose thrown errors become Storage's error answers. */
function guard(handler: Handler): Handler {
  return async (c) => {
    try {
      return await handler(c);
    } catch (error) {
      return errorAnswer(c, error);
    }
  };
}

/** A guarded handler for a caller with a known apikey and a valid token, if any. */
function authed(ctx: StandInContext, handler: AuthedHandler): Handler {
  return guard(async (c) => {
    const resolved = await callerFrom(c, ctx.keys);
    if (!resolved.ok) {
      return gatewayError(c, resolved.error) ?? send(c, jwtError(resolved.error));
    }
    return handler(c, resolved.caller);
  });
}

/** Public buckets are read by URL, without a key and without RLS. */
function publicRead(ctx: StandInContext): Handler {
  return guard(async (c) => {
    const { bucketId, name } = bucketAndName(pathAfter(c, "public/"));
    const bucket = await findBucket(ctx.db, bucketId);
    if (!bucket?.public) throw ERRORS.noSuchBucket();
    return serve(ctx, c, { bucketId: bucket.id, name }, (fn) => asOwner(ctx.db, fn));
  });
}

/** Authenticated reads: RLS SELECT decides. */
function authenticatedRead(ctx: StandInContext, prefix: string): Handler {
  return authed(ctx, async (c, caller) => {
    const { bucketId, name } = bucketAndName(pathAfter(c, prefix));
    const bucket = await findBucket(ctx.db, bucketId);
    if (!bucket) throw ERRORS.noSuchBucket();
    const as = asCaller(c, caller);
    return serve(ctx, c, { bucketId: bucket.id, name }, (fn) =>
      withCaller(ctx.db, as.caller, as.info, fn),
    );
  });
}

/** DELETE takes a bucket only: a deeper path is no route. */
function removeRoute(ctx: StandInContext): Handler {
  return authed(ctx, async (c, caller) => {
    if (pathAfter(c, "").includes("/")) return c.json({ message: "Route not found" }, 404);
    return removeMany(ctx, c, caller);
  });
}

export function storageRoutes(ctx: StandInContext): Hono {
  const app = new Hono();
  sweepUploads(ctx).catch(() => {});
  app.post(
    "/object/list/*",
    authed(ctx, (c, caller) => list(ctx, c, caller)),
  );
  app.post(
    "/object/*",
    authed(ctx, (c, caller) => upload(ctx, c, caller, c.req.header("x-upsert") === "true")),
  );
  app.put(
    "/object/*",
    authed(ctx, (c, caller) => upload(ctx, c, caller, true)),
  );
  app.delete("/object/*", removeRoute(ctx));
  app.get("/object/public/*", publicRead(ctx));
  app.get("/object/authenticated/*", authenticatedRead(ctx, "authenticated/"));
  app.get("/object/*", authenticatedRead(ctx, ""));
  return app;
}
