// `npm run bench`: measures, and prints, the figures the issues ask for. A
// benchmark, not a test: it asserts nothing and always runs against loopback,
// bounded in request count and time.
//   1. The API stand-in: requests per second and p50/p99 latency of a public
//      select and of an admin insert under RLS.
//   2. `npm start`: seconds from launch to the home page being served, on a cold
//      (new) and a warm (existing) data folder.
//   3. Lighthouse (mobile preset, Debian's Chromium) on every public route: the four
//      category scores, LCP, CLS and TBT, and the home page's gzipped JavaScript and
//      total transfer for the first view.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { publicRoutes } from "../src/lib/nav.ts";
import { createDatabase } from "../supabase/local/database.ts";
import { ephemeralKeys, signJwt } from "../supabase/local/keys.ts";
import { freePort, startStandIn } from "../supabase/local/server.ts";
import { chromiumArgs, findChromium } from "./chromium.ts";

const root = join(import.meta.dirname, "..");
const CONCURRENCY = 8;
const MAX_REQUESTS = 2000;
const MAX_SECONDS = 10;

interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function load(request: (i: number) => Promise<Response>): Promise<LoadResult> {
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + MAX_SECONDS * 1000;
  async function worker() {
    while (issued < MAX_REQUESTS && performance.now() < deadline) {
      const i = issued++;
      const t = performance.now();
      const response = await request(i);
      await response.arrayBuffer();
      latencies.push(performance.now() - t);
      if (!response.ok) errors += 1;
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return {
    requests: latencies.length,
    errors,
    seconds: (performance.now() - started) / 1000,
    latencies: latencies.sort((a, b) => a - b),
  };
}

function report(label: string, result: LoadResult) {
  const rps = result.requests / result.seconds;
  console.log(
    `${label.padEnd(34)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${percentile(result.latencies, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(result.latencies, 99).toFixed(1).padStart(6)} ms   (${result.requests} requests, ${result.errors} errors, concurrency ${CONCURRENCY})`,
  );
}

async function benchApi() {
  const db = await createDatabase({ seed: true });
  const keys = await ephemeralKeys();
  const storageDir = await mkdtemp(join(tmpdir(), "bench-storage-"));
  const standIn = await startStandIn(
    { db, keys, storageDir, functionsDir: join(root, "functions"), functionSecrets: {} },
    await freePort(),
  );
  const adminToken = await signJwt(
    {
      sub: "00000000-0000-4000-8000-00000000a001",
      role: "authenticated",
      aud: "authenticated",
      app_metadata: { role: "admin" },
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
    keys.jwtSecret,
  );
  try {
    console.log("\nAPI stand-in (PGlite, real RLS), loopback:");
    report(
      "public select (anon, active banners)",
      await load(() =>
        fetch(`${standIn.url}/rest/v1/banners?select=*&is_active=eq.true&order=sort_order.asc`, {
          headers: { apikey: keys.anonKey, Authorization: `Bearer ${keys.anonKey}` },
        }),
      ),
    );
    report(
      "admin insert (authenticated, RLS)",
      await load((i) =>
        fetch(`${standIn.url}/rest/v1/home_gallery`, {
          method: "POST",
          headers: {
            apikey: keys.anonKey,
            Authorization: `Bearer ${adminToken}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({
            image_url: `/images/seed/home-gallery-${(i % 6) + 1}.jpg`,
            sort_order: i % 1000,
          }),
        }),
      ),
    );
  } finally {
    await standIn.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}

async function waitForHome(url: string, child: ChildProcess, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`npm start exited early (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return (performance.now() - started) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`home page not served within ${timeoutMs / 1000} s`);
}

/** Runs `npm start` on dataDir, calls fn once the home page is served, then stops it. */
async function withStart<T>(
  dataDir: string,
  fn: (origin: string, seconds: number) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const apiPort = await freePort();
  const child = spawn(process.execPath, [join(root, "scripts", "start.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      API_PORT: String(apiPort),
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
    },
    stdio: "ignore",
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    const seconds = await waitForHome(`${origin}/`, child, 300_000);
    return await fn(origin, seconds);
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGINT");
    await exited;
  }
}

async function timeStart(dataDir: string, label: string) {
  await withStart(dataDir, async (_origin, seconds) => {
    console.log(`${label.padEnd(34)} ${seconds.toFixed(1)} s to the home page`);
  });
}

interface LighthouseAudit {
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number }[] };
}

async function benchLighthouse() {
  const chromium = findChromium();
  if (!chromium.ok) {
    console.log(`\nLighthouse NOT RUN: ${chromium.reason}`);
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), "bench-lh-"));
  try {
    await withStart(dataDir, async (origin) => {
      const chrome = await chromeLauncher.launch({
        chromePath: chromium.path,
        chromeFlags: ["--headless=new", ...chromiumArgs],
      });
      let homeWeight = "";
      try {
        console.log("\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown):");
        console.log(`${"route".padEnd(24)} perf  a11y  best   seo     LCP     CLS     TBT`);
        // `npm run bench -- lighthouse /medical /relief` measures only those routes.
        const asked = process.argv.slice(3).filter((arg) => arg.startsWith("/"));
        for (const route of asked.length > 0 ? asked : publicRoutes) {
          const result = await lighthouse(`${origin}${route}`, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          });
          const lhr = result?.lhr;
          if (!lhr) continue;
          const score = (id: string) =>
            String(Math.round((lhr.categories[id]?.score ?? 0) * 100)).padStart(5);
          const audit = (id: string) => lhr.audits[id] as LighthouseAudit | undefined;
          const lcp = (audit("largest-contentful-paint")?.numericValue ?? Number.NaN) / 1000;
          const cls = audit("cumulative-layout-shift")?.numericValue ?? Number.NaN;
          const tbt = audit("total-blocking-time")?.numericValue ?? Number.NaN;
          console.log(
            `${route.padEnd(23)}${score("performance")} ${score("accessibility")} ${score("best-practices")} ${score("seo")}  ${lcp.toFixed(2).padStart(5)} s  ${cls.toFixed(3)}  ${tbt.toFixed(0).padStart(4)} ms`,
          );
          if (route === "/") {
            const items = audit("network-requests")?.details?.items ?? [];
            const sum = (list: typeof items) =>
              list.reduce((total, item) => total + (item.transferSize ?? 0), 0);
            const js = sum(items.filter((item) => item.resourceType === "Script"));
            homeWeight = `home first view: ${(js / 1024).toFixed(1)} KB of JavaScript (compressed transfer), ${(sum(items) / 1024).toFixed(1)} KB transferred in all`;
          }
        }
        if (homeWeight) console.log(homeWeight);
      } finally {
        chrome.kill();
      }
    });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchStart() {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-data-"));
  try {
    console.log("\nnpm start:");
    await timeStart(dataDir, "cold data folder (new)");
    await timeStart(dataDir, "warm data folder (second start)");
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
if (!only || only === "api") await benchApi();
if (!only || only === "start") await benchStart();
if (!only || only === "lighthouse") await benchLighthouse();
