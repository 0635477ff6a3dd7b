// The programme galleries: many pictures at once with per-file progress, resized and
// stripped of their metadata (GPS included) before they reach Storage, statistics,
// show/hide and delete; and each gallery's empty state.
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { adminRoutes } from "../../admin-island/src/app/routes.ts";
import { galleryDefinitions } from "../../admin-island/src/content/resources/definitions.ts";
import {
  expectToast,
  restoreTable,
  serviceClient,
  signInAsAdmin,
  snapshotTable,
  withTableEmptied,
} from "./admin-support.ts";

const galleries = adminRoutes.flatMap((route) =>
  route.screen.kind === "gallery"
    ? [{ path: route.path, gallery: galleryDefinitions[route.screen.gallery] }]
    : [],
);

/** A 3000 x 2000 photo carrying a camera model and a GPS position, like a phone's. */
async function photoWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#6a9fd8" } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Camera 12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "27/1 42/1 1234/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "85/1 19/1 0/1",
      },
    })
    .toBuffer();
}

test.describe("gallery management @desktop", () => {
  for (const { path, gallery } of galleries) {
    test(`${path} shows its empty state`, async ({ page }) => {
      await signInAsAdmin(page);
      await withTableEmptied(gallery.table, async () => {
        await page.goto(path);
        await expect(page.getByRole("heading", { name: gallery.heading })).toBeVisible();
        await expect(page.getByText(gallery.empty, { exact: true })).toBeVisible();
        await expect(page.getByText("Total Images")).toHaveCount(0);
      });
    });
  }

  test("uploads several pictures with progress, in order, without their location data", async ({
    page,
  }) => {
    // Resizing a 3000 px photo in the browser, holding each upload to watch its
    // progress, stripping and storing it, then deleting: more than 30 s on a busy machine.
    test.slow();
    const medical = galleries.find((entry) => entry.gallery.table === "medical_gallery");
    if (!medical) throw new Error("no medical gallery route");
    const { path, gallery } = medical;
    const before = await snapshotTable(gallery.table);
    try {
      const photo = await photoWithLocation();
      expect((await sharp(photo).metadata()).exif, "the test photo carries EXIF").toBeDefined();
      const small = await sharp({
        create: { width: 640, height: 480, channels: 3, background: "#d88a6a" },
      })
        .png()
        .toBuffer();

      await signInAsAdmin(page, path);
      await expect(page.getByText("Total Images")).toBeVisible();

      // Slow uploads down so the progress can be seen.
      await page.route("**/functions/v1/media?**", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await page.getByLabel("Choose Images").setInputFiles([
        { name: "camp-day.jpg", mimeType: "image/jpeg", buffer: photo },
        { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") },
        { name: "clinic.png", mimeType: "image/png", buffer: small },
      ]);
      await expect(page.getByText("Uploading Images...")).toBeVisible();
      await expect(page.getByLabel("Choose Images")).toBeDisabled();
      await expect(page.getByRole("progressbar", { name: /Uploading/ }).first()).toBeVisible();
      const progress = page.getByRole("list", { name: "Upload progress" });
      await expect(progress.getByRole("listitem").filter({ hasText: "notes.txt" })).toContainText(
        "Skipped: not an image file",
      );
      // Each picture is resized in the browser, held 700 ms above and stripped by the
      // media function: on a machine busy with a rebuild that takes more than 5 s.
      await expectToast(page, "2 image(s) added successfully!", { timeout: 30_000 });
      await expect(
        progress.getByRole("listitem").filter({ hasText: "camp-day.jpg" }),
      ).toContainText("Added");
      await expect(progress.getByRole("listitem").filter({ hasText: "clinic.png" })).toContainText(
        "Added",
      );
      await expect(page.getByLabel("Choose Images")).toBeEnabled();

      // Consecutive orders after the existing pictures, in the order chosen.
      const service = await serviceClient();
      const { data: rows } = await service
        .from(gallery.table)
        .select("image_url, sort_order, is_active")
        .order("sort_order");
      const added = (rows ?? []).slice(before.length);
      expect(added.map((row) => row.sort_order)).toEqual([before.length, before.length + 1]);
      expect(added.every((row) => row.is_active)).toBe(true);
      const total = before.length + 2;
      const stats = page.locator("dl");
      await expect(stats).toContainText(`Total Images${total}`);

      // The stored photo is resized and carries no EXIF (so no GPS position).
      const stored = Buffer.from(await (await fetch(added[0]?.image_url as string)).arrayBuffer());
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2560);
      expect(meta.width).toBe(2560);
      expect(stored.includes(Buffer.from("PhoneMaker"))).toBe(false);

      // Hide, show and delete one of the new pictures.
      const name = `${gallery.noun} ${total}`;
      await page.getByRole("button", { name: `Hide ${name}` }).click();
      await expectToast(page, "Image hidden from the site.");
      await expect(stats).toContainText("Inactive Images1");
      await page.getByRole("button", { name: `Show ${name}` }).click();
      await expectToast(page, "Image shown on the site.");
      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await expect(page.getByRole("alertdialog")).toContainText(
        "Are you sure you want to delete this image?",
      );
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expectToast(page, "Gallery image deleted successfully!");
      await expect(stats).toContainText(`Total Images${total - 1}`);
    } finally {
      await restoreTable(gallery.table, before);
    }
  });

  test("home management's gallery adds many pictures at once, each titled by its file name", async ({
    page,
  }) => {
    const before = await snapshotTable("gallery_images");
    try {
      const picture = (colour: string) =>
        sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
          .png()
          .toBuffer();
      await signInAsAdmin(page, "/admin/home-management#gallery");
      await page.getByRole("button", { name: "Add Images" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add Images" });
      await dialog.getByLabel("Choose Images").setInputFiles([
        { name: "harvest-day.png", mimeType: "image/png", buffer: await picture("#c9a227") },
        { name: "school-trip.png", mimeType: "image/png", buffer: await picture("#2a7fc9") },
      ]);
      await expect(dialog.getByText("2 picture(s) chosen")).toBeVisible();
      await dialog.locator("#field-category").selectOption("events");
      await dialog.getByRole("button", { name: "Add Images" }).click();
      await expectToast(page, "2 image(s) added successfully!", { timeout: 15_000 });
      await expect(dialog).toBeHidden();

      const { data } = await (await serviceClient())
        .from("gallery_images")
        .select("title, category, sort_order, image_url")
        .in("title", ["harvest-day", "school-trip"])
        .order("sort_order");
      expect(data?.map((row) => [row.title, row.category, row.sort_order])).toEqual([
        ["harvest-day", "events", before.length],
        ["school-trip", "events", before.length + 1],
      ]);
      expect(
        data?.every((row) => String(row.image_url).includes("/storage/v1/object/public/media/")),
      ).toBe(true);
    } finally {
      await restoreTable("gallery_images", before);
    }
  });
});
