// WebP: EXIF, XMP and unknown chunks go, the VP8X flags stop announcing them, the RIFF
// size is written anew; the bitstream chunks stay byte for byte.
import { assert, assertEquals } from "../../_shared/assert.ts";
import { WEBP } from "./fixtures.ts";
import {
  ascii,
  assertBytes,
  assertNoSecrets,
  concat,
  exifTiff,
  refused,
  riff,
  riffChunk,
  stripped,
  vp8x,
  webpChunks,
  XMP,
} from "./testing.ts";

/** The fixture's bitstream chunk (a lossy VP8 picture of 16x12). */
const VP8 = WEBP.subarray(12);
const ICC = 0x20;
const EXIF = 0x08;
const XMP_FLAG = 0x04;
const ANIMATION = 0x02;
const iccp = riffChunk("ICCP", new Uint8Array(48));
/** Odd-sized, so it carries a padding byte. */
const exif = riffChunk("EXIF", concat([exifTiff({ orientation: 6 }), ascii("!")]));
const xmp = riffChunk("XMP ", XMP);
const frame = (...extra: Uint8Array[]) =>
  riffChunk("ANMF", concat([new Uint8Array(16), VP8, ...extra]));

/** The RIFF size must be the file's length less the 8 bytes of "RIFF" and the size. */
function assertRiffSize(bytes: Uint8Array): void {
  const size = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
  assertEquals(size, bytes.length - 8, "RIFF size");
}

Deno.test("an extended WebP loses EXIF, XMP and unknown chunks; VP8X flags and RIFF size follow", () => {
  const input = concat([
    riff([
      vp8x(ICC | EXIF | XMP_FLAG, 16, 12),
      iccp,
      VP8,
      exif,
      xmp,
      riffChunk("ABCD", ascii("FixtureCam")),
    ]),
    ascii("trailing 12 Elm Street"),
  ]);
  const { bytes, removed } = stripped(input, "image/webp");
  assertNoSecrets(bytes, "webp");
  assertEquals(removed, ["EXIF", "XMP", "ABCD", "data after the RIFF chunk"]);
  assertBytes(bytes, riff([vp8x(ICC, 16, 12), iccp, VP8]), "webp");
  assertRiffSize(bytes);
  assertEquals(
    webpChunks(bytes).map((chunk) => chunk.type),
    ["VP8X", "ICCP", "VP8 "],
  );
  assertBytes(webpChunks(bytes)[2]?.bytes ?? new Uint8Array(), VP8, "the bitstream");
});

Deno.test("an animated WebP: frames keep their pictures and lose unknown chunks inside them", () => {
  const anim = riffChunk("ANIM", Uint8Array.from([0, 0, 0, 0, 0, 0]));
  const input = riff([
    vp8x(ANIMATION | EXIF, 16, 12),
    anim,
    frame(riffChunk("UNKN", ascii("FixtureCam"))),
    frame(),
    exif,
  ]);
  const { bytes, removed } = stripped(input, "image/webp");
  assertEquals(removed, ["UNKN", "EXIF"]);
  assertBytes(bytes, riff([vp8x(ANIMATION, 16, 12), anim, frame(), frame()]), "animated");
  assertRiffSize(bytes);
  assertNoSecrets(bytes, "animated");
});

Deno.test("a simple WebP keeps its one bitstream chunk and nothing after it", () => {
  const { bytes, removed } = stripped(riff([VP8, exif, xmp]), "image/webp");
  assertEquals(removed, ["EXIF", "XMP"]);
  assertBytes(bytes, WEBP, "simple");
});

Deno.test("flags that announce metadata no chunk holds are cleared all the same", () => {
  const { bytes } = stripped(riff([vp8x(EXIF | XMP_FLAG, 16, 12), VP8]), "image/webp");
  assertBytes(bytes, riff([vp8x(0, 16, 12), VP8]), "flags");
});

Deno.test("a WebP with nothing to remove is stored as it came, the very same bytes", () => {
  for (const plain of [WEBP, riff([vp8x(ICC, 16, 12), iccp, VP8])]) {
    const result = stripped(plain, "image/webp");
    assert(result.bytes === plain, "the same array");
    assertEquals(result.removed, []);
  }
});

Deno.test("a broken WebP is refused whole, never stored half-stripped", () => {
  const full = riff([vp8x(EXIF, 16, 12), VP8, exif]);
  const oversized = full.slice();
  new DataView(oversized.buffer).setUint32(4, full.length, true); // 8 bytes too many
  const longChunk = riff([vp8x(0, 16, 12), VP8, riffChunk("EXIF", ascii("x"))]);
  new DataView(longChunk.buffer).setUint32(longChunk.length - 6, 99, true);
  const cases: [string, Uint8Array][] = [
    ["cut short", full.subarray(0, full.length - 10)],
    ["a RIFF size past the end of the file", oversized],
    ["a chunk past the end of the RIFF", longChunk],
    ["no picture in an extended file", riff([vp8x(EXIF, 16, 12), exif])],
    ["an unknown first chunk", riff([exif, VP8])],
    ["a VP8X chunk too short", riff([riffChunk("VP8X", new Uint8Array(4)), VP8])],
    [
      "a frame without a picture",
      riff([vp8x(ANIMATION, 16, 12), riffChunk("ANMF", new Uint8Array(16))]),
    ],
    ["a second VP8X", riff([vp8x(0, 16, 12), vp8x(0, 16, 12), VP8])],
    ["no chunks at all", riff([])],
    ["a header cut in the middle", ascii("RIFF\x04\0\0\0WEB")],
  ];
  for (const [name, bytes] of cases) {
    assertEquals(refused(bytes, "image/webp").reason, "damaged", name);
  }
});
