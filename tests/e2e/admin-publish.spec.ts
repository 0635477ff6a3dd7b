// Publishing: a save goes live on its own and the admin shows when; a failed build
// says so while the previous site stays served.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  adminDataDir,
  hostSettled,
  publishRuns,
  publishStatus,
  renameFirstBanner,
  restoreTable,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";

test.describe("publishing @desktop", () => {
  test.describe.configure({ timeout: 180_000 });

  test("an edited banner title goes live, and the admin shows Publishing... then Live", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("banners");
    try {
      await signInAsAdmin(page);
      const status = publishStatus(page);
      await expect(status).toContainText("Live", { timeout: 60_000 });

      // One save asks for one build: the page's one publisher asks, once.
      const asked: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && request.url().endsWith("/functions/v1/publish")) {
          asked.push(request.postData() ?? "");
        }
      });
      const title = `Fresh from the admin ${Date.now().toString(36)}`;
      await renameFirstBanner(page, title);
      await expect(status).toContainText("Publishing...");
      await expect(status).toContainText("Live", { timeout: 120_000 });
      expect(asked).toEqual([JSON.stringify({ action: "publish" })]);

      const visitor = await context.newPage();
      await visitor.goto("/");
      await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
      await visitor.close();
    } finally {
      await restoreTable("banners", before);
    }
  });

  test("'Publish now' with nothing new says the site is up to date and builds nothing", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    const status = publishStatus(page);
    await expect(status).toContainText("Live", { timeout: 120_000 });
    // Whatever an earlier test left building has settled.
    await hostSettled();
    const before = await publishRuns();

    await page.getByRole("button", { name: "Publish now" }).click();
    // Said once the admin has read the site afresh, instead of asking for a build: a
    // build asked for would have been recorded as a run already.
    await expect(status).toContainText("Already up to date");
    await expect(status).toContainText("Live");
    expect(await publishRuns()).toEqual(before);
  });

  test("a failed build shows 'Publish failed' and the previous site stays served", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("banners");
    try {
      await signInAsAdmin(page);
      const status = publishStatus(page);
      await expect(status).toContainText("Live", { timeout: 120_000 });
      const visitor = await context.newPage();
      await visitor.goto("/");
      const liveHeading = await visitor.getByRole("heading", { level: 1 }).first().textContent();

      // The local rebuilder's rehearsal switch: the next build fails with this reason.
      await hostSettled();
      await writeFile(
        join(adminDataDir, "fail-next-build"),
        "Rehearsal: this build was stopped on purpose.",
      );
      const title = `Never published ${Date.now().toString(36)}`;
      await renameFirstBanner(page, title);
      await expect(status).toContainText("Publish failed", { timeout: 120_000 });
      await expect(status).toContainText("Rehearsal: this build was stopped on purpose.");
      await expect(status).toContainText("The site still shows the previous version.");

      await visitor.reload();
      await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);
      await expect(visitor.getByRole("heading", { level: 1 }).first()).toHaveText(
        liveHeading ?? "",
      );

      // Publishing again succeeds.
      await page.getByRole("button", { name: "Publish now" }).click();
      await expect(status).toContainText("Live", { timeout: 120_000 });
      await visitor.reload();
      await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
      await visitor.close();

      // The dashboard lists both: the newest published, the one before failed with its reason.
      await page.goto("/admin/dashboard");
      const publishes = page
        .getByRole("region", { name: "Recent publishes" })
        .getByRole("listitem");
      await expect(publishes.first()).toContainText("Published");
      await expect(publishes.nth(1)).toContainText("Failed");
      await expect(publishes.nth(1)).toContainText("Rehearsal: this build was stopped on purpose.");
    } finally {
      await restoreTable("banners", before);
    }
  });
});
