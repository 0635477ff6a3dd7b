// Lists that keep their place, in a real browser against the embedded stack: a toggled
// project stays where it was, and the admin lists the projects in the site's order; a
// keyboard user's focus stays on the card acted on (the next card after a delete); a
// gallery's order numbers never repeat after a delete and an upload; and the record
// marked 'Shown on the site' is the one the built page shows. Every table touched is
// put back as it was.
import { expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { medicalGallery } from "../../admin-island/src/content/resources/galleries.ts";
import { galleryImages } from "../../admin-island/src/content/resources/home.ts";
import { medicalContent } from "../../admin-island/src/content/resources/programmes.ts";
import { projects } from "../../admin-island/src/content/resources/showcase.ts";
import { shownWords } from "../../admin-island/src/ui/words.ts";
import {
  publishStatus,
  restoreTable,
  serviceClient,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";

const focusedName = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? "");

function cards(page: Page, heading: string) {
  return page.getByRole("list", { name: heading, exact: true }).locator(":scope > li");
}

async function cardTitles(page: Page, heading: string): Promise<string[]> {
  return (await cards(page, heading).getByRole("heading", { level: 3 }).allTextContents()).map(
    (title) => title.trim(),
  );
}

test.describe("lists keep their place @desktop", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a toggled project keeps its place, and the admin lists projects in the site's order", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("projects");
    try {
      await signInAsAdmin(page, "/admin/projects-management");
      const heading = projects.texts.heading;
      await expect(cards(page, heading).first()).toBeVisible();
      const order = await cardTitles(page, heading);
      expect(order.length).toBeGreaterThan(2);

      // The site shows the active ones, in the admin's order.
      const active: string[] = [];
      for (const [index, title] of order.entries()) {
        const card = cards(page, heading).nth(index);
        if ((await card.getByRole("button", { name: `Deactivate ${title}` }).count()) > 0)
          active.push(title);
      }
      const visitor = await context.newPage();
      await visitor.goto("/projects/");
      const shown = visitor.getByRole("region", { name: "Projects" }).getByRole("heading", {
        level: 2,
      });
      await expect(shown.first()).toBeVisible();
      expect((await shown.allTextContents()).map((title) => title.trim())).toEqual(active);
      await visitor.close();

      // Deactivating an active card that is not the first leaves every card where it
      // was; focus stays on it.
      const second = active.find((title) => title !== order[0]) as string;
      expect(second).toBeDefined();
      await page.getByRole("button", { name: `Deactivate ${second}` }).click({ timeout: 10_000 });
      await expect(page.getByRole("button", { name: `Activate ${second}` })).toBeVisible();
      await expect.poll(() => focusedName(page)).toBe(`Activate ${second}`);
      await expect.poll(() => cardTitles(page, heading)).toEqual(order);

      // Saving the first card with no changes leaves it first.
      const first = order[0] as string;
      await page.getByRole("button", { name: `Edit ${first}` }).click({ timeout: 10_000 });
      const dialog = page.getByRole("dialog", { name: projects.texts.editTitle });
      // The form opens on its first field, not on the close button.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest("form") !== null))
        .toBe(true);
      await dialog.getByRole("button", { name: projects.texts.updateSubmit }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(() => focusedName(page)).toBe(`Edit ${first}`);
      await expect.poll(() => cardTitles(page, heading)).toEqual(order);
    } finally {
      await restoreTable("projects", before);
    }
  });

  test("after a delete, focus is on the next card, and a new upload takes a number of its own", async ({
    page,
  }) => {
    const table = medicalGallery.table;
    const before = await snapshotTable(table);
    try {
      await signInAsAdmin(page, "/admin/medical-gallery-management");
      const tiles = cards(page, medicalGallery.texts.listLabel);
      await expect(tiles.nth(2)).toBeVisible();
      const numbers = () =>
        tiles
          .locator("span")
          .filter({ hasText: /^#\d+$/ })
          .allTextContents();
      const count = await tiles.count();

      // Delete the second picture by keyboard.
      const name = `${medicalGallery.noun} 2`;
      await page.getByRole("button", { name: `${medicalGallery.texts.delete} ${name}` }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).press("Enter");
      await expect(tiles).toHaveCount(count - 1);
      // The next picture, now the second, has focus.
      await expect.poll(() => focusedName(page)).toBe(`${medicalGallery.texts.delete} ${name}`);

      const picture = await sharp({
        create: { width: 320, height: 240, channels: 3, background: "#5b8c5a" },
      })
        .png()
        .toBuffer();
      await page
        .getByLabel(medicalGallery.texts.chooseButton)
        .setInputFiles([{ name: "new.png", mimeType: "image/png", buffer: picture }]);
      // An upload goes through the media function: slower than 5 s on a busy machine.
      await expect(tiles).toHaveCount(count, { timeout: 15_000 });
      const shown = await numbers();
      expect(shown).toHaveLength(count);
      expect(new Set(shown).size, `numbers shown: ${shown.join(", ")}`).toBe(count);
    } finally {
      await restoreTable(table, before);
    }
  });

  test("the record marked 'Shown on the site' is the one the built page shows", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("medical_content");
    try {
      const service = await serviceClient();
      const current = before.find((row) => row.is_active) as Record<string, unknown> | undefined;
      expect(current, "the seed has an active medical record").toBeDefined();
      const title = `Medical care, newest ${Date.now().toString(36)}`;
      const {
        id: _id,
        created_at: _c,
        updated_at: _u,
        ...copy
      } = current as Record<string, unknown>;
      const { error } = await service
        .from("medical_content")
        .insert({ ...copy, title, is_active: true });
      expect(error).toBeNull();

      await signInAsAdmin(page, "/admin/medical-management");
      const heading = medicalContent.texts.heading;
      const marked = cards(page, heading).filter({ hasText: shownWords.shown });
      await expect(marked).toHaveCount(1);
      await expect(marked.getByRole("heading", { level: 3 })).toHaveText(title);
      const older = cards(page, heading).filter({ hasText: String(current?.title) });
      await expect(older).toContainText(shownWords.notShown);

      // Published (the admin publishes a change it finds unpublished), the page shows
      // the marked record.
      await page.getByRole("button", { name: "Publish now" }).click();
      await expect(publishStatus(page)).toContainText("Live", { timeout: 150_000 });
      const visitor = await context.newPage();
      await expect
        .poll(
          async () => {
            await visitor.goto("/medical/");
            return (await visitor.getByRole("heading", { level: 1 }).textContent())?.trim();
          },
          { timeout: 150_000, intervals: [2_000] },
        )
        .toBe(title);
      await visitor.close();
    } finally {
      await restoreTable("medical_content", before);
    }
  });
});

test("Add Images: one chooser, an optional title, and errors that clear once pictures are chosen @desktop", async ({
  page,
}) => {
  const before = await snapshotTable("gallery_images");
  try {
    await signInAsAdmin(page, "/admin/home-management#gallery");
    await page.getByRole("button", { name: galleryImages.texts.addButton }).first().click();
    const dialog = page.getByRole("dialog", { name: galleryImages.texts.addTitle });
    await expect(dialog.locator('input[type="file"]')).toHaveCount(1);
    await expect(dialog.getByLabel("Title")).not.toHaveAttribute("aria-required", "true");

    const submit = dialog.getByRole("button", { name: galleryImages.texts.createSubmit });
    await submit.click();
    await expect(dialog.getByRole("alert")).toHaveText(galleryImages.texts.invalid);
    const picture = await sharp({
      create: { width: 320, height: 240, channels: 3, background: "#8a5bd8" },
    })
      .jpeg()
      .toBuffer();
    await dialog
      .getByLabel("Choose Images")
      .setInputFiles([{ name: "open-day.jpg", mimeType: "image/jpeg", buffer: picture }]);
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await expect(dialog.getByText(galleryImages.texts.invalid)).toHaveCount(0);
    await submit.click();
    await expect(dialog).toBeHidden({ timeout: 15_000 });
    const added = (await snapshotTable("gallery_images")).filter(
      (row) => !before.some((old) => old.id === row.id),
    );
    expect(added.map((row) => row.title)).toEqual(["open-day"]);
  } finally {
    await restoreTable("gallery_images", before);
  }
});

test("the admin header takes a small part of a phone's first screen @phone", async ({ page }) => {
  await signInAsAdmin(page, "/admin/projects-management");
  await expect(publishStatus(page)).toContainText(/Live|Publishing/, { timeout: 60_000 });
  const header = await page.locator("header").first().boundingBox();
  const viewport = page.viewportSize();
  expect(header && viewport).toBeTruthy();
  if (header && viewport) expect(header.height / viewport.height).toBeLessThan(0.2);
  await expect(page.getByRole("button", { name: "Publish now" })).toBeVisible();
});
