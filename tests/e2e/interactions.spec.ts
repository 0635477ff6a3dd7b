// The interactive parts: the banner carousel (6 s auto-advance, wrap, previous,
// next, dots, swipe), the causes and staff carousels (one card per step, bounded,
// disabled buttons at the ends, swipe), the gallery viewer (a native modal dialog:
// wrap, counter, Escape, focus kept inside and returned), the projects filter and the
// mobile menu.

import { expect, type Locator, type Page, test } from "@playwright/test";
import { islandOf, waitForIsland } from "./support";

const HERO = '[aria-roledescription="carousel"][aria-label="Highlights"]';

function activeSlide(page: Page) {
  return page.locator(`${HERO} [aria-roledescription="slide"][data-active]`);
}

/** Cards per view of the causes and staff carousels: 1 below 640px, 2 below 768px,
 * 3 below 1024px, 4 from there. */
function cardsPerView(page: Page): number {
  const width = page.viewportSize()?.width ?? 1280;
  if (width < 640) return 1;
  if (width < 768) return 2;
  if (width < 1024) return 3;
  return 4;
}

/** Waits until Embla runs in `carousel`: it has placed the track or the slides. */
async function waitForEmbla(carousel: Locator) {
  await expect(carousel.locator('[style*="transform"]').first()).toBeAttached();
}

/** How long a slide's fade may take on a busy machine. */
const FADE_TIMEOUT = 20_000;

/**
 * A horizontal swipe across `target`, from and to a fraction of its width: real touch
 * events where the device has a touch screen, a mouse drag elsewhere. The moves and the
 * release are sent to the browser at once, in order, so a busy test runner cannot leave
 * a pause between the last move and the release (which Embla reads as a drag held
 * still, and no throw).
 */
async function swipe(page: Page, target: Locator, from: number, to: number, touch: boolean) {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to swipe");
  const y = box.y + box.height * 0.3;
  const x = (fraction: number) => box.x + box.width * fraction;
  const steps = 8;
  const along = (i: number) => x(from + ((to - from) * i) / steps);
  const cdp = await page.context().newCDPSession(page);
  try {
    if (!touch) {
      const mouse = (type: string, at: number, buttons: number) =>
        cdp.send("Input.dispatchMouseEvent", {
          type: type as "mouseMoved",
          x: at,
          y,
          button: "left",
          buttons,
          clickCount: 1,
        });
      await mouse("mouseMoved", x(from), 0);
      await mouse("mousePressed", x(from), 1);
      await Promise.all([
        ...Array.from({ length: steps }, (_, i) => mouse("mouseMoved", along(i + 1), 1)),
        mouse("mouseReleased", x(to), 0),
      ]);
      return;
    }
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchStart",
      touchPoints: [{ x: x(from), y }],
    });
    await Promise.all([
      ...Array.from({ length: steps }, (_, i) =>
        cdp.send("Input.dispatchTouchEvent", {
          type: "touchMove",
          touchPoints: [{ x: along(i + 1), y }],
        }),
      ),
      cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }),
    ]);
  } finally {
    await cdp.detach();
  }
}

/**
 * Swipes the banner until the slide `expected` is shown, at most five times. Embla
 * takes a drag as a throw from the pointer's speed over its last moves, and a busy
 * machine can leave a pause between the last move and the release that reads as a
 * drag held still (no throw, the slide stays). A swipe that lands anywhere else fails
 * at once.
 */
async function swipeBannerTo(
  page: Page,
  hero: Locator,
  from: number,
  to: number,
  touch: boolean,
  expected: string,
) {
  const before = await activeSlide(page).getAttribute("aria-label");
  for (let attempt = 1; ; attempt++) {
    await swipe(page, hero, from, to, touch);
    const landed = await expect
      .poll(() => activeSlide(page).getAttribute("aria-label"), { timeout: 2_000 })
      .not.toBe(before)
      .then(() => true)
      .catch(() => false);
    if (landed || attempt === 5) break;
  }
  await expect(activeSlide(page)).toHaveAttribute("aria-label", expected);
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
      "/donate/",
    );
  });

  test("follows a swipe both ways, wrapping, and says where it landed", async ({
    page,
    hasTouch,
  }) => {
    // Embla's fade moves a step per animation frame, and a busy machine gives the page
    // few frames: the fade that takes half a second here took over 5 s in a loaded CI.
    test.slow();
    await page.goto("/");
    await waitForIsland(islandOf(page, HERO));
    const hero = page.locator(HERO);
    await waitForEmbla(hero);
    await hero.getByRole("button", { name: "Pause slideshow" }).click();

    await swipeBannerTo(page, hero, 0.8, 0.1, hasTouch, "2 of 3");
    await expect(hero.locator("[aria-live='polite']")).toHaveText(
      "Slide 2 of 3: Be Part of Our Family",
    );
    // The slide fades in fully, and its link can be followed.
    await expect(activeSlide(page)).toHaveCSS("opacity", "1", { timeout: FADE_TIMEOUT });
    await expect(activeSlide(page).getByRole("link", { name: "Donate Now" })).toBeVisible();

    await swipeBannerTo(page, hero, 0.1, 0.8, hasTouch, "1 of 3");
    await expect(activeSlide(page)).toHaveCSS("opacity", "1", { timeout: FADE_TIMEOUT });
    await swipeBannerTo(page, hero, 0.1, 0.8, hasTouch, "3 of 3");
    await expect(hero.getByRole("button", { name: "Go to slide 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
  });

  test("a swipe up over the banner still scrolls the page", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto("/");
    await waitForIsland(islandOf(page, HERO));
    await waitForEmbla(page.locator(HERO));
    const box = await page.locator(HERO).boundingBox();
    if (!box) throw new Error("no banner");
    const x = box.x + box.width / 2;
    const y = box.y + box.height * 0.6;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    for (let i = 1; i <= 10; i++) {
      await cdp.send("Input.dispatchTouchEvent", {
        type: "touchMove",
        touchPoints: [{ x, y: y - 25 * i }],
      });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await expect(activeSlide(page)).toHaveAttribute("aria-label", "1 of 3");
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

  test(`the ${name} carousel follows a swipe one card at a time`, async ({ page, hasTouch }) => {
    await page.goto("/");
    const carousel = page.locator(`[aria-roledescription="carousel"][aria-label="${label}"]`);
    await carousel.scrollIntoViewIfNeeded();
    await waitForIsland(islandOf(page, `[aria-roledescription="carousel"][aria-label="${label}"]`));
    const previous = carousel.getByRole("button", { name: `Previous ${noun}` });
    const next = carousel.getByRole("button", { name: `Next ${noun}` });
    const slides = carousel.locator('[aria-roledescription="slide"]');
    const inView = cardsPerView(page);
    await waitForEmbla(carousel);
    // Three quarters of a card: past half-way however slow the drag, short of two cards
    // however fast.
    const cardShare =
      ((await slides.first().boundingBox())?.width ?? 0) /
      ((await carousel.boundingBox())?.width ?? 1);
    const [from, to] = [0.9, 0.9 - cardShare * 0.75];

    await swipe(page, carousel, from, to, hasTouch);
    await expect(previous).toBeEnabled();
    // One card further: the card after the first view has come in, the first has gone.
    await expect(slides.nth(inView)).toBeInViewport({ ratio: 0.9 });
    await expect(slides.first()).not.toBeInViewport({ ratio: 0.5 });

    // Back to the start. Embla throws by the pointer's speed over its last moves, and a
    // busy machine that delivers the moves in a bunch reads the first swipe as a fling
    // of two cards: a swipe back then brings one card, and a second the first.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await swipe(page, carousel, to, from, hasTouch);
      const atStart = await expect(previous)
        .toBeDisabled({ timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      if (atStart) break;
    }
    await expect(previous).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(slides.first()).toBeInViewport({ ratio: 0.9 });
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

test("the gallery viewer is a modal dialog: the page behind is inert and Tab stays inside", async ({
  page,
}) => {
  await page.goto("/");
  const opener = page.getByRole("button", { name: "View Home Gallery Image 2" });
  await opener.scrollIntoViewIfNeeded();
  await waitForIsland(islandOf(page, '[aria-label="View Home Gallery Image 2"]'));
  await opener.click();

  const viewer = page.getByRole("dialog", { name: "Image viewer" });
  await expect(viewer).toBeVisible();
  expect(await viewer.evaluate((dialog) => dialog.matches("dialog:modal"))).toBe(true);
  // Nothing outside the dialog takes focus.
  const outsideTakesFocus = await page.evaluate(() => {
    const link = document.querySelector<HTMLElement>("header a[href]");
    link?.focus();
    return document.activeElement === link;
  });
  expect(outsideTakesFocus).toBe(false);

  // Tab and Shift+Tab go round the dialog's controls (and the browser's own, which
  // Chromium shows as the page body), never to the page.
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return "browser";
      return active.closest("dialog") ? active.getAttribute("aria-label") : "page";
    });
  const seen: (string | null)[] = [];
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    seen.push(await focused());
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Shift+Tab");
    seen.push(await focused());
  }
  expect(seen).not.toContain("page");
  expect(seen).toEqual(expect.arrayContaining(["Close viewer", "Previous image", "Next image"]));

  // The page behind does not scroll while the viewer is open.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  await page.keyboard.press("Escape");
  await expect(viewer).toBeHidden();
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");
});

test("the projects filter counts each category and shows only its projects", async ({ page }) => {
  await page.goto("/projects/");
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
  await page.goto("/medical/");
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
  await expect(menu.getByRole("link", { name: "Donate Now" })).toHaveAttribute("href", "/donate/");

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
