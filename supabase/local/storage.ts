// /storage/v1: the part of Supabase Storage that storage-js uses for this product
// (upload, update, remove, list, public and authenticated reads), on the embedded
// database and a folder of files. Every write runs the real storage.objects RLS
// policies through withCaller; errors come back in Storage's shape (HTTP 400 for
// every non-500, the real status in the body's `statusCode`).
//
// Files live at <storageDir>/<bucket>/<object name>. An upload streams to a temp
// file in <storageDir>/.uploads first; the row is written and the file renamed
// into place inside one transaction, so a failure at any step leaves neither a
// row nor a file behind, and the previous object (if any) stays intact.
import { createHash, randomUUID } from "node:crypto";
import type { FileHandle } from "node:fs/promises";
import { lstat, mkdir, open, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import { basename, dirname, join, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { Transaction } from "@electric-sql/pglite";
import { type Context, Hono } from "hono";
import type { CallerError } from "./caller.ts";
import {
  type Caller,
  callerFrom,
  gatewayError,
  headerMap,
  type StandInContext,
} from "./context.ts";
import { asOwner, isPgError, type RequestInfo, withCaller } from "./transaction.ts";

/** Hosted projects' global upload limit (free plan): no bucket allows more. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for multipart boundaries, part headers and the small form fields. */
const MULTIPART_ALLOWANCE = 2 * 1024 * 1024;
/** No request body is read past this many bytes. */
const BODY_HARD_LIMIT = GLOBAL_FILE_SIZE_LIMIT + MULTIPART_ALLOWANCE;
/** busboy's limits as @fastify/multipart uses them on hosted Storage. */
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_PART_HEADER_BYTES = 16 * 1024;
/** S3 caps object keys at 1024 UTF-8 bytes; Storage checks the same. */
const MAX_KEY_BYTES = 1024;
/** Most file systems refuse longer path segments. */
const MAX_SEGMENT_BYTES = 255;
const UPLOADS_DIR = ".uploads";
const EMPTY_FOLDER_PLACEHOLDER = ".emptyFolderPlaceholder";

// --- errors ------------------------------------------------------------------

/** An error Storage renders as {statusCode, code, error, message}. */
export class StorageApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;
  constructor(status: number, code: string, message: string, error?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error ?? code;
  }
  body() {
    return {
      statusCode: String(this.status),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }
}

const ERRORS = {
  noSuchBucket: () =>
    new StorageApiError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageApiError(404, "NoSuchKey", "Object not found", "not_found"),
  invalidKey: (key: string) => new StorageApiError(400, "InvalidKey", `Invalid key: ${key}`),
  entityTooLarge: (entity = "object") =>
    new StorageApiError(
      413,
      "EntityTooLarge",
      `The ${entity} exceeded the maximum allowed size`,
      "Payload too large",
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageApiError(
      415,
      "InvalidMimeType",
      `mime type ${mimeType} is not supported`,
      "invalid_mime_type",
    ),
  accessDenied: (message: string) =>
    new StorageApiError(403, "AccessDenied", message || "Access denied", "Unauthorized"),
  resourceAlreadyExists: () =>
    new StorageApiError(409, "ResourceAlreadyExists", "The resource already exists", "Duplicate"),
  noContent: (message = "No content provided") =>
    new StorageApiError(400, "InvalidRequest", message),
  invalidRequest: (message: string) => new StorageApiError(400, "InvalidRequest", message),
  invalidRange: () =>
    new StorageApiError(400, "InvalidRange", "invalid range provided", "invalid_range"),
  internal: () => new StorageApiError(500, "InternalError", "Internal server error", "internal"),
};

/** What Storage answers for a Postgres error (its DBError.fromDBError). */
function fromDbError(error: unknown): StorageApiError {
  if (error instanceof StorageApiError) return error;
  if (!isPgError(error)) throw error;
  switch (error.code) {
    case "42501":
      return ERRORS.accessDenied(
        error.message.includes("row-level security")
          ? "new row violates row-level security policy"
          : error.message,
      );
    case "23505":
      return ERRORS.resourceAlreadyExists();
    case "23503":
      return new StorageApiError(404, "InvalidRequest", "The related resource does not exist");
    case "22P02":
      return new StorageApiError(400, "InvalidParameter", error.message);
    default:
      return new StorageApiError(500, "DatabaseError", `database error, code: ${error.code}`);
  }
}

/** Storage's JWT check: a bad or expired token is AccessDenied with the verifier's words. */
function jwtError(error: CallerError): StorageApiError {
  if (error.kind === "jwt-expired")
    return ERRORS.accessDenied('"exp" claim timestamp check failed');
  if (error.kind === "jwt-invalid") return ERRORS.accessDenied(error.message);
  if (error.kind === "bad-role") return ERRORS.accessDenied(`role "${error.role}" does not exist`);
  return ERRORS.accessDenied("Invalid JWT");
}

function send(c: Context, error: StorageApiError): Response {
  return c.json(error.body(), error.status === 500 ? 500 : 400);
}

// --- names ---------------------------------------------------------------------

// Storage's own key rule: no ASCII or C1 controls, none of S3's "characters to
// avoid", no invisible direction or joiner marks.
const VALID_OBJECT_KEY =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: U+034F is refused on its own, on purpose
  /^[^\u0000-\u001f\u007f\u0080-\u009f#[\]{}^`"<>\\|%~\u{034F}\u{061C}\u{200B}\u{200E}\u{200F}\u{2028}\u{2029}\u{202A}-\u{202E}\u{2060}\u{2066}-\u{2069}\u{FEFF}]+$/u;
const PATH_TRAVERSAL = /(^|\/)\.{1,2}(\/|$)/;

/**
 * Storage's key check, plus what a folder of files needs: no leading or trailing
 * slash and no empty segment (storage-js never sends them: it strips and collapses
 * slashes), and segments short enough for the file system.
 */
export function isValidObjectName(name: string): boolean {
  if (name.length === 0 || Buffer.byteLength(name, "utf8") > MAX_KEY_BYTES) return false;
  if (!VALID_OBJECT_KEY.test(name) || PATH_TRAVERSAL.test(name)) return false;
  const segments = name.split("/");
  return segments.every(
    (segment) => segment.length > 0 && Buffer.byteLength(segment, "utf8") <= MAX_SEGMENT_BYTES,
  );
}

function mustBeValidName(name: string): void {
  if (!isValidObjectName(name)) throw ERRORS.invalidKey(name);
}

/** Splits what follows a route prefix into the bucket and the (decoded) object name. */
function bucketAndName(rest: string): { bucketId: string; name: string } {
  const slash = rest.indexOf("/");
  const rawBucket = slash < 0 ? rest : rest.slice(0, slash);
  const rawName = slash < 0 ? "" : rest.slice(slash + 1);
  let bucketId: string;
  let name: string;
  try {
    bucketId = decodeURIComponent(rawBucket);
  } catch {
    throw ERRORS.noSuchBucket();
  }
  try {
    name = decodeURIComponent(rawName);
  } catch {
    throw ERRORS.invalidKey(rawName);
  }
  return { bucketId, name };
}

/** The raw path after `/object/<prefix>` of this request. */
function pathAfter(c: Context, prefix: string): string {
  const pathname = new URL(c.req.url).pathname;
  const marker = `/object/${prefix}`;
  const at = pathname.indexOf(marker);
  return at < 0 ? "" : pathname.slice(at + marker.length);
}

// --- buckets -------------------------------------------------------------------

interface Bucket {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

async function findBucket(ctx: StandInContext, id: string): Promise<Bucket | undefined> {
  const result = await ctx.db.query<{
    id: string;
    public: boolean | null;
    file_size_limit: number | string | bigint | null;
    allowed_mime_types: string[] | null;
  }>("select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1", [
    id,
  ]);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}

/** Storage's rule: `type/subtype` must equal an allowed type, or match `type/*`. */
export function isAllowedMimeType(mimeType: string, allowed: string[]): boolean {
  const base = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  const [type, subtype] = base.split("/");
  if (!type || !subtype) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split("/");
    return allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype);
  });
}

// --- files ---------------------------------------------------------------------

function bucketDir(ctx: StandInContext, bucketId: string): string {
  const root = resolve(ctx.storageDir);
  const dir = resolve(root, bucketId);
  if (bucketId === UPLOADS_DIR || dirname(dir) !== root || basename(dir) !== bucketId) {
    throw ERRORS.noSuchBucket();
  }
  return dir;
}

/** Where an object's bytes live; never outside the bucket's folder. */
function objectFile(ctx: StandInContext, bucketId: string, name: string): string {
  const dir = bucketDir(ctx, bucketId);
  const file = resolve(dir, ...name.split("/"));
  if (!file.startsWith(dir + sep)) throw ERRORS.invalidKey(name);
  return file;
}

function uploadsDir(ctx: StandInContext): string {
  return join(resolve(ctx.storageDir), UPLOADS_DIR);
}

function errno(error: unknown): string | undefined {
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

interface Placement {
  /** After commit: drop the replaced file. */
  done(): Promise<void>;
  /** After a failed commit: put things back as they were. */
  undo(): Promise<void>;
}

/** Moves the finished temp file into place, keeping any previous file aside. */
async function placeFile(ctx: StandInContext, temp: string, dest: string, name: string) {
  try {
    await mkdir(dirname(dest), { recursive: true });
    const existing = await lstat(dest).catch((error: unknown) => {
      if (errno(error) === "ENOENT") return undefined;
      throw error;
    });
    if (existing && !existing.isFile()) throw ERRORS.invalidKey(name);
    const backup = existing ? join(uploadsDir(ctx), `${randomUUID()}.old`) : undefined;
    if (backup) await rename(dest, backup);
    try {
      await rename(temp, dest);
    } catch (error) {
      if (backup) await rename(backup, dest);
      throw error;
    }
    const placement: Placement = {
      async done() {
        if (backup) await rm(backup, { force: true });
      },
      async undo() {
        await rm(dest, { force: true });
        if (backup) await rename(backup, dest);
      },
    };
    return placement;
  } catch (error) {
    throw nameConflict(error, name);
  }
}

/** Removes now-empty folders from a removed file up to (not including) its bucket folder. */
async function pruneFolders(from: string, stopAt: string): Promise<void> {
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

/** Temp files older than this are leftovers of a crash. */
const STALE_UPLOAD_MS = 60 * 60 * 1000;

async function sweepUploads(ctx: StandInContext): Promise<void> {
  const dir = uploadsDir(ctx);
  const entries = await readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  for (const entry of entries) {
    const file = join(dir, entry);
    const info = await stat(file).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(file, { force: true });
  }
}

// --- request bodies --------------------------------------------------------------

/** The request body, read chunk by chunk, never past a hard limit. */
class ByteSource {
  buffer: Buffer = Buffer.alloc(0);
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #limit: number;
  #total = 0;
  #ended = false;

  constructor(stream: ReadableStream<Uint8Array> | null, limit: number) {
    this.#reader = stream?.getReader();
    this.#ended = !stream;
    this.#limit = limit;
  }

  /** Appends the next chunk to the buffer; false once the body has ended. */
  async fill(): Promise<boolean> {
    while (!this.#ended && this.#reader) {
      const { value, done } = await this.#reader.read();
      if (done) {
        this.#ended = true;
        break;
      }
      if (value.byteLength === 0) continue;
      this.#total += value.byteLength;
      if (this.#total > this.#limit) throw ERRORS.entityTooLarge();
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      return true;
    }
    return false;
  }

  take(n: number): Buffer {
    const head = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return head;
  }

  /** Everything still to come, as it arrives. */
  async *rest(): AsyncGenerator<Buffer> {
    for (;;) {
      if (this.buffer.length > 0) yield this.take(this.buffer.length);
      if (!(await this.fill())) return;
    }
  }

  /** Stops reading; whatever is left is drained by the server after the answer. */
  release(): void {
    try {
      this.#reader?.releaseLock();
    } catch {
      // a read is still pending: the stream is being torn down anyway
    }
    this.#reader = undefined;
    this.#ended = true;
  }
}

class MalformedBody extends Error {}

interface IncomingFile {
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  contentEncoding: string | undefined;
  data: AsyncIterable<Buffer>;
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** `name="x"; filename="y"` parameters of a header value, unquoted. */
export function headerParams(value: string): { value: string; params: Map<string, string> } {
  const semicolon = value.indexOf(";");
  const head = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  const params = new Map<string, string>();
  const pattern = /;\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g;
  const tail = semicolon < 0 ? "" : value.slice(semicolon);
  for (const match of tail.matchAll(pattern)) {
    const key = (match[1] ?? "").toLowerCase();
    let param = match[2] !== undefined ? match[2].replace(/\\(.)/g, "$1") : (match[3] ?? "").trim();
    if (key.endsWith("*")) {
      const extended = /^([^']*)'[^']*'(.*)$/.exec(param);
      if (extended) {
        try {
          param = decodeURIComponent(extended[2] ?? "");
        } catch {
          // keep it as sent
        }
      }
    }
    if (!params.has(key)) params.set(key, param);
  }
  return { value: head, params };
}

/**
 * A streaming multipart/form-data reader: fields are collected (up to busboy's
 * limits), the first file part is handed out as a stream of chunks, so nothing
 * but the small fields is ever held in memory.
 */
class MultipartReader {
  #src: ByteSource;
  #delimiter: Buffer;
  #started = false;

  constructor(src: ByteSource, boundary: string) {
    this.#src = src;
    this.#delimiter = Buffer.from(`\r\n--${boundary}`);
    // The first boundary may open the body: give it the CRLF every later one has.
    src.buffer = Buffer.concat([CRLF, src.buffer]);
  }

  async #need(n: number): Promise<void> {
    while (this.#src.buffer.length < n) {
      if (!(await this.#src.fill())) throw new MalformedBody("Unexpected end of form");
    }
  }

  /** Reads up to the next part's body; null after the closing boundary. */
  async nextPart(): Promise<Map<string, string> | null> {
    const src = this.#src;
    if (!this.#started) {
      this.#started = true;
      for (;;) {
        const at = src.buffer.indexOf(this.#delimiter);
        if (at >= 0) {
          src.take(at + this.#delimiter.length);
          break;
        }
        src.take(Math.max(0, src.buffer.length - this.#delimiter.length));
        if (!(await src.fill())) throw new MalformedBody("Multipart: Boundary not found");
      }
    }
    await this.#need(2);
    if (src.buffer[0] === 0x2d && src.buffer[1] === 0x2d) return null;
    // Transport padding, then the CRLF that ends the boundary line.
    for (;;) {
      await this.#need(1);
      if (src.buffer[0] !== 0x20 && src.buffer[0] !== 0x09) break;
      src.take(1);
    }
    let end: number;
    for (;;) {
      end = src.buffer.indexOf(HEADER_END);
      if (end >= 0) break;
      if (src.buffer.length > MAX_PART_HEADER_BYTES)
        throw new MalformedBody("Malformed part header");
      if (!(await src.fill())) throw new MalformedBody("Unexpected end of form");
    }
    if (src.buffer[0] !== 0x0d || src.buffer[1] !== 0x0a) {
      throw new MalformedBody("Malformed part header");
    }
    const block = src
      .take(end + HEADER_END.length)
      .subarray(2, end)
      .toString("latin1");
    const headers = new Map<string, string>();
    for (const line of block.split("\r\n")) {
      if (line === "") continue;
      const colon = line.indexOf(":");
      if (colon <= 0) throw new MalformedBody("Malformed part header");
      const key = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(key)) headers.set(key, line.slice(colon + 1).trim());
    }
    return headers;
  }

  /** The current part's body, up to the next boundary. */
  async *body(): AsyncGenerator<Buffer> {
    const src = this.#src;
    const keep = this.#delimiter.length - 1;
    for (;;) {
      const at = src.buffer.indexOf(this.#delimiter);
      if (at >= 0) {
        if (at > 0) yield src.take(at);
        src.take(this.#delimiter.length);
        return;
      }
      if (src.buffer.length > keep) yield src.take(src.buffer.length - keep);
      if (!(await src.fill())) throw new MalformedBody("Unexpected end of form");
    }
  }

  async text(limit: number): Promise<string> {
    const parts: Buffer[] = [];
    let size = 0;
    for await (const chunk of this.body()) {
      if (size >= limit) continue;
      const slice = chunk.subarray(0, limit - size);
      parts.push(Buffer.from(slice));
      size += slice.length;
    }
    return Buffer.concat(parts).toString("utf8");
  }
}

function parseUserMetadata(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** What storage-js sends for a File/Blob: the fields first, then the file (field name ""). */
async function readMultipartHead(src: ByteSource, contentType: string): Promise<IncomingFile> {
  const boundary = headerParams(contentType).params.get("boundary");
  if (!boundary || boundary.length > 200) {
    throw ERRORS.noContent("Multipart: Boundary not found");
  }
  const reader = new MultipartReader(src, boundary);
  const fields = new Map<string, string>();
  let fieldCount = 0;
  for (;;) {
    const headers = await reader.nextPart();
    if (!headers) throw ERRORS.noContent();
    const disposition = headerParams(headers.get("content-disposition") ?? "");
    if (disposition.value !== "form-data") {
      for await (const _ of reader.body()) {
        // not a form field: skipped
      }
      continue;
    }
    if (disposition.params.has("filename") || disposition.params.has("filename*")) {
      const partType = headerParams(headers.get("content-type") ?? "text/plain").value;
      const cacheTime = fields.get("cacheControl");
      return {
        mimeType: fields.get("contentType") || partType || "text/plain",
        cacheControl: cacheTime ? `max-age=${cacheTime}` : "no-cache",
        userMetadata: parseUserMetadata(fields.get("metadata") ?? fields.get("userMetadata")),
        contentEncoding: fields.get("contentEncoding"),
        data: reader.body(),
      };
    }
    const name = disposition.params.get("name") ?? "";
    const value = await reader.text(MAX_FIELD_BYTES);
    fieldCount += 1;
    if (fieldCount <= MAX_FIELDS && !fields.has(name)) fields.set(name, value);
  }
}

function rawFile(c: Context, src: ByteSource): IncomingFile {
  const encoded = c.req.header("x-metadata");
  let userMetadata: Record<string, unknown> | null = null;
  if (encoded) {
    try {
      userMetadata = parseUserMetadata(Buffer.from(encoded, "base64").toString("utf8"));
    } catch {
      userMetadata = null;
    }
  }
  return {
    mimeType: c.req.header("content-type") || "application/octet-stream",
    cacheControl: c.req.header("cache-control") ?? "no-cache",
    userMetadata,
    contentEncoding: c.req.header("content-encoding"),
    data: src.rest(),
  };
}

function declaredLength(c: Context): number | undefined {
  const header = c.req.header("content-length");
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isFinite(length) && length >= 0 ? length : undefined;
}

/** Fastify's default JSON body limit, which Storage keeps. */
const JSON_BODY_LIMIT = 1024 * 1024;

/** A small JSON body (remove, list), read without ever holding more than the limit. */
async function readJson(c: Context): Promise<unknown> {
  const declared = declaredLength(c);
  if (declared !== undefined && declared > JSON_BODY_LIMIT) throw ERRORS.entityTooLarge("request");
  const src = new ByteSource(c.req.raw.body, JSON_BODY_LIMIT);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of src.rest()) chunks.push(Buffer.from(chunk));
  } catch (error) {
    if (error instanceof StorageApiError && error.code === "EntityTooLarge") {
      throw ERRORS.entityTooLarge("request");
    }
    throw error;
  } finally {
    src.release();
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw ERRORS.invalidRequest("Body is not valid JSON");
  }
}

interface Received {
  path: string;
  size: number;
  eTag: string;
}

/** Streams the file to a temp file; throws EntityTooLarge (after reading the part) when over. */
async function receive(ctx: StandInContext, data: AsyncIterable<Buffer>, limit: number) {
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
      if (truncated) continue;
      if (size + chunk.length > limit) {
        truncated = true;
        continue;
      }
      size += chunk.length;
      hash.update(chunk);
      let written = 0;
      while (written < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, written, chunk.length - written);
        written += bytesWritten;
      }
    }
    await handle.sync();
    await handle.close();
    handle = undefined;
    if (truncated) throw ERRORS.entityTooLarge();
    const received: Received = { path, size, eTag: `"${hash.digest("hex")}"` };
    return received;
  } catch (error) {
    await handle?.close().catch(() => {});
    await rm(path, { force: true });
    throw error;
  }
}

// --- rows ----------------------------------------------------------------------

interface ObjectMetadata {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
  contentEncoding?: string;
}

interface ObjectRow {
  id: string;
  name: string;
  version: string | null;
  metadata: Partial<ObjectMetadata> | null;
  updated_at: Date | string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function ownerOf(caller: Caller): { owner: string | null; ownerId: string | null } {
  const sub = typeof caller.claims.sub === "string" && caller.claims.sub ? caller.claims.sub : null;
  return { owner: sub && UUID.test(sub) ? sub : null, ownerId: sub };
}

function writeSql(upsert: boolean): string {
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
    values ($1, $2, $3::uuid, $4, $5, $6::jsonb, $7::jsonb)`;
  if (!upsert) return insert;
  return `${insert}
    on conflict (bucket_id, name) do update set
      owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
      metadata = excluded.metadata, user_metadata = excluded.user_metadata,
      updated_at = now(), last_accessed_at = now()`;
}

class PermissionOk extends Error {}

/**
 * Storage's canUpload: the insert (or upsert) as the caller in a transaction that
 * is always rolled back, so RLS refuses before any byte of the file is read.
 */
async function testPermission(
  ctx: StandInContext,
  caller: Caller,
  info: RequestInfo,
  params: unknown[],
  upsert: boolean,
): Promise<void> {
  try {
    await withCaller(ctx.db, caller, info, async (tx) => {
      await tx.query(writeSql(upsert), params);
      throw new PermissionOk();
    });
  } catch (error) {
    if (error instanceof PermissionOk) return;
    throw fromDbError(error);
  }
}

function requestInfo(c: Context): RequestInfo {
  return { method: c.req.method, path: new URL(c.req.url).pathname, headers: headerMap(c) };
}

// --- routes --------------------------------------------------------------------

export function storageRoutes(ctx: StandInContext): Hono {
  const app = new Hono();
  sweepUploads(ctx).catch(() => {});

  async function callerOf(c: Context): Promise<Caller | Response> {
    const resolved = await callerFrom(c, ctx.keys);
    if (resolved.ok) return resolved.caller;
    return gatewayError(c, resolved.error) ?? send(c, jwtError(resolved.error));
  }

  function guard(handler: (c: Context) => Promise<Response>) {
    return async (c: Context) => {
      try {
        return await handler(c);
      } catch (error) {
        if (error instanceof StorageApiError) return send(c, error);
        if (error instanceof MalformedBody) return send(c, ERRORS.noContent(error.message));
        if (isPgError(error)) return send(c, fromDbError(error));
        console.error("stand-in storage error:", error);
        return send(c, ERRORS.internal());
      }
    };
  }

  function authed(handler: (c: Context, caller: Caller) => Promise<Response>) {
    return guard(async (c) => {
      const caller = await callerOf(c);
      if (caller instanceof Response) return caller;
      return handler(c, caller);
    });
  }

  // POST /object/{bucket}/{name} (x-upsert) and PUT (always an upsert, as hosted).
  async function upload(c: Context, caller: Caller, upsert: boolean): Promise<Response> {
    const { bucketId, name } = bucketAndName(pathAfter(c, ""));
    const bucket = await findBucket(ctx, bucketId);
    if (!bucket) throw ERRORS.noSuchBucket();
    mustBeValidName(name);
    const dest = objectFile(ctx, bucket.id, name);
    const placeholder = name.endsWith(EMPTY_FOLDER_PLACEHOLDER);
    const maxFileSize = placeholder
      ? 0
      : Math.min(bucket.fileSizeLimit ?? GLOBAL_FILE_SIZE_LIMIT, GLOBAL_FILE_SIZE_LIMIT);
    const declared = declaredLength(c);
    if (declared !== undefined && declared > BODY_HARD_LIMIT) throw ERRORS.entityTooLarge();

    const contentType = c.req.header("content-type") ?? "";
    const multipart = contentType.toLowerCase().startsWith("multipart/form-data");
    const src = new ByteSource(c.req.raw.body, BODY_HARD_LIMIT);
    let temp: string | undefined;
    try {
      const file = multipart ? await readMultipartHead(src, contentType) : rawFile(c, src);
      const allowed = bucket.allowedMimeTypes ?? [];
      if (allowed.length > 0 && !placeholder && !isAllowedMimeType(file.mimeType, allowed)) {
        throw ERRORS.invalidMimeType(file.mimeType);
      }
      if (!multipart && declared !== undefined && declared > maxFileSize) {
        throw ERRORS.entityTooLarge();
      }

      const info = requestInfo(c);
      const { owner, ownerId } = ownerOf(caller);
      const version = randomUUID();
      const userMetadata = file.userMetadata ? JSON.stringify(file.userMetadata) : null;
      await testPermission(
        ctx,
        caller,
        info,
        [
          bucket.id,
          name,
          owner,
          ownerId,
          "1",
          JSON.stringify({
            mimetype: file.mimeType,
            ...(declared !== undefined && !multipart ? { contentLength: declared } : {}),
          }),
          userMetadata,
        ],
        upsert,
      );

      const received = await receive(ctx, file.data, maxFileSize);
      temp = received.path;
      const metadata: ObjectMetadata = {
        eTag: received.eTag,
        size: received.size,
        mimetype: file.mimeType,
        cacheControl: file.cacheControl,
        lastModified: new Date().toISOString(),
        contentLength: received.size,
        httpStatusCode: 200,
        ...(file.contentEncoding ? { contentEncoding: file.contentEncoding } : {}),
      };
      const params = [
        bucket.id,
        name,
        owner,
        ownerId,
        version,
        JSON.stringify(metadata),
        userMetadata,
      ];
      let placement: Placement | undefined;
      let id: string;
      try {
        id = await withCaller(ctx.db, caller, info, async (tx) => {
          await tx.query(writeSql(upsert), params);
          // Hosted reads the stored row back as the storage service itself.
          await tx.query("select set_config('role', 'none', true)");
          const row = await tx.query<{ id: string }>(
            "select id from storage.objects where bucket_id = $1 and name = $2",
            [bucket.id, name],
          );
          placement = await placeFile(ctx, received.path, dest, name);
          return row.rows[0]?.id ?? "";
        });
      } catch (error) {
        await placement?.undo().catch((undoError: unknown) => {
          console.error("stand-in storage: could not restore", dest, undoError);
        });
        throw fromDbError(error);
      }
      await placement?.done().catch(() => {});
      return c.json({ Id: id, Key: `${bucket.id}/${name}` }, 200);
    } finally {
      src.release();
      if (temp) await rm(temp, { force: true });
    }
  }

  // DELETE /object/{bucket} {"prefixes": [...]}: the rows RLS lets the caller see and delete.
  async function removeMany(c: Context, caller: Caller): Promise<Response> {
    const { bucketId } = bucketAndName(pathAfter(c, ""));
    const body = await readJson(c);
    const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
    if (!Array.isArray(prefixes)) {
      throw ERRORS.invalidRequest("body must have required property 'prefixes'");
    }
    if (prefixes.length === 0) {
      throw ERRORS.invalidRequest("body/prefixes must NOT have fewer than 1 items");
    }
    const names = prefixes.map((entry: unknown) =>
      typeof entry === "string"
        ? entry
        : entry !== null && typeof entry === "object" && "path" in entry
          ? String((entry as { path: unknown }).path)
          : String(entry),
    );
    const dir = bucketDir(ctx, bucketId);
    const trashed: { file: string; trash: string }[] = [];
    let rows: Record<string, unknown>[];
    try {
      rows = await withCaller(ctx.db, caller, requestInfo(c), async (tx) => {
        const result = await tx.query<Record<string, unknown> & { name: string }>(
          "delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *",
          [bucketId, names],
        );
        if (result.rows.length > 0) await mkdir(uploadsDir(ctx), { recursive: true });
        for (const row of result.rows) {
          let file: string;
          try {
            file = objectFile(ctx, bucketId, row.name);
          } catch {
            continue;
          }
          const trash = join(uploadsDir(ctx), `${randomUUID()}.removed`);
          try {
            await rename(file, trash);
            trashed.push({ file, trash });
            await pruneFolders(file, dir);
          } catch (error) {
            if (errno(error) !== "ENOENT" && errno(error) !== "ENOTDIR") throw error;
          }
        }
        return result.rows;
      });
    } catch (error) {
      for (const { file, trash } of trashed.reverse()) {
        await mkdir(dirname(file), { recursive: true }).catch(() => {});
        await rename(trash, file).catch(() => {});
      }
      throw fromDbError(error);
    }
    await Promise.all(trashed.map(({ trash }) => rm(trash, { force: true })));
    return c.json(rows, 200);
  }

  // POST /object/list/{bucket}: storage.search, as the caller (RLS SELECT decides).
  async function list(c: Context, caller: Caller): Promise<Response> {
    const { bucketId } = bucketAndName(pathAfter(c, "list/"));
    const body = (await readJson(c)) as Record<string, unknown> | null;
    if (body === null || typeof body !== "object" || typeof body.prefix !== "string") {
      throw ERRORS.invalidRequest("body must have required property 'prefix'");
    }
    let prefix = body.prefix;
    if (prefix.length > 0 && !prefix.endsWith("/")) prefix = `${prefix}/`;
    const levels = prefix.split("/").length;
    const limit = Number.isInteger(body.limit) && (body.limit as number) > 0 ? body.limit : 100;
    const offset = Number.isInteger(body.offset) && (body.offset as number) >= 0 ? body.offset : 0;
    const search = typeof body.search === "string" ? body.search : "";
    const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
    const columns = new Set(["name", "id", "updated_at", "created_at", "last_accessed_at"]);
    const column =
      typeof sortBy.column === "string" && columns.has(sortBy.column) ? sortBy.column : "name";
    const order = String(sortBy.order).toLowerCase() === "desc" ? "desc" : "asc";
    const sql = `
      with folders as (
        select path_tokens[$1] as folder from storage.objects
        where name ilike $2 || $3 || '%' and bucket_id = $4 and array_length(path_tokens, 1) <> $1
        group by folder order by folder ${order}
      )
      (select folder as name, null::uuid as id, null::timestamptz as updated_at,
              null::timestamptz as created_at, null::timestamptz as last_accessed_at,
              null::jsonb as metadata from folders)
      union all
      (select path_tokens[$1] as name, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects
        where name ilike $2 || $3 || '%' and bucket_id = $4 and array_length(path_tokens, 1) = $1
        order by ${column} ${order})
      limit $5 offset $6`;
    const rows = await withCaller(ctx.db, caller, requestInfo(c), async (tx: Transaction) => {
      const result = await tx.query(sql, [levels, prefix, search, bucketId, limit, offset]);
      return result.rows;
    });
    return c.json(rows, 200);
  }

  // GET/HEAD of an object's bytes; `lookup` finds the row (and opens the file) in one transaction.
  async function serve(
    c: Context,
    bucketId: string,
    name: string,
    lookup: <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>,
  ): Promise<Response> {
    mustBeValidName(name);
    const file = objectFile(ctx, bucketId, name);
    const found = await lookup(async (tx) => {
      const result = await tx.query<ObjectRow>(
        "select id, name, version, metadata, updated_at from storage.objects where bucket_id = $1 and name = $2",
        [bucketId, name],
      );
      const row = result.rows[0];
      if (!row) return undefined;
      const handle = await open(file, "r").catch((error: unknown) => {
        if (["ENOENT", "ENOTDIR", "EISDIR"].includes(errno(error) ?? "")) return undefined;
        throw error;
      });
      return { row, handle };
    });
    if (!found) throw ERRORS.noSuchKey();
    const { row, handle } = found;
    if (!handle) {
      c.header("Cache-Control", "no-store");
      return c.json(
        { statusCode: "404", error: "Not found", message: "The resource was not found" },
        400,
      );
    }
    let keepOpen = false;
    try {
      const size = (await handle.stat()).size;
      const metadata = row.metadata ?? {};
      const eTag = metadata.eTag ?? `"${row.version ?? row.id}"`;
      const lastModified = new Date(metadata.lastModified ?? row.updated_at ?? Date.now());
      const headers: Record<string, string> = {
        "Accept-Ranges": "bytes",
        ETag: eTag,
        "Last-Modified": lastModified.toUTCString(),
        "Cache-Control": metadata.cacheControl ?? "no-cache",
      };
      const mimeType = metadata.mimetype ?? "application/octet-stream";
      headers["Content-Type"] = mimeType.includes("text/html") ? "text/plain" : mimeType;
      if (metadata.contentEncoding) headers["Content-Encoding"] = metadata.contentEncoding;
      const download = new URL(c.req.url).searchParams.get("download");
      if (download !== null) {
        const encoded = encodeURIComponent(download);
        headers["Content-Disposition"] =
          download === ""
            ? "attachment;"
            : `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`;
      }

      if (notModified(c, eTag, lastModified)) {
        return new Response(null, { status: 304, headers: withoutBodyHeaders(headers) });
      }

      let start = 0;
      let end = size - 1;
      let status = 200;
      const range = parseRange(c.req.header("range"), size);
      if (range === "unsatisfiable") throw ERRORS.invalidRange();
      if (range) {
        [start, end] = range;
        status = 206;
        headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
      }
      headers["Content-Length"] = String(Math.max(0, end - start + 1));
      if (c.req.method === "HEAD" || size === 0) {
        return new Response(null, { status, headers });
      }
      const stream = handle.createReadStream({ start, end, autoClose: true });
      keepOpen = true;
      return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
        status,
        headers,
      });
    } finally {
      if (!keepOpen) await handle.close().catch(() => {});
    }
  }

  app.post(
    "/object/list/*",
    authed((c, caller) => list(c, caller)),
  );
  app.post(
    "/object/*",
    authed((c, caller) => upload(c, caller, c.req.header("x-upsert") === "true")),
  );
  app.put(
    "/object/*",
    authed((c, caller) => upload(c, caller, true)),
  );
  app.delete(
    "/object/*",
    authed(async (c, caller) => {
      if (pathAfter(c, "").includes("/")) return c.json({ message: "Route not found" }, 404);
      return removeMany(c, caller);
    }),
  );

  // Public buckets are read by URL, without a key and without RLS.
  app.get(
    "/object/public/*",
    guard(async (c) => {
      const { bucketId, name } = bucketAndName(pathAfter(c, "public/"));
      const bucket = await findBucket(ctx, bucketId);
      if (!bucket?.public) throw ERRORS.noSuchBucket();
      return serve(c, bucket.id, name, (fn) => asOwner(ctx.db, fn));
    }),
  );

  // Authenticated reads: RLS SELECT decides.
  const authenticatedRead = (prefix: string) =>
    authed(async (c, caller) => {
      const { bucketId, name } = bucketAndName(pathAfter(c, prefix));
      const bucket = await findBucket(ctx, bucketId);
      if (!bucket) throw ERRORS.noSuchBucket();
      return serve(c, bucket.id, name, (fn) => withCaller(ctx.db, caller, requestInfo(c), fn));
    });
  app.get("/object/authenticated/*", authenticatedRead("authenticated/"));
  app.get("/object/*", authenticatedRead(""));

  return app;
}

// --- conditional and range requests ---------------------------------------------

function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  const { ETag, "Cache-Control": cacheControl, "Last-Modified": lastModified } = headers;
  return {
    ...(ETag ? { ETag } : {}),
    ...(cacheControl ? { "Cache-Control": cacheControl } : {}),
    ...(lastModified ? { "Last-Modified": lastModified } : {}),
  };
}

function notModified(c: Context, eTag: string, lastModified: Date): boolean {
  const ifNoneMatch = c.req.header("if-none-match");
  if (ifNoneMatch !== undefined) {
    const strip = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(eTag));
  }
  const ifModifiedSince = c.req.header("if-modified-since");
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && Math.floor(lastModified.getTime() / 1000) * 1000 <= since;
  }
  return false;
}

/** A single `bytes=` range; multiple ranges are served as the whole object. */
export function parseRange(
  header: string | undefined,
  size: number,
): [number, number] | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return undefined;
  const [, first, last] = match;
  if (!first && !last) return undefined;
  let start: number;
  let end: number;
  if (!first) {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last ? Math.min(Number(last), size - 1) : size - 1;
    if (last && Number(last) < start) return undefined;
  }
  if (start >= size || size === 0) return "unsatisfiable";
  return [start, end];
}
