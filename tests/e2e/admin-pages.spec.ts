// The fixed pages' words are content: on the Pages screen, grouped under the page they
// appear on, an editor changes Our History's heading and one of its milestones, and
// both go live on the page.
import { expect, test } from "@playwright/test";
import {
  expectPublished,
  expectToast,
  restoreTable,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";

test.describe("pages", () => {
  test.describe.configure({ timeout: 240_000 });

  test("Our History's heading and a milestone, edited on the Pages screen, go live", async ({
    page,
    context,
  }) => {
    const before = {
      words: await snapshotTable("history_page"),
      milestones: await snapshotTable("milestones"),
    };
    try {
      await signInAsAdmin(page, "/admin/pages");
      // The screen says which page each block is on, and links to it.
      const history = page.getByRole("region", { name: "Our History" });
      await expect(
        history.getByRole("link", { name: /Open \/about\/our-history\// }),
      ).toBeVisible();

      const stamp = String(Date.now()).slice(-6);
      const heading = `Our Story So Far ${stamp}`;
      await history.getByRole("link", { name: /Page words/ }).click();
      const form = page.getByRole("form", { name: "Edit Our History Page Words" });
      await expect(form.locator("#field-intro_title")).toHaveValue("Our History");
      await form.locator("#field-intro_title").fill(heading);
      await form.getByRole("button", { name: "Save Page Words" }).click();
      await expectToast(page, "Page words saved. The site shows them once it is published.");

      await page.getByRole("button", { name: "Back to Pages" }).click();
      await page
        .getByRole("region", { name: "Our History" })
        .getByRole("link", { name: /Milestones/ })
        .click();
      const list = page.getByRole("list", { name: "Our History: Milestones", exact: true });
      const first = list.locator(":scope > li").first();
      await expect(first).toContainText("2009: Two rooms and an open door");
      await first.getByRole("button", { name: /^Edit/ }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Milestone" });
      const title = `A door opened ${stamp}`;
      await dialog.locator("#field-title").fill(title);
      await dialog.getByRole("button", { name: "Update Milestone" }).click();
      await expect(dialog).toBeHidden();
      await expectPublished(page);

      const visitor = await context.newPage();
      await visitor.goto("/about/our-history/");
      await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(visitor.getByRole("heading", { level: 3, name: title })).toBeVisible();
      await expect(visitor).toHaveTitle(/^Our History \|/);
      await visitor.close();
    } finally {
      await restoreTable("history_page", before.words);
      await restoreTable("milestones", before.milestones);
    }
  });
});
