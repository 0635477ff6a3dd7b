// `npm run bench`: measures and prints how fast the local stack serves, starts and
// publishes, and how the public pages score. A benchmark, not a test: it asserts
// nothing and always runs against loopback, bounded in request count and time.
// `npm run bench -- <part>` runs one part: api, start, publish, lighthouse, admin or host.
//   1. api: the API stand-in: requests per second and p50/p99 latency of a public
//      select and of an admin insert under RLS, with 8 connections, 2000 requests or
//      10 s each. autocannon makes the load from a worker thread, so the load's own
//      work (sockets, parsing, timing) runs on another event loop than the server's.
//   2. start: seconds from `npm start`'s launch to the home page being served, on a
//      cold (new) and a warm (existing) data folder.
//   3. publish: seconds from an admin's save to the new HTML being served, and how
//      many builds a burst of 20 saves in 10 s causes.
//   4. lighthouse (mobile preset, Debian's Chromium) on every public route: the four
//      category scores, LCP, CLS and TBT, and the home page's gzipped JavaScript and
//      total transfer for the first view.
//   5. host: a cold and two warm builds as Netlify runs them (HOST_MODE=netlify).
//   6. scale [factor] [--pictures N]: the seed, then factor x its rows (10 and 50 when no
//      factor is given), filled by the scale fixture (scripts/lib/scale.ts) through the
//      admin's upload path into a fresh data folder: cold and warm build times, the
//      astro build's stages, each public route's HTML (raw and brotli) and eager
//      pictures, and each admin list's time to interactive in Chromium. Not part of
//      the default run (it takes many minutes).
//   `lighthouse --scale 10` runs Lighthouse over a stack filled to 10x instead of the seed.
//   7. admin: Lighthouse (mobile) on the admin's sign-in page /admin/, and the JavaScript
//      the sign-in page, the dashboard and a list screen load on a first visit
//      (scripts/lib/admin-weight.ts).
//   8. filter [count]: the /projects filter with `count` projects (1,000 when not given)
//      at a phone's CPU (scripts/lib/filter-measure.ts): long tasks while every category,
//      All Projects and each Show more is pressed. Not part of the default run.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { AdminClient } from "../admin-island/src/api/client.ts";
import {
  createPublisher,
  PUBLISH_DEBOUNCE_MS,
  supabasePublishApi,
} from "../admin-island/src/publishing/publish.ts";
import { signalSaved } from "../admin-island/src/publishing/saves.ts";
import { publicRoutes } from "../src/lib/nav.ts";
import { createDatabase } from "../supabase/local/database.ts";
import { apiKeys, ephemeralKeys, signSession } from "../supabase/local/keys.ts";
import { freePort, startStandIn } from "../supabase/local/server.ts";
import { chromiumArgs, findChromium } from "./chromium.ts";
import { adminWeights, printAdminWeights } from "./lib/admin-weight.ts";
import { fillProjects, measureFilter } from "./lib/filter-measure.ts";
import { FAULT_FILE, SLOW_DEPLOY_DEFAULT_MS } from "./lib/host-faults.ts";
import {
  buildSeconds,
  type LocalStack,
  sleep,
  startLocalStack,
  withLocalStack,
} from "./lib/local-stack.ts";
import {
  type AdminSession,
  DEFAULT_DISTINCT_PICTURES,
  type FillReport,
  fillScaled,
  signInAdmin,
} from "./lib/scale.ts";
import {
  type AdminListTiming,
  adminListTimings,
  dropBuildCache,
  lastBuildStages,
  type RouteWeight,
  routeWeights,
} from "./lib/scale-measure.ts";

const root = join(import.meta.dirname, "..");
/** Keep-alive connections the API bench holds open, each with one request in flight. */
const CONNECTIONS = 8;
/** The API bench stops after this many answers in all, or MAX_SECONDS, whichever is first. */
const MAX_REQUESTS = 2000;
const MAX_SECONDS = 10;
/**
 * How often autocannon samples its counters, in ms. A run ends at the first sample after
 * its last answer, so this bounds how much idle time the measured duration may include.
 */
const SAMPLE_MS = 20;

interface LoadResult {
  /** Answers received (of any status). */
  requests: number;
  errors: number;
  seconds: number;
  /** Latency percentiles in whole milliseconds (autocannon records them rounded down). */
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Sends `requests` (each connection goes through them in turn) to `origin` with
 * autocannon, from a worker thread: the load has its own event loop, so the server
 * under test, on this thread, shares its event loop with nothing but its own work.
 * An error is an answer outside 2xx, a failed connection or a timeout.
 */
async function load(origin: string, requests: autocannon.Request[]): Promise<LoadResult> {
  const result = await autocannon({
    url: origin,
    // One worker: autocannon applies maxOverallRequests to each worker.
    workers: 1,
    connections: CONNECTIONS,
    maxOverallRequests: MAX_REQUESTS,
    duration: MAX_SECONDS,
    sampleInt: SAMPLE_MS,
    requests,
  });
  return {
    requests: result.requests.total,
    errors: result.non2xx + result.errors,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

function report(label: string, result: LoadResult) {
  const rps = result.requests / result.seconds;
  console.log(
    `${label.padEnd(34)} ${rps.toFixed(0).padStart(6)} req/s   p50 ${String(result.p50).padStart(4)} ms   p99 ${String(result.p99).padStart(4)} ms   (${result.requests} requests, ${result.errors} errors, concurrency ${CONNECTIONS})`,
  );
}

const BENCH_ADMIN_ID = "00000000-0000-4000-8000-00000000a001";

async function benchApi() {
  const db = await createDatabase({ seed: true });
  // The admin's account and session: private.is_admin() checks both as well as the token.
  await db.query(
    `insert into auth.users (id, email, raw_app_meta_data, email_confirmed_at)
     values ($1, 'bench-admin@helpinghands.example', '{"provider":"email","role":"admin"}', now())`,
    [BENCH_ADMIN_ID],
  );
  await db.query("insert into auth.sessions (id, user_id) values ($1, $1)", [BENCH_ADMIN_ID]);
  const keys = await ephemeralKeys();
  const storageDir = await mkdtemp(join(tmpdir(), "bench-storage-"));
  const standIn = await startStandIn(
    { db, keys, storageDir, functionsDir: join(root, "functions"), functionSecrets: {} },
    await freePort(),
  );
  // A session as Auth signs it in this key mode (ES256 by default).
  const adminToken = await signSession(
    {
      sub: BENCH_ADMIN_ID,
      session_id: BENCH_ADMIN_ID,
      role: "authenticated",
      aud: "authenticated",
      app_metadata: { role: "admin" },
      exp: Math.floor(Date.now() / 1000) + 3600,
    },
    keys,
  );
  const { publishable } = apiKeys(keys);
  try {
    console.log("\nAPI stand-in (PGlite, real RLS), loopback, load from autocannon in a worker:");
    report(
      "public select (anon, active banners)",
      await load(standIn.url, [
        {
          method: "GET",
          path: "/rest/v1/banners?select=*&is_active=eq.true&order=sort_order.asc",
          headers: { apikey: publishable, Authorization: `Bearer ${publishable}` },
        },
      ]),
    );
    // Six different rows, which each connection inserts in turn (a worker takes no
    // function to make each body, only fixed requests).
    report(
      "admin insert (authenticated, RLS)",
      await load(
        standIn.url,
        Array.from({ length: 6 }, (_, i) => ({
          method: "POST" as const,
          path: "/rest/v1/home_gallery",
          headers: {
            apikey: publishable,
            Authorization: `Bearer ${adminToken}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({
            image_url: `/images/seed/home-gallery-${i + 1}.jpg`,
            sort_order: i,
          }),
        })),
      ),
    );
  } finally {
    await standIn.close();
    await db.close();
    await rm(storageDir, { recursive: true, force: true });
  }
}

interface LighthouseAudit {
  numericValue?: number;
  details?: { items?: { resourceType?: string; transferSize?: number }[] };
}

/** The value after `--name` on the command line, if any. */
function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

const loadNote = () =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(", ")}`;

async function lighthouseRoutes(origin: string, routes: readonly string[]) {
  const chromium = findChromium();
  if (!chromium.ok) {
    console.log(`\nLighthouse NOT RUN: ${chromium.reason}`);
    return;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: chromium.path,
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  let homeWeight = "";
  try {
    console.log("\nLighthouse, mobile preset (simulated slow 4G, 4x CPU slowdown):");
    console.log(`${"route".padEnd(24)} perf  a11y  best   seo     LCP     CLS     TBT`);
    for (const route of routes) {
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
      const failing = Object.values(lhr.audits).filter(
        (item) =>
          item.score !== null &&
          item.score < 1 &&
          item.scoreDisplayMode === "binary" &&
          ["color-contrast", "image-alt", "button-name", "link-name"].includes(item.id),
      );
      for (const item of failing) console.log(`${"".padEnd(23)} fails ${item.id}`);
      if (route === "/") {
        const items = audit("network-requests")?.details?.items ?? [];
        const sum = (list: typeof items) =>
          list.reduce((total, item) => total + (item.transferSize ?? 0), 0);
        const js = sum(items.filter((item) => item.resourceType === "Script"));
        homeWeight = `home first view: ${(js / 1024).toFixed(1)} KB of JavaScript (compressed transfer), ${(sum(items) / 1024).toFixed(1)} KB transferred in all`;
      }
    }
    if (homeWeight) console.log(homeWeight);
    console.log(`(${loadNote()})`);
  } finally {
    chrome.kill();
  }
}

async function benchLighthouse() {
  // `npm run bench -- lighthouse /medical /relief` measures only those routes.
  const asked = process.argv.slice(3).filter((arg) => arg.startsWith("/"));
  const routes = asked.length > 0 ? asked : publicRoutes;
  const factor = Number(option("scale") ?? "1");
  if (factor > 1) {
    // The same site grown to factor x the seed's rows (scripts/lib/scale.ts).
    await withLocalStack(`bench-lh-scale-${factor}-`, { logs: true }, async (stack) => {
      const filled = await fill(stack, await signIn(stack), factor);
      console.log(
        `\nFilled to ${factor}x: ${filled.pictureRows} picture rows (${filled.distinctPictures} distinct uploads), ${filled.added.projects} new projects, ${filled.added.contact_messages} messages`,
      );
      const run = await stack.build();
      if (!run.ok) throw new Error(`the ${factor}x build failed: ${run.error}`);
      await lighthouseRoutes(stack.origin, routes);
    });
    return;
  }
  await withLocalStack("bench-lh-", {}, (stack) => lighthouseRoutes(stack.origin, routes));
}

async function benchAdmin() {
  await withLocalStack("bench-admin-", {}, async (stack) => {
    await lighthouseRoutes(stack.origin, ["/admin/"]);
    printAdminWeights(await adminWeights(stack));
  });
}

async function benchStart() {
  // Two starts on one folder: the first makes it, the second finds it.
  const dataDir = await mkdtemp(join(tmpdir(), "bench-data-"));
  try {
    console.log("\nnpm start:");
    for (const label of ["cold data folder (new)", "warm data folder (second start)"]) {
      const stack = await startLocalStack(dataDir);
      try {
        console.log(`${label.padEnd(34)} ${stack.startSeconds.toFixed(1)} s to the home page`);
      } finally {
        await stack.stop();
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

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
  await withLocalStack(
    "bench-publish-",
    { env: { PUBLISH_QUEUE_LIMIT_SECONDS: String(BENCH_QUEUE_LIMIT_SECONDS) } },
    async (stack) => {
      const { origin, dataDir, idle } = stack;
      const { client } = await signIn(stack);
      const { data: banner } = await client
        .from("banners")
        .select("id")
        .order("sort_order")
        .limit(1)
        .single();
      const id = (banner as { id: string }).id;
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
      const buildIds = async () => (await stack.status()).builds.map((build) => build.id);
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
  );
}

/** Builds as Netlify runs them (HOST_MODE=netlify): the first with an empty cache, then warm. */
async function benchHost() {
  await withLocalStack("bench-host-", { env: { HOST_MODE: "netlify" } }, async (stack) => {
    console.log(
      "\nHost builds (HOST_MODE=netlify: a fresh copy, npm install, npm run build, Netlify's cache):",
    );
    const cold = (await stack.status()).builds[0];
    console.log(
      `cold (empty cache): ${buildSeconds(cold).toFixed(1)} s for the build (${stack.startSeconds.toFixed(1)} s from npm start to the home page)`,
    );
    for (let round = 1; round <= 2; round += 1) {
      const warm = await stack.build();
      console.log(
        `warm build ${round} (seed content): ${buildSeconds(warm).toFixed(1)} s${warm.ok ? "" : " (failed)"}`,
      );
    }
  });
}

/** Signs in as the stack's admin, as the admin's sign-in form does. */
const signIn = (stack: LocalStack): Promise<AdminSession> =>
  signInAdmin(stack.apiUrl, stack.publishableKey, stack.admin.email, stack.admin.password);

/** Fills a started stack to `factor` x the seed through the admin's upload path. */
async function fill(stack: LocalStack, session: AdminSession, factor: number): Promise<FillReport> {
  const distinct = Number(option("pictures") ?? DEFAULT_DISTINCT_PICTURES);
  return fillScaled(session, {
    factor,
    distinctPictures: distinct,
    secretKey: stack.secretKey,
    log: (message) => console.log(`  [${factor}x] ${message}`),
  });
}

interface ScaleResult {
  factor: number;
  fill: FillReport | null;
  cold: number;
  coldStages: Record<string, number>;
  warm: number;
  warmStages: Record<string, number>;
  save: number;
  saveStages: Record<string, number>;
  weights: RouteWeight[];
  admin: AdminListTiming[] | string;
  load: string;
}

/** A fresh stack at `factor` x the seed (1: the seed itself), measured and stopped. */
async function measureScale(factor: number): Promise<ScaleResult> {
  const announce = factor === 1 ? "seed" : `${factor}x`;
  return withLocalStack(`bench-scale-${factor}-`, { logs: true, announce }, async (stack) => {
    const session = await signIn(stack);
    const filled = factor > 1 ? await fill(stack, session, factor) : null;
    if (filled) {
      console.log(
        `  [${factor}x] pictures ${filled.seconds.pictures.toFixed(0)} s, rows ${filled.seconds.rows.toFixed(1)} s, messages ${filled.seconds.messages.toFixed(1)} s`,
      );
    }
    const timed = async (label: string) => {
      const run = await stack.build();
      if (!run.ok) throw new Error(`the ${label} build at ${factor}x failed: ${run.error}`);
      const stages = await lastBuildStages(stack.buildLogFile);
      console.log(
        `  [${factor}x] ${label} build ${buildSeconds(run).toFixed(1)} s ${JSON.stringify(stages)}`,
      );
      return { seconds: buildSeconds(run), stages };
    };
    // Cold: Astro's cache (optimised pictures, the content store) gone, as on a new host.
    await dropBuildCache(stack.dataDir);
    const cold = await timed("cold");
    // Warm: nothing changed since the last build.
    const warm = await timed("warm");
    // A save: one project's title changes, as an editor's save does, then the host builds.
    const { data: project } = await session.client.from("projects").select("id").limit(1).single();
    await session.client
      .from("projects")
      .update({ title: `Saved at ${new Date().toISOString()}` })
      .eq("id", (project as { id: string }).id);
    const save = await timed("save");
    const weights = await routeWeights(stack.origin, publicRoutes);
    const admin = await adminListTimings(stack);
    return {
      factor,
      fill: filled,
      cold: cold.seconds,
      coldStages: cold.stages,
      warm: warm.seconds,
      warmStages: warm.stages,
      save: save.seconds,
      saveStages: save.stages,
      weights,
      admin,
      load: loadNote(),
    };
  });
}

function printScale(results: ScaleResult[]) {
  const head = (label: string) =>
    `${label.padEnd(36)}${results.map((r) => (r.factor === 1 ? "seed" : `${r.factor}x`).padStart(22)).join("")}`;
  const line = (label: string, value: (r: ScaleResult) => string) =>
    console.log(`${label.padEnd(36)}${results.map((r) => value(r).padStart(22)).join("")}`);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const s = (seconds: number | undefined) =>
    seconds === undefined || Number.isNaN(seconds) ? "-" : `${seconds.toFixed(1)} s`;
  const seed = results.find((r) => r.factor === 1);

  console.log(
    `\nScale (npm start, local host; ${DEFAULT_DISTINCT_PICTURES} distinct pictures at most unless --pictures):`,
  );
  console.log(head("content"));
  line("picture rows added", (r) => String(r.fill?.pictureRows ?? 0));
  line("distinct pictures uploaded", (r) => String(r.fill?.distinctPictures ?? 0));
  for (const table of [
    "home_gallery",
    "projects",
    "certifications",
    "board_staff",
    "contact_messages",
  ]) {
    line(`  ${table} rows`, (r) => String(r.fill?.totals[table] ?? "seed"));
  }
  line("fill: pictures (make, encode, upload)", (r) => s(r.fill?.seconds.pictures));
  console.log(head("\nbuilds (whole npm run build)"));
  line("cold (no Astro cache)", (r) => s(r.cold));
  line("  astro: pictures optimised", (r) => String(r.coldStages.encoded ?? "-"));
  line("  astro: optimising pictures", (r) => s(r.coldStages.images));
  line("  astro: rendering pages", (r) => s(r.coldStages.pages));
  line("  astro: bundles (vite)", (r) => s(r.coldStages.bundles));
  line("cold cost per new distinct picture", (r) =>
    seed && r.fill?.distinctPictures
      ? `${((r.cold - seed.cold) / r.fill.distinctPictures).toFixed(2)} s`
      : "-",
  );
  line("warm (nothing changed)", (r) => s(r.warm));
  line("  astro: rendering pages", (r) => s(r.warmStages.pages));
  line("  astro: bundles (vite)", (r) => s(r.warmStages.bundles));
  line("a save's rebuild (one title)", (r) => s(r.save));
  line("  x the seed's", (r) => (seed ? `${(r.save / seed.save).toFixed(2)}x` : "-"));
  console.log(head("\nHTML per route: raw / brotli"));
  const weight = (r: ScaleResult, route: string) => r.weights.find((w) => w.route === route);
  for (const route of publicRoutes) {
    line(route, (r) => {
      const w = weight(r, route);
      return w ? `${kb(w.bytes)} / ${kb(w.brotli)}` : "-";
    });
  }
  console.log(head("\n<img> per route: eager / all"));
  for (const route of publicRoutes) {
    line(route, (r) => {
      const w = weight(r, route);
      return w ? `${w.eagerImages} / ${w.images}` : "-";
    });
  }
  console.log(head("\nadmin lists: time to interactive"));
  const names = new Set<string>();
  for (const r of results)
    if (typeof r.admin !== "string") for (const a of r.admin) names.add(a.path);
  for (const path of names) {
    line(path.replace("/admin/", ""), (r) => {
      if (typeof r.admin === "string") return r.admin.slice(0, 20);
      const a = r.admin.find((item) => item.path === path);
      return a ? `${(a.tti / 1000).toFixed(2)} s (${a.elements} el.)` : "-";
    });
  }
  for (const r of results) console.log(`(${r.factor === 1 ? "seed" : `${r.factor}x`}: ${r.load})`);
  for (const r of results) {
    if (typeof r.admin === "string") console.log(`admin at ${r.factor}x: ${r.admin}`);
  }
}

async function benchScale() {
  const asked = process.argv[3];
  const factors = asked && /^\d+$/.test(asked) ? [Number(asked)] : [10, 50];
  const results = [await measureScale(1)];
  for (const factor of factors) results.push(await measureScale(factor));
  printScale(results);
}

async function benchFilter() {
  const asked = process.argv[3];
  const count = asked && /^\d+$/.test(asked) ? Number(asked) : 1000;
  await withLocalStack(
    "bench-filter-",
    { logs: true, announce: "Project filter" },
    async (stack) => {
      const projects = await fillProjects(stack, count);
      const result = await measureFilter(stack, projects);
      console.log(`\nProject filter (${result.projects} active projects, CPU 4x slower):`);
      console.log(`build ${result.buildSeconds.toFixed(1)} s`);
      console.log(
        `${result.presses} presses (every category, All Projects, each Show more): ${result.longTasks} long task(s), the longest ${result.longestMs.toFixed(0)} ms; the slowest press showed its projects in ${result.slowestPressMs.toFixed(0)} ms`,
      );
      for (const { press, ms } of result.worst) console.log(`  ${press}: ${ms.toFixed(0)} ms`);
    },
  );
}

const only = process.argv[2];
if (!only || only === "api") await benchApi();
if (!only || only === "start") await benchStart();
if (!only || only === "publish") await benchPublish();
if (!only || only === "lighthouse") await benchLighthouse();
if (!only || only === "admin") await benchAdmin();
if (!only || only === "host") await benchHost();
if (only === "scale") await benchScale();
if (only === "filter") await benchFilter();
