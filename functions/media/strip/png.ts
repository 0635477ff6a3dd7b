// PNG: a walk over the chunks, each checked against its CRC. Kept: the critical chunks
// and the ancillary ones that change how the picture is drawn (transparency, colour
// space and profile, gamma, background, pixel size, animation). Removed: every other
// ancillary chunk, among them eXIf, tEXt, zTXt, iTXt (where XMP lives) and tIME, and
// anything after IEND. An unknown critical chunk is refused: no decoder could draw it.
import { damaged, latin1, need, partCounter, type Removed, Splicer, u32be } from "./binary.ts";

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRITICAL = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);
/** Ancillary chunks that drawing uses (PNG third edition, APNG). */
const RENDERING = new Set([
  "tRNS",
  "cHRM",
  "gAMA",
  "iCCP",
  "sBIT",
  "sRGB",
  "cICP",
  "mDCV",
  "mDCv",
  "cLLI",
  "cLLi",
  "bKGD",
  "pHYs",
  "acTL",
  "fcTL",
  "fdAT",
]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i += 1) {
    crc = (CRC_TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** The PNG without its metadata; the same array when there was none. */
export function stripPng(bytes: Uint8Array, removed: Removed): Uint8Array {
  need(bytes, 0, SIGNATURE.length, "the PNG signature");
  if (SIGNATURE.some((byte, index) => bytes[index] !== byte)) {
    throw damaged("the PNG signature is wrong");
  }
  const out = new Splicer(bytes);
  out.keep(0, 8);
  const count = partCounter();
  let pos = 8;
  let pictures = 0;
  for (let index = 0; ; index += 1) {
    count();
    if (pos >= bytes.length) throw damaged("the PNG ends before its IEND chunk");
    const length = u32be(bytes, pos);
    if (length > 0x7fffffff) throw damaged("a PNG chunk has an impossible length");
    need(bytes, pos, 12 + length, "a PNG chunk");
    const type = latin1(bytes, pos + 4, 4);
    if (!/^[A-Za-z]{4}$/.test(type)) throw damaged("a PNG chunk has no valid name");
    if (index === 0 && (type !== "IHDR" || length !== 13)) {
      throw damaged("the PNG does not start with its header chunk");
    }
    const end = pos + 12 + length;
    if (CRITICAL.has(type) || RENDERING.has(type)) {
      if (crc32(bytes.subarray(pos + 4, pos + 8 + length)) !== u32be(bytes, pos + 8 + length)) {
        throw damaged(`the PNG chunk ${type} is corrupt (its checksum does not match)`);
      }
      out.keep(pos, end);
      if (type === "IDAT") pictures += 1;
    } else if (type.charCodeAt(0) < 0x61) {
      // An upper-case first letter marks a chunk critical: no decoder may skip it.
      throw damaged(`the PNG has an unknown critical chunk ${type}`);
    } else {
      removed.add(type);
    }
    pos = end;
    if (type === "IEND") break;
  }
  if (pictures === 0) throw damaged("the PNG has no picture data");
  if (pos < bytes.length) removed.add("data after IEND");
  return out.result();
}
