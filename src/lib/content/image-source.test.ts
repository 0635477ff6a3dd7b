import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  classifyImageUrl,
  imageKey,
  mapLimit,
  pickWidths,
  prepareImage,
  publicFileOf,
  readImageSource,
} from "./image-source.ts";

let dir: string;
let publicDir: string;
let png: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "image-source-"));
  publicDir = join(dir, "public");
  png = await sharp({
    create: { width: 40, height: 20, channels: 3, background: { r: 0, g: 128, b: 128 } },
  })
    .png()
    .toBuffer();
  await import("node:fs/promises").then((fs) =>
    fs.mkdir(join(publicDir, "images"), { recursive: true }),
  );
  await writeFile(join(publicDir, "images", "a b.png"), png);
  await writeFile(join(publicDir, "images", "not-an-image.jpg"), "hello");
  await writeFile(join(dir, "secret.png"), png);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("classifyImageUrl", () => {
  it.each([
    ["/images/seed/banner-1.jpg", "site"],
    ["/logo.svg", "site"],
    ["https://project.supabase.co/storage/v1/object/public/media/a.jpg", "remote"],
    ["http://127.0.0.1:54321/storage/v1/object/public/media/a.png?x=1", "remote"],
    ["data:image/png;base64,iVBORw0KGgo=", "data"],
    ["data:image/jpeg;base64,/9j/4AAQ", "data"],
    ["data:image/webp;base64,UklGRg==", "data"],
    ["data:image/avif;base64,AAAA", "data"],
    ["data:image/gif;base64,R0lGODlh", "data"],
  ])("accepts %s as %s", (url, kind) => {
    expect(classifyImageUrl(url)).toEqual({ kind, url });
  });

  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:text/html,<script>alert(1)</script>",
    "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
    "data:image/png,not-base64",
    "data:image/png;base64,abc$",
    "//evil.example/x.png",
    "///evil.example/x.png",
    "/\\evil.example/x.png",
    "images/relative.png",
    "./x.png",
    "ftp://example.com/x.png",
    "file:///etc/passwd",
    "vbscript:msgbox(1)",
    "https://",
    "https:///path",
    'https://example.com/x.png"onerror="alert(1)',
    "https://example.com/<script>",
    "/images/x.png onerror=alert(1)",
    "",
  ])("refuses %j", (url) => {
    expect(classifyImageUrl(url)).toBeNull();
  });

  it("refuses non-strings and over-long addresses", () => {
    expect(classifyImageUrl(null)).toBeNull();
    expect(classifyImageUrl(undefined)).toBeNull();
    expect(classifyImageUrl(42)).toBeNull();
    expect(classifyImageUrl(`data:image/png;base64,${"A".repeat(7_000_001)}`)).toBeNull();
  });
});

describe("imageKey", () => {
  it("is stable and differs per address", () => {
    expect(imageKey("/a.png")).toBe(imageKey("/a.png"));
    expect(imageKey("/a.png")).not.toBe(imageKey("/b.png"));
    expect(imageKey("/a.png")).toMatch(/^[0-9a-f]{40}$/);
  });
});

describe("publicFileOf", () => {
  it("maps a site path into public/, decoding and ignoring the query", () => {
    expect(publicFileOf("/images/a%20b.png?v=2#x", publicDir)).toBe(
      join(publicDir, "images", "a b.png"),
    );
  });

  it.each([
    "/../secret.png",
    "/images/../../secret.png",
    "/images/%2e%2e/%2e%2e/secret.png",
    "/%00",
  ])("refuses %s (leaves public/)", (path) => {
    expect(publicFileOf(path, publicDir)).toBeNull();
  });
});

describe("readImageSource", () => {
  it("decodes a data URL", async () => {
    const url = `data:image/png;base64,${png.toString("base64")}`;
    const result = await readImageSource({ kind: "data", url }, { publicDir });
    expect(result).toEqual({ ok: true, bytes: png });
  });

  it("reads a file in public/", async () => {
    const result = await readImageSource({ kind: "site", url: "/images/a%20b.png" }, { publicDir });
    expect(result).toEqual({ ok: true, bytes: png });
  });

  it("reports a missing file", async () => {
    const result = await readImageSource({ kind: "site", url: "/images/none.png" }, { publicDir });
    expect(result).toEqual({ ok: false, reason: "no such file in public/" });
  });

  it("downloads an http(s) image", async () => {
    const fetchStub = (async () =>
      new Response(new Uint8Array(png), { status: 200 })) as typeof fetch;
    const result = await readImageSource(
      { kind: "remote", url: "https://example.com/a.png" },
      { publicDir, fetch: fetchStub },
    );
    expect(result).toEqual({ ok: true, bytes: png });
  });

  it("reports a 404 and a network error without throwing", async () => {
    const notFound = (async () => new Response("nope", { status: 404 })) as typeof fetch;
    expect(
      await readImageSource(
        { kind: "remote", url: "https://example.com/a.png" },
        { publicDir, fetch: notFound },
      ),
    ).toEqual({ ok: false, reason: "HTTP 404" });
    const failing = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    expect(
      await readImageSource(
        { kind: "remote", url: "https://example.com/a.png" },
        { publicDir, fetch: failing },
      ),
    ).toEqual({ ok: false, reason: "fetch failed" });
  });

  it("refuses files over the size limit", async () => {
    const big = (async () => new Response(new Uint8Array(2000), { status: 200 })) as typeof fetch;
    expect(
      await readImageSource(
        { kind: "remote", url: "https://example.com/a.png" },
        { publicDir, fetch: big, maxBytes: 1000 },
      ),
    ).toEqual({ ok: false, reason: "file too large" });
  });
});

describe("prepareImage", () => {
  it("writes a content-addressed file with the image's size and format", async () => {
    const out = join(dir, "cache");
    const first = await prepareImage(png, out);
    const second = await prepareImage(png, out);
    expect(first).toMatchObject({ ok: true, width: 40, height: 20, format: "png" });
    expect(second).toEqual(first);
    if (!first.ok) throw new Error("unreachable");
    expect(first.file).toMatch(/[0-9a-f]{32}\.png$/);
    expect(await readdir(out)).toHaveLength(1);
  });

  it("notes whether the image has an alpha channel", async () => {
    const withAlpha = await sharp({
      create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    expect(await prepareImage(withAlpha, join(dir, "cache"))).toMatchObject({ alpha: true });
    expect(await prepareImage(png, join(dir, "cache"))).toMatchObject({ alpha: false });
  });

  it("detects the format from the bytes, not the address", async () => {
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(await prepareImage(jpeg, join(dir, "cache"))).toMatchObject({ ok: true, format: "jpg" });
  });

  it("refuses bytes that are not an image", async () => {
    const result = await prepareImage(Buffer.from("<html>not an image</html>"), join(dir, "cache"));
    expect(result.ok).toBe(false);
  });

  it("draws an SVG to PNG, so no SVG reaches the page", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><script>alert(1)</script><rect width="100" height="50" fill="teal"/></svg>',
    );
    const result = await prepareImage(svg, join(dir, "svg"));
    expect(result).toMatchObject({ ok: true, format: "png" });
    if (!result.ok) throw new Error("unreachable");
    expect(result.width).toBeGreaterThanOrEqual(100);
    const meta = await sharp(result.file).metadata();
    expect(meta.format).toBe("png");
  });
});

describe("pickWidths", () => {
  it("sorts, dedupes and drops widths larger than the original, offering the original", () => {
    expect(pickWidths([1280, 640, 640, 1920], 1600)).toEqual([640, 1280, 1600]);
    expect(pickWidths([400, 800], 1200)).toEqual([400, 800]);
  });

  it("uses the original width when every requested width is larger", () => {
    expect(pickWidths([640, 1280], 300)).toEqual([300]);
    expect(pickWidths([], 300)).toEqual([300]);
    expect(pickWidths([0, -5, Number.NaN], 300)).toEqual([300]);
  });
});

describe("mapLimit", () => {
  it("keeps the order and the concurrency limit", async () => {
    let running = 0;
    let peak = 0;
    const result = await mapLimit([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 10;
    });
    expect(result).toEqual([50, 10, 40, 20, 30]);
    expect(peak).toBe(2);
  });
});
