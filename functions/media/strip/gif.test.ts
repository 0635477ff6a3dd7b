// GIF: comments and application extensions other than looping and colour profile go,
// as does anything after the trailer; the images stay byte for byte.
import { assert, assertEquals } from "../../_shared/assert.ts";
import { GIF } from "./fixtures.ts";
import {
  ascii,
  assertBytes,
  assertNoSecrets,
  concat,
  gifApplication,
  gifBlocksStart,
  gifComment,
  gifXmp,
  netscapeLoop,
  photoshopIptc,
  refused,
  stripped,
} from "./testing.ts";

const START = gifBlocksStart(GIF);
const HEAD = GIF.subarray(0, START);
const BLOCKS = GIF.subarray(START);

Deno.test("a GIF loses comments, XMP and other application extensions; looping stays", () => {
  const input = concat([
    HEAD,
    netscapeLoop(),
    gifComment(),
    gifXmp(),
    gifApplication("MGK8BIM0000", photoshopIptc()),
    BLOCKS.subarray(0, BLOCKS.length - 1),
    gifComment(), // after the last image too
    BLOCKS.subarray(BLOCKS.length - 1),
    ascii("FixtureCam after the trailer"),
  ]);
  const { bytes, removed } = stripped(input, "image/gif");
  assertNoSecrets(bytes, "gif");
  assertEquals(removed, [
    "comment extension",
    "XMP application extension",
    "application extension",
    "data after the trailer",
  ]);
  assertBytes(bytes, concat([HEAD, netscapeLoop(), BLOCKS]), "gif");
});

Deno.test("a GIF with nothing to remove is stored as it came, the very same bytes", () => {
  for (const plain of [GIF, concat([HEAD, netscapeLoop(), BLOCKS])]) {
    const result = stripped(plain, "image/gif");
    assert(result.bytes === plain, "the same array");
    assertEquals(result.removed, []);
  }
});

Deno.test("a broken GIF is refused whole, never stored half-stripped", () => {
  const cases: [string, Uint8Array][] = [
    ["no trailer", GIF.subarray(0, GIF.length - 1)],
    ["cut inside the image data", GIF.subarray(0, START + 40)],
    ["cut inside the colour table", GIF.subarray(0, 20)],
    ["a stray byte between blocks", concat([HEAD, ascii("?"), BLOCKS])],
    ["no image", concat([HEAD, gifComment(), ascii(";")])],
    ["a data block longer than the file", concat([HEAD, Uint8Array.from([0x21, 0xfe, 200, 1, 2])])],
    ["not a GIF header", concat([ascii("GIF90a"), GIF.subarray(6)])],
  ];
  for (const [name, bytes] of cases) {
    assertEquals(refused(bytes, "image/gif").reason, "damaged", name);
  }
});
