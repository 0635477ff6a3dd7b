// JPEG: a walk over the marker segments. Kept: the frame, scan and table segments, the
// JFIF header (APP0, without its thumbnail), the ICC profile (APP2 "ICC_PROFILE") and
// Adobe's colour transform (APP14 "Adobe"), which decoders need to draw the colours
// right. Removed: every other APPn segment (APP1 Exif and XMP, APP2 MPF, APP13
// Photoshop/IPTC, ...), comments (COM) and anything after the end marker (appended
// pictures, videos, other files). The entropy-coded picture data is copied as it is.
//
// One thing of Exif is carried over: an Orientation other than "upright" (2-8), in a
// new Exif segment holding that one tag and nothing else, since without it browsers
// would show a phone's portrait photo on its side.
import {
  ascii,
  concat,
  damaged,
  need,
  partCounter,
  putU16be,
  type Removed,
  Splicer,
  u16be,
} from "./binary.ts";

/** Start-of-frame markers (baseline, extended, progressive, lossless; JPEG-LS F7). */
const FRAME = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf, 0xf7,
]);
/** Tables and other segments decoding needs: DHT, DAC, DQT, DNL, DRI, DHP, EXP, JPEG-LS LSE. */
const DECODING = new Set([0xc4, 0xcc, 0xdb, 0xdc, 0xdd, 0xde, 0xdf, 0xf8]);
const SOS = 0xda;
const EOI = 0xd9;
const COM = 0xfe;

const hex = (marker: number) => `FF${marker.toString(16).toUpperCase().padStart(2, "0")}`;

function startsWith(payload: Uint8Array, text: string): boolean {
  if (payload.length < text.length) return false;
  for (let i = 0; i < text.length; i += 1) if (payload[i] !== text.charCodeAt(i)) return false;
  return true;
}

/** How a removed APPn segment is named, by what it is known to carry. */
function appName(marker: number, payload: Uint8Array): string {
  const n = marker - 0xe0;
  if (n === 0 && startsWith(payload, "JFXX\0")) return "APP0 JFXX thumbnail";
  if (n === 1 && startsWith(payload, "Exif\0\0")) return "APP1 Exif";
  if (n === 1 && startsWith(payload, "http://ns.adobe.com/")) return "APP1 XMP";
  if (n === 2 && startsWith(payload, "MPF\0")) return "APP2 MPF";
  if (n === 13 && startsWith(payload, "Photoshop 3.0\0")) return "APP13 Photoshop/IPTC";
  return `APP${n}`;
}

/**
 * The Orientation tag (1-8) of an APP1 Exif payload, or null when it has none or its
 * TIFF structure is unreadable (the segment is dropped either way).
 */
export function exifOrientation(payload: Uint8Array): number | null {
  if (!startsWith(payload, "Exif\0\0")) return null;
  const tiff = payload.subarray(6);
  const little = startsWith(tiff, "II*\0");
  if (!little && !startsWith(tiff, "MM\0*")) return null;
  const u16 = (at: number) => {
    if (at + 2 > tiff.length) return null;
    const [a, b] = [tiff[at] as number, tiff[at + 1] as number];
    return little ? a | (b << 8) : (a << 8) | b;
  };
  const u32 = (at: number) => {
    const high = u16(little ? at + 2 : at);
    const low = u16(little ? at : at + 2);
    return high === null || low === null ? null : high * 0x10000 + low;
  };
  const ifd = u32(4);
  const count = ifd === null ? null : u16(ifd);
  if (ifd === null || count === null) return null;
  for (let index = 0; index < count; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > tiff.length) return null;
    if (u16(entry) !== 0x0112) continue;
    if (u16(entry + 2) !== 3 || u32(entry + 4) !== 1) return null;
    const value = u16(entry + 8);
    return value !== null && value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/** An APP1 segment with an Exif block whose only tag is Orientation. */
export function orientationSegment(orientation: number): Uint8Array {
  const tiff = Uint8Array.from([
    ...[0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08], // big-endian, IFD0 at offset 8
    ...[0x00, 0x01], // one entry: Orientation, SHORT, count 1, the value
    ...[0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00],
    ...[0x00, 0x00, 0x00, 0x00], // no next IFD
  ]);
  const payload = concat([ascii("Exif\0\0"), tiff]);
  const segment = new Uint8Array(4 + payload.length);
  segment.set([0xff, 0xe1]);
  putU16be(segment, 2, 2 + payload.length);
  segment.set(payload, 4);
  return segment;
}

/** The JPEG without its metadata; the same array when there was none. */
export function stripJpeg(bytes: Uint8Array, removed: Removed): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw damaged("the JPEG start marker is missing");
  const out = new Splicer(bytes);
  out.keep(0, 2);
  const count = partCounter();
  let frame = false;
  let scanned = false;
  let exifSeen = false;
  let pos = 2;

  for (;;) {
    count();
    if (pos >= bytes.length) throw damaged("the JPEG ends before its end marker");
    if (bytes[pos] !== 0xff) throw damaged(`stray bytes at offset ${pos} where a marker belongs`);
    const start = pos;
    while (bytes[pos] === 0xff) pos += 1; // fill bytes before a marker
    if (pos >= bytes.length) throw damaged("the JPEG ends inside a marker");
    const marker = bytes[pos] as number;
    pos += 1;

    if (marker === EOI) {
      if (!scanned) throw damaged("the JPEG ends before any picture data");
      out.keep(start, pos);
      break;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      out.keep(start, pos); // TEM and RSTn stand alone
      continue;
    }
    if (marker === 0xd8 || marker === 0x00) throw damaged(`misplaced marker ${hex(marker)}`);

    const length = u16be(bytes, pos);
    if (length < 2) throw damaged(`segment ${hex(marker)} has an impossible length`);
    need(bytes, pos, length, `segment ${hex(marker)}`);
    const end = pos + length;
    const payload = bytes.subarray(pos + 2, end);

    if (marker === SOS) {
      if (!frame) throw damaged("picture data comes before the frame header");
      scanned = true;
      // Entropy-coded data runs to the next marker: inside it 0xFF is followed by 0x00
      // (a stuffed byte) or a restart marker, by anything else only at its end.
      let at = end;
      for (;;) {
        const ff = bytes.indexOf(0xff, at);
        if (ff === -1 || ff + 1 >= bytes.length) {
          throw damaged("the picture data is cut off before the end marker");
        }
        const next = bytes[ff + 1] as number;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) {
          at = ff + 2;
          continue;
        }
        at = ff;
        break;
      }
      out.keep(start, at);
      pos = at;
      continue;
    }

    if (FRAME.has(marker)) {
      frame = true;
      out.keep(start, end);
    } else if (DECODING.has(marker)) {
      out.keep(start, end);
    } else if (marker === 0xe0 && startsWith(payload, "JFIF\0") && payload.length >= 14) {
      if (payload.length === 14 && payload[12] === 0 && payload[13] === 0) {
        out.keep(start, end);
      } else {
        // The header without its thumbnail, a picture of its own that may still show
        // what a crop took away.
        const header = new Uint8Array(18);
        header.set([0xff, 0xe0, 0x00, 0x10]);
        header.set(payload.subarray(0, 12), 4);
        out.insert(header);
        removed.add("APP0 JFIF thumbnail");
      }
    } else if (marker === 0xe2 && startsWith(payload, "ICC_PROFILE\0")) {
      out.keep(start, end);
    } else if (marker === 0xee && startsWith(payload, "Adobe")) {
      out.keep(start, end);
    } else if (marker >= 0xe0 && marker <= 0xef) {
      removed.add(appName(marker, payload));
      if (marker === 0xe1 && startsWith(payload, "Exif\0\0") && !exifSeen) {
        exifSeen = true;
        const orientation = exifOrientation(payload);
        if (orientation !== null && orientation !== 1) out.insert(orientationSegment(orientation));
      }
    } else if (marker === COM) {
      removed.add("COM comment");
    } else {
      throw damaged(`unknown marker ${hex(marker)}`);
    }
    pos = end;
  }

  if (pos < bytes.length) removed.add("data after the end marker");
  return out.result();
}
