import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StaticServer, safeSegments, startStaticServer } from "./static-server.ts";

const SECRET = "TOP-SECRET-KEYS";

let dataDir: string;
let server: StaticServer;

/** A raw request: the path goes on the wire exactly as written, unlike fetch(). */
function raw(
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function put(build: string, file: string, content: string): Promise<void> {
  const path = join(dataDir, "builds", build, file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, content);
}

async function pointSiteAt(build: string): Promise<void> {
  const temp = join(dataDir, ".site-test.tmp");
  await symlink(join("builds", build), temp);
  await rename(temp, join(dataDir, "site"));
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "static-server-test-"));
  await writeFile(join(dataDir, "keys.json"), SECRET);
  await writeFile(join(dataDir, "builds-secret.txt"), SECRET);
  await put("000001", "index.html", "<h1>home one</h1>");
  await put("000001", "about/index.html", "<h1>about</h1>");
  await put("000001", "contact.html", "<h1>contact</h1>");
  await put("000001", "404.html", "<h1>Page not found</h1>");
  await put("000001", "_astro/app.Ab12.js", "console.log(1)");
  await put("000001", "_astro/site.Cd34.css", "body{}");
  await put("000001", "build-info.json", '{"revision":3}');
  await put("000001", "images/seed/logo.png", "PNG");
  await put("000001", "favicon.svg", "<svg/>");
  await put("000001", "admin/index.html", "<div id=admin></div>");
  await put("000001", "empty-folder/note.txt", "no index here");
  await put("000001", "docs/404.html", "<h1>No such document</h1>");
  await put("000002", "index.html", "<h1>home two</h1>");
  // The site's own headers file, as the build copies it from public/.
  await put(
    "000001",
    "_headers",
    await readFile(join(import.meta.dirname, "..", "..", "public", "_headers"), "utf8"),
  );
  // The site's own redirects, plus a redirect rule of a test's own.
  await put(
    "000001",
    "_redirects",
    `${await readFile(join(import.meta.dirname, "..", "..", "public", "_redirects"), "utf8")}\n/old-about  /about/  301\n/moved/*  /about/:splat  302\n`,
  );
  // A link inside the build that points out of it must not be followed out.
  await symlink(join(dataDir, "keys.json"), join(dataDir, "builds", "000001", "leak.json"));
  await pointSiteAt("000001");
  server = await startStaticServer({ siteDir: join(dataDir, "site"), port: 0, host: "127.0.0.1" });
});

afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("static server", () => {
  it("serves index.html for / with HTML headers", async () => {
    const res = await raw("/");
    expect(res.status).toBe(200);
    expect(res.body).toContain("home one");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("serves /x/ from x/index.html and /x from x.html, and moves the other spellings there (308)", async () => {
    const about = await raw("/about/");
    expect(about.status).toBe(200);
    expect(about.body).toContain("about");
    for (const [path, location] of [
      ["/about", "/about/"],
      ["/about/index.html", "/about/"],
      ["/index.html", "/"],
      ["/contact.html", "/contact"],
      ["/contact/", "/contact"],
      ["/about?from=footer", "/about/?from=footer"],
    ] as const) {
      const res = await raw(path);
      expect(res.status, path).toBe(308);
      expect(res.headers.location, path).toBe(location);
    }
    expect((await raw("/contact")).body).toContain("contact");
    expect((await raw("/contact?from=footer")).body).toContain("contact");
  });

  it("answers unknown paths with the nearest 404.html, status 404, never cached", async () => {
    const res = await raw("/no-such-page");
    expect(res.status).toBe(404);
    expect(res.body).toContain("Page not found");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    const doc = await raw("/docs/missing/deeper");
    expect(doc.status).toBe(404);
    expect(doc.body).toContain("No such document");
  });

  it("never lists a folder", async () => {
    for (const path of ["/empty-folder", "/empty-folder/", "/_astro/", "/images"]) {
      const res = await raw(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toContain("Page not found");
    }
  });

  it("applies the site's _headers file (as the CDN does) and does not serve it", async () => {
    for (const path of ["/", "/about/", "/_astro/app.Ab12.js", "/no-such-page", "/admin/banners"]) {
      const res = await raw(path);
      expect(res.headers["x-frame-options"], path).toBe("DENY");
      expect(res.headers["content-security-policy"], path).toBe("frame-ancestors 'none'");
      expect(res.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    }
    for (const path of ["/admin/", "/admin/banners"]) {
      expect((await raw(path)).headers["x-robots-tag"], path).toBe("noindex, nofollow");
    }
    expect((await raw("/about/")).headers["x-robots-tag"]).toBeUndefined();
    expect((await raw("/build-info.json")).headers["cache-control"]).toBe("no-cache");
    const file = await raw("/_headers");
    expect(file.status).toBe(404);
    expect(file.body).not.toContain("X-Frame-Options");
  });

  it("serves the admin shell for client-routed admin paths (the site's _redirects)", async () => {
    for (const path of [
      "/admin/",
      "/admin/banners",
      "/admin/banners/12/edit",
      "/admin/index.html",
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toContain("id=admin");
    }
    const bare = await raw("/admin");
    expect(bare.status).toBe(308);
    expect(bare.headers.location).toBe("/admin/");
  });

  it("applies _redirects before files, with :splat and the query, and does not serve it", async () => {
    const moved = await raw("/old-about");
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("/about/");
    const splat = await raw("/moved/team?tab=2");
    expect(splat.status).toBe(302);
    expect(splat.headers.location).toBe("/about/team?tab=2");
    const file = await raw("/_redirects");
    expect(file.status).toBe(404);
    expect(file.body).not.toContain("/admin/");
  });

  it("caches what _headers says (hashed assets for a year) and revalidates everything else", async () => {
    const js = await raw("/_astro/app.Ab12.js");
    expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(js.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    const css = await raw("/_astro/site.Cd34.css");
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    const info = await raw("/build-info.json");
    expect(info.headers["cache-control"]).toBe("no-cache");
    expect(info.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(info.body)).toEqual({ revision: 3 });
    const logo = await raw("/images/seed/logo.png");
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    expect((await raw("/favicon.svg")).headers["content-type"]).toContain("image/svg+xml");
  });

  it("answers HEAD without a body and a matching ETag with 304", async () => {
    const head = await raw("/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body).toBe("");
    expect(head.headers["content-length"]).toBe(String("<h1>home one</h1>".length));
    const etag = String(head.headers.etag);
    const again = await raw("/", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
  });

  it("refuses other methods", async () => {
    const res = await raw("/", { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD");
  });

  it("never serves a file outside the site folder", async () => {
    const attempts = [
      "/../keys.json",
      "/../../keys.json",
      "/%2e%2e/keys.json",
      "/%2E%2E/keys.json",
      "/.%2e/keys.json",
      "/%2e%2e%2fkeys.json",
      "/..%2fkeys.json",
      "/..%2f..%2fkeys.json",
      "/%252e%252e/keys.json",
      "/images/%2e%2e/%2e%2e/keys.json",
      "/admin/../../keys.json",
      "/admin/%2e%2e/%2e%2e/keys.json",
      "/admin/..%2f..%2fkeys.json",
      "/..%5ckeys.json",
      "/%5c..%5ckeys.json",
      "/..\\keys.json",
      "//..//keys.json",
      "/./../keys.json",
      "/%00/../keys.json",
      "/keys.json%00.html",
      "/leak.json",
      "/../builds-secret.txt",
      "/%2e%2e/builds-secret.txt",
    ];
    for (const path of attempts) {
      const res = await raw(path);
      expect(res.body, path).not.toContain(SECRET);
      expect(res.status, path).not.toBe(200);
    }
  });

  it("follows the site link on every request, so a swap shows at once", async () => {
    expect((await raw("/")).body).toContain("home one");
    await pointSiteAt("000002");
    expect((await raw("/")).body).toContain("home two");
    await pointSiteAt("000001");
    expect((await raw("/")).body).toContain("home one");
  });

  it("refuses to serve a build whose host files the hosts would read differently", async () => {
    const bad = await mkdtemp(join(tmpdir(), "static-server-bad-"));
    await writeFile(join(bad, "index.html"), "<h1>home</h1>");
    await writeFile(join(bad, "_redirects"), "/admin/*  /admin/index.html  200\n");
    const other = await startStaticServer({ siteDir: bad, port: 0, host: "127.0.0.1" });
    try {
      const res = await fetch(`${other.url}/`);
      expect(res.status).toBe(500);
      expect(await res.text()).toContain("infinite loop");
    } finally {
      await other.close();
      await rm(bad, { recursive: true, force: true });
    }
  });

  it("says the site is being built while there is none", async () => {
    const empty = await mkdtemp(join(tmpdir(), "static-server-empty-"));
    const other = await startStaticServer({
      siteDir: join(empty, "site"),
      port: 0,
      host: "127.0.0.1",
    });
    try {
      const res = await fetch(`${other.url}/`);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
    } finally {
      await other.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe("safeSegments", () => {
  it("decodes segments and drops empty ones", () => {
    expect(safeSegments("/a//b%20c/")).toEqual(["a", "b c"]);
    expect(safeSegments("/")).toEqual([]);
  });

  it("refuses dot segments, encoded separators, NUL and malformed escapes", () => {
    for (const path of [
      "/..",
      "/a/../b",
      "/%2e%2e/x",
      "/.",
      "/a%2fb",
      "/a%5cb",
      "/a%00",
      "/%e0%a4%a",
    ]) {
      expect(safeSegments(path), path).toBeNull();
    }
  });
});

describe("compression", () => {
  it("compresses text for clients that accept it, and leaves images alone", async () => {
    const { createStaticApp } = await import("./static-server.ts");
    const { mkdtemp, mkdir, writeFile } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { gunzipSync, brotliDecompressSync } = await import("node:zlib");
    const dir = await mkdtemp(join(tmpdir(), "static-compress-"));
    const html = `<!doctype html><title>x</title>${"<p>hello</p>".repeat(400)}`;
    await writeFile(join(dir, "index.html"), html);
    await mkdir(join(dir, "_astro"));
    await writeFile(join(dir, "_astro", "photo.webp"), Buffer.alloc(4096, 7));
    const app = createStaticApp(dir);

    const gzip = await app.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(html);

    const br = await app.request("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);

    const plain = await app.request("/");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);

    const image = await app.request("/_astro/photo.webp", { headers: { "accept-encoding": "br" } });
    expect(image.headers.get("content-encoding")).toBeNull();
    expect((await image.arrayBuffer()).byteLength).toBe(4096);
  });
});
