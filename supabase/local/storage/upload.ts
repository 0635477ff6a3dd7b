// POST /object/{bucket}/{name} (an upsert with x-upsert: true) and PUT (always an
// upsert, as hosted): the checks Storage makes before reading the file (bucket, name,
// type, declared size, RLS), then the file to a temp file, then the row and the file
// into place in one transaction.
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import type { Context } from "hono";
import type { Caller, StandInContext } from "../context.ts";
import { ERRORS, fromDbError } from "./errors.ts";
import { type Placement, placeFile, type Received, receive } from "./files.ts";
import { BODY_HARD_LIMIT, GLOBAL_FILE_SIZE_LIMIT } from "./limits.ts";
import { MultipartForm } from "./multipart.ts";
import {
  bucketAndName,
  EMPTY_FOLDER_PLACEHOLDER,
  mustBeValidName,
  objectFile,
  pathAfter,
} from "./paths.ts";
import {
  type AsCaller,
  asCaller,
  type Bucket,
  findBucket,
  type ObjectMetadata,
  type ObjectWrite,
  ownerOf,
  testPermission,
  writeObject,
} from "./persistence.ts";
import { ByteSource, type IncomingFile, rawFile } from "./request-body.ts";
import { declaredLength, isAllowedMimeType } from "./validation.ts";

interface Target {
  bucket: Bucket;
  name: string;
  /** Where the file goes. */
  dest: string;
  /** An empty-folder placeholder: any type, no content. */
  placeholder: boolean;
  maxFileSize: number;
}

async function uploadTarget(ctx: StandInContext, c: Context): Promise<Target> {
  const { bucketId, name } = bucketAndName(pathAfter(c, ""));
  const bucket = await findBucket(ctx.db, bucketId);
  if (!bucket) throw ERRORS.noSuchBucket();
  mustBeValidName(name);
  const dest = objectFile(ctx, bucket.id, name);
  const placeholder = name.endsWith(EMPTY_FOLDER_PLACEHOLDER);
  const maxFileSize = placeholder
    ? 0
    : Math.min(bucket.fileSizeLimit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
  return { bucket, name, dest, placeholder, maxFileSize };
}

/** The type and, for a raw body, the declared size, checked before any byte is stored. */
function checkFile(target: Target, file: IncomingFile, rawLength: number | undefined): void {
  const allowed = target.bucket.allowedMimeTypes ?? [];
  if (allowed.length > 0 && !target.placeholder && !isAllowedMimeType(file.mimeType, allowed)) {
    throw ERRORS.invalidMimeType(file.mimeType);
  }
  if (rawLength !== undefined && rawLength > target.maxFileSize) throw ERRORS.entityTooLarge();
}

function objectWrite(target: Target, caller: Caller, file: IncomingFile): ObjectWrite {
  return {
    bucketId: target.bucket.id,
    name: target.name,
    ...ownerOf(caller),
    version: randomUUID(),
    metadata: {},
    userMetadata: file.userMetadata,
  };
}

function metadataOf(file: IncomingFile, received: Received): ObjectMetadata {
  return {
    eTag: received.eTag,
    size: received.size,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: received.size,
    httpStatusCode: 200,
    ...(file.contentEncoding ? { contentEncoding: file.contentEncoding } : {}),
  };
}

/** The row and the file, both or neither; answers the row's id. */
async function store(
  ctx: StandInContext,
  upload: { as: AsCaller; upsert: boolean; target: Target },
  write: ObjectWrite,
  received: Received,
): Promise<string> {
  const { as, upsert, target } = upload;
  let placement: Placement | undefined;
  const place = async () => {
    placement = await placeFile(ctx, received.path, target.dest, target.name);
  };
  let id: string;
  try {
    id = await writeObject(ctx.db, as, write, upsert, place);
  } catch (error) {
    await placement?.undo().catch((undoError: unknown) => {
      console.error("stand-in storage: could not restore", target.dest, undoError);
    });
    throw fromDbError(error);
  }
  await placement?.done().catch(() => {});
  return id;
}

/** The file's properties, and the bytes as they arrive; nothing of the file is read yet. */
function incomingFile(c: Context, src: ByteSource, form: MultipartForm | undefined) {
  return form ? form.read(src) : Promise.resolve(rawFile(c, src));
}

export async function upload(
  ctx: StandInContext,
  c: Context,
  caller: Caller,
  upsert: boolean,
): Promise<Response> {
  const target = await uploadTarget(ctx, c);
  const declared = declaredLength(c);
  if (declared !== undefined && declared > BODY_HARD_LIMIT) throw ERRORS.entityTooLarge();
  const contentType = c.req.header("content-type") ?? "";
  const multipart = contentType.toLowerCase().startsWith("multipart/form-data");
  const rawLength = multipart ? undefined : declared;
  const src = new ByteSource(c.req.raw.body, BODY_HARD_LIMIT);
  let form: MultipartForm | undefined;
  let temp: string | undefined;
  try {
    form = multipart ? new MultipartForm(contentType) : undefined;
    const file = await incomingFile(c, src, form);
    checkFile(target, file, rawLength);
    const as = asCaller(c, caller);
    const write = objectWrite(target, caller, file);
    // The permission test writes what is known before the file is read.
    const known = { mimetype: file.mimeType, contentLength: rawLength };
    await testPermission(ctx.db, as, { ...write, version: "1", metadata: known }, upsert);
    const received = await receive(ctx, file.data, target.maxFileSize);
    temp = received.path;
    const stored = { ...write, metadata: metadataOf(file, received) };
    const id = await store(ctx, { as, upsert, target }, stored, received);
    return c.json({ Id: id, Key: `${target.bucket.id}/${target.name}` }, 200);
  } finally {
    form?.close();
    src.release();
    if (temp) await rm(temp, { force: true });
  }
}
