// Across the formats: a file cut anywhere is refused, no byte pattern makes the walkers
// fail other than by refusing, what they return is stable, and the largest uploads are
// walked quickly.
import { assert, assertEquals } from "../../_shared/assert.ts";
import { MAX_UPLOAD_BYTES } from "../../_shared/media-rules.ts";
import type { MediaType } from "../sniff.ts";
import { AVIF_METADATA, GIF, JPEG, PNG, WEBP } from "./fixtures.ts";
import { stripMetadata } from "./strip.ts";
import {
  AFTER_IHDR,
  ascii,
  assertBytes,
  comment,
  concat,
  exifSegment,
  exifTiff,
  gifBlocksStart,
  gifComment,
  gifXmp,
  indexOf,
  iptcSegment,
  jfif,
  pngChunk,
  riff,
  riffChunk,
  vp8x,
  XMP,
  xmpSegment,
} from "./testing.ts";

/** One file of each format, with metadata in it and nothing after its end. */
const SAMPLES: [MediaType, Uint8Array][] = [
  [
    "image/jpeg",
    concat([
      JPEG.subarray(0, 2),
      jfif(true),
      exifSegment(6),
      xmpSegment(),
      iptcSegment(),
      comment(),
      JPEG.subarray(2),
    ]),
  ],
  [
    "image/png",
    concat([
      PNG.subarray(0, AFTER_IHDR),
      pngChunk("eXIf", exifTiff()),
      pngChunk("iTXt", concat([ascii("XML:com.adobe.xmp\0\0\0\0\0"), XMP])),
      PNG.subarray(AFTER_IHDR),
    ]),
  ],
  [
    "image/webp",
    riff([
      vp8x(0x0c, 16, 12),
      WEBP.subarray(12),
      riffChunk("EXIF", exifTiff()),
      riffChunk("XMP ", XMP),
    ]),
  ],
  [
    "image/gif",
    concat([
      GIF.subarray(0, gifBlocksStart(GIF)),
      gifComment(),
      gifXmp(),
      GIF.subarray(gifBlocksStart(GIF)),
    ]),
  ],
  ["image/avif", AVIF_METADATA],
];

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test("a file cut short anywhere is refused as damaged, in every format", () => {
  for (const [type, sample] of SAMPLES) {
    assert(stripMetadata(sample, type).ok, `${type} whole is stored`);
    for (let length = 0; length < sample.length; length += 1) {
      const result = stripMetadata(sample.subarray(0, length), type);
      assertEquals(result.ok ? "stored" : result.reason, "damaged", `${type} cut at ${length}`);
    }
  }
});

Deno.test("changed bytes make a file refused or stripped, never a crash; stripping is stable", () => {
  const next = random(20261125);
  for (const [type, sample] of SAMPLES) {
    for (let round = 0; round < 1000; round += 1) {
      const bytes = sample.slice();
      const changes = 1 + Math.floor(next() * 4);
      for (let n = 0; n < changes; n += 1) {
        const at = Math.floor(next() * bytes.length);
        bytes[at] = next() < 0.3 ? 0xff : Math.floor(next() * 256);
      }
      let result: ReturnType<typeof stripMetadata>;
      try {
        result = stripMetadata(bytes, type);
      } catch (error) {
        throw new Error(`${type} round ${round} threw instead of refusing: ${error}`);
      }
      if (!result.ok) continue;
      const again = stripMetadata(result.bytes, type);
      assert(again.ok, `${type} round ${round}: the stripped file is accepted again`);
      assertBytes(again.bytes, result.bytes, `${type} round ${round}: stripping again`);
    }
  }
});

Deno.test("PDFs pass unchanged; they are not pictures", () => {
  const pdf = ascii("%PDF-1.7\n1 0 obj<</Author(FixtureCam)>>endobj\n%%EOF\n");
  const result = stripMetadata(pdf, "application/pdf");
  assert(result.ok && result.bytes === pdf, "the same bytes");
});

Deno.test("10 MB pictures are walked in one pass: a JPEG scan and PNG picture data", () => {
  const size = MAX_UPLOAD_BYTES;
  const next = random(7);
  // Entropy-coded data: any bytes, each 0xFF followed by a stuffed 0x00.
  const entropy = new Uint8Array(size);
  for (let i = 0; i < size; i += 1) entropy[i] = next() < 0.01 ? 0xff : (i * 31) & 0x7f;
  for (let i = 0; i < size - 1; i += 1) if (entropy[i] === 0xff) entropy[i + 1] = 0;
  entropy[size - 1] = 0;
  const scan = indexOf(JPEG, Uint8Array.from([0xff, 0xda]));
  const headerEnd = scan + 2 + ((JPEG[scan + 2] as number) << 8) + (JPEG[scan + 3] as number);
  const jpeg = concat([
    JPEG.subarray(0, scan),
    comment(),
    JPEG.subarray(scan, headerEnd),
    entropy,
    Uint8Array.from([0xff, 0xd9]),
  ]);
  let started = performance.now();
  const strippedJpeg = stripMetadata(jpeg, "image/jpeg");
  const jpegTime = performance.now() - started;
  assert(strippedJpeg.ok, "the JPEG is stored");
  assertEquals(strippedJpeg.bytes.length, jpeg.length - comment().length);

  const idat = pngChunk("IDAT", entropy);
  const png = concat([
    PNG.subarray(0, AFTER_IHDR),
    pngChunk("tEXt", ascii("a\0b")),
    idat,
    PNG.subarray(PNG.length - 12),
  ]);
  started = performance.now();
  const strippedPng = stripMetadata(png, "image/png");
  const pngTime = performance.now() - started;
  assert(strippedPng.ok, "the PNG is stored");
  // Generous bounds: a walk is a few milliseconds; these only catch a quadratic slip.
  assert(jpegTime < 2000, `JPEG took ${jpegTime} ms`);
  assert(pngTime < 2000, `PNG took ${pngTime} ms`);
});
