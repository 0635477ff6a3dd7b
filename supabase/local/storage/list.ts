// POST /object/list/{bucket}: one folder level, folders first, as storage.search lists
// it, run as the caller so the RLS SELECT policies decide what shows.
import type { Context } from "hono";
import type { Caller, StandInContext } from "../context.ts";
import { bucketAndName, pathAfter } from "./paths.ts";
import { asCaller, searchObjects } from "./persistence.ts";
import { readJson } from "./request-body.ts";
import { listOptions } from "./validation.ts";

export async function list(ctx: StandInContext, c: Context, caller: Caller): Promise<Response> {
  const { bucketId } = bucketAndName(pathAfter(c, "list/"));
  const options = listOptions(await readJson(c));
  const rows = await searchObjects(ctx.db, asCaller(c, caller), bucketId, options);
  return c.json(rows, 200);
}
