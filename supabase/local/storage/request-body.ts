// Reading request bodies without ever holding or reading more than a limit: the
// source every body is read from, the raw upload (the file is the body), and the
// small JSON bodies of remove and list.
import type { Context } from "hono";
import { ERRORS, StorageApiError } from "./errors.ts";
import { JSON_BODY_LIMIT } from "./limits.ts";
import { declaredLength, parseUserMetadata } from "./validation.ts";

/** A file being uploaded: its properties, and its bytes as they arrive. */
export interface IncomingFile {
  mimeType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  contentEncoding: string | undefined;
  data: AsyncIterable<Buffer>;
}

/**
 * The request body, read chunk by chunk, never past a hard limit (EntityTooLarge).
 * Releasing it stops reading; the server drains whatever is left after the answer,
 * so the client still gets that answer.
 */
export class ByteSource {
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  #limit: number;
  #total = 0;

  constructor(stream: ReadableStream<Uint8Array> | null, limit: number) {
    this.#reader = stream?.getReader();
    this.#limit = limit;
  }

  /** Every chunk of the body as it arrives, until it ends or is released. */
  async *chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      const reader = this.#reader;
      if (!reader) return;
      const { value, done } = await reader.read().catch((error: unknown) => {
        // Released while this read was pending: the body is not wanted any more.
        if (this.#reader !== reader) return { value: undefined, done: true as const };
        throw error;
      });
      if (done || this.#reader !== reader) return;
      if (value.byteLength === 0) continue;
      this.#total += value.byteLength;
      if (this.#total > this.#limit) throw ERRORS.entityTooLarge();
      yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  }

  /** Stops reading; a read still pending ends the chunks. */
  release(): void {
    const reader = this.#reader;
    this.#reader = undefined;
    try {
      reader?.releaseLock();
    } catch {
      // a read is still pending: the stream is being torn down anyway
    }
  }
}

/** A raw upload: the body is the file, its properties are in the headers. */
export function rawFile(c: Context, src: ByteSource): IncomingFile {
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
    data: src.chunks(),
  };
}

/** A small JSON body (remove, list), read without ever holding more than the limit. */
export async function readJson(c: Context): Promise<unknown> {
  const declared = declaredLength(c);
  if (declared !== undefined && declared > JSON_BODY_LIMIT) throw ERRORS.entityTooLarge("request");
  const src = new ByteSource(c.req.raw.body, JSON_BODY_LIMIT);
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of src.chunks()) chunks.push(Buffer.from(chunk));
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
