// Small helpers for Node streams that more than one API module uses.
import type { Writable } from "node:stream";

/** Resolves once the stream can take more writes, or is gone. */
export function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}
