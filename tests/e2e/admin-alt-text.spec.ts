// Describing pictures, from the admin to the public site: an editor gives one cause's
// picture alt text and marks another's decorative; once published, the home page's
// <img alt> carries the words, an empty alt, and the title for a cause left alone, a
// described gallery picture is described in the grid and the full-screen viewer, and
// the page still passes axe.
import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  expectLive,
  expectPublished,
  restoreTable,
  serviceClient,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";
import { expectNoAxeViolations, islandOf, waitForIsland } from "./support.ts";

const DESCRIBED = "Education for Every Child";
const DECORATIVE = "Care for Our Elders";

async function editCause(page: Page, title: string, change: (dialog: Locator) => Promise<void>) {
  await page
    .getByRole("list", { name: "Causes Management", exact: true })
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Cause" });
  await change(dialog);
  await dialog.getByRole("button", { name: "Update Cause" }).click();
  await expect(dialog).toBeHidden();
}

test.describe("describing pictures @desktop", () => {
  test.describe.configure({ timeout: 180_000 });

  test("a cause's alt text and a decorative picture reach the public page", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("causes");
    const galleryBefore = await snapshotTable("home_gallery");
    try {
      // The first gallery picture described behind the admin's back; the saves below
      // publish it too.
      const galleryAlt = "Elders planting saplings in the courtyard";
      const [first] = [...galleryBefore].sort(
        (a, b) => Number(a.sort_order) - Number(b.sort_order),
      );
      const service = await serviceClient();
      const { error } = await service
        .from("home_gallery")
        .update({ image_alt: galleryAlt })
        .eq("id", String(first?.id));
      if (error) throw new Error(`could not describe a gallery picture: ${error.message}`);

      await signInAsAdmin(page);
      await expectLive(page);
      await page.goto("/admin/home-management#causes");

      // A new picture with no words gets a gentle prompt, which the form passes axe with
      // (checked before any save: no toast is showing).
      await page
        .getByRole("list", { name: "Causes Management", exact: true })
        .getByRole("button", { name: "Edit Healthcare for All" })
        .click();
      const form = page.getByRole("dialog", { name: "Edit Cause" });
      await form.getByLabel("or paste an image address").fill("/images/seed/cause-relief.jpg");
      const prompt = form.getByRole("status").filter({ hasText: "New picture" });
      await expect(prompt).toHaveText(
        "New picture: add a short description of it, or tick Decorative picture if it adds nothing.",
      );
      await expect(form.getByRole("textbox", { name: "Alt text" })).toHaveAccessibleDescription(
        /^Describe the picture for people who cannot see it\..*New picture: add a short description/,
      );
      await expectNoAxeViolations(page);
      await form.getByRole("button", { name: "Cancel" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Discard" }).click();
      await expect(form).toBeHidden();

      const alt = `A girl reading under a mango tree (${Date.now().toString(36)})`;
      await editCause(page, DESCRIBED, async (dialog) => {
        const field = dialog.getByRole("textbox", { name: "Alt text" });
        await expect(field).toHaveValue("");
        await field.fill(alt);
      });
      await editCause(page, DECORATIVE, async (dialog) => {
        const decorative = dialog.getByRole("checkbox", {
          name: "Decorative picture (no description)",
        });
        await expect(decorative).not.toBeChecked();
        await decorative.check();
      });
      await expectPublished(page);

      const visitor = await context.newPage();
      const picture = (title: string) =>
        visitor
          .getByRole("region", { name: "Our Causes" })
          .last()
          .locator("article")
          .filter({ hasText: title })
          .locator("img");
      await expect(async () => {
        await visitor.goto("/");
        await expect(picture(DESCRIBED)).toHaveAttribute("alt", alt, { timeout: 1000 });
      }).toPass({ timeout: 60_000 });
      await expect(picture(DECORATIVE)).toHaveAttribute("alt", "");
      // A cause nobody described keeps the default words: its title.
      await expect(picture("Healthcare for All")).toHaveAttribute("alt", "Healthcare for All");

      const card = visitor.getByRole("button", { name: "View Home Gallery Image 1" });
      await expect(card).toHaveAccessibleDescription(galleryAlt);
      await expect(
        visitor.getByRole("button", { name: "View Home Gallery Image 2" }),
      ).toHaveAccessibleDescription("");
      await expectNoAxeViolations(visitor);
      await card.scrollIntoViewIfNeeded();
      await waitForIsland(islandOf(visitor, '[aria-label="View Home Gallery Image 1"]'));
      await card.click();
      const viewer = visitor.getByRole("dialog", { name: "Image viewer" });
      await expect(viewer.getByRole("img", { name: galleryAlt })).toBeVisible();
      await expect(viewer.locator("figcaption")).toHaveText("Home Gallery Image 1");
      await expectNoAxeViolations(visitor);
      await visitor.close();
    } finally {
      await restoreTable("causes", before);
      await restoreTable("home_gallery", galleryBefore);
    }
  });
});
