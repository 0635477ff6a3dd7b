// Every answer of the media function through the handler with fakes: who may upload,
// that only files whose bytes are the accepted type they claim get stored, and that
// what is stored has no metadata left.
import { assert, assertEquals, assertMatch } from "../_shared/assert.ts";
import type { Caller } from "../_shared/caller.ts";
import { MAX_UPLOAD_BYTES } from "../_shared/media-rules.ts";
import { createMediaHandler, MESSAGES } from "./handler.ts";
import { type MediaType, sniffType } from "./sniff.ts";
import { AVIF_METADATA, JPEG as REAL_JPEG, PNG as REAL_PNG } from "./strip/fixtures.ts";
import { comment, concat, exifSegment, xmpSegment } from "./strip/testing.ts";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(
    parts.flatMap((part) =>
      typeof part === "string" ? [...new TextEncoder().encode(part)] : part,
    ),
  );

// Stored files must be whole pictures (a broken one is refused), so PNG and JPEG are
// real ones; the other types' first bytes are enough for what they are used for here.
const PNG = bytes([...REAL_PNG]);
const JPEG = bytes([...REAL_JPEG]);
const GIF = bytes("GIF89a", [1, 0, 1, 0]);
const WEBP = bytes("RIFF", [36, 0, 0, 0], "WEBPVP8 ");
const AVIF = bytes([0, 0, 0, 24], "ftypavif", [0, 0, 0, 0], "mif1miaf");
const PDF = bytes("%PDF-1.7\n%\xe2\xe3\n1 0 obj");
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = bytes("<!doctype html><script>alert(1)</script>");

function setup(callers: Record<string, Caller> = {}) {
  const stored = new Map<string, { bytes: Uint8Array; type: MediaType }>();
  const logged: unknown[] = [];
  const handler = createMediaHandler({
    identify: (token) =>
      Promise.resolve(
        {
          "admin-token": { kind: "admin", userId: "admin-1" } as Caller,
          "user-token": { kind: "user" } as Caller,
          ...callers,
        }[token] ?? { kind: "none" },
      ),
    store(path, data, type) {
      if (path.includes("explode")) throw new Error("storage is down at http://secret.internal");
      if (stored.has(path)) return Promise.resolve("exists");
      stored.set(path, { bytes: data, type });
      return Promise.resolve("stored");
    },
    publicUrl: (path) => `https://project.example/storage/v1/object/public/media/${path}`,
    logError: (_message, error) => logged.push(error),
  });
  return { handler, stored, logged };
}

function upload(
  body: BodyInit | null,
  options: { path?: string; type?: string; token?: string | null; method?: string } = {},
) {
  const path = options.path ?? "gallery/medical/2026/0b0c6a3e-1f0a-4c55-9a55-8f6d0d7c1a10.png";
  const headers = new Headers();
  if (options.type !== undefined) headers.set("content-type", options.type);
  else headers.set("content-type", "image/png");
  if (options.token !== null)
    headers.set("authorization", `Bearer ${options.token ?? "admin-token"}`);
  return new Request(`http://127.0.0.1/media?path=${encodeURIComponent(path)}`, {
    method: options.method ?? "POST",
    headers,
    body,
  });
}

async function read(response: Response) {
  return { status: response.status, body: await response.json() };
}

Deno.test("sniffType knows the accepted types and nothing else", () => {
  assertEquals(sniffType(PNG), "image/png");
  assertEquals(sniffType(JPEG), "image/jpeg");
  assertEquals(sniffType(GIF), "image/gif");
  assertEquals(sniffType(WEBP), "image/webp");
  assertEquals(sniffType(AVIF), "image/avif");
  assertEquals(sniffType(PDF), "application/pdf");
  for (const other of [SVG, HTML, bytes("hello"), bytes(""), bytes([0x89, 0x50, 0x4e, 0x47])]) {
    assertEquals(sniffType(other), null);
  }
  // An MP4 is an ftyp box too, but not an AVIF one.
  assertEquals(sniffType(bytes([0, 0, 0, 24], "ftypisom", [0, 0, 0, 0], "isomavc1")), null);
});

Deno.test("an admin's image is stored under its path with the sniffed type", async () => {
  const { handler, stored } = setup();
  const { status, body } = await read(await handler(upload(PNG)));
  assertEquals(status, 201);
  assertMatch(
    body.url,
    /^https:\/\/project\.example\/storage\/v1\/object\/public\/media\/gallery\//,
  );
  assertEquals([...stored.values()][0]?.type, "image/png");
  const jpeg = await handler(upload(JPEG, { type: "image/jpg", path: "banners/a.jpeg" }));
  assertEquals(jpeg.status, 201);
  const pdf = await handler(
    upload(PDF, { type: "application/pdf", path: "certificates/2026/x.pdf" }),
  );
  assertEquals(pdf.status, 201);
});

Deno.test("no token, a bad token and a non-admin are refused before anything is read", async () => {
  const { handler, stored } = setup();
  assertEquals(await read(await handler(upload(PNG, { token: null }))), {
    status: 401,
    body: { error: "unauthorized", message: MESSAGES.unauthorized },
  });
  assertEquals((await handler(upload(PNG, { token: "forged" }))).status, 401);
  assertEquals(await read(await handler(upload(PNG, { token: "user-token" }))), {
    status: 403,
    body: { error: "forbidden", message: MESSAGES.forbidden },
  });
  assertEquals(stored.size, 0);
});

Deno.test("files that are not what they claim are refused and nothing is stored", async () => {
  const { handler, stored } = setup();
  const cases: [Uint8Array<ArrayBuffer>, string, string, number, string][] = [
    [SVG, "image/svg+xml", "logos/a.png", 415, "unsupported_type"],
    [SVG, "image/png", "logos/a.png", 415, "unsupported_type"],
    [HTML, "image/jpeg", "logos/a.jpg", 415, "unsupported_type"],
    [bytes("just text"), "image/png", "logos/a.png", 415, "unsupported_type"],
    [PDF, "image/png", "logos/a.png", 415, "type_mismatch"],
    [JPEG, "image/png", "logos/a.png", 415, "type_mismatch"],
    [PNG, "", "logos/a.png", 415, "type_mismatch"],
    [PNG, "image/png", "logos/a.jpg", 400, "wrong_extension"],
    [PNG, "image/png", "logos/a.html", 400, "wrong_extension"],
    [PDF, "application/pdf", "gallery/a.pdf", 415, "pdf_not_allowed"],
    [PNG, "image/png", "../a.png", 400, "invalid_path"],
    [PNG, "image/png", "logos/../../a.png", 400, "invalid_path"],
    [PNG, "image/png", "a.png", 400, "invalid_path"],
    [PNG, "image/png", "logos/.png", 400, "invalid_path"],
    [PNG, "image/png", "Logos/a.png", 400, "invalid_path"],
    [PNG, "image/png", "logos/a b.png", 400, "invalid_path"],
    [PNG, "image/png", "", 400, "invalid_path"],
    [bytes(""), "image/png", "logos/a.png", 400, "empty"],
  ];
  for (const [body, type, path, status, error] of cases) {
    const answer = await read(await handler(upload(body, { type, path })));
    assertEquals([answer.status, answer.body.error], [status, error], `${type} ${path}`);
    assert(answer.body.message.length > 10, `${error} has a readable message`);
  }
  assertEquals(stored.size, 0);
});

Deno.test("a file over 10 MB is refused, declared or streamed", async () => {
  const { handler, stored } = setup();
  const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
  big.set(PNG);
  assertEquals((await handler(upload(big))).status, 413);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < 11; i += 1) controller.enqueue(new Uint8Array(1024 * 1024));
      controller.close();
    },
  });
  assertEquals((await handler(upload(stream))).status, 413);
  const exact = new Uint8Array(MAX_UPLOAD_BYTES);
  exact.set(PNG);
  assertEquals((await handler(upload(exact))).status, 201);
  assertEquals(stored.size, 1);
});

Deno.test("a taken path is 409; other methods 405; a storage failure 500 without details", async () => {
  const { handler, logged } = setup();
  assertEquals((await handler(upload(PNG, { path: "logos/same.png" }))).status, 201);
  assertEquals((await handler(upload(PNG, { path: "logos/same.png" }))).status, 409);
  assertEquals((await handler(upload(null, { method: "GET" }))).status, 405);
  assertEquals((await handler(upload(null, { method: "OPTIONS" }))).status, 204);
  const failed = await handler(upload(PNG, { path: "logos/explode.png" }));
  const text = await failed.text();
  assertEquals(failed.status, 500);
  assert(!text.includes("secret.internal"), "no internal detail leaves");
  assertEquals(JSON.parse(text).message, MESSAGES.unavailable);
  assertEquals(logged.length, 1);
});

Deno.test("an image's metadata is taken out before it is stored, whatever the client did", async () => {
  const { handler, stored } = setup();
  const camera = bytes([
    ...concat([JPEG.subarray(0, 2), exifSegment(), xmpSegment(), comment(), JPEG.subarray(2)]),
  ]);
  const res = await handler(upload(camera, { type: "image/jpeg", path: "gallery/a/b.jpg" }));
  assertEquals(res.status, 201);
  assertEquals([...(stored.get("gallery/a/b.jpg")?.bytes ?? [])], [...JPEG]);
  // A file with nothing to remove is stored exactly as sent.
  assertEquals((await handler(upload(PNG, { path: "gallery/a/c.png" }))).status, 201);
  assertEquals([...(stored.get("gallery/a/c.png")?.bytes ?? [])], [...PNG]);
  const avif = await handler(
    upload(bytes([...AVIF_METADATA]), { type: "image/avif", path: "gallery/a/d.avif" }),
  );
  assertEquals(avif.status, 201);
  const kept = new TextDecoder("latin1").decode(stored.get("gallery/a/d.avif")?.bytes);
  assert(!kept.includes("Exif") && !kept.includes("xmpmeta"), "no Exif or XMP in the AVIF");
});

Deno.test("a damaged image, or one whose metadata cannot come out, is refused (422)", async () => {
  const { handler, stored } = setup();
  const primaryIsExif = bytes([...AVIF_METADATA]);
  const pitm = new TextDecoder("latin1").decode(primaryIsExif).indexOf("pitm") - 4;
  new DataView(primaryIsExif.buffer).setUint16(pitm + 12, 2);
  const cases: [Uint8Array<ArrayBuffer>, string, string, string][] = [
    [PNG.slice(0, PNG.length - 12), "image/png", "logos/a.png", "damaged"],
    [JPEG.slice(0, 100), "image/jpeg", "logos/a.jpg", "damaged"],
    [GIF, "image/gif", "logos/a.gif", "damaged"],
    [WEBP, "image/webp", "logos/a.webp", "damaged"],
    [AVIF, "image/avif", "logos/a.avif", "damaged"],
    [primaryIsExif, "image/avif", "logos/b.avif", "metadata_not_removable"],
  ];
  for (const [body, type, path, error] of cases) {
    const answer = await read(await handler(upload(body, { type, path })));
    assertEquals([answer.status, answer.body.error], [422, error], `${type} ${path}`);
    assertEquals(
      answer.body.message,
      error === "damaged"
        ? MESSAGES.damaged(type as MediaType)
        : MESSAGES.metadataNotRemovable(type as MediaType),
    );
  }
  assertMatch(MESSAGES.damaged("image/png"), /^This PNG file is damaged or incomplete/);
  assertEquals(stored.size, 0);
});
