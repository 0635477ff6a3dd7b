// Builders for the strip tests: metadata segments, chunks and blocks as cameras, phones
// and editors write them, to splice into the real pictures of fixtures.ts.
import { assert, assertEquals } from "../../_shared/assert.ts";
import type { MediaType } from "../sniff.ts";
import { ascii, concat, putU16be, putU32be, putU32le } from "./binary.ts";
import { crc32 } from "./png.ts";
import { stripMetadata } from "./strip.ts";

export { ascii, concat };

/** Text that must not survive stripping: it only ever appears inside metadata. */
export const SECRETS = [
  "FixtureCam",
  "Exif\0\0",
  "xmpmeta",
  "Photoshop 3.0",
  "8BIM",
  "IPTC Byline",
  "12 Elm Street",
  "Townsville",
  "2026:11:24",
];

export function includes(haystack: Uint8Array, needle: Uint8Array | string): boolean {
  const target = typeof needle === "string" ? ascii(needle) : needle;
  outer: for (let i = 0; i + target.length <= haystack.length; i += 1) {
    for (let j = 0; j < target.length; j += 1) if (haystack[i + j] !== target[j]) continue outer;
    return true;
  }
  return false;
}

export function indexOf(haystack: Uint8Array, needle: Uint8Array | string, from = 0): number {
  const target = typeof needle === "string" ? ascii(needle) : needle;
  outer: for (let i = from; i + target.length <= haystack.length; i += 1) {
    for (let j = 0; j < target.length; j += 1) if (haystack[i + j] !== target[j]) continue outer;
    return i;
  }
  return -1;
}

export function assertNoSecrets(bytes: Uint8Array, note: string): void {
  for (const secret of SECRETS) {
    assert(!includes(bytes, secret), `${note}: ${JSON.stringify(secret)} is still in the file`);
  }
}

export function assertBytes(actual: Uint8Array, expected: Uint8Array, note: string): void {
  assertEquals(actual.length, expected.length, `${note}: length`);
  const first = actual.findIndex((byte, index) => byte !== expected[index]);
  assertEquals(first, -1, `${note}: first differing byte`);
}

/** Strips and expects success. */
export function stripped(bytes: Uint8Array, type: MediaType) {
  const result = stripMetadata(bytes, type);
  if (!result.ok) throw new Error(`refused: ${result.reason}: ${result.detail}`);
  return result;
}

/** Strips and expects a refusal, returning its reason and detail. */
export function refused(bytes: Uint8Array, type: MediaType) {
  const result = stripMetadata(bytes, type);
  if (result.ok) throw new Error(`stored, removing ${JSON.stringify(result.removed)}`);
  return result;
}

/**
 * A little-endian TIFF block as cameras write into Exif: IFD0 with Make and, when
 * given, Orientation, and a GPS IFD with a latitude; also a DateTime.
 */
export function exifTiff(options: { orientation?: number } = {}): Uint8Array {
  const make = ascii("FixtureCam\0");
  const date = ascii("2026:11:24 10:00:00\0");
  const entries0 = options.orientation === undefined ? 3 : 4;
  const ifd0 = 8;
  const ifd0Size = 2 + entries0 * 12 + 4;
  const makeAt = ifd0 + ifd0Size;
  const dateAt = makeAt + 12;
  const gpsAt = dateAt + date.length;
  const gpsSize = 2 + 2 * 12 + 4;
  const latitudeAt = gpsAt + gpsSize;
  const out = new Uint8Array(latitudeAt + 24);
  const view = new DataView(out.buffer);
  out.set(ascii("II*\0"));
  view.setUint32(4, ifd0, true);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, count, true);
    if (type === 3) view.setUint16(at + 8, value, true);
    else view.setUint32(at + 8, value, true);
  };
  view.setUint16(ifd0, entries0, true);
  let at = ifd0 + 2;
  entry(at, 0x010f, 2, make.length, makeAt);
  at += 12;
  if (options.orientation !== undefined) {
    entry(at, 0x0112, 3, 1, options.orientation);
    at += 12;
  }
  entry(at, 0x0132, 2, date.length, dateAt);
  at += 12;
  entry(at, 0x8825, 4, 1, gpsAt);
  out.set(make, makeAt);
  out.set(date, dateAt);
  view.setUint16(gpsAt, 2, true);
  entry(gpsAt + 2, 0x0001, 2, 2, 0x4e); // GPSLatitudeRef "N"
  entry(gpsAt + 14, 0x0002, 5, 3, latitudeAt); // GPSLatitude 51/1 30/1 12/1
  [51, 1, 30, 1, 12, 1].forEach((value, index) => {
    view.setUint32(latitudeAt + index * 4, value, true);
  });
  return out;
}

export const XMP = ascii(
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description ' +
    'xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.2N" ' +
    'exif:DateTimeOriginal="2026:11:24"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
);

/** An IPTC-IIM record (by-line and city) in a Photoshop image resource block. */
export function photoshopIptc(): Uint8Array {
  const dataset = (number: number, text: string) => {
    const value = ascii(text);
    const header = Uint8Array.from([0x1c, 0x02, number, 0, 0]);
    putU16be(header, 3, value.length);
    return concat([header, value]);
  };
  const iptc = concat([dataset(80, "IPTC Byline"), dataset(90, "Townsville")]);
  const resource = new Uint8Array(12);
  resource.set(ascii("8BIM"));
  putU16be(resource, 4, 0x0404);
  putU32be(resource, 8, iptc.length); // an empty Pascal name (two zero bytes) before
  return concat([ascii("Photoshop 3.0\0"), resource, iptc, new Uint8Array(iptc.length & 1)]);
}

// JPEG

export function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const head = Uint8Array.from([0xff, marker, 0, 0]);
  putU16be(head, 2, payload.length + 2);
  return concat([head, payload]);
}

export const jfif = (thumbnail: boolean) =>
  jpegSegment(
    0xe0,
    concat([
      ascii("JFIF\0"),
      Uint8Array.from([1, 2, 1, 0, 72, 0, 72]),
      thumbnail ? Uint8Array.from([1, 1, 0xaa, 0xbb, 0xcc]) : Uint8Array.from([0, 0]),
    ]),
  );
export const exifSegment = (orientation?: number) =>
  jpegSegment(0xe1, concat([ascii("Exif\0\0"), exifTiff({ orientation })]));
export const xmpSegment = () =>
  jpegSegment(0xe1, concat([ascii("http://ns.adobe.com/xap/1.0/\0"), XMP]));
export const iccSegment = () =>
  jpegSegment(0xe2, concat([ascii("ICC_PROFILE\0"), Uint8Array.from([1, 1]), new Uint8Array(64)]));
export const mpfSegment = () =>
  jpegSegment(0xe2, concat([ascii("MPF\0"), ascii("MM\0*"), new Uint8Array(24)]));
export const iptcSegment = () => jpegSegment(0xed, photoshopIptc());
export const adobeSegment = () =>
  jpegSegment(0xee, concat([ascii("Adobe"), Uint8Array.from([0, 100, 0, 0, 0, 0, 1])]));
export const comment = () => jpegSegment(0xfe, ascii("Shot at 12 Elm Street"));

// PNG

export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  putU32be(out, 0, data.length);
  out.set(ascii(type), 4);
  out.set(data, 8);
  putU32be(out, 8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Where the chunk after IHDR starts (the signature and the 25-byte IHDR chunk). */
export const AFTER_IHDR = 8 + 25;

// WebP

export function riffChunk(type: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + payload.length + (payload.length & 1));
  out.set(ascii(type));
  putU32le(out, 4, payload.length);
  out.set(payload, 8);
  return out;
}

export function riff(chunks: Uint8Array[]): Uint8Array {
  const body = concat([ascii("WEBP"), ...chunks]);
  const header = new Uint8Array(8);
  header.set(ascii("RIFF"));
  putU32le(header, 4, body.length);
  return concat([header, body]);
}

export function vp8x(flags: number, width: number, height: number): Uint8Array {
  const payload = new Uint8Array(10);
  payload[0] = flags;
  const put24 = (at: number, value: number) => {
    payload[at] = value & 0xff;
    payload[at + 1] = (value >> 8) & 0xff;
    payload[at + 2] = (value >> 16) & 0xff;
  };
  put24(4, width - 1);
  put24(7, height - 1);
  return riffChunk("VP8X", payload);
}

/** The chunks of a WebP file (type and whole chunk bytes), read back for checks. */
export function webpChunks(bytes: Uint8Array, from = 12, to = bytes.length) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const found: { type: string; bytes: Uint8Array; payload: Uint8Array }[] = [];
  for (let at = from; at < to; ) {
    const size = view.getUint32(at + 4, true);
    const end = at + 8 + size + (size & 1);
    found.push({
      type: String.fromCharCode(...bytes.subarray(at, at + 4)),
      bytes: bytes.subarray(at, end),
      payload: bytes.subarray(at + 8, at + 8 + size),
    });
    at = end;
  }
  return found;
}

// GIF

/** Data sub-blocks of at most 255 bytes, then the terminator. */
export function subBlocks(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [];
  for (let at = 0; at < data.length; at += 255) {
    const piece = data.subarray(at, at + 255);
    parts.push(Uint8Array.from([piece.length]), piece);
  }
  return concat([...parts, Uint8Array.from([0])]);
}

export const gifComment = () =>
  concat([Uint8Array.from([0x21, 0xfe]), subBlocks(ascii("Shot at 12 Elm Street"))]);
export const gifApplication = (name: string, data: Uint8Array) =>
  concat([Uint8Array.from([0x21, 0xff, 11]), ascii(name), subBlocks(data)]);
export const netscapeLoop = () =>
  concat([
    Uint8Array.from([0x21, 0xff, 11]),
    ascii("NETSCAPE2.0"),
    Uint8Array.from([3, 1, 0, 0, 0]),
  ]);
/**
 * XMP as GIF carries it: the packet written raw (not in sub-blocks), then a 258-byte
 * "magic trailer" that makes any reader's sub-block walk land on the terminator.
 */
export function gifXmp(): Uint8Array {
  const trailer = new Uint8Array(258);
  trailer[0] = 1;
  for (let i = 0; i < 256; i += 1) trailer[1 + i] = 0xff - i;
  trailer[257] = 0;
  return concat([Uint8Array.from([0x21, 0xff, 11]), ascii("XMP DataXMP"), XMP, trailer]);
}

/** Where a GIF's first block starts: after the header, screen descriptor and colour table. */
export function gifBlocksStart(gif: Uint8Array): number {
  const packed = gif[10] as number;
  return 13 + (packed & 0x80 ? 3 * (1 << ((packed & 0x07) + 1)) : 0);
}
