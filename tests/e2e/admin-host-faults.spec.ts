// Publishing when the host misbehaves, one fault at a time (scripts/lib/host-faults.ts):
// what the admin says, that visitors keep the last good site, and that the next save
// then goes live with nobody repairing anything. The admin stack runs with a 30 s
// queue limit (playwright.config.ts) so a build the host never starts fails quickly.
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
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

const QUEUE_LIMIT_MS = 30_000;

interface Fault {
  fault: string;
  /** What the admin shows once the host has failed (or is still deploying). */
  says: RegExp;
  /** How long that may take. */
  within: number;
}

const FAULTS: Fault[] = [
  {
    fault: "never-start",
    says: /Publish failed.*The host never started the build\./,
    within: QUEUE_LIMIT_MS + 60_000,
  },
  { fault: "cancel", says: /Publish failed.*Build was canceled\./, within: 60_000 },
  { fault: "install-fail", says: /Publish failed.*Install dependencies/, within: 60_000 },
  { fault: "build-fail", says: /Publish failed.*host fault/, within: 60_000 },
  {
    fault: "deploy-fail",
    says: /Publish failed.*The host could not deploy the site: .*the upload failed/,
    within: 60_000,
  },
  {
    // A preview build never reports to production: the run waits, then fails as unstarted.
    fault: "preview",
    says: /Publish failed.*The host never started the build\./,
    within: QUEUE_LIMIT_MS + 60_000,
  },
];

async function liveHeading(context: BrowserContext): Promise<{ page: Page; heading: string }> {
  const visitor = await context.newPage();
  await visitor.goto("/");
  const heading = (await visitor.getByRole("heading", { level: 1 }).first().textContent()) ?? "";
  return { page: visitor, heading };
}

test.describe("publishing through a host that fails @desktop", () => {
  test.describe.configure({ mode: "serial", timeout: 240_000 });

  for (const { fault, says, within } of FAULTS) {
    test(`${fault}: the admin says so, visitors keep the last good site, the next save goes live`, async ({
      page,
      context,
    }) => {
      const before = await snapshotTable("banners");
      try {
        await signInAsAdmin(page);
        const status = publishStatus(page);
        await expect(status).toContainText("Live", { timeout: 120_000 });
        const visitor = await liveHeading(context);

        // Only the build this save asks for may play the fault.
        await hostSettled();
        await writeFile(join(adminDataDir, "host-fault"), `${fault}\n`);
        const lost = `Not this time ${fault} ${Date.now().toString(36)}`;
        await renameFirstBanner(page, lost);
        await expect(status).toContainText("Publishing...");
        await expect(status).toHaveText(says, { timeout: within });
        await expect(status).toContainText("The site still shows the previous version.");
        await visitor.page.reload();
        await expect(visitor.page.getByRole("heading", { level: 1 }).first()).toHaveText(
          visitor.heading,
        );

        // The next save, with the host well again: live, with no repair.
        const next = `Live again after ${fault} ${Date.now().toString(36)}`;
        await renameFirstBanner(page, next);
        await expect(status).toContainText("Live", { timeout: 120_000 });
        await visitor.page.reload();
        await expect(visitor.page.getByRole("heading", { name: next })).toBeVisible();
        await visitor.page.close();
      } finally {
        // A fault no build played must not reach a later test.
        await rm(join(adminDataDir, "host-fault"), { force: true });
        await restoreTable("banners", before);
      }
    });
  }

  test("slow-deploy: the admin keeps following a good build until the host puts it live", async ({
    page,
    context,
  }) => {
    const before = await snapshotTable("banners");
    try {
      await signInAsAdmin(page);
      const status = publishStatus(page);
      await expect(status).toContainText("Live", { timeout: 120_000 });
      await hostSettled();
      await writeFile(join(adminDataDir, "host-fault"), "slow-deploy 20000\n");
      const title = `After a slow deploy ${Date.now().toString(36)}`;
      await renameFirstBanner(page, title);
      const visitor = await liveHeading(context);
      // The build is done within seconds (its run succeeded); the site switches only
      // 20 s after it, and meanwhile the admin keeps following it.
      await expect
        .poll(async () => (await publishRuns())[0]?.status, { timeout: 60_000 })
        .toBe("succeeded");
      await expect(status).toContainText("Publishing...");
      await visitor.page.reload();
      await expect(visitor.page.getByRole("heading", { name: title })).toHaveCount(0);
      await expect(status).toContainText("Live", { timeout: 90_000 });
      await visitor.page.reload();
      await expect(visitor.page.getByRole("heading", { name: title })).toBeVisible();
      await visitor.page.close();
    } finally {
      await rm(join(adminDataDir, "host-fault"), { force: true });
      await restoreTable("banners", before);
    }
  });
});
