// Takes out of every uploaded picture what it says beyond the picture itself: where it
// was taken (Exif GPS), with what and when (Exif, XMP, IPTC, PNG text and time chunks),
// comments, thumbnails, and files hidden after its end. The pictures show children and
// elders and are public at their Storage URL, so this happens on the server whatever the
// client did. Each format is walked segment by segment (markers, chunks, blocks, boxes)
// and only what a decoder needs to draw the picture is kept; the compressed picture data
// is copied byte for byte, never decoded or re-encoded. A file whose structure does not
// hold together is refused whole, never stored half-stripped. The rules per format are
// at the top of jpeg.ts, png.ts, webp.ts, gif.ts and avif.ts.
import type { MediaType } from "../sniff.ts";
import { stripAvif } from "./avif.ts";
import { Refusal, Removed } from "./binary.ts";
import { stripGif } from "./gif.ts";
import { stripJpeg } from "./jpeg.ts";
import { stripPng } from "./png.ts";
import { stripWebp } from "./webp.ts";

export type StripResult =
  | {
      ok: true;
      /** The file to store: the same array as given when there was nothing to remove. */
      bytes: Uint8Array;
      /** What was taken out, e.g. "APP1 Exif", "tEXt", "data after the end marker". */
      removed: string[];
    }
  | { ok: false; reason: Refusal["reason"]; detail: string };

const STRIPPERS: Partial<Record<MediaType, (bytes: Uint8Array, removed: Removed) => Uint8Array>> = {
  "image/jpeg": stripJpeg,
  "image/png": stripPng,
  "image/webp": stripWebp,
  "image/gif": stripGif,
  "image/avif": stripAvif,
};

/** The file without its metadata, or why it cannot be stored. PDFs pass unchanged. */
export function stripMetadata(bytes: Uint8Array, type: MediaType): StripResult {
  const strip = STRIPPERS[type];
  if (!strip) return { ok: true, bytes, removed: [] };
  const removed = new Removed();
  try {
    const stripped = strip(bytes, removed);
    return { ok: true, bytes: stripped, removed: removed.list() };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason, detail: error.message };
    throw error;
  }
}
