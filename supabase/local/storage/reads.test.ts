// The stand-in's /storage/v1 reads (ranges, HEAD, conditional requests, RLS on
// authenticated reads), removal (files with their rows) and listing under RLS.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { errorOf, md5, PIXEL, storageStandIn, type Who } from "./test-stand-in.ts";

const stand = storageStandIn();
const { request, uploadRaw, tempFiles } = stand;

describe("reads", () => {
  it("serves ranges, HEAD and conditional requests", async () => {
    const path = "media/read/pixel.png";
    expect((await uploadRaw(path, PIXEL)).status).toBe(200);

    const part = await fetch(`${stand.url}/object/public/${path}`, {
      headers: { Range: "bytes=0-7" },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-7/${PIXEL.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(PIXEL.subarray(0, 8));

    const head = await fetch(`${stand.url}/object/public/${path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(PIXEL.length));
    expect(head.headers.get("etag")).toBe(md5(PIXEL));

    const later = new Date(Date.now() + 60_000).toUTCString();
    const fresh = await fetch(`${stand.url}/object/public/${path}`, {
      headers: { "If-Modified-Since": later },
    });
    expect(fresh.status).toBe(304);

    const download = await fetch(`${stand.url}/object/public/${path}?download=p.png`);
    expect(download.headers.get("content-disposition")).toBe(
      "attachment; filename=p.png; filename*=UTF-8''p.png;",
    );

    const missing = await fetch(`${stand.url}/object/public/media/read/none.png`);
    expect(await errorOf(missing)).toEqual({
      statusCode: "404",
      code: "NoSuchKey",
      error: "not_found",
      message: "Object not found",
    });
  });

  it("serves authenticated reads only to those RLS lets see the row", async () => {
    const path = "media/read/pixel.png";
    const asAnon = await request("GET", `/object/authenticated/${path}`, { as: "anon" });
    expect(await errorOf(asAnon)).toMatchObject({ statusCode: "404", code: "NoSuchKey" });
    const asUser = await request("GET", `/object/${path}`, { as: "user" });
    expect(await errorOf(asUser)).toMatchObject({ statusCode: "404" });
    const asAdmin = await request("GET", `/object/${path}`);
    expect(asAdmin.status).toBe(200);
    expect(Buffer.from(await asAdmin.arrayBuffer())).toEqual(PIXEL);
  });
});

describe("remove and list", () => {
  it("removes files with their rows and prunes emptied folders", async () => {
    expect((await uploadRaw("media/gone/deep/a.png", PIXEL)).status).toBe(200);
    expect((await uploadRaw("media/gone/b.png", PIXEL)).status).toBe(200);
    const res = await request("DELETE", "/object/media", {
      body: JSON.stringify({ prefixes: ["gone/deep/a.png", { path: "gone/b.png" }, "gone/none"] }),
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(200);
    const removed = (await res.json()) as { name: string }[];
    expect(removed.map((row) => row.name).sort()).toEqual(["gone/b.png", "gone/deep/a.png"]);
    const files = await readdir(join(stand.storageDir, "media"));
    expect(files).not.toContain("gone");
    expect(await tempFiles()).toEqual([]);

    const bad = await request("DELETE", "/object/media", {
      body: JSON.stringify({ prefixes: [] }),
      headers: { "content-type": "application/json" },
    });
    expect(await errorOf(bad)).toMatchObject({ statusCode: "400" });

    const huge = await request("DELETE", "/object/media", {
      body: JSON.stringify({
        prefixes: Array.from({ length: 100_000 }, (_, i) => `gone/${i}.png`),
      }),
      headers: { "content-type": "application/json" },
    });
    expect(await errorOf(huge)).toMatchObject({ statusCode: "413", code: "EntityTooLarge" });
  });

  it("lists folders first, then files, under RLS", async () => {
    expect((await uploadRaw("media/listing/b.png", PIXEL)).status).toBe(200);
    expect((await uploadRaw("media/listing/a.png", PIXEL)).status).toBe(200);
    expect((await uploadRaw("media/listing/sub/c.png", PIXEL)).status).toBe(200);
    const list = async (as: Who, body: Record<string, unknown>) => {
      const res = await request("POST", "/object/list/media", {
        as,
        body: JSON.stringify(body),
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { name: string; id: string | null }[]).map((entry) => [
        entry.name,
        entry.id === null ? "folder" : "file",
      ]);
    };
    expect(await list("admin", { prefix: "listing" })).toEqual([
      ["sub", "folder"],
      ["a.png", "file"],
      ["b.png", "file"],
    ]);
    expect(
      await list("admin", {
        prefix: "listing/",
        sortBy: { column: "name", order: "desc" },
        limit: 2,
      }),
    ).toEqual([
      ["sub", "folder"],
      ["b.png", "file"],
    ]);
    expect(await list("admin", { prefix: "listing", search: "a" })).toEqual([["a.png", "file"]]);
    expect(await list("anon", { prefix: "listing" })).toEqual([]);
    expect(await list("user", { prefix: "" })).toEqual([]);
  });
});
