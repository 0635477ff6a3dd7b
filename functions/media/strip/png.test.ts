// PNG: text, time and Exif chunks and private chunks go; the chunks that drawing uses
// stay byte for byte; a broken file is refused whole.
import { assert, assertEquals } from "../../_shared/assert.ts";
import { PNG } from "./fixtures.ts";
import { crc32 } from "./png.ts";
import {
  AFTER_IHDR,
  ascii,
  assertBytes,
  assertNoSecrets,
  concat,
  exifTiff,
  pngChunk,
  refused,
  stripped,
  XMP,
} from "./testing.ts";

const HEAD = PNG.subarray(0, AFTER_IHDR);
const REST = PNG.subarray(AFTER_IHDR);
const gama = pngChunk("gAMA", Uint8Array.from([0, 0, 0xb1, 0x8f]));

function metadataChunks(): Uint8Array[] {
  return [
    pngChunk("eXIf", exifTiff({ orientation: 6 })),
    pngChunk("tEXt", ascii("Author\0IPTC Byline")),
    pngChunk("tEXt", ascii("Comment\0Shot at 12 Elm Street")),
    // Compressed text: zlib's deflate of "Townsville", which no byte search would find.
    pngChunk(
      "zTXt",
      concat([
        ascii("Location\0\0"),
        Uint8Array.from([
          0x78, 0x9c, 0x0b, 0xc9, 0x2f, 0xcf, 0x2b, 0x2e, 0xcb, 0xcc, 0xc9, 0x49, 0x05, 0x00, 0x17,
          0x18, 0x04, 0x38,
        ]),
      ]),
    ),
    pngChunk("iTXt", concat([ascii("XML:com.adobe.xmp\0\0\0\0\0"), XMP])),
    pngChunk("tIME", Uint8Array.from([0x07, 0xea, 11, 24, 10, 0, 0])),
    pngChunk("dSIG", ascii("signature")),
    pngChunk("prVw", ascii("FixtureCam preview")),
  ];
}

Deno.test("a PNG loses eXIf, tEXt, zTXt, iTXt, tIME and private chunks; drawing chunks stay", () => {
  const input = concat([HEAD, gama, ...metadataChunks(), REST, ascii("<html>after IEND</html>")]);
  const { bytes, removed } = stripped(input, "image/png");
  assertNoSecrets(bytes, "png");
  for (const name of ["eXIf", "tEXt", "zTXt", "iTXt", "tIME", "Location", "XML:com.adobe"]) {
    assert(!new TextDecoder().decode(bytes).includes(name), `${name} is gone`);
  }
  assertEquals(removed, [
    "eXIf",
    "tEXt",
    "zTXt",
    "iTXt",
    "tIME",
    "dSIG",
    "prVw",
    "data after IEND",
  ]);
  assertBytes(bytes, concat([HEAD, gama, REST]), "png");
});

Deno.test("metadata chunks after the picture data go as well", () => {
  const idatEnd = PNG.length - 12; // IEND is the last 12 bytes
  const input = concat([PNG.subarray(0, idatEnd), ...metadataChunks(), PNG.subarray(idatEnd)]);
  assertBytes(stripped(input, "image/png").bytes, PNG, "png");
});

Deno.test("a PNG with nothing to remove is stored as it came, the very same bytes", () => {
  const result = stripped(PNG, "image/png");
  assert(result.bytes === PNG, "the same array");
  assertEquals(result.removed, []);
});

Deno.test("a broken PNG is refused whole, never stored half-stripped", () => {
  const corrupt = PNG.slice();
  corrupt[AFTER_IHDR + 30] = (corrupt[AFTER_IHDR + 30] as number) ^ 0xff; // inside pHYs/IDAT
  const badText = pngChunk("tEXt", ascii("Author\0someone"));
  const cases: [string, Uint8Array][] = [
    ["a checksum that does not match", corrupt],
    ["cut in the picture data", PNG.subarray(0, PNG.length - 20)],
    ["no IEND", PNG.subarray(0, PNG.length - 12)],
    [
      "a chunk longer than the file",
      concat([HEAD, Uint8Array.from([0, 1, 0, 0]), ascii("tEXt"), ascii("short")]),
    ],
    ["an unknown critical chunk", concat([HEAD, pngChunk("CgBI", new Uint8Array(4)), REST])],
    ["no header chunk first", concat([PNG.subarray(0, 8), gama, PNG.subarray(8)])],
    ["no picture data", concat([HEAD, PNG.subarray(PNG.length - 12)])],
    ["a chunk name that is not letters", concat([HEAD, pngChunk("t3Xt", ascii("x")), REST])],
    ["cut inside a metadata chunk", concat([HEAD, badText.subarray(0, 10)])],
  ];
  for (const [name, bytes] of cases) {
    assertEquals(refused(bytes, "image/png").reason, "damaged", name);
  }
});

Deno.test("crc32 is the PNG chunk checksum", () => {
  assertEquals(crc32(ascii("IEND")), 0xae426082);
});
