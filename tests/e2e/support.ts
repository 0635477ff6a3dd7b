// Shared helpers of the public-site browser tests.

import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";

export const SITE_NAME = "Helping Hands Foundation";

/** The WCAG 2.2 AA rule sets every page must pass. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * Runs axe over the page and fails with a readable list of what it found.
 *
 * The page is held still first: a rotating slideshow caught mid-fade shows its button at
 * half opacity, which axe measures as a contrast failure that no visitor reads (seen on a
 * loaded machine, where the autoplay turned between the page's checks and axe). Reduced
 * motion stops the rotation, and axe waits until every slide is fully shown or hidden.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[aria-roledescription="slide"]')].every((slide) =>
      ["0", "1"].includes(getComputedStyle(slide).opacity),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .slice(0, 5)
        .map(
          (node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").join(" ")}`,
        )
        .join("\n")}`,
  );
  expect(found, `axe found violations on ${page.url()}`).toEqual([]);
}

/** The visible header links of the main navigation (the mobile menu is opened first). */
async function mainNavigation(page: Page, isMobile: boolean): Promise<Locator> {
  const nav = page.getByRole("navigation", { name: "Main" });
  if (isMobile) {
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
  }
  return nav;
}

/** The header link marked as the current page, or none. */
export async function expectActiveLink(
  page: Page,
  isMobile: boolean,
  label: string | null,
): Promise<void> {
  const nav = await mainNavigation(page, isMobile);
  const current = nav.locator('a[aria-current="page"]:visible');
  if (label === null) {
    await expect(current).toHaveCount(0);
  } else {
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(label);
  }
  if (isMobile) await page.getByRole("button", { name: "Close menu" }).click();
}

/** The shared header and footer every page has. */
export async function expectSiteChrome(page: Page): Promise<void> {
  const header = page.getByRole("banner");
  await expect(header.getByText(SITE_NAME, { exact: true })).toBeVisible();
  await expect(header.getByText("Follow Us:")).toBeVisible();
  await expect(header.getByRole("link", { name: "DONATE NOW" })).toHaveAttribute(
    "href",
    "/donate/",
  );
  const socials = header.getByRole("link", { name: /opens in a new tab/ });
  await expect(socials).toHaveCount(2);
  for (const social of await socials.all()) {
    await expect(social).toHaveAttribute("target", "_blank");
    await expect(social).toHaveAttribute("rel", /noopener/);
  }
  await expect(header.getByRole("link", { name: /\(home page\)$/ })).toHaveAttribute("href", "/");

  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText("12 Riverside Road");
  await expect(footer).toContainText("+977 1 4000 100");
  await expect(footer).toContainText("info@helpinghands.example");
  await expect(footer).toContainText(
    "Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM, Sunday emergency only",
  );
  const footerSocials = footer.getByRole("link", { name: /opens in a new tab/ });
  await expect(footerSocials).toHaveCount(2);
  await expect(footerSocials.first()).toHaveAttribute("target", "_blank");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${SITE_NAME}`);
}

/** One h1, and no heading more than one level deeper than the one before it. */
export async function expectHeadingOutline(page: Page, h1: string | RegExp): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
  const levels = await page
    .locator("main :is(h1, h2, h3, h4, h5, h6)")
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0], "the first heading of main is the h1").toBe(1);
  for (let i = 1; i < levels.length; i++) {
    expect(levels[i] ?? 0, `heading ${i} follows an h${levels[i - 1]}`).toBeLessThanOrEqual(
      (levels[i - 1] ?? 0) + 1,
    );
  }
}

/** Nothing is wider than the screen. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

/** Waits until the island around the given element has hydrated. */
export async function waitForIsland(island: Locator): Promise<void> {
  await expect(island).toHaveCount(1);
  // The first visit of a fresh server may still be loading the island's script.
  await expect(island).not.toHaveAttribute("ssr", /.*/, { timeout: 15_000 });
}

/** The island (astro-island element) that renders the given content. */
export function islandOf(page: Page, selector: string): Locator {
  return page.locator(`astro-island:has(${selector})`);
}

/**
 * Records every Content-Security-Policy violation of the page's documents from now on
 * (the site's policy is in the build's _headers; see src/lib/security-headers.ts).
 */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
}

export async function expectNoCspViolations(page: Page, where: string): Promise<void> {
  const seen = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
  expect(seen, `CSP violations on ${where}`).toEqual([]);
}
