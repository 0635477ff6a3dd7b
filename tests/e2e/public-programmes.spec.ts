// The programme pages (ProgrammeLayout): their long services and health-tips sections
// are rendered only as they near the viewport (content-visibility: auto), so these
// tests scroll to them as a visitor would, and check that the gallery further down
// still opens on the card clicked, counts 'n / total', wraps both ways, answers the
// keyboard and returns focus to the card.

import { expect, test } from "@playwright/test";
import { islandOf, waitForIsland } from "./support";

const programmes = [
  { path: "/children-home/", prefix: "Children Gallery Image" },
  { path: "/oldage-home/", prefix: "Old Age Home Gallery Image" },
  { path: "/medical/", prefix: "Medical Gallery Image" },
  { path: "/relief/", prefix: "Relief Gallery Image" },
] as const;

test("/medical shows its services and health tips once scrolled to", async ({ page }) => {
  await page.goto("/medical/");
  const services = page.locator('section[aria-labelledby="services-heading"]');
  await services.getByRole("heading", { level: 2 }).scrollIntoViewIfNeeded();
  await expect(services.getByRole("heading", { level: 2 })).toBeInViewport();
  await expect(services.getByRole("listitem").first()).toBeVisible();

  const tips = page.locator('section[aria-labelledby="tips-heading"]');
  await tips.getByRole("heading", { name: "Health Tips" }).scrollIntoViewIfNeeded();
  await expect(tips.getByRole("heading", { name: "Health Tips" })).toBeInViewport();
  await expect(tips.getByRole("heading", { name: "Regular Exercise" })).toBeVisible();
  const box = await tips.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThan(200);
});

for (const { path, prefix } of programmes) {
  test(`${path}: the gallery viewer opens on the card, wraps, answers the keys and returns focus`, async ({
    page,
  }) => {
    await page.goto(path);
    const third = page.getByRole("button", { name: `View ${prefix} 3` });
    await third.scrollIntoViewIfNeeded();
    await waitForIsland(islandOf(page, `[aria-label="View ${prefix} 3"]`));
    await third.click();

    const viewer = page.getByRole("dialog", { name: "Image viewer" });
    await expect(viewer).toBeVisible();
    await expect(viewer.getByText("3 / 6")).toBeVisible();
    await expect(viewer.locator("figcaption")).toHaveText(`${prefix} 3`);
    await expect(viewer.getByRole("button", { name: "Close viewer" })).toBeFocused();

    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(viewer.getByText("6 / 6")).toBeVisible();
    await viewer.getByRole("button", { name: "Next image" }).click();
    await expect(viewer.getByText("1 / 6")).toBeVisible();
    await expect(viewer.locator("figcaption")).toHaveText(`${prefix} 1`);
    await page.keyboard.press("ArrowLeft");
    await expect(viewer.getByText("6 / 6")).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(third).toBeFocused();
  });
}
