// /storage/v1: the part of Supabase Storage that storage-js uses for this product
// (upload, update, remove, list, public and authenticated reads), on the embedded
// database and a folder of files. Every write runs the real storage.objects RLS
// policies as the caller. Storage's other routes answer 501 (unsupported.ts). This
// file only wires the routes to their handlers.
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
import { refuseUnsupported, routeNotFound } from "./unsupported.ts";
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

// Order matters: Hono runs the first route that matches, where Storage's router
// prefers a fixed segment (/object/sign/...) to a bucket name (/object/:bucket/...).
// So the fixed routes come first, then the refusals, then the bucket-name routes.
export function storageRoutes(ctx: StandInContext): Hono {
  const app = new Hono();
  sweepUploads(ctx).catch(() => {});
  app.post(
    "/object/list/*",
    authed(ctx, (c, caller) => list(ctx, c, caller)),
  );
  app.get("/object/public/*", publicRead(ctx));
  app.get("/object/authenticated/*", authenticatedRead(ctx, "authenticated/"));
  refuseUnsupported(app);
  app.post(
    "/object/:path{.+}",
    authed(ctx, (c, caller) => upload(ctx, c, caller, c.req.header("x-upsert") === "true")),
  );
  app.put(
    "/object/:path{.+}",
    authed(ctx, (c, caller) => upload(ctx, c, caller, true)),
  );
  // A bucket only: a deeper path is deleting one object, refused above.
  app.delete(
    "/object/:bucket",
    authed(ctx, (c, caller) => removeMany(ctx, c, caller)),
  );
  app.get("/object/:path{.+}", authenticatedRead(ctx, ""));
  app.all("*", routeNotFound);
  return app;
}
