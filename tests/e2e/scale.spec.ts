// The public pages at ten times the seed's content, on a stack of their own (a fresh
// data folder, filled by the scale fixture through the admin's upload path, then built
// by the local host): long galleries and project lists show their first batch and the
// rest behind 'Show more', with no page numbers, and every item stays reachable. To
// keep the suite quick, the pictures are 48 distinct small ones (640 x 480) reused
// over the same number of rows as the benchmark's 10x (scripts/bench.ts scale).
// Desktop only: it starts its own stack, once.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { fillScaled, makePicture, signInAdmin } from "../../scripts/lib/scale.ts";
import { type ScaleStack, startScaleStack } from "../../scripts/lib/scale-measure.ts";
import {
  expectNoAxeViolations,
  expectNoCspViolations,
  islandOf,
  recordCspViolations,
  waitForIsland,
} from "./support";

const FACTOR = 10;

test.describe("the public pages at 10x the seed", { tag: "@desktop" }, () => {
  // Each test walks a long list to its end, batch by batch: half a minute on a busy
  // machine.
  test.describe.configure({ mode: "serial", timeout: 90_000 });
  let dataDir = "";
  let stack: ScaleStack | undefined;
  /** Titles of the active projects, in the order visitors see them. */
  let projectTitles: string[] = [];

  test.beforeAll(async () => {
    // Starting, filling and building a stack takes minutes on a busy 2-core machine.
    test.setTimeout(900_000);
    dataDir = await mkdtemp(join(tmpdir(), "e2e-scale-"));
    stack = await startScaleStack(dataDir);
    const session = await signInAdmin(
      stack.apiUrl,
      stack.publishableKey,
      stack.admin.email,
      stack.admin.password,
    );
    await fillScaled(session, {
      factor: FACTOR,
      distinctPictures: 48,
      secretKey: stack.secretKey,
      picture: (n, label) => makePicture(n, label, { width: 640, height: 480 }),
    });
    const run = await stack.build();
    expect(run.ok, run.error).toBe(true);
    const anon = createClient(stack.apiUrl, stack.publishableKey, {
      auth: { persistSession: false },
    });
    const { data, error } = await anon
      .from("projects")
      .select("title")
      .eq("is_active", true)
      .order("created_at", { ascending: false })
      .order("id");
    if (error) throw error;
    projectTitles = (data as { title: string }[]).map((row) => row.title);
  });

  test.afterAll(async () => {
    await stack?.stop();
    if (dataDir) {
      await rm(dataDir, { recursive: true, force: true });
      await rm(`${dataDir}-start.log`, { force: true });
      await rm(`${dataDir}-builds.log`, { force: true });
    }
  });

  /** Presses 'Show more ...' until it is gone; answers how many times. */
  async function showAll(page: Page, name: string): Promise<number> {
    let presses = 0;
    const more = page.getByRole("button", { name });
    const loading = page.getByRole("button", { name: /^Loading more/ });
    while (await more.isVisible()) {
      await more.click();
      presses += 1;
      // While a batch loads the button says so; it comes back, or goes, once it is in.
      await expect(loading).toHaveCount(0);
      expect(presses).toBeLessThan(200);
    }
    return presses;
  }

  test("a 60-picture gallery: the first batch in the page, the last picture reachable and shown in the viewer", async ({
    page,
  }) => {
    const origin = stack?.origin ?? "";
    await recordCspViolations(page);
    await page.goto(`${origin}/children-home`);
    const thumbs = page.getByRole("button", { name: /^View Children Gallery Image \d+$/ });
    // In the HTML before any script: the first batch only.
    await expect(thumbs).toHaveCount(9);
    const first = page.getByRole("button", { name: "View Children Gallery Image 1" });
    await first.scrollIntoViewIfNeeded();
    await waitForIsland(islandOf(page, '[aria-label="View Children Gallery Image 1"]'));
    await expect(page.getByText("9 of 60 pictures shown")).toBeVisible();

    // The viewer reaches the last picture before the grid shows it: Previous wraps.
    await first.click();
    const viewer = page.getByRole("dialog", { name: "Image viewer" });
    await viewer.getByRole("button", { name: "Previous image" }).click();
    await expect(viewer.getByText("60 / 60")).toBeVisible();
    await expect(viewer.locator("figcaption")).toHaveText("Children Gallery Image 60");
    await expect(viewer.getByRole("img")).toHaveJSProperty("complete", true);
    expect(
      await viewer.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await page.keyboard.press("Escape");
    await expect(first).toBeFocused();

    // 'Show more' until every picture is in the grid; focus follows each new batch.
    const more = page.getByRole("button", { name: "Show more pictures" });
    await more.click();
    await expect(
      page.getByRole("button", { name: "View Children Gallery Image 10" }),
    ).toBeFocused();
    await expect(page.getByText("Showing 18 of 60 pictures.")).toBeAttached();
    await showAll(page, "Show more pictures");
    await expect(thumbs).toHaveCount(60);
    const last = page.getByRole("button", { name: "View Children Gallery Image 60" });
    await last.click();
    await expect(viewer.getByText("60 / 60")).toBeVisible();
    await expect(viewer.getByRole("img")).toBeVisible();
    await viewer.getByRole("button", { name: "Next image" }).click();
    await expect(viewer.getByText("1 / 60")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(last).toBeFocused();
    await expectNoAxeViolations(page);
    await expectNoCspViolations(page, "/children-home at 10x");
  });

  test("69 projects: the first batch in the page, every project reachable, by category too", async ({
    page,
  }) => {
    const origin = stack?.origin ?? "";
    await recordCspViolations(page);
    await page.goto(`${origin}/projects`);
    const cards = page.getByRole("main").locator("article");
    await expect(cards).toHaveCount(9);
    const filter = page.getByRole("group", { name: "Filter projects by category" });
    await waitForIsland(islandOf(page, "fieldset"));
    await expect(
      filter.getByRole("button", { name: `All Projects ${projectTitles.length}`, exact: true }),
    ).toHaveAttribute("aria-pressed", "true");

    const presses = await showAll(page, "Show more projects");
    expect(presses).toBe(Math.ceil(projectTitles.length / 9) - 1);
    await expect(cards).toHaveCount(projectTitles.length);
    const lastCard = cards.last();
    await expect(lastCard.getByRole("heading")).toHaveText(projectTitles.at(-1) ?? "");
    await lastCard.scrollIntoViewIfNeeded();
    await expect(lastCard).toBeInViewport();

    // A category shows its own projects, all of them reachable the same way.
    const education = filter.getByRole("button", { name: /^Education \d+$/ });
    const count = Number((await education.textContent())?.match(/(\d+)\s*$/)?.[1]);
    await education.click();
    await showAll(page, "Show more projects");
    await expect(cards).toHaveCount(count);
    await expect(cards.filter({ hasNotText: "Education" })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoCspViolations(page, "/projects at 10x");
  });

  test("40 certificates and 60 board members: every one reachable without a page number", async ({
    page,
  }) => {
    const origin = stack?.origin ?? "";
    await recordCspViolations(page);
    await page.goto(`${origin}/certifications`);
    const certificates = page.getByRole("region", { name: "Certificates" }).locator("li h2");
    await expect(certificates).toHaveCount(8);
    await page.getByRole("button", { name: "Show more certificates" }).click();
    await expect(certificates).toHaveCount(16);
    await expect(
      page.getByRole("region", { name: "Certificates" }).locator("li").nth(8),
    ).toBeFocused();
    await showAll(page, "Show more certificates");
    await expect(certificates).toHaveCount(40);
    await expectNoAxeViolations(page);
    await expectNoCspViolations(page, "/certifications at 10x");

    await page.goto(`${origin}/`);
    const board = page.locator('[aria-roledescription="carousel"][aria-label="Our Board & Staff"]');
    const slides = board.locator('[aria-roledescription="slide"]');
    await expect(slides).toHaveCount(8);
    await expect(slides.first()).toHaveAttribute("aria-label", "1 of 60");
    await board.scrollIntoViewIfNeeded();
    await waitForIsland(islandOf(page, '[aria-label="Our Board & Staff"]'));
    const next = board.getByRole("button", { name: "Next staff member" });
    while (await next.isEnabled()) await next.click();
    await expect(slides).toHaveCount(60);
    await expect(slides.last()).toBeInViewport();
    await expectNoCspViolations(page, "/ at 10x");
  });
});
