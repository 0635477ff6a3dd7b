// JPEG: what a camera, a phone and an editor put around the picture is taken out, the
// picture data is copied byte for byte, and a broken file is refused whole.
import { assert, assertEquals } from "../../_shared/assert.ts";
import { JPEG, JPEG_PROGRESSIVE } from "./fixtures.ts";
import { exifOrientation, orientationSegment } from "./jpeg.ts";
import {
  adobeSegment,
  ascii,
  assertBytes,
  assertNoSecrets,
  comment,
  concat,
  exifSegment,
  iccSegment,
  includes,
  indexOf,
  iptcSegment,
  jfif,
  jpegSegment,
  mpfSegment,
  refused,
  stripped,
  xmpSegment,
} from "./testing.ts";

const SOI = Uint8Array.from([0xff, 0xd8]);
/** The fixture after its start marker: tables, frame, scan and end marker. */
const BODY = JPEG.subarray(2);

Deno.test("a camera JPEG loses Exif with GPS, XMP, IPTC, MPF, comments, thumbnail and what follows it", () => {
  const input = concat([
    SOI,
    jfif(true),
    exifSegment(),
    xmpSegment(),
    iccSegment(),
    mpfSegment(),
    iptcSegment(),
    adobeSegment(),
    comment(),
    jpegSegment(0xe5, ascii("vendor notes 2026:11:24")),
    BODY,
    ascii("PK\x03\x04 a zip after the end marker, FixtureCam"),
  ]);
  const { bytes, removed } = stripped(input, "image/jpeg");
  assertNoSecrets(bytes, "jpeg");
  assertEquals(removed, [
    "APP0 JFIF thumbnail",
    "APP1 Exif",
    "APP1 XMP",
    "APP2 MPF",
    "APP13 Photoshop/IPTC",
    "COM comment",
    "APP5",
    "data after the end marker",
  ]);
  // What drawing needs stays: JFIF (thumbnail-less), the ICC profile, Adobe's transform,
  // then the tables, frame and scan exactly as they were.
  assertBytes(bytes, concat([SOI, jfif(false), iccSegment(), adobeSegment(), BODY]), "jpeg");
  assertEquals(stripped(bytes, "image/jpeg").bytes, bytes, "stripping again changes nothing");
});

Deno.test("a JPEG with nothing to remove is stored as it came, the very same bytes", () => {
  for (const plain of [JPEG, JPEG_PROGRESSIVE, concat([SOI, jfif(false), iccSegment(), BODY])]) {
    const result = stripped(plain, "image/jpeg");
    assert(result.bytes === plain, "the same array");
    assertEquals(result.removed, []);
  }
});

Deno.test("metadata between the scans of a progressive JPEG goes too; the scans stay", () => {
  // Progressive scans are separated by Huffman tables (FFC4); entropy-coded data never
  // holds FF C4, so the first one after the first scan marker is between two scans.
  const between = indexOf(
    JPEG_PROGRESSIVE,
    Uint8Array.from([0xff, 0xc4]),
    indexOf(JPEG_PROGRESSIVE, Uint8Array.from([0xff, 0xda])),
  );
  assert(between > 0, "the fixture has tables between its scans");
  const input = concat([
    JPEG_PROGRESSIVE.subarray(0, between),
    comment(),
    exifSegment(),
    JPEG_PROGRESSIVE.subarray(between),
  ]);
  const { bytes, removed } = stripped(input, "image/jpeg");
  assertEquals(removed, ["COM comment", "APP1 Exif"]);
  assertBytes(bytes, JPEG_PROGRESSIVE, "progressive");
});

Deno.test("restart markers, stuffed bytes and fill bytes are picture data, kept as they are", () => {
  const frame = BODY.subarray(0, indexOf(BODY, Uint8Array.from([0xff, 0xda])));
  const scanHeader = jpegSegment(0xda, Uint8Array.from([1, 1, 0, 0, 63, 0]));
  const entropy = Uint8Array.from([0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78]);
  const end = Uint8Array.from([0xff, 0xff, 0xd9]); // a fill byte before the end marker
  const plain = concat([SOI, frame, scanHeader, entropy, end]);
  assert(stripped(plain, "image/jpeg").bytes === plain, "nothing to remove");
  const { bytes } = stripped(
    concat([SOI, comment(), frame, scanHeader, entropy, end]),
    "image/jpeg",
  );
  assertBytes(bytes, plain, "with a comment removed");
});

Deno.test("an Orientation other than upright is kept, alone, in a new Exif segment", () => {
  for (const orientation of [2, 3, 6, 8]) {
    const input = concat([SOI, jfif(false), exifSegment(orientation), xmpSegment(), BODY]);
    const { bytes } = stripped(input, "image/jpeg");
    const kept = orientationSegment(orientation);
    assertBytes(bytes, concat([SOI, jfif(false), kept, BODY]), `orientation ${orientation}`);
    assertEquals(exifOrientation(kept.subarray(4)), orientation);
    for (const secret of ["FixtureCam", "2026:11:24", "xmpmeta"]) {
      assert(!includes(bytes, secret), `${secret} is gone`);
    }
  }
  // Upright needs no Exif at all.
  const upright = stripped(concat([SOI, exifSegment(1), BODY]), "image/jpeg").bytes;
  assertBytes(upright, JPEG, "orientation 1");
  assert(!includes(upright, "Exif"), "no Exif");
});

Deno.test("exifOrientation reads both byte orders and nothing from a broken block", () => {
  const big = orientationSegment(5).subarray(4);
  assertEquals(exifOrientation(big), 5);
  const little = concat([
    ascii("Exif\0\0"),
    Uint8Array.from([
      0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 7, 0, 0, 0,
    ]),
  ]);
  assertEquals(exifOrientation(little), 7);
  assertEquals(exifOrientation(big.subarray(0, 20)), null);
  assertEquals(exifOrientation(ascii("Exif\0\0XX*\0")), null);
  assertEquals(exifOrientation(ascii("nothing")), null);
});

Deno.test("a broken JPEG is refused whole, never stored half-stripped", () => {
  const withExif = concat([SOI, exifSegment(), BODY]);
  const scan = indexOf(BODY, Uint8Array.from([0xff, 0xda])) + 2;
  const cases: [string, Uint8Array][] = [
    ["no start marker", BODY],
    ["cut inside the Exif segment", withExif.subarray(0, 40)],
    ["cut inside the scan", concat([SOI, BODY.subarray(0, scan + 20)])],
    ["no end marker", concat([SOI, BODY.subarray(0, BODY.length - 2)])],
    [
      "a segment longer than the file",
      concat([SOI, Uint8Array.from([0xff, 0xe1, 0xff, 0xff, 1, 2, 3])]),
    ],
    ["a segment length under 2", concat([SOI, Uint8Array.from([0xff, 0xfe, 0, 1]), BODY])],
    ["stray bytes between segments", concat([SOI, ascii("junk"), BODY])],
    ["a reserved marker", concat([SOI, jpegSegment(0x02, ascii("x")), BODY])],
    [
      "scan data before the frame",
      concat([
        SOI,
        jpegSegment(0xda, Uint8Array.from([1, 1, 0, 0, 63, 0])),
        Uint8Array.from([1, 2, 0xff, 0xd9]),
      ]),
    ],
    ["only an end marker", Uint8Array.from([0xff, 0xd8, 0xff, 0xd9])],
    ["a second start marker", concat([SOI, SOI, BODY])],
  ];
  for (const [name, bytes] of cases) {
    assertEquals(refused(bytes, "image/jpeg").reason, "damaged", name);
  }
});
