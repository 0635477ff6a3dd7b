// What `npm run bench -- scale` measures on a stack the scale fixture (scale.ts) filled:
// the stack itself (`npm start` on a fresh data folder, its build log kept: local-stack.ts),
// builds through the local host's deploy hook, each public route's HTML weight and eager
// pictures, and how long each admin list takes to become usable in Chromium.

import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { type Browser, chromium, type Page } from "@playwright/test";
import { chromiumArgs, findChromium } from "../chromium.ts";
import { type LocalStack, sleep, startLocalStack } from "./local-stack.ts";

/** A stack for the scale fixture: `npm start` on a new folder, its output and builds' kept. */
export type ScaleStack = LocalStack<true>;

/** `npm start` on dataDir (a new folder), logging to <dataDir>-start.log and -builds.log. */
export const startScaleStack = (dataDir: string): Promise<ScaleStack> =>
  startLocalStack(dataDir, { logs: true });

/** Removes the data folder's Astro cache, so the next build optimises every picture. */
export async function dropBuildCache(dataDir: string): Promise<void> {
  await rm(join(dataDir, "astro-cache"), { recursive: true, force: true });
}

export interface RouteWeight {
  route: string;
  bytes: number;
  brotli: number;
  images: number;
  /** <img> without loading="lazy": fetched with the page. */
  eagerImages: number;
}

/** Each route's HTML as served: raw and brotli (quality 11) bytes, and its pictures. */
export async function routeWeights(
  origin: string,
  routes: readonly string[],
): Promise<RouteWeight[]> {
  const weights: RouteWeight[] = [];
  for (const route of routes) {
    const html = Buffer.from(await (await fetch(`${origin}${route}`)).arrayBuffer());
    const brotli = brotliCompressSync(html, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
    const tags = html.toString("utf8").match(/<img\b[^>]*>/gi) ?? [];
    weights.push({
      route,
      bytes: html.length,
      brotli,
      images: tags.length,
      eagerImages: tags.filter((tag) => !/\bloading=["']?lazy/i.test(tag)).length,
    });
  }
  return weights;
}

export interface AdminListTiming {
  name: string;
  path: string;
  /** Milliseconds from navigation to the list shown with the main thread quiet. */
  tti: number;
  /** Milliseconds of main-thread tasks over 50 ms until then. */
  longTasks: number;
  /** Elements in the page once ready: what the screen renders. */
  elements: number;
}

/** A main-thread task of 50 ms or more, in the page's milliseconds. */
export interface LongTask {
  start: number;
  end: number;
  duration: number;
}

/**
 * An init script (page.addInitScript): records every long task from the first script
 * on in window.__longTasks (LongTask[]).
 */
export function observeLongTasks() {
  const w = window as unknown as { __longTasks: LongTask[] };
  w.__longTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        w.__longTasks.push({
          start: entry.startTime,
          end: entry.startTime + entry.duration,
          duration: entry.duration,
        });
      }
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // No long-task timing: none recorded (the TTI is then the time the list showed).
  }
}

/**
 * Opens the admin list at `url` in a signed-in page and answers when it became usable:
 * its data requests to the API answered, no loading notice, the list or its empty
 * state drawn, all of it holding for half a second, and the main thread then quiet
 * (Lighthouse's idea of interactive, measured rather than simulated). The time is the
 * moment it became ready, or the end of the last long task, whichever is later.
 */
async function timeAdminList(
  page: Page,
  apiUrl: string,
  name: string,
  url: string,
): Promise<AdminListTiming> {
  let inflight = 0;
  let answered = 0;
  const isApi = (requestUrl: string) => requestUrl.startsWith(apiUrl);
  const onRequest = (request: { url(): string }) => {
    if (isApi(request.url())) inflight += 1;
  };
  const onDone = (request: { url(): string }) => {
    if (!isApi(request.url())) return;
    inflight -= 1;
    answered += 1;
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  try {
    await page.goto(url, { waitUntil: "commit" });
    let readyAt: number | null = null;
    let readySince = 0;
    const started = performance.now();
    for (;;) {
      const view = await page.evaluate(() => {
        const main = document.querySelector("main") ?? document.body;
        const loading = [...main.querySelectorAll('[role="status"]')].some((node) =>
          /loading/i.test(node.textContent ?? ""),
        );
        const content = main.querySelectorAll("li, article, tr, [role='row'], h2, h3").length;
        return { drawn: !loading && content > 0, now: performance.now() };
      });
      const ready = view.drawn && answered > 0 && inflight === 0;
      if (ready && readyAt === null) {
        readyAt = view.now;
        readySince = performance.now();
      } else if (!ready) {
        readyAt = null;
      }
      if (readyAt !== null && performance.now() - readySince >= 500) break;
      if (performance.now() - started > 120_000) throw new Error(`${name} never became ready`);
      await sleep(25);
    }
    // A quiet second: no long task ends within it.
    for (;;) {
      const quiet = await page.evaluate(() => {
        const tasks = (window as unknown as { __longTasks: LongTask[] }).__longTasks ?? [];
        return performance.now() - (tasks.at(-1)?.end ?? 0) >= 1000;
      });
      if (quiet) break;
      await sleep(250);
    }
    const { tasks, elements } = await page.evaluate(() => ({
      tasks: (window as unknown as { __longTasks: LongTask[] }).__longTasks,
      elements: document.getElementsByTagName("*").length,
    }));
    const lastEnd = tasks.at(-1)?.end ?? 0;
    const blocking = tasks.reduce((sum, task) => sum + Math.max(0, task.end - task.start - 50), 0);
    return {
      name,
      path: new URL(url).pathname + new URL(url).hash,
      tti: Math.max(readyAt ?? 0, lastEnd),
      longTasks: blocking,
      elements,
    };
  } finally {
    page.off("request", onRequest);
    page.off("requestfinished", onDone);
    page.off("requestfailed", onDone);
  }
}

/** The admin lists: every dashboard tile, and home management's list sections. */
const HOME_SECTIONS = ["banners", "causes", "board", "gallery"];

export async function adminListTimings(stack: LocalStack): Promise<AdminListTiming[] | string> {
  const found = findChromium();
  if (!found.ok) return `not measured: ${found.reason}`;
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: found.path, args: chromiumArgs });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(observeLongTasks);
    const page = await context.newPage();
    await page.goto(`${stack.origin}/admin`);
    await page.getByLabel("Username").fill(stack.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(stack.admin.password);
    await page.getByLabel("Remember me").check();
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/admin/dashboard");
    const tiles = (
      await page.locator("main a[href]").evaluateAll((links) =>
        links.map((link) => ({
          name: (link.querySelector("h2, h3")?.textContent ?? link.textContent ?? "").trim(),
          href: (link as HTMLAnchorElement).href,
        })),
      )
    )
      .map((tile) => ({ name: tile.name, path: new URL(tile.href).pathname }))
      .filter((tile) => tile.path.startsWith("/admin/"));
    const lists = [
      ...tiles.filter((tile) => tile.path && tile.path !== "/admin/home-management"),
      ...HOME_SECTIONS.map((id) => ({
        name: `Home management: ${id}`,
        path: `/admin/home-management#${id}`,
      })),
    ];
    const timings: AdminListTiming[] = [];
    for (const list of lists) {
      // A fresh document each time: the hash alone would not reload the app.
      await page.goto("about:blank");
      timings.push(
        await timeAdminList(page, stack.apiUrl, list.name, `${stack.origin}${list.path}`),
      );
    }
    return timings;
  } catch (error) {
    return `failed: ${(error as Error).message.split("\n")[0]}`;
  } finally {
    await browser?.close();
  }
}

/** The astro build's own stage timings from the newest build in the log, in seconds. */
export async function lastBuildStages(logFile: string): Promise<Record<string, number>> {
  const text = await readFile(logFile, "utf8").catch(() => "");
  const start = text.lastIndexOf("[content] Syncing content");
  const build = start >= 0 ? text.slice(start) : text;
  const stages: Record<string, number> = {};
  const seconds = (value: string, unit: string) =>
    unit === "ms" ? Number(value) / 1000 : unit === "m" ? Number(value) * 60 : Number(value);
  const after = (marker: string) => {
    const at = build.indexOf(marker);
    if (at < 0) return undefined;
    const match = /Completed in ([\d.]+)(ms|s|m)\b/.exec(build.slice(at));
    return match ? seconds(match[1] as string, match[2] as string) : undefined;
  };
  const routes = after("generating static routes");
  const images = after("generating optimized images");
  if (routes !== undefined) stages.pages = routes;
  if (images !== undefined) stages.images = images;
  const vite = [...build.matchAll(/\[vite\] ✓ built in ([\d.]+)(ms|s)\b/g)].map((m) =>
    seconds(m[1] as string, m[2] as string),
  );
  if (vite.length) stages.bundles = vite.reduce((a, b) => a + b, 0);
  const total = /\[build\] \d+ page\(s\) built in ([\d.]+)(ms|s|m)\b/.exec(build);
  if (total) stages.astro = seconds(total[1] as string, total[2] as string);
  const transforms = build.match(/▶ \/_astro\/\S+ \(before:/g)?.length ?? 0;
  const reused = build.match(/\(reused cache entry\)/g)?.length ?? 0;
  stages.encoded = transforms;
  stages.reused = reused;
  return stages;
}
