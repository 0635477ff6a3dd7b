// What `npm run bench -- filter [count]` measures: the /projects filter with `count`
// active projects (1,000 when not given) on a phone's CPU. A fresh stack gets the seed,
// then projects without pictures (the pictures' cost is the scale bench's) up to the
// count, written with the secret key; one build; then, in Chromium at Lighthouse's
// mobile CPU slowdown (4x), every category button is pressed, 'All Projects' again,
// and 'Show more' until every project is on the page, while a PerformanceObserver
// records long tasks (50 ms or more). It prints the longest task and their number.

import { chromium } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { PROJECT_STATUSES } from "../../src/lib/schema/tables.ts";
import { chromiumArgs, findChromium } from "../chromium.ts";
import { buildSeconds, type LocalStack } from "./local-stack.ts";
import { countRows, insertAll } from "./scale.ts";
import { type LongTask, observeLongTasks } from "./scale-measure.ts";

const CATEGORIES = ["Education", "Healthcare", "Relief", "Housing", "Nutrition", "Elder Care"];

export interface FilterResult {
  projects: number;
  buildSeconds: number;
  /** The presses measured: each category, All Projects, and each Show more. */
  presses: number;
  longTasks: number;
  longestMs: number;
  /** Milliseconds from the last press to its projects on the page, the slowest press. */
  slowestPressMs: number;
  /** The presses with the longest tasks, longest first. */
  worst: { press: string; ms: number }[];
}

/** Adds projects without pictures until `count` are active. */
export async function fillProjects(stack: LocalStack, count: number): Promise<number> {
  const service = createClient(stack.apiUrl, stack.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const active = await countRows(service, "projects", { is_active: true });
  const missing = Math.max(0, count - active);
  const rows = Array.from({ length: missing }, (_, index) => ({
    title: `Project ${index + 1}: ${CATEGORIES[index % CATEGORIES.length]} in village ${index + 1}`,
    description: `Work number ${index + 1}, described in a sentence or two as editors write them.`,
    category_name: CATEGORIES[index % CATEGORIES.length],
    project_status: PROJECT_STATUSES[index % PROJECT_STATUSES.length],
    image_url: null,
    is_active: true,
  }));
  await insertAll(service, "projects", rows);
  return active + missing;
}

export async function measureFilter(stack: LocalStack, projects: number): Promise<FilterResult> {
  const run = await stack.build();
  if (!run.ok) throw new Error(`the build with ${projects} projects failed: ${run.error}`);
  const found = findChromium();
  if (!found.ok) throw new Error(found.reason);
  const browser = await chromium.launch({ executablePath: found.path, args: chromiumArgs });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.addInitScript(observeLongTasks);
    await page.goto(`${stack.origin}/projects`, { waitUntil: "load" });
    const region = page.getByRole("region", { name: "Projects" });
    // The category buttons, 'All Projects' first.
    const toggles = region.locator("button[aria-pressed]");
    // The island hydrates when visible: wait for its buttons, then for it to settle.
    await toggles.first().waitFor();
    await page.waitForTimeout(1000);
    const tasksBefore = await page.evaluate(
      () => (window as unknown as { __longTasks: LongTask[] }).__longTasks.length,
    );

    let presses = 0;
    let slowest = 0;
    const worst: { press: string; ms: number }[] = [];
    /** The durations of the long tasks so far. */
    const longTasksSoFar = () =>
      page.evaluate(() =>
        (window as unknown as { __longTasks: LongTask[] }).__longTasks.map((task) => task.duration),
      );
    const press = async (
      what: string,
      click: () => Promise<void>,
      settled: () => Promise<unknown>,
    ) => {
      const before = (await longTasksSoFar()).length;
      const began = performance.now();
      await click();
      await settled();
      slowest = Math.max(slowest, performance.now() - began);
      presses += 1;
      // Tasks still running for this press end within a frame or two.
      await page.waitForTimeout(100);
      const mine = (await longTasksSoFar()).slice(before);
      if (mine.length) worst.push({ press: what, ms: Math.max(...mine) });
    };
    const pressToggle = (index: number) =>
      press(
        `category button ${index + 1}`,
        () => toggles.nth(index).click(),
        () =>
          page.waitForFunction(
            (at) =>
              document
                .querySelectorAll('section[aria-label="Projects"] button[aria-pressed]')
                [at]?.getAttribute("aria-pressed") === "true",
            index,
          ),
      );
    const count = await toggles.count();
    for (let index = 1; index < count; index += 1) await pressToggle(index);
    // 'All Projects' again, then every batch.
    await pressToggle(0);
    const more = region.getByRole("button", { name: "Show more projects" });
    while ((await more.count()) > 0) {
      const cards = await region.getByRole("heading", { level: 2 }).count();
      await press(
        `Show more with ${cards} shown`,
        () => more.click(),
        () =>
          page.waitForFunction(
            (before) =>
              document.querySelectorAll('section[aria-label="Projects"] h2').length > before,
            cards,
          ),
      );
    }
    await page.waitForTimeout(500);
    const tasks = await page.evaluate(
      (from) =>
        (window as unknown as { __longTasks: LongTask[] }).__longTasks
          .slice(from)
          .map((task) => task.duration),
      tasksBefore,
    );
    return {
      projects,
      buildSeconds: buildSeconds(run),
      presses,
      longTasks: tasks.length,
      longestMs: tasks.length ? Math.max(...tasks) : 0,
      slowestPressMs: slowest,
      worst: worst.sort((a, b) => b.ms - a.ms).slice(0, 5),
    };
  } finally {
    await browser.close();
  }
}
