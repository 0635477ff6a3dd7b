// Rebuilds do not download every picture again: an http(s) picture prepared once is
// asked for with its validators (304: reused), and the admin's uploads, which never
// change, are reused without asking for a week.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMMUTABLE_RECHECK_MS, mediaUrlPrefix, prepareImages } from "./snapshot.ts";

let png: Buffer;
let cacheDir: string;
const calls: { url: string; headers: Record<string, string> }[] = [];

beforeAll(async () => {
  png = await sharp({
    create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 10, b: 10 } },
  })
    .png()
    .toBuffer();
});
beforeEach(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), "remote-cache-"));
  calls.length = 0;
});
afterEach(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

/** A server whose pictures carry an ETag, answering 304 to a matching If-None-Match. */
const server = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const headers = Object.fromEntries(
    Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [
      k.toLowerCase(),
      v,
    ]),
  );
  calls.push({ url: String(input), headers });
  if (headers["if-none-match"] === '"v1"') return new Response(null, { status: 304 });
  return new Response(new Uint8Array(png), { status: 200, headers: { etag: '"v1"' } });
}) as typeof fetch;

const base = { publicDir: join(import.meta.dirname, "..", "..", "..", "public"), fetch: server };

describe("prepared pictures across builds", () => {
  it("asks again with the validators, and reuses the copy on a 304", async () => {
    const url = "https://photos.example/a.png";
    const first = await prepareImages([url], { ...base, cacheDir });
    const second = await prepareImages([url], { ...base, cacheDir });
    expect(calls.map((call) => call.headers["if-none-match"])).toEqual([undefined, '"v1"']);
    expect(second[0]?.result).toEqual(first[0]?.result);
    expect(second[0]?.result).toMatchObject({ ok: true, width: 30, height: 20 });
  });

  it("reuses an upload of the media bucket without asking, until a week has passed", async () => {
    const url = `${mediaUrlPrefix("http://127.0.0.1:54321/")}gallery/home/2026/a.png`;
    expect(url).toBe(
      "http://127.0.0.1:54321/storage/v1/object/public/media/gallery/home/2026/a.png",
    );
    let now = 1_000_000;
    const options = {
      ...base,
      cacheDir,
      isImmutable: (u: string) => u.startsWith(mediaUrlPrefix("http://127.0.0.1:54321")),
      now: () => now,
    };
    await prepareImages([url], options);
    now += 60_000;
    const again = await prepareImages([url], options);
    expect(calls).toHaveLength(1);
    expect(again[0]?.result).toMatchObject({ ok: true, width: 30 });
    now += IMMUTABLE_RECHECK_MS;
    await prepareImages([url], options);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers["if-none-match"]).toBe('"v1"');
  });

  it("downloads again when the prepared copy is gone", async () => {
    const url = "https://photos.example/b.png";
    const [first] = await prepareImages([url], { ...base, cacheDir });
    if (!first?.result.ok) throw new Error("not prepared");
    await rm(first.result.file);
    const again = await prepareImages([url], { ...base, cacheDir });
    expect(calls.map((call) => call.headers["if-none-match"])).toEqual([undefined, undefined]);
    expect(again[0]?.result).toMatchObject({ ok: true });
  });
});
