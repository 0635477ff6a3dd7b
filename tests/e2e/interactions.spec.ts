// The interactive parts: the banner carousel (6 s auto-advance, wrap, previous,
// next, dots), the causes and staff carousels (one card per step, bounded, disabled
// buttons at the ends), the gallery viewer (wrap, counter, Escape, focus return),
// the projects filter and the mobile menu.

import { expect, type Page, test } from "@playwright/test";
import { islandOf, waitForIsland } from "./support";

const HERO = '[aria-roledescription="carousel"][aria-label="Highlights"]';

function activeSlide(page: Page) {
  return page.locator(`${HERO} [aria-roledescription="slide"][data-active]`);
}

/** Cards per view of the causes and staff carousels at this width (spec section 9). */
function cardsPerView(page: Page): number {
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 640) return 1;
  if (width < 768) return 2;
  if (width < 1024) return 3;
  return 4;
}

test.describe("home banner carousel", () => {
  test("advances every 6 seconds and wraps to the first slide", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    // client:idle waits for an idle moment: move the faked clock on until it has hydrated.
    const island = islandOf(page, HERO);
    await expect
      .poll(
        async () => {
          await page.clock.runFor(200);
          return island.getAttribute("ssr");
        },
        { timeout: 15_000 },
      )
      .toBeNull();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 3");

    await page.clock.runFor(5_000);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 3");
    await page.clock.runFor(1_100);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "2 of 3");
    await expect(activeSlide(page).getByRole("heading")).toHaveText("Be Part of Our Family");
    await page.clock.runFor(6_000);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "3 of 3");
    await page.clock.runFor(6_000);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 3");
  });

  test("previous, next and the dots move between slides, wrapping at both ends", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForIsland(islandOf(page, HERO));
    const hero = page.locator(HERO);
    await hero.getByRole("button", { name: "Pause slideshow" }).click();

    await hero.getByRole("button", { name: "Previous slide" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "3 of 3");
    await hero.getByRole("button", { name: "Next slide" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 3");
    await hero.getByRole("button", { name: "Go to slide 2" }).click();
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "2 of 3");
    await expect(hero.getByRole("button", { name: "Go to slide 2" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(activeSlide(page).getByRole("link", { name: "Donate Now" })).toHaveAttribute(
      "href",
      "/donate",
    );
  });
});

for (const { name, label, noun } of [
  { name: "causes", label: "Our Causes", noun: "cause" },
  { name: "board and staff", label: "Our Board & Staff", noun: "staff member" },
]) {
  test(`the ${name} carousel moves one card per step and stops at both ends`, async ({ page }) => {
    await page.goto("/");
    const carousel = page.locator(`[aria-roledescription="carousel"][aria-label="${label}"]`);
    await carousel.scrollIntoViewIfNeeded();
    await waitForIsland(islandOf(page, `[aria-roledescription="carousel"][aria-label="${label}"]`));

    const previous = carousel.getByRole("button", { name: `Previous ${noun}` });
    const next = carousel.getByRole("button", { name: `Next ${noun}` });
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();

    const steps = 6 - cardsPerView(page);
    for (let i = 0; i < steps; i++) {
      await expect(next).toBeEnabled();
      await next.click();
    }
    await expect(next).toBeDisabled();
    await expect(previous).toBeEnabled();
    // The last card is in view at the end.
    await expect(carousel.locator('[aria-roledescription="slide"]').last()).toBeInViewport();

    for (let i = 0; i < steps; i++) await previous.click();
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(carousel.locator('[aria-roledescription="slide"]').first()).toBeInViewport();
  });
}

test("the gallery viewer counts, wraps both ways, closes on Escape and returns focus", async ({
  page,
}) => {
  await page.goto("/");
  const first = page.getByRole("button", { name: "View Home Gallery Image 1" });
  await first.scrollIntoViewIfNeeded();
  await waitForIsland(islandOf(page, '[aria-label="View Home Gallery Image 1"]'));
  await first.click();

  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText("1 / 6")).toBeVisible();
  await expect(viewer.getByRole("button", { name: "Close viewer" })).toBeFocused();

  await viewer.getByRole("button", { name: "Previous image" }).click();
  await expect(viewer.getByText("6 / 6")).toBeVisible();
  await expect(viewer.locator("figcaption")).toHaveText("Home Gallery Image 6");
  await viewer.getByRole("button", { name: "Next image" }).click();
  await expect(viewer.getByText("1 / 6")).toBeVisible();
  await viewer.getByRole("button", { name: "Next image" }).click();
  await expect(viewer.getByText("2 / 6")).toBeVisible();

  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(first).toBeFocused();

  // The close button closes it too.
  await page.getByRole("button", { name: "View Home Gallery Image 3" }).click();
  await expect(viewer.getByText("3 / 6")).toBeVisible();
  await viewer.getByRole("button", { name: "Close viewer" }).click();
  await expect(viewer).toBeHidden();
});

test("the projects filter counts each category and shows only its projects", async ({ page }) => {
  await page.goto("/projects");
  const filter = page.getByRole("group", { name: "Filter projects by category" });
  await waitForIsland(islandOf(page, "fieldset"));
  const cards = page.getByRole("main").locator("article");

  const expected: [string, number][] = [
    ["All Projects", 6],
    ["Water & Sanitation", 1],
    ["Housing", 1],
    ["Healthcare", 1],
    ["Education", 1],
    ["Nutrition", 1],
    ["Disaster Relief", 1],
  ];
  const buttons = filter.getByRole("button");
  await expect(buttons).toHaveCount(expected.length);
  await expect(buttons.first()).toHaveAccessibleName("All Projects 6");
  for (const [category, count] of expected) {
    await expect(
      filter.getByRole("button", { name: `${category} ${count}`, exact: true }),
    ).toBeVisible();
  }
  await expect(cards).toHaveCount(6);

  await filter.getByRole("button", { name: "Healthcare 1", exact: true }).click();
  await expect(filter.getByRole("button", { name: "Healthcare 1", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole("heading")).toHaveText("Mobile Health Clinic");
  await expect(cards).toContainText("Ongoing");

  await filter.getByRole("button", { name: "All Projects 6", exact: true }).click();
  await expect(cards).toHaveCount(6);
  await expect(cards.filter({ hasText: "Completed" })).toHaveCount(2);
  await expect(cards.filter({ hasText: "Planning" })).toHaveCount(2);
});

test("the mobile menu opens, holds Donate Now, and closes on a link or Escape", {
  tag: "@phone",
}, async ({ page }) => {
  await page.goto("/medical");
  const toggle = page.getByRole("button", { name: "Open menu" });
  const menu = page.locator("#mobile-menu");
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");

  await toggle.click();
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expect(menu.getByRole("link")).toHaveText([
    "Home",
    "Children's Home",
    "Old Age Home",
    "Medical",
    "Relief",
    "Projects",
    "Certifications",
    "Donate Now",
  ]);
  await expect(menu.getByRole("link", { name: "Medical" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("link", { name: "Donate Now" })).toHaveAttribute("href", "/donate");

  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "Relief" }).click();
  await expect(page).toHaveURL(/\/relief\/?$/);
  await expect(page.locator("#mobile-menu")).toBeHidden();
});

test("the desktop header shows every top link and no menu button", {
  tag: "@desktop",
}, async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link").filter({ visible: true })).toHaveText([
    /HELPING HANDS FOUNDATION.*\(home page\)/,
    "Home",
    "Children's Home",
    "Old Age Home",
    "Medical",
    "Relief",
    "Projects",
    "Certifications",
  ]);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
});
