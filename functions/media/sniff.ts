// What a file really is, from its first bytes (its "magic number"), whatever name or
// Content-Type it came with. Only the types the media bucket accepts are recognised;
// anything else (SVG, HTML, scripts, archives, text) is unknown and so refused.
import type { MediaType } from "../_shared/media-rules.ts";

export type { MediaType };

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((byte, index) => bytes[at + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_IHDR = ascii("IHDR");
const JPEG = [0xff, 0xd8, 0xff];
const GIF87 = ascii("GIF87a");
const GIF89 = ascii("GIF89a");
const RIFF = ascii("RIFF");
const WEBP = ascii("WEBP");
const FTYP = ascii("ftyp");
const PDF = ascii("%PDF-");

/** The ISO-BMFF brands (major and compatible) of an ftyp box at the start, if any. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (!startsWith(bytes, FTYP, 4)) return [];
  const size =
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0);
  const end = Math.min(bytes.length, size);
  if (size < 16 || end < 16) return [];
  const brands: string[] = [];
  const decode = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  brands.push(decode(8));
  for (let at = 16; at + 4 <= end; at += 4) brands.push(decode(at));
  return brands;
}

/** The type the bytes are, or null when they are none of the accepted types. */
export function sniffType(bytes: Uint8Array): MediaType | null {
  // A PNG starts with its signature and then the IHDR chunk.
  if (startsWith(bytes, PNG) && startsWith(bytes, PNG_IHDR, 12)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, GIF87) || startsWith(bytes, GIF89)) return "image/gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp";
  const brands = ftypBrands(bytes);
  if (brands.includes("avif") || brands.includes("avis")) return "image/avif";
  if (startsWith(bytes, PDF)) return "application/pdf";
  return null;
}

/** The declared Content-Type without parameters, lower-cased; `image/jpg` read as JPEG. */
export function declaredType(header: string | null): string {
  const base = (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return base === "image/jpg" ? "image/jpeg" : base;
}
