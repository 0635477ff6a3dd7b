// Draws the placeholder pictures in public/images/placeholders/: what an area shows
// when its image is missing or broken (spec 4). Neutral grey and teal, a simple
// picture glyph; the logo placeholder is a grey box reading "Logo".
// Run: node src/lib/content/placeholders.ts

import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import type { PlaceholderKind } from "./snapshot.ts";

export const PLACEHOLDER_SIZES: Record<PlaceholderKind, { width: number; height: number }> = {
  banner: { width: 1920, height: 1080 },
  photo: { width: 1200, height: 900 },
  portrait: { width: 800, height: 1000 },
  logo: { width: 400, height: 400 },
  certificate: { width: 900, height: 1200 },
  project: { width: 1200, height: 800 },
  gallery: { width: 1200, height: 900 },
};

function glyph(width: number, height: number): string {
  // A framed picture: a sun and two hills, centred, a fifth of the short side.
  const s = Math.min(width, height) / 5;
  const x = width / 2 - s;
  const y = height / 2 - s * 0.75;
  return `
    <g fill="none" stroke="#7fa8a6" stroke-width="${s / 14}" stroke-linejoin="round">
      <rect x="${x}" y="${y}" width="${2 * s}" height="${1.5 * s}" rx="${s / 8}"/>
    </g>
    <circle cx="${x + s * 0.55}" cy="${y + s * 0.5}" r="${s * 0.18}" fill="#9fbfbd"/>
    <path d="M${x + s * 0.15} ${y + s * 1.3} L${x + s * 0.8} ${y + s * 0.75} L${x + s * 1.2} ${y + s * 1.05}
             L${x + s * 1.45} ${y + s * 0.85} L${x + s * 1.85} ${y + s * 1.3} Z" fill="#9fbfbd"/>`;
}

export function placeholderSvg(kind: PlaceholderKind): string {
  const { width, height } = PLACEHOLDER_SIZES[kind];
  const inner =
    kind === "logo"
      ? `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle"
           font-family="Helvetica, Arial, sans-serif" font-size="${width / 6}" font-weight="600"
           fill="#8a8f95">Logo</text>`
      : glyph(width, height);
  const background =
    kind === "logo"
      ? `<rect width="100%" height="100%" fill="#e5e7eb"/>`
      : `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
           <stop offset="0" stop-color="#e6eeee"/><stop offset="1" stop-color="#d3dfdf"/>
         </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${background}${inner}</svg>`;
}

export async function drawPlaceholders(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const written: string[] = [];
  for (const kind of Object.keys(PLACEHOLDER_SIZES) as PlaceholderKind[]) {
    const file = join(dir, `${kind}.png`);
    const png = await sharp(Buffer.from(placeholderSvg(kind)))
      .png({ compressionLevel: 9, palette: true, colours: 64 })
      .toBuffer();
    await writeFile(file, png);
    written.push(file);
  }
  return written;
}

if (import.meta.main) {
  const dir = join(import.meta.dirname, "..", "..", "..", "public", "images", "placeholders");
  for (const file of await drawPlaceholders(dir)) console.log(`wrote ${file}`);
}
