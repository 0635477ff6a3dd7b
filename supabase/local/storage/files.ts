// The bytes on disk. An upload streams to a temp file in <storageDir>/.uploads and is
// renamed into place only inside the transaction that writes its row; a replaced or
// removed file is moved aside until that transaction commits. So a failure at any
// step leaves neither a row nor a file behind, and the previous object stays intact.
import { createHash, randomUUID } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import { lstat, mkdir, open, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import { dirname, join, sep } from "node:path";
import type { StandInContext } from "../context.ts";
import { ERRORS } from "./errors.ts";
import { STALE_UPLOAD_MS } from "./limits.ts";
import { uploadsDir } from "./paths.ts";

export function errno(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** A file system refusal of a name (a file where a folder must be, too long, ...). */
function nameConflict(error: unknown, name: string): unknown {
  const code = errno(error);
  if (code === "ENOTDIR" || code === "EEXIST" || code === "EISDIR" || code === "ENAMETOOLONG") {
    return ERRORS.invalidKey(name);
  }
  return error;
}

/** A file just received: where it waits, its size and its MD5 (Storage's ETag). */
export interface Received {
  path: string;
  size: number;
  eTag: string;
}

async function writeAll(handle: FileHandle, chunk: Buffer): Promise<void> {
  let written = 0;
  while (written < chunk.length) {
    const { bytesWritten } = await handle.write(chunk, written, chunk.length - written);
    written += bytesWritten;
  }
}

/** Streams the file to a temp file; throws EntityTooLarge (after reading the part) when over. */
export async function receive(
  ctx: StandInContext,
  data: AsyncIterable<Buffer>,
  limit: number,
): Promise<Received> {
  const dir = uploadsDir(ctx);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.part`);
  const hash = createHash("md5");
  let size = 0;
  let truncated = false;
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, "wx", 0o644);
    for await (const chunk of data) {
      if (truncated || size + chunk.length > limit) {
        truncated = true;
        continue;
      }
      size += chunk.length;
      hash.update(chunk);
      await writeAll(handle, chunk);
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    if (truncated) throw ERRORS.entityTooLarge();
    return { path, size, eTag: `"${hash.digest("hex")}"` };
  } catch (error) {
    await handle?.close().catch(() => {});
    await rm(path, { force: true });
    throw error;
  }
}

export interface Placement {
  /** After commit: drop the replaced file. */
  done(): Promise<void>;
  /** After a failed commit: put things back as they were. */
  undo(): Promise<void>;
}

async function existingFile(dest: string, name: string) {
  const existing = await lstat(dest).catch((error: unknown) => {
    if (errno(error) === "ENOENT") return undefined;
    throw error;
  });
  if (existing && !existing.isFile()) throw ERRORS.invalidKey(name);
  return existing;
}

/** Moves the finished temp file into place, keeping any previous file aside. */
export async function placeFile(
  ctx: StandInContext,
  temp: string,
  dest: string,
  name: string,
): Promise<Placement> {
  try {
    await mkdir(dirname(dest), { recursive: true });
    const existing = await existingFile(dest, name);
    const backup = existing ? join(uploadsDir(ctx), `${randomUUID()}.old`) : undefined;
    if (backup) await rename(dest, backup);
    try {
      await rename(temp, dest);
    } catch (error) {
      if (backup) await rename(backup, dest);
      throw error;
    }
    return {
      async done() {
        if (backup) await rm(backup, { force: true });
      },
      async undo() {
        await rm(dest, { force: true });
        if (backup) await rename(backup, dest);
      },
    };
  } catch (error) {
    throw nameConflict(error, name);
  }
}

/** Removes now-empty folders from a removed file up to (not including) its bucket folder. */
export async function pruneFolders(from: string, stopAt: string): Promise<void> {
  let dir = dirname(from);
  while (dir.startsWith(stopAt + sep)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
    dir = dirname(dir);
  }
}

/** A removed object's file, moved aside until its row's deletion commits. */
export interface Trashed {
  file: string;
  trash: string;
}

/** Moves a file aside; undefined when there was no file to move. */
export async function moveToTrash(ctx: StandInContext, file: string): Promise<Trashed | undefined> {
  const trash = join(uploadsDir(ctx), `${randomUUID()}.removed`);
  try {
    await rename(file, trash);
    return { file, trash };
  } catch (error) {
    if (errno(error) !== "ENOENT" && errno(error) !== "ENOTDIR") throw error;
    return undefined;
  }
}

/** Puts moved files back, the last moved first. */
export async function restoreTrashed(trashed: Trashed[]): Promise<void> {
  for (const { file, trash } of [...trashed].reverse()) {
    await mkdir(dirname(file), { recursive: true }).catch(() => {});
    await rename(trash, file).catch(() => {});
  }
}

export async function emptyTrash(trashed: Trashed[]): Promise<void> {
  await Promise.all(trashed.map(({ trash }) => rm(trash, { force: true })));
}

/** Deletes temp files a crash left behind. */
export async function sweepUploads(ctx: StandInContext): Promise<void> {
  const dir = uploadsDir(ctx);
  const entries = await readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  for (const entry of entries) {
    const file = join(dir, entry);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(file, { force: true });
  }
}
