// Pictures posted straight to the `media` function with an admin's token, skipping the
// admin's own re-encoding: what Storage then serves at the public URL carries no Exif
// (so no GPS position), no XMP, no IPTC and no comments, and still shows the same pixels.
// The pictures are made with sharp the way cameras and editors write them. Runs against
// the embedded stack by default and against a real project when SUPABASE_URL is set
// (see stack.ts).
import { randomUUID } from "node:crypto";
import { crc32 } from "node:zlib";
import type { SupabaseClient } from "@supabase/supabase-js";
import sharp, { type Metadata, type Sharp } from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessToken,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
} from "./stack.ts";

let stack: TestStack;
let admin: TestUser;
let token: string;
const run = `contract-${randomUUID()}`;
const written: string[] = [];

/** What a phone writes: camera, owner, time and the GPS position of the shot. */
const EXIF = {
  IFD0: {
    Make: "FixtureCam",
    Model: "FixtureCam Pro",
    Artist: "Field Photographer",
    Copyright: "Field Photographer 2026",
    DateTime: "2026:11:24 10:00:00",
  },
  IFD3: {
    GPSLatitudeRef: "N",
    GPSLatitude: "51/1 30/1 12/1",
    GPSLongitudeRef: "W",
    GPSLongitude: "0/1 7/1 39/1",
  },
};
const XMP =
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">' +
  '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description ' +
  'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:exif="http://ns.adobe.com/exif/1.0/" ' +
  'exif:GPSLatitude="51,30.2N" exif:GPSLongitude="0,7.65W"><dc:creator><rdf:Seq><rdf:li>' +
  "Field Photographer</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF>" +
  '</x:xmpmeta><?xpacket end="w"?>';
/** Text that only ever appears in the metadata. */
const SECRETS = [
  "Exif\0\0",
  "FixtureCam",
  "Field Photographer",
  "2026:11:24",
  "xmpmeta",
  "GPSLatitude",
  "Photoshop 3.0",
  "8BIM",
  "12 Elm Street",
  "Townsville",
];

/** A 64x48 picture with detail, so its compressed data is more than a flat colour. */
function picture(): Sharp {
  const width = 64;
  const height = 48;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      pixels[at] = x * 4;
      pixels[at + 1] = y * 5;
      pixels[at + 2] = (x * y) % 256;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

function jpegSegment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** An APP13 Photoshop segment with an IPTC by-line and city, as editors write it. */
function iptcSegment(): Buffer {
  const dataset = (number: number, text: string) => {
    const header = Buffer.from([0x1c, 0x02, number, 0, 0]);
    header.writeUInt16BE(text.length, 3);
    return Buffer.concat([header, Buffer.from(text, "latin1")]);
  };
  const iptc = Buffer.concat([dataset(80, "Field Photographer"), dataset(90, "Townsville")]);
  const resource = Buffer.alloc(12);
  resource.write("8BIM", 0, "latin1");
  resource.writeUInt16BE(0x0404, 4);
  resource.writeUInt32BE(iptc.length, 8);
  const pad = Buffer.alloc(iptc.length & 1);
  return jpegSegment(
    0xed,
    Buffer.concat([Buffer.from("Photoshop 3.0\0", "latin1"), resource, iptc, pad]),
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** The chunks of a PNG or of a WebP's RIFF, by type, with their bytes. */
function chunks(bytes: Buffer, format: "png" | "webp"): { type: string; bytes: Buffer }[] {
  const found: { type: string; bytes: Buffer }[] = [];
  for (let at = format === "png" ? 8 : 12; at < bytes.length; ) {
    const size = format === "png" ? bytes.readUInt32BE(at) : bytes.readUInt32LE(at + 4);
    const type = bytes.toString(
      "latin1",
      format === "png" ? at + 4 : at,
      format === "png" ? at + 8 : at + 4,
    );
    const end = format === "png" ? at + 12 + size : at + 8 + size + (size & 1);
    found.push({ type, bytes: bytes.subarray(at, end) });
    at = end;
  }
  return found;
}

async function post(path: string, body: Buffer, type: string): Promise<Response> {
  return fetch(`${stack.url}/functions/v1/media?path=${encodeURIComponent(path)}`, {
    method: "POST",
    headers: {
      apikey: stack.publishableKey,
      authorization: `Bearer ${token}`,
      "content-type": type,
    },
    body: new Uint8Array(body),
  });
}

/** Posts the file, expects it stored, and answers the bytes its public URL serves. */
async function upload(name: string, body: Buffer, type: string): Promise<Buffer> {
  const path = `${run}/${name}`;
  const res = await post(path, body, type);
  expect(res.status, await res.clone().text()).toBe(201);
  written.push(path);
  const { url } = (await res.json()) as { url: string };
  const served = await fetch(url);
  expect(served.status).toBe(200);
  expect(served.headers.get("content-type")).toBe(type);
  return Buffer.from(await served.arrayBuffer());
}

function expectNoSecrets(bytes: Buffer): void {
  for (const secret of SECRETS) {
    expect(bytes.includes(Buffer.from(secret, "latin1")), JSON.stringify(secret)).toBe(false);
  }
}

/** No Exif, XMP, IPTC or text is left for a reader to find, and the pixels are the same. */
async function expectClean(stored: Buffer, original: Buffer): Promise<Metadata> {
  expectNoSecrets(stored);
  const metadata = await sharp(stored).metadata();
  expect(metadata.exif).toBeUndefined();
  expect(metadata.xmp).toBeUndefined();
  expect(metadata.iptc).toBeUndefined();
  expect(metadata.comments).toBeUndefined();
  const [before, after] = await Promise.all(
    [original, stored].map((bytes) => sharp(bytes).raw().toBuffer({ resolveWithObject: true })),
  );
  expect(after?.info).toEqual(before?.info);
  expect(after?.data.equals(before?.data as Buffer)).toBe(true);
  return metadata;
}

beforeAll(async () => {
  stack = await startTestStack();
  admin = await signedInUser(stack, { admin: true });
  token = await accessToken(admin);
}, 60_000);

afterAll(async () => {
  if (admin && written.length > 0) await media(admin.client).remove(written);
  await stack?.close();
});

const media = (client: SupabaseClient) => client.storage.from("media");

describe("media function: metadata never reaches the bucket", () => {
  it("a JPEG with Exif GPS, XMP, IPTC and a comment is stored without them, same pixels", async () => {
    const camera = await picture()
      .jpeg({ quality: 92 })
      .withExif(EXIF)
      .withXmp(XMP)
      .withIccProfile("p3")
      .toBuffer();
    // IPTC and a comment, which sharp does not write, go in right after the start marker.
    const original = Buffer.concat([
      camera.subarray(0, 2),
      iptcSegment(),
      jpegSegment(0xfe, Buffer.from("Shot at 12 Elm Street")),
      camera.subarray(2),
    ]);
    const before = await sharp(original).metadata();
    expect(before.exif?.includes("FixtureCam")).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.iptc).toBeDefined();

    const stored = await upload("camera.jpg", original, "image/jpeg");
    const after = await expectClean(stored, original);
    // The colour profile stays, so the colours are drawn as before.
    expect(after.icc?.equals(before.icc as Buffer)).toBe(true);
    // From the quantisation tables on (tables, frame, scan, end), the bytes are the same.
    const tables = (bytes: Buffer) => bytes.subarray(bytes.indexOf(Buffer.from([0xff, 0xdb])));
    expect(tables(stored).equals(tables(original))).toBe(true);
    expect(stored.length).toBeLessThan(original.length);
  }, 30_000);

  it("a phone's portrait JPEG keeps only its orientation, nothing else of its Exif", async () => {
    const original = await picture()
      .jpeg()
      .withExif(EXIF)
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const stored = await upload("portrait.jpg", original, "image/jpeg");
    for (const secret of SECRETS.slice(1)) {
      expect(stored.includes(Buffer.from(secret, "latin1")), secret).toBe(false);
    }
    const metadata = await sharp(stored).metadata();
    expect(metadata.orientation).toBe(6);
    expect(metadata.exif?.length).toBeLessThan(40); // the header and one tag
    expect(metadata.xmp).toBeUndefined();
  }, 30_000);

  it("a PNG with eXIf, XMP, tEXt, iTXt and tIME is stored without them, same pixels", async () => {
    const tagged = await picture().png().withExif(EXIF).withXmp(XMP).toBuffer();
    const ihdrEnd = 8 + 25;
    const original = Buffer.concat([
      tagged.subarray(0, ihdrEnd),
      pngChunk("tEXt", Buffer.from("Comment\0Shot at 12 Elm Street", "latin1")),
      pngChunk("iTXt", Buffer.from("Location\0\0\0\0\0Townsville", "latin1")),
      pngChunk("tIME", Buffer.from([0x07, 0xea, 11, 24, 10, 0, 0])),
      tagged.subarray(ihdrEnd),
    ]);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();
    expect(before.comments?.length).toBeGreaterThan(0);

    const stored = await upload("scan.png", original, "image/png");
    await expectClean(stored, original);
    const types = chunks(stored, "png").map((chunk) => chunk.type);
    for (const gone of ["eXIf", "tEXt", "zTXt", "iTXt", "tIME"]) expect(types).not.toContain(gone);
    const data = (bytes: Buffer) =>
      Buffer.concat(
        chunks(bytes, "png")
          .filter((c) => c.type === "IDAT")
          .map((c) => c.bytes),
      );
    expect(data(stored).equals(data(original))).toBe(true);
  }, 30_000);

  it("a WebP with EXIF and XMP chunks is stored without them, flags and size set right", async () => {
    const original = await picture().webp({ quality: 90 }).withExif(EXIF).withXmp(XMP).toBuffer();
    const flags = (bytes: Buffer) => chunks(bytes, "webp").find((c) => c.type === "VP8X")?.bytes[8];
    expect((flags(original) ?? 0) & 0x0c).toBe(0x0c);

    const stored = await upload("photo.webp", original, "image/webp");
    await expectClean(stored, original);
    const types = chunks(stored, "webp").map((chunk) => chunk.type);
    expect(types).not.toContain("EXIF");
    expect(types).not.toContain("XMP ");
    expect((flags(stored) ?? 0) & 0x0c).toBe(0);
    expect(stored.readUInt32LE(4)).toBe(stored.length - 8);
    const bitstream = (bytes: Buffer) =>
      chunks(bytes, "webp").find((c) => c.type === "VP8 ")?.bytes;
    expect(bitstream(stored)?.equals(bitstream(original) as Buffer)).toBe(true);
  }, 30_000);

  it("an AVIF with Exif and XMP items is stored without them, same pixels, same size", async () => {
    const original = await picture().avif().withExif(EXIF).withXmp(XMP).toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const stored = await upload("photo.avif", original, "image/avif");
    await expectClean(stored, original);
    expect(stored.length).toBe(original.length);
  }, 30_000);

  it("a GIF with a comment is stored without it, same pixels", async () => {
    const gif = await picture().gif().toBuffer();
    const table = gif[10] as number;
    const start = 13 + (table & 0x80 ? 3 * (1 << ((table & 0x07) + 1)) : 0);
    const text = Buffer.from("Shot at 12 Elm Street");
    const note = Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), text, Buffer.from([0])]);
    const original = Buffer.concat([gif.subarray(0, start), note, gif.subarray(start)]);
    const stored = await upload("anim.gif", original, "image/gif");
    await expectClean(stored, original);
    expect(stored.equals(gif)).toBe(true);
  }, 30_000);

  it("a JPEG cut short is refused with a readable message and nothing is stored", async () => {
    const whole = await picture().jpeg().withExif(EXIF).toBuffer();
    const path = `${run}/cut.jpg`;
    const res = await post(path, whole.subarray(0, whole.length - 200), "image/jpeg");
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; message: string };
    expect(body.error).toBe("damaged");
    expect(body.message).toMatch(/damaged or incomplete/);
    const { data } = await media(admin.client).list(run, { search: "cut" });
    expect(data ?? []).toEqual([]);
  }, 30_000);
});
