// Serves the built site from <dataDir>/site, a symlink the rebuilder swaps. The link
// is resolved once per request, so a swap takes effect on the next request and
// every file of one request comes from the same build.
import { readFile, realpath, stat } from "node:fs/promises";
import { join, sep } from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import { Hono } from "hono";
import { getMimeType } from "hono/utils/mime";
import { type Listening, listen } from "./listen.ts";

const IMMUTABLE = "public, max-age=31536000, immutable";
// Everything else may change with the next build: the browser keeps it but asks
// again each time (a cheap 304 thanks to the ETag).
const REVALIDATE = "no-cache";

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

/** The files a path may name, in the order they are tried. */
function candidates(segments: string[], trailingSlash: boolean): string[] {
  const base = segments.join("/");
  if (!base) return ["index.html"];
  if (trailingSlash) return [`${base}/index.html`, `${base}.html`];
  return [base, `${base}/index.html`, `${base}.html`];
}

/** One rule of a `_headers` file: a path (a trailing `*` matches any rest) and its headers. */
export interface HeaderRule {
  pattern: string;
  headers: [string, string][];
}

/**
 * Reads a `_headers` file as Netlify and Cloudflare Pages do: a line at the start is a
 * path pattern, the indented `Name: value` lines under it are its headers, `#` starts
 * a comment.
 */
export function parseHeaderRules(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "" || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: [] });
      continue;
    }
    const colon = line.indexOf(":");
    const rule = rules.at(-1);
    if (rule && colon > 0)
      rule.headers.push([line.slice(0, colon).trim(), line.slice(colon + 1).trim()]);
  }
  return rules;
}

function matches(pattern: string, pathname: string): boolean {
  return pattern.endsWith("*") ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/** The headers the rules give a path, in file order. */
export function headersFor(rules: HeaderRule[], pathname: string): [string, string][] {
  return rules.filter((rule) => matches(rule.pattern, pathname)).flatMap((rule) => rule.headers);
}

/** One rule of a `_redirects` file: `from to [status]`. */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

/**
 * Reads a `_redirects` file as Netlify and Cloudflare Pages do: `from to [status]` per
 * line (301 when no status is given), `#` starts a comment, a trailing `*` in `from`
 * matches any rest, which `:splat` in `to` repeats. Lines that are not that are skipped.
 */
export function parseRedirectRules(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    const fields = line.replace(/#.*$/, "").trim().split(/\s+/);
    if (fields.length < 2 || !fields[0]?.startsWith("/")) continue;
    const status = fields[2] === undefined ? 301 : Number.parseInt(fields[2], 10);
    if (![200, 301, 302, 404].includes(status)) continue;
    rules.push({ from: fields[0], to: fields[1] ?? "/", status });
  }
  return rules;
}

/** The first rule that matches a path, with `:splat` filled in. */
export function redirectFor(
  rules: RedirectRule[],
  pathname: string,
): { to: string; status: number } | undefined {
  for (const rule of rules) {
    if (!matches(rule.from, pathname)) continue;
    const splat = rule.from.endsWith("*") ? pathname.slice(rule.from.length - 1) : "";
    return { to: rule.to.replace(":splat", splat), status: rule.status };
  }
  return undefined;
}

const HEADERS_FILE = "_headers";
const REDIRECTS_FILE = "_redirects";
/** The host's own files: they configure it and are never served. */
const HOST_FILES = new Set([HEADERS_FILE, REDIRECTS_FILE]);
const hostRules = new Map<string, Promise<{ headers: HeaderRule[]; redirects: RedirectRule[] }>>();

/** The rules of a build's `_headers` and `_redirects` (none when absent); read once per build. */
function rulesOf(root: string): Promise<{ headers: HeaderRule[]; redirects: RedirectRule[] }> {
  let rules = hostRules.get(root);
  if (!rules) {
    const read = (name: string) => readFile(join(root, name), "utf8").catch(() => "");
    rules = Promise.all([read(HEADERS_FILE), read(REDIRECTS_FILE)]).then(
      ([headers, redirects]) => ({
        headers: parseHeaderRules(headers),
        redirects: parseRedirectRules(redirects),
      }),
    );
    if (hostRules.size > 20) hostRules.clear();
    hostRules.set(root, rules);
  }
  return rules;
}

function cacheControl(name: string): string {
  return name.startsWith("_astro/") ? IMMUTABLE : REVALIDATE;
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
    "cache-control": cacheControl(file.name),
    etag,
    "x-content-type-options": "nosniff",
  });
  for (const [name, value] of extra) headers.set(name, value);
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
    const pathname = new URL(c.req.url).pathname;
    const segments = safeSegments(pathname);
    const ifNoneMatch = c.req.header("if-none-match");
    const acceptEncoding = c.req.header("accept-encoding");
    const rules = await rulesOf(root);
    const extra = headersFor(rules.headers, pathname);
    // The host's files configure it; like the CDN, it does not serve them.
    if (segments && !(segments.length === 1 && HOST_FILES.has(segments[0] ?? ""))) {
      for (const name of candidates(segments, pathname.endsWith("/"))) {
        const file = await fileIn(root, name);
        if (file) return respond(file, 200, ifNoneMatch, acceptEncoding, extra);
      }
      // No file: the first matching `_redirects` rule (a file always wins, as on
      // Netlify). The admin's shell answers every path under /admin this way.
      const redirect = redirectFor(rules.redirects, pathname);
      if (redirect && (redirect.status === 301 || redirect.status === 302)) {
        return c.body(null, redirect.status, {
          location: redirect.to,
          "cache-control": REVALIDATE,
        });
      }
      if (redirect) {
        const target = safeSegments(redirect.to);
        for (const name of target ? candidates(target, redirect.to.endsWith("/")) : []) {
          const file = await fileIn(root, name);
          if (file) return respond(file, redirect.status, ifNoneMatch, acceptEncoding, extra);
        }
      }
    }
    const notFound = await fileIn(root, "404.html");
    if (notFound) return respond(notFound, 404, undefined, acceptEncoding, extra);
    return c.text("Not found", 404, { "cache-control": REVALIDATE });
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
