// multipart/form-data uploads, parsed by busboy. Hosted Storage (supabase/storage,
// package.json) reads them with @fastify/multipart, whose parser is @fastify/busboy, a
// fork of busboy, so parts are told apart the same way: a part with a filename, or of
// type application/octet-stream, is a file. What storage-js sends for a File or Blob:
// the fields first (cacheControl, contentType, metadata), then the file. The first
// file part is the upload; the fields before it give its properties. The file is
// handed on as a stream, so nothing but the small fields is ever held in memory.
import type { Readable } from "node:stream";
import busboy, { type Busboy, type FileInfo } from "busboy";
import { drained } from "../streams.ts";
import { ERRORS, MalformedBody, StorageApiError } from "./errors.ts";
import { MAX_FIELD_BYTES, MAX_FIELDS } from "./limits.ts";
import type { ByteSource, IncomingFile } from "./request-body.ts";
import { parseUserMetadata } from "./validation.ts";

/** Longest boundary taken; RFC 2046 allows 70 characters. */
const MAX_BOUNDARY_LENGTH = 200;

/**
 * The boundary parameter of a multipart Content-Type, unquoted (backslash escapes
 * undone), or "" without one. busboy reads it again; this only refuses a body early.
 */
export function boundaryOf(contentType: string): string {
  const match = /;\s*boundary\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))/i.exec(contentType);
  if (!match) return "";
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, "$1") : (match[2] ?? "").trim();
}

/** One multipart body: busboy fed from the request, as fast as the file is consumed. */
export class MultipartForm {
  readonly #parser: Busboy;
  readonly #fields = new Map<string, string>();
  /** Why reading the body failed (its size, or the client going away), if it did. */
  #sourceError: unknown;

  /** Refuses a body without a usable boundary before reading any of it. */
  constructor(contentType: string) {
    const boundary = boundaryOf(contentType);
    if (!boundary || boundary.length > MAX_BOUNDARY_LENGTH) {
      throw ERRORS.noContent("Multipart: Boundary not found");
    }
    try {
      this.#parser = busboy({
        headers: { "content-type": contentType },
        limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, files: 1 },
      });
    } catch (error) {
      throw ERRORS.noContent((error as Error).message);
    }
    this.#parser.on("field", (name, value) => {
      if (!this.#fields.has(name ?? "")) this.#fields.set(name ?? "", value);
    });
  }

  /** The upload's file, once its part headers have been read. */
  read(src: ByteSource): Promise<IncomingFile> {
    const file = this.#firstFile();
    void this.#feed(src);
    return file;
  }

  /** Stops parsing; a file part not yet read to its end is dropped. */
  close(): void {
    this.#parser.destroy();
  }

  #firstFile(): Promise<IncomingFile> {
    return new Promise((resolve, reject) => {
      this.#parser.on("file", (_name, stream, info) => {
        // Its errors reach the reader through the iteration; unread, they are dropped.
        stream.on("error", () => {});
        resolve(this.#incoming(stream, info));
      });
      // Stays attached: busboy may report more errors once the file has been taken.
      this.#parser.on("error", (error) => reject(this.#bodyError(error)));
      this.#parser.on("close", () => reject(ERRORS.noContent()));
    });
  }

  #incoming(stream: Readable, info: FileInfo): IncomingFile {
    const fields = this.#fields;
    const cacheTime = fields.get("cacheControl");
    return {
      mimeType: fields.get("contentType") || info.mimeType || "text/plain",
      cacheControl: cacheTime ? `max-age=${cacheTime}` : "no-cache",
      userMetadata: parseUserMetadata(fields.get("metadata") ?? fields.get("userMetadata")),
      contentEncoding: fields.get("contentEncoding"),
      data: this.#fileData(stream),
    };
  }

  async *#fileData(stream: Readable): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of stream) yield chunk as Buffer;
    } catch (error) {
      throw this.#bodyError(error);
    }
  }

  /** The body's own failures pass as they are; busboy's are a malformed form. */
  #bodyError(error: unknown): unknown {
    if (error === this.#sourceError || error instanceof StorageApiError) return error;
    return new MalformedBody((error as Error).message);
  }

  async #feed(src: ByteSource): Promise<void> {
    const parser = this.#parser;
    try {
      for await (const chunk of src.chunks()) {
        if (parser.destroyed) return;
        if (!parser.write(chunk)) await drained(parser);
      }
      if (!parser.destroyed) parser.end();
    } catch (error) {
      this.#sourceError = error;
      parser.destroy(error as Error);
    }
  }
}
