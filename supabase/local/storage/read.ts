// GET and HEAD of an object's bytes: public URLs (no key, no RLS, public buckets only)
// and authenticated reads (RLS SELECT decides). Conditional requests (If-None-Match,
// If-Modified-Since) and single byte ranges are answered as Storage answers them.
import type { FileHandle } from "node:fs/promises";
import { open } from "node:fs/promises";
import { Readable } from "node:stream";
import type { Transaction } from "@electric-sql/pglite";
import type { Context } from "hono";
import type { StandInContext } from "../context.ts";
import { ERRORS } from "./errors.ts";
import { errno } from "./files.ts";
import { mustBeValidName, objectFile } from "./paths.ts";
import { findObject, type ObjectRow } from "./persistence.ts";

/** Runs a read in one transaction, as the caller or as the storage service. */
export type Lookup = <T>(fn: (tx: Transaction) => Promise<T>) => Promise<T>;

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

/** A 304 keeps only the validators and the caching headers. */
function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  const { ETag, "Cache-Control": cacheControl, "Last-Modified": lastModified } = headers;
  return {
    ...(ETag ? { ETag } : {}),
    ...(cacheControl ? { "Cache-Control": cacheControl } : {}),
    ...(lastModified ? { "Last-Modified": lastModified } : {}),
  };
}

/** The row, and its file opened in the same transaction (no handle: the file is gone). */
async function openObject(lookup: Lookup, bucketId: string, name: string, file: string) {
  return lookup(async (tx) => {
    const row = await findObject(tx, bucketId, name);
    if (!row) return undefined;
    const handle = await open(file, "r").catch((error: unknown) => {
      if (["ENOENT", "ENOTDIR", "EISDIR"].includes(errno(error) ?? "")) return undefined;
      throw error;
    });
    return { row, handle };
  });
}

function objectHeaders(c: Context, row: ObjectRow) {
  const metadata = row.metadata ?? {};
  const eTag = metadata.eTag ?? `"${row.version ?? row.id}"`;
  const lastModified = new Date(metadata.lastModified ?? row.updated_at ?? Date.now());
  const headers: Record<string, string> = {
    "Accept-Ranges": "bytes",
    ETag: eTag,
    "Last-Modified": lastModified.toUTCString(),
    "Cache-Control": metadata.cacheControl ?? "no-cache",
  };
  // An HTML object is served as text/plain, so it never runs as a page of the API's origin.
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
  return { headers, eTag, lastModified };
}

/** The answer for an open file; true in `streaming` when the stream now owns the handle. */
async function fileResponse(c: Context, row: ObjectRow, handle: FileHandle) {
  const size = (await handle.stat()).size;
  const { headers, eTag, lastModified } = objectHeaders(c, row);
  if (notModified(c, eTag, lastModified)) {
    return {
      streaming: false,
      response: new Response(null, { status: 304, headers: withoutBodyHeaders(headers) }),
    };
  }
  let [start, end, status] = [0, size - 1, 200];
  const range = parseRange(c.req.header("range"), size);
  if (range === "unsatisfiable") throw ERRORS.invalidRange();
  if (range) {
    [start, end] = range;
    status = 206;
    headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
  }
  headers["Content-Length"] = String(Math.max(0, end - start + 1));
  if (c.req.method === "HEAD" || size === 0) {
    return { streaming: false, response: new Response(null, { status, headers }) };
  }
  const stream = handle.createReadStream({ start, end, autoClose: true });
  const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
  return { streaming: true, response: new Response(body, { status, headers }) };
}

export async function serve(
  ctx: StandInContext,
  c: Context,
  object: { bucketId: string; name: string },
  lookup: Lookup,
): Promise<Response> {
  mustBeValidName(object.name);
  const file = objectFile(ctx, object.bucketId, object.name);
  const found = await openObject(lookup, object.bucketId, object.name, file);
  if (!found) throw ERRORS.noSuchKey();
  const { row, handle } = found;
  if (!handle) {
    // A row without its file: a missing resource, and not to be cached.
    c.header("Cache-Control", "no-store");
    return c.json(
      { statusCode: "404", error: "Not found", message: "The resource was not found" },
      400,
    );
  }
  let streaming = false;
  try {
    const answer = await fileResponse(c, row, handle);
    streaming = answer.streaming;
    return answer.response;
  } finally {
    if (!streaming) await handle.close().catch(() => {});
  }
}
