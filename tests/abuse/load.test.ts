// The abuse suite's "load" group, on loopback only and bounded in count and time:
//
// 1. The static site under concurrent requests: scripts/lib/static-server.ts over a
//    built-site fixture (pages, hashed assets, a picture, a 404 page, the admin shell),
//    reached as `npm start` serves it (through the <dataDir>/site symlink), with a mix
//    of pages, assets in every encoding, conditional requests, HEAD, Range, 404s,
//    wrong methods and path traversal attempts. Every answer must be the right one
//    (200/206/304/404/400/405 with the right bytes), never a 5xx or a connection
//    error, and no traversal may ever serve a byte from outside the site.
// 2. 200 concurrent contact submissions through the real contact function (Deno,
//    behind the stand-in's gateway, storing through public.submit_contact_message):
//    no 5xx, every answer 201 or 429 with Retry-After, the per-sender limit (5) and the
//    global limit (100) hold, and every 201 is exactly one stored row (found by a
//    marker unique to each submission) while every 429 stored nothing.
//
// Concurrent admin writes are the "concurrency" group's (concurrency.test.ts).
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, describe, expect, it } from "vitest";
import { type StaticServer, startStaticServer } from "../../scripts/lib/static-server.ts";
import { serviceClient, startTestStack, type TestStack } from "../contract/stack.ts";
import { LONG, scale, Tally } from "./tally.ts";

const tally = new Tally("load");

// ---------------------------------------------------------------------------------------
// Helpers: latency statistics and a raw HTTP client (the path goes on the wire as written).

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

function latencyLine(label: string, latencies: number[], seconds: number): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  const rate = (latencies.length / seconds).toFixed(0);
  const ms = (p: number) => percentile(sorted, p).toFixed(1);
  return `${label}: ${latencies.length} requests in ${seconds.toFixed(2)} s (${rate} req/s), latency p50 ${ms(50)} ms, p95 ${ms(95)} ms, p99 ${ms(99)} ms, max ${ms(100)} ms`;
}

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawRequest(
  agent: Agent,
  port: number,
  path: string,
  method: string,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("no answer within 30 s")));
    req.on("error", reject);
    req.end();
  });
}

/** Runs tasks with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

// ---------------------------------------------------------------------------------------
// 1. The static site.

/** Deterministic filler of a given size (text that compresses like real markup). */
function markup(title: string, size: number): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="/_astro/site.Bx3f9a.css"></head><body><main><h1>${title}</h1>`;
  const tail = "</main><script type=module src=/_astro/app.D4k2Qz.js></script></body></html>";
  let body = "";
  for (let i = 0; body.length < size - head.length - tail.length; i++) {
    body += `<section id="s${i}"><h2>${title} section ${i}</h2><p>Helping Hands cares for children and elders; section ${i} of ${title}.</p></section>`;
  }
  return head + body + tail;
}

function pseudoRandomBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return bytes;
}

const SECRET = `SECRET-${randomUUID()}`;

interface SiteFile {
  /** Relative to the build folder. */
  file: string;
  content: Buffer;
}

function siteFiles(): SiteFile[] {
  const text = (file: string, content: string): SiteFile => ({
    file,
    content: Buffer.from(content),
  });
  return [
    text("index.html", markup("Home", 48_000)),
    text("about/index.html", markup("About us", 22_000)),
    text("children/index.html", markup("Children's home", 30_000)),
    text("contact/index.html", markup("Contact", 12_000)),
    text("404.html", markup("Page not found", 6_000)),
    text("admin/index.html", markup("Admin", 3_000)),
    text("_astro/app.D4k2Qz.js", `/* app */${"export const a=()=>1;".repeat(9_000)}`),
    text("_astro/site.Bx3f9a.css", `${"main{display:block;margin:0 auto}".repeat(1_500)}`),
    text("favicon.svg", '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect/></svg>'),
    text("robots.txt", "User-agent: *\nAllow: /\n"),
    text("_redirects", "/admin/*  /admin/  200\n"),
    { file: "_astro/banner.H8s1kd.webp", content: pseudoRandomBytes(180_000, 7) },
    { file: "images/seed/sample.jpg", content: pseudoRandomBytes(95_000, 11) },
  ];
}

type Expect =
  | { kind: "file"; file: string; status: 200 | 404 }
  | { kind: "moved"; location: string }
  | { kind: "notModified"; file: string }
  | { kind: "head"; file: string }
  | { kind: "range"; file: string; start: number; end: number }
  | { kind: "refused" }
  | { kind: "method" };

interface SiteRequest {
  name: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  expect: Expect;
  /** A traversal attempt: counted as a refusal case. */
  traversal?: boolean;
}

/** Paths that try to leave the site; none may answer with anything from outside it. */
const TRAVERSALS = [
  "/../secret.txt",
  "/../../secret.txt",
  "/%2e%2e/secret.txt",
  "/%2e%2e/%2e%2e/secret.txt",
  "/%2E%2E%2Fsecret.txt",
  "/..%2fsecret.txt",
  "/..%2f..%2fsecret.txt",
  "/.%2e/secret.txt",
  "/%2e./secret.txt",
  "/_astro/%2e%2e/%2e%2e/secret.txt",
  "/_astro/..%5c..%5csecret.txt",
  "/%5c..%5csecret.txt",
  "/..\\secret.txt",
  "/%00",
  "/index.html%00",
  "/index.html%00.js",
  "/%00/../secret.txt",
  "/leak.txt",
  "/escape/secret.txt",
  "/%2fetc%2fpasswd",
  "//etc/passwd",
  "/../package.json",
  "/%2e%2e/package.json",
  "/%252e%252e/secret.txt",
  "/%c0%ae%c0%ae/secret.txt",
  "/%e0%80%ae%e0%80%ae/secret.txt",
  "/%ff",
];

function siteRequests(count: number, files: Map<string, Buffer>): SiteRequest[] {
  const pages: Array<[string, string]> = [
    ["/", "index.html"],
    ["/about/", "about/index.html"],
    ["/children/", "children/index.html"],
    ["/contact/", "contact/index.html"],
    ["/admin/", "admin/index.html"],
    ["/admin/banners/edit/42", "admin/index.html"],
  ];
  // Other spellings of a page answer 308 to its own (as Cloudflare Pages does).
  const moved: Array<[string, string]> = [
    ["/index.html", "/"],
    ["/about", "/about/"],
    ["/contact/index.html", "/contact/"],
    ["/admin", "/admin/"],
  ];
  const assets = [
    "_astro/app.D4k2Qz.js",
    "_astro/site.Bx3f9a.css",
    "_astro/banner.H8s1kd.webp",
    "images/seed/sample.jpg",
    "favicon.svg",
    "robots.txt",
  ];
  const missing = ["/nope", "/about/missing", "/_astro/gone.js", "/images/none.jpg", "/a/b/c/d/"];
  const encodings = ["br", "gzip", "gzip, deflate, br", "identity", ""];
  const requests: SiteRequest[] = [];
  for (let i = 0; i < count; i++) {
    const slot = i % 20;
    const pick = <T>(list: T[]): T => list[(i * 7 + slot) % list.length] as T;
    const encoding = pick(encodings);
    const accept: Record<string, string> = encoding ? { "accept-encoding": encoding } : {};
    if (slot === 5) {
      const [path, location] = pick(moved);
      requests.push({
        name: `GET ${path} (moved)`,
        path,
        method: "GET",
        headers: accept,
        expect: { kind: "moved", location },
      });
    } else if (slot < 5) {
      const [path, file] = pick(pages);
      requests.push({
        name: `GET ${path}`,
        path,
        method: "GET",
        headers: accept,
        expect: { kind: "file", file, status: 200 },
      });
    } else if (slot < 11) {
      const file = pick(assets);
      requests.push({
        name: `GET /${file}`,
        path: `/${file}`,
        method: "GET",
        headers: accept,
        expect: { kind: "file", file, status: 200 },
      });
    } else if (slot === 11) {
      const file = pick(assets);
      requests.push({
        name: `conditional GET /${file}`,
        path: `/${file}`,
        method: "GET",
        headers: {},
        expect: { kind: "notModified", file },
      });
    } else if (slot === 12) {
      const [path, file] = pick(pages);
      requests.push({
        name: `HEAD ${path}`,
        path,
        method: "HEAD",
        headers: {},
        expect: { kind: "head", file },
      });
    } else if (slot === 13) {
      const file = pick(assets);
      const size = files.get(file)?.length ?? 1;
      const start = (i * 31) % Math.max(1, size - 1);
      const end = Math.min(size - 1, start + 99);
      requests.push({
        name: `Range GET /${file}`,
        path: `/${file}`,
        method: "GET",
        headers: { range: `bytes=${start}-${end}` },
        expect: { kind: "range", file, start, end },
      });
    } else if (slot < 16) {
      const path = pick(missing);
      requests.push({
        name: `GET ${path} (missing)`,
        path,
        method: "GET",
        headers: accept,
        expect: { kind: "file", file: "404.html", status: 404 },
      });
    } else if (slot === 16) {
      requests.push({
        name: "POST / (wrong method)",
        path: "/",
        method: pick(["POST", "PUT", "DELETE"]),
        headers: { "content-length": "0" },
        expect: { kind: "method" },
      });
    } else {
      const path = TRAVERSALS[i % TRAVERSALS.length] as string;
      requests.push({
        name: `traversal ${path}`,
        path,
        method: "GET",
        headers: accept,
        expect: { kind: "refused" },
        traversal: true,
      });
    }
  }
  return requests;
}

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(answer.body);
  if (encoding === "gzip") return gunzipSync(answer.body);
  return answer.body;
}

/** Why the answer is wrong, or null when it is right. */
function judge(
  req: SiteRequest,
  answer: RawAnswer,
  files: Map<string, Buffer>,
  etags: Map<string, string>,
): string | null {
  const { expect: want } = req;
  const header = (name: string) => {
    const value = answer.headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  const leaked = answer.body.includes(SECRET) || answer.body.includes('"name": "charity-site"');
  if (leaked) return "served a file from outside the site";
  switch (want.kind) {
    case "file": {
      if (answer.status !== want.status) return `status ${answer.status}, expected ${want.status}`;
      const content = files.get(want.file);
      if (!content || !decoded(answer).equals(content)) return `wrong body for ${want.file}`;
      return null;
    }
    case "moved":
      return answer.status === 308 && header("location") === want.location
        ? null
        : `status ${answer.status} to ${header("location")}, expected 308 to ${want.location}`;
    case "notModified":
      return answer.status === 304 && answer.body.length === 0
        ? null
        : `status ${answer.status}, expected 304 (etag ${etags.get(want.file)})`;
    case "head": {
      if (answer.status !== 200) return `status ${answer.status}, expected 200`;
      if (answer.body.length !== 0) return "HEAD answered with a body";
      const length = Number(header("content-length"));
      const content = files.get(want.file);
      // Identity length, as no accept-encoding was sent.
      return content && length === content.length ? null : `content-length ${length}`;
    }
    case "range": {
      const content = files.get(want.file) as Buffer;
      if (answer.status === 200) {
        // A server may ignore Range and send the whole file.
        return decoded(answer).equals(content) ? null : "Range answered 200 with a wrong body";
      }
      if (answer.status !== 206) return `status ${answer.status}, expected 206 or 200`;
      const expected = content.subarray(want.start, want.end + 1);
      return answer.body.equals(expected) &&
        header("content-range") === `bytes ${want.start}-${want.end}/${content.length}`
        ? null
        : "wrong partial content";
    }
    case "refused":
      return answer.status === 404 || answer.status === 400
        ? null
        : `status ${answer.status}, expected 400 or 404`;
    case "method":
      return answer.status === 405 ? null : `status ${answer.status}, expected 405`;
  }
}

describe("load: the static site under concurrent requests", () => {
  let work: string;
  let server: StaticServer | undefined;

  afterAll(async () => {
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("answers every request of a mixed load correctly, with no 5xx and no traversal", async () => {
    work = await mkdtemp(join(tmpdir(), "abuse-load-site-"));
    const dataDir = join(work, "data");
    const build = join(dataDir, "builds", "000001");
    const files = new Map<string, Buffer>();
    for (const { file, content } of siteFiles()) {
      await mkdir(dirname(join(build, file)), { recursive: true });
      await writeFile(join(build, file), content);
      files.set(file, content);
    }
    // What a traversal would reach: files outside the site, and links out of it.
    await writeFile(join(dataDir, "secret.txt"), SECRET);
    await writeFile(join(work, "secret.txt"), SECRET);
    await writeFile(join(work, "package.json"), '{\n  "name": "charity-site"\n}\n');
    await symlink(join(dataDir, "secret.txt"), join(build, "leak.txt"));
    await symlink(dataDir, join(build, "escape"), "dir");
    await symlink(join("builds", "000001"), join(dataDir, "site"), "dir");
    server = await startStaticServer({
      siteDir: join(dataDir, "site"),
      port: 0,
      host: "127.0.0.1",
    });
    const port = server.port;

    const count = scale(2000, 20_000);
    const concurrency = scale(64, 256);
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

    // The ETags a browser would hold, for the conditional requests.
    const etags = new Map<string, string>();
    for (const file of files.keys()) {
      // A page by its own address (/x/ for x/index.html), anything else by its name.
      const path = `/${file}`.replace(/(^|\/)index\.html$/, "$1");
      const answer = await rawRequest(agent, port, path, "HEAD", {});
      const etag = answer.headers.etag;
      if (typeof etag === "string") etags.set(file, etag);
    }
    // Every file but the host's own _redirects, which is never served.
    expect(etags.size).toBe(files.size - 1);
    const requests = siteRequests(count, files);
    for (const req of requests) {
      if (req.expect.kind === "notModified") {
        req.headers["if-none-match"] = etags.get(req.expect.file) ?? "";
      }
    }

    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let traversals = 0;
    const started = performance.now();
    await pool(requests, concurrency, async (req) => {
      const t0 = performance.now();
      let answer: RawAnswer;
      try {
        answer = await rawRequest(agent, port, req.path, req.method, req.headers);
      } catch (error) {
        tally.error(`static ${req.name}`, error);
        return;
      }
      latencies.push(performance.now() - t0);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status >= 500) {
        tally.error(`static ${req.name}`, `HTTP ${answer.status}: ${answer.body.toString()}`);
        return;
      }
      const problem = judge(req, answer, files, etags);
      const name = problem ? `static ${req.name}: ${problem}` : `static ${req.name}`;
      if (req.traversal) {
        traversals += 1;
        tally.refused(name, problem === null);
      } else {
        tally.holds(name, problem === null);
      }
    });
    const seconds = (performance.now() - started) / 1000;
    agent.destroy();

    console.log(latencyLine(`[load] static site (concurrency ${concurrency})`, latencies, seconds));
    console.log(
      `[load] static site answers: ${[...statuses.entries()]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status} x${n}`)
        .join(", ")}; ${traversals} traversal attempts refused`,
    );
    expect(latencies.length).toBe(count);
  }, 180_000);
});

// ---------------------------------------------------------------------------------------
// 2. Concurrent contact submissions.

const CLIENT_LIMIT = 5;
const GLOBAL_LIMIT = 100;

interface Submission {
  marker: string;
  /** The X-Forwarded-For the client sends. */
  forwardedFor: string;
  /** The sender as the limit counts it (one bucket per group of addresses). */
  sender: string;
}

interface Outcome extends Submission {
  status: number;
  retryAfter: string | null;
  body: unknown;
  ms: number;
}

/**
 * The submissions of one burst: most from distinct addresses, a hot IPv4 sender (with
 * and without a port), and a sender rotating through addresses of one IPv6 /64 (which
 * the limit counts as one sender).
 */
function submissions(count: number): Submission[] {
  const list: Submission[] = [];
  for (let i = 0; i < count; i++) {
    const marker = `load-${randomUUID()}`;
    if (i % 8 === 0) {
      // One IPv4 sender, sometimes with its source port (still the same sender).
      const forwardedFor = i % 16 === 0 ? "198.19.7.7" : `198.19.7.7:${1000 + i}`;
      list.push({ marker, forwardedFor, sender: "hot-v4" });
    } else if (i % 8 === 4) {
      const low = (i % 65_535).toString(16);
      list.push({ marker, forwardedFor: `2001:db8:77:1::${low}`, sender: "hot-v6-64" });
    } else {
      const n = i + 1;
      const address = `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      list.push({ marker, forwardedFor: address, sender: address });
    }
  }
  return list;
}

describe("load: concurrent contact submissions", () => {
  let stack: TestStack | undefined;
  let service: SupabaseClient;

  afterAll(async () => {
    await stack?.close();
  });

  it(
    "holds both rate limits and stores each accepted message exactly once",
    async () => {
      stack = await startTestStack();
      service = serviceClient(stack);
      const endpoint = `${stack.url}/functions/v1/contact`;
      const headers = (forwardedFor: string) => ({
        apikey: (stack as TestStack).publishableKey,
        Authorization: `Bearer ${(stack as TestStack).publishableKey}`,
        "Content-Type": "application/json",
        "X-Forwarded-For": forwardedFor,
      });
      const body = (marker: string) =>
        JSON.stringify({
          name: "Load Tester",
          email: "load@example.org",
          subject: `Load ${marker}`,
          message: "Checking that a burst of messages is counted and stored exactly once.",
          inquiryType: "general",
          website: "",
        });

      // Boot the function first (a cold Deno start is not what is measured): an invalid
      // message stores nothing and counts against no limit.
      const warm = await fetch(endpoint, {
        method: "POST",
        headers: headers("192.0.2.200"),
        body: "{}",
      });
      expect(warm.status).toBe(400);
      await warm.body?.cancel();

      const burst = scale(200, 1000);
      const concurrency = scale(200, 250);
      const list = submissions(burst);
      const outcomes: Outcome[] = [];
      const started = performance.now();
      await pool(list, concurrency, async (submission) => {
        const t0 = performance.now();
        try {
          const response = await fetch(endpoint, {
            method: "POST",
            headers: headers(submission.forwardedFor),
            body: body(submission.marker),
            signal: AbortSignal.timeout(60_000),
          });
          const text = await response.text();
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // kept as text
          }
          outcomes.push({
            ...submission,
            status: response.status,
            retryAfter: response.headers.get("retry-after"),
            body: parsed,
            ms: performance.now() - t0,
          });
        } catch (error) {
          tally.error(`contact ${submission.marker} from ${submission.forwardedFor}`, error);
        }
      });
      const seconds = (performance.now() - started) / 1000;

      // What was stored, by marker.
      const { data, error } = await service
        .from("contact_messages")
        .select("subject")
        .like("subject", "Load load-%")
        .limit(10_000);
      expect(error).toBeNull();
      const storedCount = new Map<string, number>();
      for (const row of (data ?? []) as Array<{ subject: string }>) {
        const marker = row.subject.slice("Load ".length);
        storedCount.set(marker, (storedCount.get(marker) ?? 0) + 1);
      }

      let created = 0;
      let limited = 0;
      const storedBySender = new Map<string, number>();
      for (const outcome of outcomes) {
        const name = `contact from ${outcome.forwardedFor} (${outcome.marker})`;
        const rows = storedCount.get(outcome.marker) ?? 0;
        if (outcome.status >= 500) {
          tally.error(name, `HTTP ${outcome.status}: ${JSON.stringify(outcome.body)}`);
          continue;
        }
        if (outcome.status === 201) {
          created += 1;
          storedBySender.set(outcome.sender, (storedBySender.get(outcome.sender) ?? 0) + 1);
          tally.holds(`${name}: 201 stored exactly once (${rows} rows)`, rows === 1);
        } else if (outcome.status === 429) {
          limited += 1;
          const retry = Number(outcome.retryAfter);
          const refusal =
            rows === 0 &&
            Number.isInteger(retry) &&
            retry >= 1 &&
            retry <= 600 &&
            (outcome.body as { error?: string } | null)?.error === "rate_limited";
          tally.refused(
            `${name}: 429 with Retry-After ${outcome.retryAfter} stored nothing (${rows} rows)`,
            refusal,
          );
        } else {
          tally.holds(`${name}: unexpected HTTP ${outcome.status}`, false);
        }
      }
      // Rows nobody was told were stored.
      const answered = new Set(outcomes.filter((o) => o.status === 201).map((o) => o.marker));
      const orphans = [...storedCount.keys()].filter((marker) => !answered.has(marker));
      tally.holds(`no stored row without a 201 (${orphans.length} orphans)`, orphans.length === 0);
      const storedTotal = [...storedCount.values()].reduce((sum, n) => sum + n, 0);
      tally.holds(
        `global limit: ${storedTotal} stored <= ${GLOBAL_LIMIT}`,
        storedTotal <= GLOBAL_LIMIT,
      );
      // More than enough distinct senders were eligible, so the burst fills the window.
      tally.holds(
        `global limit reached exactly (${storedTotal} stored)`,
        storedTotal === GLOBAL_LIMIT,
      );
      for (const sender of ["hot-v4", "hot-v6-64"]) {
        const stored = storedBySender.get(sender) ?? 0;
        tally.holds(
          `per-sender limit for ${sender}: ${stored} stored <= ${CLIENT_LIMIT}`,
          stored <= CLIENT_LIMIT,
        );
      }
      const overLimit = [...storedBySender.entries()].filter(([, n]) => n > CLIENT_LIMIT);
      tally.holds(`no sender over ${CLIENT_LIMIT} stored`, overLimit.length === 0);

      console.log(
        latencyLine(
          `[load] contact burst (concurrency ${concurrency})`,
          outcomes.map((o) => o.ms),
          seconds,
        ),
      );
      console.log(
        `[load] contact answers: ${created} x 201, ${limited} x 429, ${outcomes.length - created - limited} other; ${storedTotal} stored (hot IPv4 sender ${storedBySender.get("hot-v4") ?? 0}, rotating IPv6 /64 ${storedBySender.get("hot-v6-64") ?? 0})`,
      );
      expect(outcomes.length + tally.errors.length).toBeGreaterThanOrEqual(burst);
    },
    LONG ? 600_000 : 180_000,
  );
});

describe("load", () => {
  it("reports", () => {
    tally.report();
  });
});
