// WebP: a walk over the RIFF chunks. Kept: VP8X, ICCP, ANIM, ALPH, the VP8/VP8L
// bitstream and the ANMF frames (whose own chunks are filtered the same way). Removed:
// EXIF, "XMP " and every unknown chunk, and anything after the RIFF's declared size.
// When something is removed the VP8X flags stop announcing Exif and XMP and the RIFF
// size is written anew.
import {
  ascii,
  concat,
  damaged,
  latin1,
  need,
  partCounter,
  putU32le,
  type Removed,
  u32le,
} from "./binary.ts";

const BITSTREAM = new Set(["VP8 ", "VP8L"]);
const EXTENDED = new Set(["VP8X", "ICCP", "ANIM", "ANMF", "ALPH", "VP8 ", "VP8L"]);
const IN_FRAME = new Set(["ALPH", "VP8 ", "VP8L"]);
/** VP8X flag bits that announce Exif (0x08) and XMP (0x04) chunks. */
const METADATA_FLAGS = 0x08 | 0x04;

interface Chunk {
  type: string;
  /** The whole chunk: header, payload and its padding byte, if any. */
  bytes: Uint8Array;
  payload: Uint8Array;
}

function chunks(
  bytes: Uint8Array,
  from: number,
  to: number,
  where: string,
  count: () => void,
): Chunk[] {
  const found: Chunk[] = [];
  let pos = from;
  while (pos < to) {
    count();
    if (pos + 8 > to) throw damaged(`a chunk header in ${where} is cut off`);
    const type = latin1(bytes, pos, 4);
    const size = u32le(bytes, pos + 4);
    const end = pos + 8 + size + (size & 1);
    if (end > to) throw damaged(`the ${JSON.stringify(type)} chunk runs past the end of ${where}`);
    found.push({
      type,
      bytes: bytes.subarray(pos, end),
      payload: bytes.subarray(pos + 8, pos + 8 + size),
    });
    pos = end;
  }
  return found;
}

function chunk(type: string, payload: Uint8Array[]): Uint8Array {
  const size = payload.reduce((sum, part) => sum + part.length, 0);
  const header = new Uint8Array(8);
  header.set(ascii(type));
  putU32le(header, 4, size);
  return concat([header, ...payload, new Uint8Array(size & 1)]);
}

/** The WebP without its metadata; the same array when there was none. */
export function stripWebp(bytes: Uint8Array, removed: Removed): Uint8Array {
  need(bytes, 0, 12, "the WebP header");
  if (latin1(bytes, 0, 4) !== "RIFF" || latin1(bytes, 8, 4) !== "WEBP") {
    throw damaged("the WebP header is wrong");
  }
  const size = u32le(bytes, 4);
  if (size < 4) throw damaged("the WebP's RIFF size is impossible");
  const end = 8 + size;
  need(bytes, 0, end, "the WebP's RIFF chunk");
  const count = partCounter();
  const all = chunks(bytes, 12, end, "the file", count);
  const first = all[0];
  if (!first) throw damaged("the WebP has no picture data");
  let changed = false;
  const drop = (what: string) => {
    removed.add(what);
    changed = true;
  };

  let kept: Uint8Array[];
  if (BITSTREAM.has(first.type)) {
    // The simple format is one bitstream chunk and nothing else.
    kept = [first.bytes];
    for (const extra of all.slice(1)) drop(extra.type.trim());
  } else if (first.type === "VP8X") {
    if (first.payload.length < 10) throw damaged("the WebP's VP8X chunk is too short");
    kept = [];
    let pictures = 0;
    for (const item of all) {
      if (!EXTENDED.has(item.type)) {
        drop(item.type.trim());
      } else if (item.type === "ANMF") {
        if (item.payload.length < 16) throw damaged("a WebP animation frame is too short");
        const inner = chunks(item.payload, 16, item.payload.length, "an animation frame", count);
        const keep = inner.filter((part) => IN_FRAME.has(part.type));
        if (!keep.some((part) => BITSTREAM.has(part.type))) {
          throw damaged("a WebP animation frame has no picture data");
        }
        if (keep.length === inner.length) {
          kept.push(item.bytes);
        } else {
          for (const part of inner) if (!IN_FRAME.has(part.type)) drop(part.type.trim());
          kept.push(
            chunk("ANMF", [item.payload.subarray(0, 16), ...keep.map((part) => part.bytes)]),
          );
        }
        pictures += 1;
      } else if (item.type === "VP8X" && item !== first) {
        throw damaged("the WebP has a second VP8X chunk");
      } else {
        if (BITSTREAM.has(item.type)) pictures += 1;
        kept.push(item.bytes);
      }
    }
    if (pictures === 0) throw damaged("the WebP has no picture data");
    const flags = first.payload[0] as number;
    if (flags & METADATA_FLAGS) {
      const header = new Uint8Array(first.bytes);
      header[8] = flags & ~METADATA_FLAGS;
      kept[0] = header;
      changed = true;
    }
  } else {
    throw damaged(`the WebP starts with an unknown chunk ${JSON.stringify(first.type)}`);
  }

  if (end < bytes.length) drop("data after the RIFF chunk");
  if (!changed) return bytes;
  const body = concat([ascii("WEBP"), ...kept]);
  const header = new Uint8Array(8);
  header.set(ascii("RIFF"));
  putU32le(header, 4, body.length);
  return concat([header, body]);
}
