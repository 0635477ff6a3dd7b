// The editor's safety net in a real browser against the embedded stack: a gallery
// reordered by mouse and by keyboard, a version restored from a record's History, a
// deleted record restored from the Trash, and a delete undone from its toast; each
// published, and the public site followed.
import { type CDPSession, expect, type Page, test } from "@playwright/test";
import {
  expectLive,
  expectPublished,
  expectToast,
  renameFirstBanner,
  restoreTable,
  serviceClient,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";

/** The public gallery's pictures, in the order shown: each picture's built address. */
async function publicGallery(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const pictures = page.getByRole("button", { name: /^View .+ Gallery Image \d+$/ }).locator("img");
  return pictures.evaluateAll((images) => images.map((image) => image.getAttribute("src") ?? ""));
}

async function galleryOrder(table: string): Promise<{ id: string; image_url: string }[]> {
  const { data, error } = await (await serviceClient())
    .from(table)
    .select("id, image_url, sort_order")
    .eq("is_active", true)
    .order("sort_order");
  if (error) throw new Error(error.message);
  return data as { id: string; image_url: string }[];
}

test.describe("the safety net @desktop", () => {
  test.describe.configure({ timeout: 300_000 });

  test("a gallery reordered by mouse and by keyboard goes live in that order", async ({
    page,
    context,
  }) => {
    const table = "medical_gallery";
    const before = await snapshotTable(table);
    try {
      await signInAsAdmin(page, "/admin/medical-gallery-management");
      // The site live with everything saved, published first if it is not.
      await expectLive(page, { publishIfNeeded: true });
      // Each stored picture's address on the live site, read while both agree.
      const visitor = await context.newPage();
      const shown = await publicGallery(visitor, "/medical/");
      const stored = await galleryOrder(table);
      expect(shown).toHaveLength(stored.length);
      const builtAddress = new Map(stored.map((row, index) => [row.image_url, shown[index]]));

      const tiles = page.getByRole("list", { name: "Gallery images" }).locator(":scope > li");
      await expect(tiles.first()).toBeVisible();
      const ids = stored.map((row) => row.id);

      // Mouse: the first picture's handle, dragged onto the third picture.
      const handle = page.getByRole("button", { name: "Move Medical Gallery Image 1" });
      await tiles.nth(2).scrollIntoViewIfNeeded();
      const from = await handle.boundingBox();
      const to = await tiles.nth(2).boundingBox();
      if (!from || !to) throw new Error("the tiles are not laid out");
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
      await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
      await expect(tiles.nth(0)).toHaveAttribute("data-dragging", "true");
      await page.mouse.up();
      await expectToast(page, "New order saved.");
      const afterMouse = [ids[1], ids[2], ids[0], ...ids.slice(3)];
      await expect
        .poll(async () => (await galleryOrder(table)).map((row) => row.id))
        .toEqual(afterMouse);
      await expect(tiles.nth(2).getByText("#3")).toBeVisible();

      // Keyboard: space picks the (new) first picture up, the arrow moves it on, space drops it.
      await page.getByRole("button", { name: "Move Medical Gallery Image 1" }).focus();
      const announcement = page.locator('[id^="DndLiveRegion"]');
      await page.keyboard.press("Space");
      await expect(announcement).toHaveText(
        `Picked up Medical Gallery Image 1, picture 1 of ${ids.length}.`,
      );
      // dnd-kit listens for the keys only from a timer set when the drag starts (its
      // KeyboardSensor), which a busy page may run after the announcement shows: a timer
      // set now runs after it.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      await page.keyboard.press("ArrowRight");
      await expect(announcement).toHaveText(
        `Medical Gallery Image 1 is now picture 2 of ${ids.length}.`,
      );
      await page.keyboard.press("Space");
      await expect(announcement).toHaveText(
        `Medical Gallery Image 1 dropped, picture 2 of ${ids.length}.`,
      );
      const afterKeys = [afterMouse[1], afterMouse[0], ...afterMouse.slice(2)];
      await expect
        .poll(async () => (await galleryOrder(table)).map((row) => row.id))
        .toEqual(afterKeys);
      // The handle keeps focus, so the next move can follow at once.
      await expect(
        page.getByRole("button", { name: "Move Medical Gallery Image 2" }),
      ).toBeFocused();

      await expectPublished(page);
      const orderNow = await galleryOrder(table);
      expect(await publicGallery(visitor, "/medical/")).toEqual(
        orderNow.map((row) => builtAddress.get(row.image_url)),
      );
      await visitor.close();
    } finally {
      await restoreTable(table, before);
    }
  });

  test("a text restored from History goes live", async ({ page, context }) => {
    const before = await snapshotTable("banners");
    try {
      await signInAsAdmin(page);
      // The site live with everything saved, published first if it is not.
      await expectLive(page, { publishIfNeeded: true });
      const stamp = Date.now().toString(36);
      const wanted = `Banner words to keep ${stamp}`;
      await renameFirstBanner(page, wanted);
      await expectToast(page, "Banner updated successfully!");
      await renameFirstBanner(page, `Banner words by mistake ${stamp}`);

      const firstCard = page
        .getByRole("list", { name: "Banner Management", exact: true })
        .locator(":scope > li")
        .first();
      await firstCard.getByRole("button", { name: /^History/ }).click();
      const dialog = page.getByRole("dialog", { name: /^History of / });
      const changes = dialog.getByRole("list", { name: "Changes, newest first" });
      const latest = changes.locator(":scope > li").first();
      await expect(latest).toContainText(`Title: “${wanted}” → “Banner words by mistake ${stamp}”`);
      await expect(latest).toContainText("by e2e-admin@helpinghands.example");
      const keep = changes.locator(":scope > li").nth(1);
      await expect(keep).toContainText(`→ “${wanted}”`);
      await keep.getByRole("button", { name: "Restore this version" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
      await expectToast(page, "Version restored.");
      await expect(dialog).toBeHidden();
      await expect(firstCard.getByRole("heading", { level: 3 })).toHaveText(wanted);

      await expectPublished(page);
      const visitor = await context.newPage();
      await visitor.goto("/");
      await expect(visitor.getByRole("heading", { name: wanted })).toBeVisible();
      await visitor.close();
    } finally {
      await restoreTable("banners", before);
    }
  });

  test("a version restored from History brings back its words, never its old place: positions stay apart, in the site's order", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("banners");
    try {
      const service = await serviceClient();
      await signInAsAdmin(page);
      const stamp = Date.now().toString(36);
      const wanted = `Banner words from its first place ${stamp}`;
      await renameFirstBanner(page, wanted);
      await expectToast(page, "Banner updated successfully!");
      // Then it moves from #1 to #2, as a reorder does: through a free place.
      const { data: rows } = await service
        .from("banners")
        .select("id, sort_order")
        .order("sort_order");
      const [first, second] = (rows ?? []) as { id: string; sort_order: number }[];
      if (!first || !second) throw new Error("the seed has fewer than two banners");
      for (const [id, place] of [
        [first.id, 9999],
        [second.id, first.sort_order],
        [first.id, second.sort_order],
      ] as const) {
        const moved = await service.from("banners").update({ sort_order: place }).eq("id", id);
        expect(moved.error).toBeNull();
      }
      await page.reload();
      const list = page.getByRole("list", { name: "Banner Management", exact: true });
      const card = list.locator(":scope > li").filter({ hasText: wanted });
      await expect(card.getByText(`#${second.sort_order + 1}`, { exact: true })).toBeVisible();
      // Its words change again where it is now.
      await card.getByRole("button", { name: /^Edit/ }).click();
      const edit = page.getByRole("dialog", { name: "Edit Banner" });
      await edit.locator("#field-title").fill(`Later words ${stamp}`);
      await edit.getByRole("button", { name: "Update Banner" }).click();
      await expectToast(page, "Banner updated successfully!");

      // Restoring the version it had at #1 brings back the words, and it stays #2.
      const moved = list.locator(":scope > li").nth(1);
      await moved.getByRole("button", { name: /^History/ }).click();
      const dialog = page.getByRole("dialog", { name: /^History of / });
      const keep = dialog
        .getByRole("list", { name: "Changes, newest first" })
        .locator(":scope > li")
        .filter({ hasText: `→ “${wanted}”` })
        .first();
      await keep.getByRole("button", { name: "Restore this version" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Restore" }).click();
      await expectToast(page, "Version restored.");
      await expect(dialog).toBeHidden();
      const restored = list.locator(":scope > li").nth(1);
      await expect(restored.getByRole("heading", { level: 3 })).toHaveText(wanted);
      await expect(restored.getByText(`#${second.sort_order + 1}`, { exact: true })).toBeVisible();
      // No two cards share a place, and they count up from #1.
      const places = await list
        .locator(":scope > li")
        .getByText(/^#\d+$/)
        .allTextContents();
      expect(places).toEqual(places.map((_, index) => `#${index + 1}`));

      // The site shows the banners in the admin's order.
      const adminTitles = await list.getByRole("heading", { level: 3 }).allTextContents();
      await expectPublished(page);
      const visitor = await context.newPage();
      await visitor.goto("/");
      const slides = await visitor.locator("[aria-roledescription='slide'] h2").allTextContents();
      const shown = slides
        .map((title) => title.trim())
        .filter((title) => adminTitles.includes(title));
      expect(shown.slice(0, 2)).toEqual(adminTitles.slice(0, 2));
      await visitor.close();
    } finally {
      await restoreTable("banners", before);
    }
  });

  test("a deleted project restored from the Trash is back on the site", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("projects");
    try {
      const title = `Rain tanks ${Date.now().toString(36)}`;
      const { data: project, error } = await (await serviceClient())
        .from("projects")
        .insert({ title, description: "Tanks for dry months", category_name: "Water" })
        .select()
        .single();
      expect(error).toBeNull();

      await signInAsAdmin(page, "/admin/projects-management");
      const card = page
        .getByRole("list", { name: "Projects Management", exact: true })
        .locator(":scope > li")
        .filter({ hasText: title });
      await card.getByRole("button", { name: /^Delete/ }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expectToast(page, "Project deleted successfully!");
      await expect(card).toHaveCount(0);

      await page.goto("/admin/dashboard");
      await page.getByRole("link", { name: /^Trash/ }).click();
      await page.waitForURL("**/admin/trash");
      const deleted = page
        .getByRole("list", { name: "Deleted records, newest first" })
        .getByRole("listitem")
        .filter({ hasText: title });
      await expect(deleted).toContainText("Projects");
      await expect(deleted).toContainText("Deleted by e2e-admin@helpinghands.example");
      await expect(deleted).toContainText("Removed for good on");
      await deleted.getByRole("button", { name: `Restore ${title}` }).click();
      await expectToast(page, `${title} restored.`);
      await expect(deleted).toHaveCount(0);
      const { data: back } = await (await serviceClient())
        .from("projects")
        .select("id, title")
        .eq("id", project?.id);
      expect(back).toEqual([{ id: project?.id, title }]);

      await expectPublished(page);
      const visitor = await context.newPage();
      await visitor.goto("/projects/");
      await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
      await visitor.close();
    } finally {
      await restoreTable("projects", before);
    }
  });

  test("a delete is undone from its toast", async ({ page }) => {
    const before = await snapshotTable("causes");
    try {
      await signInAsAdmin(page, "/admin/home-management#causes");
      const cards = page.getByRole("list", { name: "Causes Management", exact: true });
      const first = cards.locator(":scope > li").first();
      const title = (await first.getByRole("heading", { level: 3 }).textContent()) ?? "";
      const id = before.find((row) => row.title === title)?.id;
      await first.getByRole("button", { name: /^Delete/ }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      const toast = page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "Cause deleted successfully!" });
      await expect(toast).toBeVisible();
      await expect(cards.getByRole("heading", { name: title, exact: true })).toHaveCount(0);

      await toast.getByRole("button", { name: "Undo" }).click();
      await expectToast(page, "Change undone.");
      await expect(cards.getByRole("heading", { name: title, exact: true })).toBeVisible();
      const { data } = await (await serviceClient()).from("causes").select("id").eq("title", title);
      expect(data).toEqual([{ id }]);
      // Undone, so not in the trash.
      await page.goto("/admin/trash");
      await expect(page.getByRole("heading", { name: "Deleted records" })).toBeVisible();
      await expect(page.getByRole("heading", { name: title, exact: true })).toHaveCount(0);
    } finally {
      await restoreTable("causes", before);
    }
  });
});

test.describe("the safety net on a phone @phone", () => {
  test("a card list is reordered by touch: press and hold the handle, then drag", async ({
    page,
  }) => {
    const before = await snapshotTable("causes");
    let touch: CDPSession | undefined;
    try {
      await signInAsAdmin(page, "/admin/home-management#causes");
      const cards = page
        .getByRole("list", { name: "Causes Management", exact: true })
        .locator(":scope > li");
      await expect(cards.nth(1)).toBeVisible();
      const stored = await (await serviceClient()).from("causes").select("id").order("sort_order");
      const ids = (stored.data ?? []).map((row) => row.id as string);
      const title = await cards.first().getByRole("heading", { level: 3 }).textContent();
      const handle = page.getByRole("button", { name: `Move ${title}` });
      // The handle near the top of the screen, so the drag stays clear of the edge
      // where the list would scroll along.
      await handle.evaluate((element) =>
        window.scrollBy(0, element.getBoundingClientRect().top - 100),
      );
      const from = await handle.boundingBox();
      const first = await cards.first().boundingBox();
      const second = await cards.nth(1).boundingBox();
      if (!from || !first || !second) throw new Error("the cards are not laid out");
      // Real touch input: held until the drag starts, then moved down until the card is
      // nearer the second card's place than its own.
      touch = await page.context().newCDPSession(page);
      const point = (x: number, y: number) => [{ x, y, id: 1 }];
      const x = from.x + from.width / 2;
      const y = from.y + from.height / 2;
      const distance = (second.y - first.y) * 0.75;
      // dnd-kit's TouchSensor starts the drag from its own timer once the finger has
      // rested on the handle for its delay, without any move: the card then says it is
      // being dragged.
      await touch.send("Input.dispatchTouchEvent", {
        type: "touchStart",
        touchPoints: point(x, y),
      });
      await expect(cards.first()).toHaveAttribute("data-dragging", "true");
      const steps = 12;
      for (let step = 1; step <= steps; step += 1) {
        await touch.send("Input.dispatchTouchEvent", {
          type: "touchMove",
          touchPoints: point(x, y + (distance * step) / steps),
        });
      }
      // Dropped once the list has taken the card's new place: its live region (one per
      // list on this page) says so.
      const moved = `${title} is now card 2 of ${ids.length}.`;
      await expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: moved })).toHaveText(
        moved,
      );
      await expect(cards.first()).toHaveAttribute("data-dragging", "true");
      await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      await expectToast(page, "New order saved.");
      await expect
        .poll(async () => {
          const { data } = await (await serviceClient())
            .from("causes")
            .select("id")
            .order("sort_order");
          return (data ?? []).map((row) => row.id as string);
        })
        .toEqual([ids[1], ids[0], ...ids.slice(2)]);
    } finally {
      await touch?.detach();
      await restoreTable("causes", before);
    }
  });
});
