import { mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  headersFor,
  parseHeaderRules,
  parseRedirectRules,
  redirectFor,
  type StaticServer,
  safeSegments,
  startStaticServer,
} from "./static-server.ts";

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
    `${await readFile(join(import.meta.dirname, "..", "..", "public", "_redirects"), "utf8")}\n/old-about  /about/  301\n/about/*  /nowhere  302\n`,
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
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("maps /x to x/index.html or x.html", async () => {
    for (const path of ["/about", "/about/", "/about/index.html"]) {
      expect((await raw(path)).body, path).toContain("about");
    }
    expect((await raw("/contact")).body).toContain("contact");
    expect((await raw("/contact?from=footer")).body).toContain("contact");
  });

  it("answers unknown paths with 404.html and status 404", async () => {
    const res = await raw("/no-such-page");
    expect(res.status).toBe(404);
    expect(res.body).toContain("Page not found");
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
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
    for (const path of ["/admin", "/admin/", "/admin/banners"]) {
      expect((await raw(path)).headers["x-robots-tag"], path).toBe("noindex, nofollow");
    }
    expect((await raw("/about/")).headers["x-robots-tag"]).toBeUndefined();
    expect((await raw("/build-info.json")).headers["cache-control"]).toBe("no-cache");
    const file = await raw("/_headers");
    expect(file.status).toBe(404);
    expect(file.body).not.toContain("X-Frame-Options");
  });

  it("serves the admin shell for client-routed admin paths (the site's _redirects)", async () => {
    for (const path of ["/admin", "/admin/", "/admin/banners", "/admin/banners/12/edit"]) {
      const res = await raw(path);
      expect(res.status, path).toBe(200);
      expect(res.body, path).toContain("id=admin");
    }
  });

  it("applies _redirects where no file matches, and does not serve it", async () => {
    const moved = await raw("/old-about");
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe("/about/");
    // A file always wins over a rule (Netlify's default).
    expect((await raw("/about/")).status).toBe(200);
    const file = await raw("/_redirects");
    expect(file.status).toBe(404);
    expect(file.body).not.toContain("/admin/index.html");
  });

  it("caches hashed assets for a year and revalidates everything else", async () => {
    const js = await raw("/_astro/app.Ab12.js");
    expect(js.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(js.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    const css = await raw("/_astro/site.Cd34.css");
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    const info = await raw("/build-info.json");
    expect(info.headers["cache-control"]).toBe("no-cache");
    expect(info.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(info.body)).toEqual({ revision: 3 });
    expect((await raw("/images/seed/logo.png")).headers["content-type"]).toBe("image/png");
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

describe("_redirects rules", () => {
  const rules = parseRedirectRules(
    "# comment\n/admin/*  /admin/index.html  200\n/a  /b\n/docs/*  /help/:splat  302\nnot a rule\n/x /y 418\n",
  );

  it("reads from, to and status (301 by default), skipping comments and what it cannot use", () => {
    expect(rules).toEqual([
      { from: "/admin/*", to: "/admin/index.html", status: 200 },
      { from: "/a", to: "/b", status: 301 },
      { from: "/docs/*", to: "/help/:splat", status: 302 },
    ]);
  });

  it("takes the first matching rule and fills in :splat", () => {
    expect(redirectFor(rules, "/admin/banners/3")).toEqual({
      to: "/admin/index.html",
      status: 200,
    });
    expect(redirectFor(rules, "/docs/a/b")).toEqual({ to: "/help/a/b", status: 302 });
    expect(redirectFor(rules, "/a")).toEqual({ to: "/b", status: 301 });
    expect(redirectFor(rules, "/a/more")).toBeUndefined();
  });
});

describe("_headers rules", () => {
  const rules = parseHeaderRules(
    "# a comment\n/*\n  A: 1\n\n/admin/*\n  B: two: parts\n/exact\n  C: 3\n",
  );

  it("reads patterns and their indented headers, skipping comments and blank lines", () => {
    expect(rules).toEqual([
      { pattern: "/*", headers: [["A", "1"]] },
      { pattern: "/admin/*", headers: [["B", "two: parts"]] },
      { pattern: "/exact", headers: [["C", "3"]] },
    ]);
  });

  it("matches a trailing * as any rest and other patterns exactly", () => {
    expect(headersFor(rules, "/admin/x")).toEqual([
      ["A", "1"],
      ["B", "two: parts"],
    ]);
    expect(headersFor(rules, "/admin")).toEqual([["A", "1"]]);
    expect(headersFor(rules, "/exact")).toEqual([
      ["A", "1"],
      ["C", "3"],
    ]);
    expect(headersFor(rules, "/exact/more")).toEqual([["A", "1"]]);
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
