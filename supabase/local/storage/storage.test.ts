// The stand-in's /storage/v1 beyond what the supabase-js contract suite covers:
// name and MIME rules, the gateway and JWT answers, raw and hand-made multipart
// bodies, the global size limit, and that no failure ever leaves a partial
// object (row, file or temp file) or damages the previous one.
import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addAccount } from "../../tests/harness.ts";
import { createDatabase } from "../database.ts";
import { apiKeys, ephemeralKeys, type ProjectKeys, signJwt } from "../keys.ts";
import { freePort, startStandIn } from "../server.ts";
import { boundaryOf, isAllowedMimeType, isValidObjectName, parseRange } from "./index.ts";

describe("object names", () => {
  it("accepts what storage-js sends", () => {
    for (const name of [
      "a.png",
      "photos/2026/team photo (1).jpg",
      "certificates/registration.pdf",
      "ünïcödé/名前.png",
      "a!-_.*'()&$@=;:+,?.png",
      "x".repeat(255),
    ]) {
      expect(isValidObjectName(name), name).toBe(true);
    }
  });

  it("refuses empty, traversal, control characters, slashes at the ends and overlong names", () => {
    for (const name of [
      "",
      "..",
      "../a.png",
      "a/../b.png",
      "a/./b.png",
      "./a.png",
      "/a.png",
      "a.png/",
      "a//b.png",
      "a\u0000b.png",
      "a\nb.png",
      "a\u007fb.png",
      "a\\b.png",
      "a%2Fb.png",
      "a#b.png",
      "a\u200bb.png",
      "x".repeat(256),
      `${"abcdefg/".repeat(128)}z`,
    ]) {
      expect(isValidObjectName(name), JSON.stringify(name)).toBe(false);
    }
  });
});

describe("MIME types", () => {
  it("matches exact types and type/* wildcards, ignoring parameters and case", () => {
    const allowed = ["image/png", "application/pdf", "video/*"];
    expect(isAllowedMimeType("image/png", allowed)).toBe(true);
    expect(isAllowedMimeType("IMAGE/PNG", allowed)).toBe(true);
    expect(isAllowedMimeType("image/png; charset=binary", allowed)).toBe(true);
    expect(isAllowedMimeType("video/mp4", allowed)).toBe(true);
    expect(isAllowedMimeType("image/svg+xml", allowed)).toBe(false);
    expect(isAllowedMimeType("image/pngx", allowed)).toBe(false);
    expect(isAllowedMimeType("text/plain;charset=UTF-8", allowed)).toBe(false);
    expect(isAllowedMimeType("thisisnotamimetype", allowed)).toBe(false);
    expect(isAllowedMimeType("", allowed)).toBe(false);
  });
});

describe("header parameters and ranges", () => {
  // busboy reads the parts' own headers (names, file names, RFC 8187 values); what is
  // ours is the boundary, read to refuse a body without one before reading it.
  it("reads a quoted, an empty and a plain boundary", () => {
    expect(boundaryOf('multipart/form-data; boundary="a \\"b\\""; charset=x')).toBe('a "b"');
    expect(boundaryOf('multipart/form-data; boundary=""')).toBe("");
    expect(boundaryOf("multipart/form-data; boundary=")).toBe("");
    expect(boundaryOf("multipart/form-data")).toBe("");
    expect(boundaryOf("multipart/form-data; BOUNDARY = abc ")).toBe("abc");
    expect(boundaryOf("multipart/form-data; boundary=abc")).toBe("abc");
  });

  it("parses single byte ranges", () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange("bytes=0-3", 10)).toEqual([0, 3]);
    expect(parseRange("bytes=4-", 10)).toEqual([4, 9]);
    expect(parseRange("bytes=-3", 10)).toEqual([7, 9]);
    expect(parseRange("bytes=5-100", 10)).toEqual([5, 9]);
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,4-5", 10)).toBeUndefined();
    expect(parseRange("items=0-1", 10)).toBeUndefined();
  });
});

// --- over HTTP ---------------------------------------------------------------------

const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const md5 = (bytes: Buffer) => `"${createHash("md5").update(bytes).digest("hex")}"`;

let db: PGlite;
let keys: ProjectKeys;
let storageDir: string;
let url: string;
let close: () => Promise<void>;
const adminId = randomUUID();
const tokens: Record<"admin" | "user" | "expired" | "forged", string> = {
  admin: "",
  user: "",
  expired: "",
  forged: "",
};

beforeAll(async () => {
  db = await createDatabase();
  keys = await ephemeralKeys();
  storageDir = await mkdtemp(join(tmpdir(), "standin-storage-test-"));
  // A private bucket without limits, written only by the service role (no policies).
  await db.exec(
    "insert into storage.buckets (id, name, public) values ('vault', 'vault', false), ('open', 'open', true)",
  );
  // These tests are about the stand-in's Storage under RLS, so the admin writes to the
  // media bucket directly, as the product's policies allowed before uploads moved to
  // the media function (migration 20261122004000); is_admin() wants the account and
  // a live session too.
  await addAccount(db, { id: adminId, email: "storage-admin@example.org", admin: true });
  await db.exec(`
    create policy "test: admins add media objects" on storage.objects for insert to authenticated
      with check (bucket_id = 'media' and (select private.is_admin()));
    create policy "test: admins replace media objects" on storage.objects for update to authenticated
      using (bucket_id = 'media' and (select private.is_admin()))
      with check (bucket_id = 'media' and (select private.is_admin()));
  `);
  const standIn = await startStandIn(
    { db, keys, storageDir, functionsDir: join(storageDir, "functions"), functionSecrets: {} },
    await freePort(),
  );
  url = `${standIn.url}/storage/v1`;
  close = standIn.close;
  const now = Math.floor(Date.now() / 1000);
  const claims = (extra: Record<string, unknown>) => ({
    sub: randomUUID(),
    role: "authenticated",
    aud: "authenticated",
    iat: now,
    exp: now + 3600,
    app_metadata: {},
    ...extra,
  });
  tokens.admin = await signJwt(
    claims({ sub: adminId, session_id: adminId, app_metadata: { role: "admin" } }),
    keys.jwtSecret,
  );
  tokens.user = await signJwt(claims({}), keys.jwtSecret);
  tokens.expired = await signJwt(
    claims({ app_metadata: { role: "admin" }, iat: now - 7200, exp: now - 3600 }),
    keys.jwtSecret,
  );
  tokens.forged = await signJwt(
    claims({ app_metadata: { role: "admin" } }),
    "not-the-secret-at-all",
  );
}, 60_000);

afterAll(async () => {
  await close?.();
  await db?.close();
  if (storageDir) await rm(storageDir, { recursive: true, force: true });
});

type Who = keyof typeof tokens | "anon" | "service";

function request(
  method: string,
  path: string,
  options: { as?: Who; headers?: Record<string, string>; body?: BodyInit; apikey?: boolean } = {},
): Promise<Response> {
  const as = options.as ?? "admin";
  const headers: Record<string, string> = { ...options.headers };
  if (options.apikey !== false)
    headers.apikey = as === "service" ? apiKeys(keys).secret : apiKeys(keys).publishable;
  const token =
    as === "anon"
      ? apiKeys(keys).publishable
      : as === "service"
        ? apiKeys(keys).secret
        : tokens[as];
  if (options.apikey !== false) headers.authorization = `Bearer ${token}`;
  const init: RequestInit & { duplex?: "half" } = { method, headers, body: options.body };
  if (options.body instanceof ReadableStream) init.duplex = "half";
  return fetch(`${url}${path}`, init);
}

function uploadRaw(
  path: string,
  bytes: Buffer | ReadableStream<Uint8Array>,
  options: { as?: Who; type?: string; upsert?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  return request("POST", `/object/${path}`, {
    as: options.as,
    body: bytes instanceof ReadableStream ? bytes : new Uint8Array(bytes),
    headers: {
      "content-type": options.type ?? "image/png",
      "x-upsert": String(options.upsert ?? false),
      ...options.headers,
    },
  });
}

async function errorOf(res: Response): Promise<Record<string, string>> {
  expect(res.status).toBe(400);
  return (await res.json()) as Record<string, string>;
}

async function rowsNamed(name: string): Promise<Record<string, unknown>[]> {
  const result = await db.query<Record<string, unknown>>(
    "select * from storage.objects where name = $1",
    [name],
  );
  return result.rows;
}

async function tempFiles(): Promise<string[]> {
  return readdir(join(storageDir, ".uploads")).catch(() => []);
}

async function publicBytes(path: string): Promise<Buffer> {
  const res = await fetch(`${url}/object/public/${path}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

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
    const res = await fetch(`${url}/object/public/vault/secret.png`);
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
    const files = await readdir(storageDir, { recursive: true });
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
      owner: adminId,
      owner_id: adminId,
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
    const got = await fetch(`${url}/object/public/media/raw/banner.webp`);
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
    const got = await fetch(`${url}/object/public/media/form/override.png`);
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

describe("reads", () => {
  it("serves ranges, HEAD and conditional requests", async () => {
    const path = "media/read/pixel.png";
    expect((await uploadRaw(path, PIXEL)).status).toBe(200);

    const part = await fetch(`${url}/object/public/${path}`, { headers: { Range: "bytes=0-7" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-7/${PIXEL.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(PIXEL.subarray(0, 8));

    const head = await fetch(`${url}/object/public/${path}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(PIXEL.length));
    expect(head.headers.get("etag")).toBe(md5(PIXEL));

    const later = new Date(Date.now() + 60_000).toUTCString();
    const fresh = await fetch(`${url}/object/public/${path}`, {
      headers: { "If-Modified-Since": later },
    });
    expect(fresh.status).toBe(304);

    const download = await fetch(`${url}/object/public/${path}?download=p.png`);
    expect(download.headers.get("content-disposition")).toBe(
      "attachment; filename=p.png; filename*=UTF-8''p.png;",
    );

    const missing = await fetch(`${url}/object/public/media/read/none.png`);
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
    const files = await readdir(join(storageDir, "media"));
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
