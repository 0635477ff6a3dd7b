// `npm run bench`: measures, and prints, the figures the issues ask for. A
// benchmark, not a test: it asserts nothing and always runs against loopback,
// bounded in request count and time.
//   1. The API stand-in: requests per second and p50/p99 latency of a public
//      select and of an admin insert under RLS.
//   2. `npm start`: seconds from launch to the home page being served, on a cold
//      (new) and a warm (existing) data folder.
//   3. Publishing: seconds from an admin's save to the new HTML being served, and how
//      many builds a burst of 20 saves in 10 s causes.
//   4. Lighthouse (mobile preset, Debian's Chromium) on every public route: the four
//      category scores, LCP, CLS and TBT, and the home page's gzipped JavaScript and
//      total transfer for the first view.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@supabase/supabase-js";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { AdminClient } from "../admin-island/src/data/client.ts";
import {
  createPublisher,
  PUBLISH_DEBOUNCE_MS,
  supabasePublishApi,
} from "../admin-island/src/data/publish.ts";
import { signalSaved } from "../admin-island/src/data/saves.ts";
import { publicRoutes } from "../src/lib/nav.ts";
import { createDatabase } from "../supabase/local/database.ts";
import { apiKeys, ephemeralKeys, loadOrCreateKeys, signSession } from "../supabase/local/keys.ts";
import { freePort, startStandIn } from "../supabase/local/server.ts";
import { chromiumArgs, findChromium } from "./chromium.ts";
import { FAULT_FILE, SLOW_DEPLOY_DEFAULT_MS } from "./lib/host-faults.ts";

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
  // A session as Auth signs it in this key mode (ES256 by default).
  const adminToken = await signSession(
    {
      sub: "00000000-0000-4000-8000-00000000a001",
      role: "authenticated",
      aud: "authenticated",
      app_metadata: { role: "admin" },
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
    keys,
  );
  const { publishable } = apiKeys(keys);
  try {
    console.log("\nAPI stand-in (PGlite, real RLS), loopback:");
    report(
      "public select (anon, active banners)",
      await load(() =>
        fetch(`${standIn.url}/rest/v1/banners?select=*&is_active=eq.true&order=sort_order.asc`, {
          headers: { apikey: publishable, Authorization: `Bearer ${publishable}` },
        }),
      ),
    );
    report(
      "admin insert (authenticated, RLS)",
      await load((i) =>
        fetch(`${standIn.url}/rest/v1/home_gallery`, {
          method: "POST",
          headers: {
            apikey: publishable,
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
  extraEnv: Record<string, string> = {},
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
      ...extraEnv,
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the site's home page until its HTML contains `text`; returns the seconds waited. */
async function untilServed(
  origin: string,
  text: string,
  since: number,
  timeoutMs = 120_000,
): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    const html = await fetch(`${origin}/`, { cache: "no-store" }).then((response) =>
      response.text(),
    );
    if (html.includes(text)) return (performance.now() - since) / 1000;
    await sleep(200);
  }
  throw new Error(`"${text}" was not served within ${timeoutMs / 1000} s`);
}

/** The publish queue limit the bench's stack runs with, so a never-started build fails soon. */
const BENCH_QUEUE_LIMIT_SECONDS = 30;

async function benchPublish() {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-publish-"));
  const rebuildPort = await freePort();
  const admin = { email: "bench-admin@helpinghands.example", password: "bench-admin-password-1" };
  try {
    await withStart(
      dataDir,
      async (origin) => {
        const { apiUrl } = JSON.parse(await readFile(join(dataDir, "runtime.json"), "utf8")) as {
          apiUrl: string;
        };
        const { publishable } = apiKeys(await loadOrCreateKeys(dataDir));
        const { token } = JSON.parse(await readFile(join(dataDir, "hook.json"), "utf8")) as {
          token: string;
        };
        const statusUrl = `http://127.0.0.1:${rebuildPort}/status/${token}`;
        const client = createClient(apiUrl, publishable, { auth: { persistSession: false } });
        const signIn = await client.auth.signInWithPassword(admin);
        if (signIn.error) throw signIn.error;
        const { data: banner } = await client
          .from("banners")
          .select("id")
          .order("sort_order")
          .limit(1)
          .single();
        const id = (banner as { id: string }).id;
        const idle = async () => {
          for (;;) {
            const status = (await (await fetch(statusUrl)).json()) as {
              state: string;
              pending: boolean;
            };
            if (status.state === "idle" && !status.pending) return;
            await sleep(250);
          }
        };
        const save = async (title: string) => {
          const { error } = await client.from("banners").update({ title }).eq("id", id);
          if (error) throw error;
        };
        const publish = async () => {
          const { error } = await client.functions.invoke("publish", {
            body: { action: "publish" },
          });
          if (error) throw error;
        };
        await idle();

        // Save to live, as the admin does it: save, wait for saves to settle, publish.
        const times: number[] = [];
        for (let round = 1; round <= 5; round += 1) {
          const title = `Bench banner ${round} ${Date.now().toString(36)}`;
          const started = performance.now();
          await save(title);
          await sleep(PUBLISH_DEBOUNCE_MS);
          await publish();
          times.push(await untilServed(origin, title, started));
          await idle();
        }
        const sorted = [...times].sort((a, b) => a - b);
        console.log("\nPublishing (npm start, seed content):");
        console.log(
          `save to live: median ${percentile(sorted, 50).toFixed(1)} s (min ${sorted[0]?.toFixed(1)} s, max ${sorted.at(-1)?.toFixed(1)} s) over ${times.length} saves, including the admin's ${PUBLISH_DEBOUNCE_MS / 1000} s wait for saves to settle`,
        );

        // A burst of 20 saves within 10 s, twice: first as the admin does it (each save
        // signals the publisher, which waits for saves to settle), then the worst case,
        // a publish call straight after every save.
        const buildIds = async () =>
          ((await (await fetch(statusUrl)).json()) as { builds: { id: string }[] }).builds.map(
            (build) => build.id,
          );
        const burst = async (label: string, afterSave: () => Promise<void>) => {
          await idle();
          const before = await buildIds();
          const started = performance.now();
          let last = "";
          for (let i = 1; i <= 20; i += 1) {
            last = `Burst ${i} ${Date.now().toString(36)}`;
            await save(last);
            await afterSave();
            await sleep(Math.max(0, i * 500 - (performance.now() - started)));
          }
          const burstSeconds = (performance.now() - started) / 1000;
          const liveAfter = await untilServed(origin, last, started, 180_000);
          await idle();
          const newBuilds = (await buildIds()).filter((id) => !before.includes(id)).length;
          console.log(
            `${label}: 20 saves in ${burstSeconds.toFixed(1)} s caused ${newBuilds} build(s); the last save was live ${liveAfter.toFixed(1)} s after the first`,
          );
        };
        const publisher = createPublisher(
          supabasePublishApi(client as unknown as AdminClient, origin),
        );
        try {
          await burst("burst through the admin", async () => signalSaved());
        } finally {
          publisher.stop();
        }
        await burst("burst with a publish call after every save", publish);

        // The same saves through a host whose deploy takes 20 s after the build (the
        // local host's slow-deploy fault, on every round).
        const slow: number[] = [];
        for (let round = 1; round <= 3; round += 1) {
          await idle();
          await writeFile(join(dataDir, FAULT_FILE), `slow-deploy ${SLOW_DEPLOY_DEFAULT_MS}\n`);
          const title = `Slow deploy ${round} ${Date.now().toString(36)}`;
          const started = performance.now();
          await save(title);
          await sleep(PUBLISH_DEBOUNCE_MS);
          await publish();
          slow.push(await untilServed(origin, title, started, 180_000));
        }
        const slowSorted = [...slow].sort((a, b) => a - b);
        console.log(
          `save to live with a ${SLOW_DEPLOY_DEFAULT_MS / 1000} s deploy: median ${percentile(slowSorted, 50).toFixed(1)} s (min ${slowSorted[0]?.toFixed(1)} s, max ${slowSorted.at(-1)?.toFixed(1)} s) over ${slow.length} saves`,
        );

        // A host that takes the hook call and never starts the build: the run fails at
        // the queue limit, which the admin's 2 s poll finds; the next save goes live.
        await idle();
        await writeFile(join(dataDir, FAULT_FILE), "never-start\n");
        const stuckAt = performance.now();
        await save(`Never built ${Date.now().toString(36)}`);
        await sleep(PUBLISH_DEBOUNCE_MS);
        await publish();
        for (;;) {
          const { data } = await client.functions.invoke("publish", { method: "GET" });
          const newest = (data as { runs: { status: string }[] }).runs[0];
          if (newest?.status === "failed") break;
          await sleep(2000);
        }
        const failedAfter = (performance.now() - stuckAt) / 1000;
        const next = `After never-start ${Date.now().toString(36)}`;
        await save(next);
        await sleep(PUBLISH_DEBOUNCE_MS);
        await publish();
        const recovered = await untilServed(origin, next, stuckAt, 300_000);
        console.log(
          `never-start fault (queue limit ${BENCH_QUEUE_LIMIT_SECONDS} s): the run failed ${failedAfter.toFixed(1)} s after the publish; the next save was live ${recovered.toFixed(1)} s after it`,
        );
      },
      {
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        REBUILD_PORT: String(rebuildPort),
        PUBLISH_QUEUE_LIMIT_SECONDS: String(BENCH_QUEUE_LIMIT_SECONDS),
      },
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Builds as Netlify runs them (HOST_MODE=netlify): the first with an empty cache, then warm. */
async function benchHost() {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-host-"));
  const rebuildPort = await freePort();
  try {
    await withStart(
      dataDir,
      async (_origin, seconds) => {
        const { token } = JSON.parse(await readFile(join(dataDir, "hook.json"), "utf8")) as {
          token: string;
        };
        const origin = `http://127.0.0.1:${rebuildPort}`;
        type Status = {
          state: string;
          pending: boolean;
          builds: { id: string; startedAt: string; finishedAt: string; ok: boolean }[];
        };
        const status = async () =>
          (await (await fetch(`${origin}/status/${token}`)).json()) as Status;
        const took = (build: Status["builds"][number] | undefined) =>
          build ? (Date.parse(build.finishedAt) - Date.parse(build.startedAt)) / 1000 : Number.NaN;
        console.log(
          "\nHost builds (HOST_MODE=netlify: a fresh copy, npm install, npm run build, Netlify's cache):",
        );
        const cold = (await status()).builds[0];
        console.log(
          `cold (empty cache): ${took(cold).toFixed(1)} s for the build (${seconds.toFixed(1)} s from npm start to the home page)`,
        );
        for (let round = 1; round <= 2; round += 1) {
          const before = (await status()).builds[0]?.id;
          await fetch(`${origin}/hooks/${token}`, { method: "POST" });
          for (;;) {
            await sleep(500);
            const now = await status();
            if (now.state === "idle" && !now.pending && now.builds[0]?.id !== before) break;
          }
          const warm = (await status()).builds[0];
          console.log(
            `warm build ${round} (seed content): ${took(warm).toFixed(1)} s${warm?.ok ? "" : " (failed)"}`,
          );
        }
      },
      { HOST_MODE: "netlify", REBUILD_PORT: String(rebuildPort) },
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
if (!only || only === "api") await benchApi();
if (!only || only === "start") await benchStart();
if (!only || only === "publish") await benchPublish();
if (!only || only === "lighthouse") await benchLighthouse();
if (!only || only === "host") await benchHost();
