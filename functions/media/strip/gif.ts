// GIF: a walk over the blocks. Kept: the header and colour tables, the images with
// their LZW data, graphic control (timing, transparency) and plain-text extensions, and
// the application extensions that drawing uses (NETSCAPE2.0 and ANIMEXTS1.0 looping,
// ICCRGBG1012 colour profile). Removed: comment extensions, every other application
// extension (XMP "XMP DataXMP", ImageMagick's IPTC/8BIM, ...), unknown extensions and
// anything after the trailer.
import { damaged, hasText, latin1, need, partCounter, type Removed, Splicer } from "./binary.ts";

const KEPT_APPLICATIONS = new Set(["NETSCAPE2.0", "ANIMEXTS1.0", "ICCRGBG1012"]);

/** The end of the data sub-blocks starting at `at` (just past their zero terminator). */
function subBlocksEnd(bytes: Uint8Array, at: number): number {
  let pos = at;
  for (;;) {
    need(bytes, pos, 1, "a GIF data block");
    const size = bytes[pos] as number;
    pos += 1;
    if (size === 0) return pos;
    need(bytes, pos, size, "a GIF data block");
    pos += size;
  }
}

const tableSize = (packed: number) => (packed & 0x80 ? 3 * (1 << ((packed & 0x07) + 1)) : 0);

/** The GIF without its metadata; the same array when there was none. */
export function stripGif(bytes: Uint8Array, removed: Removed): Uint8Array {
  if (!hasText(bytes, 0, "GIF87a") && !hasText(bytes, 0, "GIF89a")) {
    throw damaged("the GIF header is wrong");
  }
  need(bytes, 0, 13, "the GIF screen descriptor");
  let pos = 13 + tableSize(bytes[10] as number);
  need(bytes, 0, pos, "the GIF colour table");
  const out = new Splicer(bytes);
  out.keep(0, pos);
  const count = partCounter();
  let images = 0;

  for (;;) {
    count();
    need(bytes, pos, 1, "the GIF (it has no trailer)");
    const start = pos;
    const introducer = bytes[pos] as number;
    if (introducer === 0x3b) {
      pos += 1;
      out.keep(start, pos);
      break;
    }
    if (introducer === 0x2c) {
      need(bytes, pos, 10, "a GIF image descriptor");
      pos += 10 + tableSize(bytes[pos + 9] as number);
      need(bytes, pos, 1, "a GIF image");
      pos = subBlocksEnd(bytes, pos + 1); // after the LZW minimum code size
      out.keep(start, pos);
      images += 1;
      continue;
    }
    if (introducer !== 0x21) throw damaged(`unexpected byte ${introducer} between GIF blocks`);
    need(bytes, pos, 2, "a GIF extension");
    const label = bytes[pos + 1] as number;
    pos = subBlocksEnd(bytes, pos + 2);
    if (label === 0xf9 || label === 0x01) {
      out.keep(start, pos);
    } else if (label === 0xff) {
      const name = bytes[start + 2] === 11 ? latin1(bytes, start + 3, 11) : "";
      if (KEPT_APPLICATIONS.has(name)) out.keep(start, pos);
      else if (name === "XMP DataXMP") removed.add("XMP application extension");
      else removed.add("application extension");
    } else if (label === 0xfe) {
      removed.add("comment extension");
    } else {
      removed.add("unknown extension");
    }
  }

  if (images === 0) throw damaged("the GIF has no image");
  if (pos < bytes.length) removed.add("data after the trailer");
  return out.result();
}
