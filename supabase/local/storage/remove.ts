// DELETE /object/{bucket} {"prefixes": [...]}: removes the objects RLS lets the caller
// see and delete, rows and files together, and answers the removed rows. The files
// are moved aside inside the transaction and put back if it fails.
import { mkdir } from "node:fs/promises";
import type { Context } from "hono";
import type { Caller, StandInContext } from "../context.ts";
import { fromDbError } from "./errors.ts";
import { emptyTrash, moveToTrash, pruneFolders, restoreTrashed, type Trashed } from "./files.ts";
import { bucketAndName, bucketDir, objectFile, pathAfter, uploadsDir } from "./paths.ts";
import { asCaller, deleteObjects } from "./persistence.ts";
import { readJson } from "./request-body.ts";
import { namesToRemove } from "./validation.ts";

/** The file of each deleted row moved aside (rows without a file are skipped). */
async function trashFiles(
  ctx: StandInContext,
  bucket: { id: string; dir: string },
  rows: { name: string }[],
  trashed: Trashed[],
): Promise<void> {
  if (rows.length > 0) await mkdir(uploadsDir(ctx), { recursive: true });
  for (const row of rows) {
    let file: string;
    try {
      file = objectFile(ctx, bucket.id, row.name);
    } catch {
      continue;
    }
    const moved = await moveToTrash(ctx, file);
    if (!moved) continue;
    trashed.push(moved);
    await pruneFolders(file, bucket.dir);
  }
}

export async function removeMany(ctx: StandInContext, c: Context, caller: Caller) {
  const { bucketId } = bucketAndName(pathAfter(c, ""));
  const names = namesToRemove(await readJson(c));
  const bucket = { id: bucketId, dir: bucketDir(ctx, bucketId) };
  const trashed: Trashed[] = [];
  let rows: Record<string, unknown>[];
  try {
    rows = await deleteObjects(ctx.db, asCaller(c, caller), bucketId, names, (deleted) =>
      trashFiles(ctx, bucket, deleted, trashed),
    );
  } catch (error) {
    await restoreTrashed(trashed);
    throw fromDbError(error);
  }
  await emptyTrash(trashed);
  return c.json(rows, 200);
}
