// AVIF: Exif and XMP items leave the item tables and their bytes are zeroed, with a free
// box making up for the shorter meta box, so every offset to the picture stays true.
import { assert, assertEquals } from "../../_shared/assert.ts";
import { AVIF, AVIF_METADATA } from "./fixtures.ts";
import {
  ascii,
  assertBytes,
  assertNoSecrets,
  concat,
  includes,
  indexOf,
  refused,
  stripped,
} from "./testing.ts";

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The top-level boxes: type, start and size. */
function topBoxes(bytes: Uint8Array) {
  const found: { type: string; start: number; size: number }[] = [];
  for (let at = 0; at < bytes.length; ) {
    const size = view(bytes).getUint32(at);
    found.push({ type: String.fromCharCode(...bytes.subarray(at + 4, at + 8)), start: at, size });
    at += size;
  }
  return found;
}

/**
 * The iloc entries of sharp's AVIF (version 0; 4-byte offsets, lengths and base
 * offsets; one extent each): where each entry's data is, and where its base offset and
 * length fields are.
 */
function locations(bytes: Uint8Array) {
  const iloc = indexOf(bytes, "iloc") - 4;
  assertEquals(Array.from(bytes.subarray(iloc + 8, iloc + 14)), [0, 0, 0, 0, 0x44, 0x40]);
  const count = view(bytes).getUint16(iloc + 14);
  return Array.from({ length: count }, (_, n) => {
    const entry = iloc + 16 + n * 18;
    return {
      id: view(bytes).getUint16(entry),
      baseAt: entry + 4,
      lengthAt: entry + 14,
      offset: view(bytes).getUint32(entry + 4) + view(bytes).getUint32(entry + 10),
      length: view(bytes).getUint32(entry + 14),
    };
  });
}

type Location = ReturnType<typeof locations>[number];

/** The picture's AV1 data: the first item's bytes. */
function pictureData(bytes: Uint8Array): Uint8Array {
  const first = locations(bytes)[0];
  assert(first !== undefined && first.id === 1, "item 1 is the picture");
  return bytes.subarray(first.offset, first.offset + first.length);
}

Deno.test("an AVIF loses its Exif and XMP items; the picture data stays where it was", () => {
  assert(includes(AVIF_METADATA, "FixtureCam") && includes(AVIF_METADATA, "xmpmeta"), "fixture");
  const { bytes, removed } = stripped(AVIF_METADATA, "image/avif");
  assertEquals(removed, ["Exif item", "mime item"]);
  assertNoSecrets(bytes, "avif");
  for (const gone of ["Exif", "mime", "application/rdf+xml", "cdsc", "iref"]) {
    assert(!includes(bytes, gone), `${gone} is gone`);
  }
  // Same length, same offsets: a free box after the shorter meta box takes up the room.
  assertEquals(bytes.length, AVIF_METADATA.length);
  const before = topBoxes(AVIF_METADATA);
  const after = topBoxes(bytes);
  assertEquals(
    after.map((box) => box.type),
    ["ftyp", "meta", "free", "mdat"],
  );
  assertEquals(after[3]?.start, before[2]?.start, "mdat has not moved");
  // The picture's entry and bytes are the same, at the same offset, as before and as in
  // the same picture written without metadata.
  assertEquals(locations(bytes), locations(AVIF_METADATA).slice(0, 1));
  assertBytes(pictureData(bytes), pictureData(AVIF_METADATA), "AV1 data");
  // The rest of mdat, where Exif and XMP were, is zeros now.
  const mdat = after[3] as { start: number; size: number };
  const picture = locations(bytes)[0] as Location;
  const rest = bytes.subarray(picture.offset + picture.length, mdat.start + mdat.size);
  assert(rest.length > 400 && rest.every((byte) => byte === 0), "metadata bytes are zeroed");
  // The result is a well-formed AVIF with nothing left to remove.
  const again = stripped(bytes, "image/avif");
  assert(again.bytes === bytes, "stripping again changes nothing");
  assertEquals(again.removed, []);
});

Deno.test("an AVIF with nothing to remove is stored as it came, the very same bytes", () => {
  const result = stripped(AVIF, "image/avif");
  assert(result.bytes === AVIF, "the same array");
  assertEquals(result.removed, []);
});

Deno.test("unknown boxes and properties become free boxes of the same size, zero-filled", () => {
  const uuid = concat([
    Uint8Array.from([0, 0, 0, 42]),
    ascii("uuid"),
    Uint8Array.from([
      0xbe, 0x7a, 0xcf, 0xcb, 0x97, 0xa9, 0x42, 0xe8, 0x9c, 0x71, 0x99, 0x94, 0x91, 0xe3, 0xaf,
      0xac,
    ]),
    ascii("FixtureCam xmpmeta"),
  ]);
  const input = concat([AVIF, uuid]);
  const pixi = indexOf(input, "pixi");
  input.set(ascii("udes"), pixi); // a user description property, in place of pixi
  const { bytes, removed } = stripped(input, "image/avif");
  assertEquals(removed, ["uuid box", "udes property"]);
  assertEquals(bytes.length, input.length);
  assertBytes(
    bytes.subarray(AVIF.length),
    concat([Uint8Array.from([0, 0, 0, 42]), ascii("free"), new Uint8Array(34)]),
    "uuid box",
  );
  assertBytes(bytes.subarray(pixi, pixi + 4), ascii("free"), "property");
  assertNoSecrets(bytes, "avif");
  assertBytes(pictureData(bytes), pictureData(AVIF), "AV1 data");
});

Deno.test("an AVIF whose metadata cannot be taken out safely is refused", () => {
  const primary = AVIF_METADATA.slice();
  const pitm = indexOf(primary, "pitm") - 4;
  view(primary).setUint16(pitm + 12, 2); // the primary item is now the Exif item
  assertEquals(refused(primary, "image/avif").reason, "unremovable", "primary is Exif");

  const shared = AVIF_METADATA.slice();
  const [picture, exif] = locations(shared) as [Location, Location];
  view(shared).setUint32(exif.baseAt, picture.offset); // Exif's bytes are the picture's
  assertEquals(refused(shared, "image/avif").reason, "unremovable", "shared bytes");
});

Deno.test("a broken AVIF is refused whole, never stored half-stripped", () => {
  const pastEnd = AVIF_METADATA.slice();
  view(pastEnd).setUint32((locations(pastEnd)[0] as Location).lengthAt, 100_000);
  const noMeta = concat([AVIF.subarray(0, 28), AVIF.subarray(242)]);
  const cases: [string, Uint8Array][] = [
    ["cut in the picture data", AVIF_METADATA.subarray(0, AVIF_METADATA.length - 100)],
    ["cut after the meta box", AVIF_METADATA.subarray(0, 381)],
    ["picture data past the end of the file", pastEnd],
    ["no meta box", noMeta],
    [
      "a box smaller than its header",
      concat([AVIF, Uint8Array.from([0, 0, 0, 4, 0x66, 0x72, 0x65, 0x65])]),
    ],
    ["trailing bytes that are no box", concat([AVIF, ascii("FixtureCam")])],
    ["two meta boxes", concat([AVIF.subarray(0, 242), AVIF.subarray(28, 242), AVIF.subarray(242)])],
  ];
  for (const [name, bytes] of cases) {
    assertEquals(refused(bytes, "image/avif").reason, "damaged", name);
  }
});
