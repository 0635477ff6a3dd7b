// Serves the built site from <dataDir>/site, a symlink the rebuilder swaps. The link
// is resolved once per request, so a swap takes effect on the next request and
// every file of one request comes from the same build.
//
// It serves as Cloudflare Pages does, the stricter of the two hosts
// (docs/architecture.md, "The hosts' files"): the build's `_redirects` rules before its
// files; /x/ for a folder with an index.html (/x and /x/index.html answer 308 to it),
// /x for x.html (/x.html answers 308 to it); the nearest 404.html for anything else;
// the build's `_headers` on every answer, read by host-rules.ts, which also refuses
// rules the two hosts would read differently (the build refuses them first).
import { readFile, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { Hono } from "hono";
import { getMimeType } from "hono/utils/mime";
import {
  HEADERS_FILE,
  type HostRules,
  headersFor,
  REDIRECTS_FILE,
  readHostRules,
  redirectFor,
} from "../../src/lib/host-rules.ts";
import { type Listening, listen } from "./listen.ts";

/**
 * What both hosts send for a file its `_headers` gives no Cache-Control: the browser
 * keeps it but asks again each time (a cheap 304 thanks to the ETag).
 */
const REVALIDATE = "public, max-age=0, must-revalidate";
/** Pages' Cache-Control on a 404, whatever `_headers` says. */
const NOT_FOUND_CACHE = "no-store";

interface FoundFile {
  path: string;
  /** Relative to the site, with forward slashes. */
  name: string;
  size: number;
  mtimeMs: number;
}

/**
 * The path's segments, decoded, or null when one could step outside the site
 * ("..", ".", or an encoded slash, backslash or NUL).
 */
export function safeSegments(pathname: string): string[] | null {
  const segments: string[] = [];
  for (const raw of pathname.split("/")) {
    if (raw === "") continue;
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === "." || segment === ".." || /[/\\\0]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

function inside(root: string, path: string): boolean {
  return path.startsWith(root + sep);
}

/** A regular file under root (after following any symlink), or null. */
async function fileIn(root: string, name: string): Promise<FoundFile | null> {
  const full = join(root, name);
  if (!inside(root, full)) return null;
  try {
    const real = await realpath(full);
    if (!inside(root, real)) return null;
    const info = await stat(real);
    return info.isFile() ? { path: real, name, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The host's own files: they configure it and are never served. */
const HOST_FILES = new Set([HEADERS_FILE, REDIRECTS_FILE]);
const hostRules = new Map<string, Promise<{ rules: HostRules; problems: string[] }>>();

/** The rules of a build's `_headers` and `_redirects` (none when absent); read once per build. */
function rulesOf(root: string): Promise<{ rules: HostRules; problems: string[] }> {
  let rules = hostRules.get(root);
  if (!rules) {
    rules = readHostRules(root);
    if (hostRules.size > 20) hostRules.clear();
    hostRules.set(root, rules);
  }
  return rules;
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
const compressed = new Map<string, Buffer>();

/** Compresses text as a CDN would (Brotli, else gzip), once per file version. */
function encode(body: Buffer, type: string, acceptEncoding: string | undefined, key: string) {
  if (body.byteLength < 1024 || !COMPRESSIBLE.test(type)) return undefined;
  const accepts = (acceptEncoding ?? "").toLowerCase();
  const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;
  if (!encoding) return undefined;
  const cacheKey = `${encoding}:${key}`;
  let data = compressed.get(cacheKey);
  if (!data) {
    data =
      encoding === "br"
        ? brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(body, { level: 9 });
    if (compressed.size > 500) compressed.clear();
    compressed.set(cacheKey, data);
  }
  return { encoding, data };
}

async function respond(
  file: FoundFile,
  status: number,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  extra: [string, string][],
): Promise<Response> {
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
  const headers = new Headers({
    "content-type": getMimeType(file.name) ?? "application/octet-stream",
    "cache-control": REVALIDATE,
    etag,
  });
  for (const [name, value] of extra) headers.set(name, value);
  if (status === 404) headers.set("cache-control", NOT_FOUND_CACHE);
  if (status === 200 && ifNoneMatch?.split(/\s*,\s*/).includes(etag)) {
    return new Response(null, { status: 304, headers });
  }
  // Read whole: the file stays readable even if its build is pruned meanwhile.
  const body = await readFile(file.path);
  headers.set("vary", "accept-encoding");
  const encoded = encode(
    body,
    headers.get("content-type") ?? "",
    acceptEncoding,
    `${file.path}:${etag}`,
  );
  if (encoded) {
    headers.set("content-encoding", encoded.encoding);
    headers.set("content-length", String(encoded.data.byteLength));
    return new Response(new Uint8Array(encoded.data), { status, headers });
  }
  headers.set("content-length", String(body.byteLength));
  return new Response(new Uint8Array(body), { status, headers });
}

/** What a path names in a build: a file to serve, a 308 to its canonical form, or nothing. */
type Resolved = { file: FoundFile } | { canonical: string } | null;

/**
 * A path as Pages resolves it: /x/ is x/index.html, /x is x.html or a file named x;
 * /x/index.html and /x (for a folder) move to /x/, /x.html and /x/ (for x.html) to /x.
 */
async function resolvePath(root: string, segments: string[], slash: boolean): Promise<Resolved> {
  const base = segments.join("/");
  const last = segments.at(-1) ?? "";
  if (!base) return (await fileIn(root, "index.html").then(found)) ?? null;
  if (!slash && last === "index.html" && (await fileIn(root, base)))
    return { canonical: `/${segments.slice(0, -1).join("/")}${segments.length > 1 ? "/" : ""}` };
  if (!slash && last.endsWith(".html") && (await fileIn(root, base)))
    return { canonical: `/${base.slice(0, -".html".length)}` };
  if (slash) {
    const index = await fileIn(root, `${base}/index.html`);
    if (index) return { file: index };
    if (await fileIn(root, `${base}.html`)) return { canonical: `/${base}` };
    return null;
  }
  const exact = (await fileIn(root, base)) ?? (await fileIn(root, `${base}.html`));
  if (exact) return { file: exact };
  if (await fileIn(root, `${base}/index.html`)) return { canonical: `/${base}/` };
  return null;
}

const found = (file: FoundFile | null) => (file ? { file } : null);

/** The nearest 404.html, from the path's own folder up to the site's root. */
async function notFoundPage(root: string, segments: string[]): Promise<FoundFile | null> {
  for (let depth = Math.max(segments.length - 1, 0); depth >= 0; depth -= 1) {
    const page = await fileIn(root, [...segments.slice(0, depth), "404.html"].join("/"));
    if (page) return page;
  }
  return null;
}

export function createStaticApp(siteDir: string): Hono {
  const app = new Hono();
  // Hono answers HEAD with this GET route, without the body.
  app.get("*", async (c) => {
    let root: string;
    try {
      root = await realpath(siteDir);
    } catch {
      return c.text("The site is being built; try again in a moment.", 503, {
        "retry-after": "5",
        "cache-control": "no-store",
      });
    }
    const url = new URL(c.req.url);
    const pathname = url.pathname;
    const { rules, problems } = await rulesOf(root);
    if (problems.length > 0) {
      return c.text(
        `This build's host files would not work the same on Netlify and Cloudflare Pages:\n- ${problems.join("\n- ")}\n`,
        500,
        { "cache-control": "no-store" },
      );
    }
    const segments = safeSegments(pathname);
    const ifNoneMatch = c.req.header("if-none-match");
    const acceptEncoding = c.req.header("accept-encoding");
    const extra = headersFor(rules.headers, pathname);
    const moved = (location: string, status: number) => {
      const headers = new Headers(extra);
      headers.delete("cache-control");
      headers.set("location", location.includes("?") ? location : `${location}${url.search}`);
      return new Response(null, { status, headers });
    };
    // The host's files configure it; like the CDN, it does not serve them.
    if (segments && !(segments.length === 1 && HOST_FILES.has(segments[0] ?? ""))) {
      // The first matching rule, before any file (Pages; Netlify lets a file win, so
      // host-rules.ts refuses a redirect where a file is). The admin's shell answers
      // every path under /admin/ this way.
      const rule = redirectFor(rules.redirects, pathname);
      if (rule && rule.status !== 200) return moved(rule.to, rule.status);
      const target = rule ? safeSegments(rule.to) : segments;
      const resolved = target
        ? await resolvePath(root, target, (rule?.to ?? pathname).endsWith("/"))
        : null;
      if (resolved && "file" in resolved)
        return respond(resolved.file, 200, ifNoneMatch, acceptEncoding, extra);
      if (resolved && !rule) return moved(resolved.canonical, 308);
    }
    const notFound = await notFoundPage(root, segments ?? []);
    if (notFound) return respond(notFound, 404, undefined, acceptEncoding, extra);
    return c.text("Not found", 404, { "cache-control": NOT_FOUND_CACHE });
  });
  app.all("*", (c) => c.text("Method not allowed", 405, { allow: "GET, HEAD" }));
  return app;
}

export interface StaticServer extends Listening {
  url: string;
}

export async function startStaticServer(options: {
  siteDir: string;
  port: number;
  host: string;
  /** How the URL shows the host (e.g. localhost for 0.0.0.0). */
  urlHost?: string;
}): Promise<StaticServer> {
  const listening = await listen(createStaticApp(options.siteDir), options.port, options.host);
  return { ...listening, url: `http://${options.urlHost ?? options.host}:${listening.port}` };
}
