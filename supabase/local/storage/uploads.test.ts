// The stand-in's /storage/v1 uploads beyond what the supabase-js contract suite covers:
// the gateway and JWT answers, name and MIME rules over HTTP, raw and hand-made
// multipart bodies, the global size limit, and that no failure ever leaves a partial
// object (row, file or temp file) or damages the previous one.
import { readdir } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { errorOf, md5, PIXEL, storageStandIn } from "./test-stand-in.ts";

const stand = storageStandIn();
const { request, uploadRaw, rowsNamed, tempFiles, publicBytes } = stand;

describe("gateway and JWT", () => {
  it("wants an apikey, except for public URLs", async () => {
    const res = await request("POST", "/object/list/media", {
      apikey: false,
      body: JSON.stringify({ prefix: "" }),
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: "No API key found in request" });

    expect((await uploadRaw("media/gateway.png", PIXEL)).status).toBe(200);
    expect(await publicBytes("media/gateway.png")).toEqual(PIXEL);
  });

  it("answers a forged or expired JWT with Storage's AccessDenied", async () => {
    const forged = await errorOf(await uploadRaw("media/forged.png", PIXEL, { as: "forged" }));
    expect(forged).toMatchObject({
      statusCode: "403",
      code: "AccessDenied",
      error: "Unauthorized",
    });
    const expired = await errorOf(await uploadRaw("media/expired.png", PIXEL, { as: "expired" }));
    expect(expired).toEqual({
      statusCode: "403",
      code: "AccessDenied",
      error: "Unauthorized",
      message: '"exp" claim timestamp check failed',
    });
    expect(await rowsNamed("forged.png")).toEqual([]);
    expect(await rowsNamed("expired.png")).toEqual([]);
  });
});

describe("uploads", () => {
  it("refuses unknown buckets, and public reads of private ones", async () => {
    expect(await errorOf(await uploadRaw("nope/a.png", PIXEL))).toEqual({
      statusCode: "404",
      code: "NoSuchBucket",
      error: "Bucket not found",
      message: "Bucket not found",
    });
    expect((await uploadRaw("vault/secret.png", PIXEL, { as: "service" })).status).toBe(200);
    const res = await fetch(`${stand.url}/object/public/vault/secret.png`);
    expect(await errorOf(res)).toMatchObject({ statusCode: "404", error: "Bucket not found" });
  });

  it("refuses invalid object names with InvalidKey", async () => {
    for (const path of [
      "%2E%2E%2Fescape.png",
      "a%2F..%2F..%2Fescape.png",
      "a%01b.png",
      "a%5Cb.png",
      "/lead.png",
      "a//b.png",
      "dir/",
      "",
      "x".repeat(1025),
    ]) {
      const body = await errorOf(await uploadRaw(`media/${path}`, PIXEL));
      expect(body, path).toMatchObject({ statusCode: "400", code: "InvalidKey" });
    }
    const files = await readdir(stand.storageDir, { recursive: true });
    expect(files.filter((file) => file.includes("escape") || file.includes("lead"))).toEqual([]);
  });

  it("takes a raw body with its content-type, cache-control and x-metadata headers", async () => {
    const res = await uploadRaw("media/raw/banner.webp", PIXEL, {
      type: "image/webp",
      headers: {
        "cache-control": "max-age=60",
        "x-metadata": Buffer.from(JSON.stringify({ alt: "Banner" })).toString("base64"),
      },
    });
    expect(res.status).toBe(200);
    const { Id, Key } = (await res.json()) as { Id: string; Key: string };
    expect(Key).toBe("media/raw/banner.webp");

    const [row] = await rowsNamed("raw/banner.webp");
    expect(row).toMatchObject({
      id: Id,
      bucket_id: "media",
      owner: stand.adminId,
      owner_id: stand.adminId,
      user_metadata: { alt: "Banner" },
      metadata: {
        eTag: md5(PIXEL),
        size: PIXEL.length,
        contentLength: PIXEL.length,
        mimetype: "image/webp",
        cacheControl: "max-age=60",
        httpStatusCode: 200,
      },
    });
    const got = await fetch(`${stand.url}/object/public/media/raw/banner.webp`);
    expect(got.headers.get("content-type")).toBe("image/webp");
    expect(got.headers.get("cache-control")).toBe("max-age=60");
    expect(got.headers.get("etag")).toBe(md5(PIXEL));
  });

  it("honours a multipart contentType field over the part's own type", async () => {
    const form = new FormData();
    form.append("cacheControl", "120");
    form.append("contentType", "image/png");
    form.append("", new Blob([new Uint8Array(PIXEL)]), "pixel");
    const res = await request("POST", "/object/media/form/override.png", { body: form });
    expect(res.status).toBe(200);
    const got = await fetch(`${stand.url}/object/public/media/form/override.png`);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("cache-control")).toBe("max-age=120");
  });

  it("answers malformed multipart with a 400 and stores nothing", async () => {
    const boundary = "----standin-test-boundary";
    const head = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="cacheControl"',
      "",
      "3600",
      `--${boundary}`,
      'Content-Disposition: form-data; name=""; filename="blob"',
      "Content-Type: image/png",
      "",
      "",
    ].join("\r\n");
    const cases: [string, string, Buffer][] = [
      ["no boundary", "multipart/form-data", Buffer.from(head)],
      [
        "cut off",
        `multipart/form-data; boundary=${boundary}`,
        Buffer.concat([Buffer.from(head), PIXEL]),
      ],
      [
        "no file",
        `multipart/form-data; boundary=${boundary}`,
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--${boundary}--\r\n`,
        ),
      ],
      ["garbage", `multipart/form-data; boundary=${boundary}`, Buffer.from("not a form at all")],
      [
        "bad part header",
        `multipart/form-data; boundary=${boundary}`,
        Buffer.from(`--${boundary}\r\nno colon here\r\n\r\nx\r\n--${boundary}--\r\n`),
      ],
    ];
    for (const [label, type, body] of cases) {
      const res = await request("POST", "/object/media/malformed.png", {
        body: new Uint8Array(body),
        headers: { "content-type": type },
      });
      expect(await errorOf(res), label).toMatchObject({
        statusCode: "400",
        code: "InvalidRequest",
      });
    }
    expect(await rowsNamed("malformed.png")).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  });

  it("stops reading at the 50 MB global limit, whatever the body", async () => {
    const sixty = 60 * 1024 * 1024;
    const declared = await uploadRaw("open/huge.bin", Buffer.alloc(sixty), {
      as: "service",
      type: "application/octet-stream",
    });
    expect(await errorOf(declared)).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });

    const endless = 200 * 1024 * 1024;
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= endless) return controller.close();
        sent += 1024 * 1024;
        controller.enqueue(new Uint8Array(1024 * 1024));
      },
    });
    const streamed = await uploadRaw("open/huge.bin", stream, {
      as: "service",
      type: "application/octet-stream",
    });
    expect(await errorOf(streamed)).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });
    // Socket buffers let the client run some megabytes ahead; a server that kept
    // reading would take all of it.
    expect(sent).toBeLessThan(endless);

    const form = new FormData();
    form.append("", new Blob([new Uint8Array(51 * 1024 * 1024)], { type: "image/png" }), "blob");
    const multipart = await request("POST", "/object/open/huge.bin", { as: "service", body: form });
    expect(await errorOf(multipart)).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });

    expect(await rowsNamed("huge.bin")).toEqual([]);
    expect(await tempFiles()).toEqual([]);
  }, 60_000);

  it("keeps the previous object whole when a replacement fails at any step", async () => {
    const path = "media/keep/original.png";
    expect((await uploadRaw(path, PIXEL)).status).toBe(200);
    const [before] = await rowsNamed("keep/original.png");

    const tooBig = await uploadRaw(path, Buffer.alloc(10 * 1024 * 1024 + 1), { upsert: true });
    expect(await errorOf(tooBig)).toMatchObject({ statusCode: "413" });
    const wrongType = await uploadRaw(path, Buffer.from("<svg/>"), {
      type: "image/svg+xml",
      upsert: true,
    });
    expect(await errorOf(wrongType)).toMatchObject({ statusCode: "415" });
    const refused = await uploadRaw(path, Buffer.from("other"), { as: "user", upsert: true });
    expect(await errorOf(refused)).toMatchObject({ statusCode: "403" });
    const put = await request("PUT", `/object/${path}`, {
      as: "anon",
      body: new Uint8Array(Buffer.from("other")),
      headers: { "content-type": "image/png" },
    });
    expect(await errorOf(put)).toMatchObject({ statusCode: "403" });

    expect(await publicBytes(path)).toEqual(PIXEL);
    expect(await rowsNamed("keep/original.png")).toEqual([before]);
    expect(await tempFiles()).toEqual([]);
  }, 30_000);

  it("rolls the row back when the file cannot be placed", async () => {
    expect((await uploadRaw("media/conflict", PIXEL)).status).toBe(200);
    const res = await uploadRaw("media/conflict/child.png", PIXEL);
    expect(await errorOf(res)).toMatchObject({ statusCode: "400", code: "InvalidKey" });
    expect(await rowsNamed("conflict/child.png")).toEqual([]);
    expect(await publicBytes("media/conflict")).toEqual(PIXEL);
    expect(await tempFiles()).toEqual([]);
  });

  it("leaves the file matching its row after concurrent replacements", async () => {
    const path = "media/race/photo.png";
    const bodies = Array.from({ length: 6 }, (_, i) =>
      Buffer.concat([PIXEL, Buffer.from(`#${i}`)]),
    );
    const results = await Promise.all(
      bodies.map((body) => uploadRaw(path, body, { upsert: true })),
    );
    expect(results.map((res) => res.status)).toEqual(bodies.map(() => 200));
    const [row] = await rowsNamed("race/photo.png");
    const bytes = await publicBytes(path);
    expect(md5(bytes)).toBe((row?.metadata as { eTag: string } | undefined)?.eTag);
    expect(bodies.some((body) => body.equals(bytes))).toBe(true);
    expect(await tempFiles()).toEqual([]);
  });

  it("lets the service role write anywhere, with no owner", async () => {
    expect((await uploadRaw("media/service.png", PIXEL, { as: "service" })).status).toBe(200);
    expect(await rowsNamed("service.png")).toMatchObject([{ owner: null, owner_id: null }]);
  });
});
