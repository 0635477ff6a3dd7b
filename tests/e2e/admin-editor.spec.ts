// What an editor meets when something is wrong, in a real browser against the embedded
// stack: a cleared About figure is refused under its field and never stored as 0; a
// request that cannot reach the server says so in words, never the browser's; a
// delete's question names the item; and toasts hide neither Back to Dashboard nor
// Logout, the same message twice making one toast. Nothing here is saved; the tables
// touched are put back as they were all the same.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { about } from "../../admin-island/src/content/resources/home.ts";
import { projects } from "../../admin-island/src/content/resources/showcase.ts";
import {
  publishStatus,
  restoreTable,
  serviceClient,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";

const PROJECTS_PATH = "/admin/projects-management";

/** Every write to the projects table fails as if the server were down; reads go through. */
async function projectWritesFail(page: Page): Promise<void> {
  await page.route("**/rest/v1/projects**", async (route) => {
    if (route.request().method() === "GET") await route.continue();
    else await route.abort("failed");
  });
}

/** The first project's card and its title, once the list has loaded. */
async function firstProject(page: Page): Promise<{ card: Locator; title: string }> {
  const card = page
    .getByRole("list", { name: projects.texts.heading, exact: true })
    .locator(":scope > li")
    .first();
  const title = (await card.getByRole("heading").first().textContent())?.trim() ?? "";
  expect(title).not.toBe("");
  return { card, title };
}

/** A table's rows in the order of their ids, to compare before and after. */
async function rowsOf(table: string): Promise<Record<string, unknown>[]> {
  return (await snapshotTable(table)).sort((a, b) => String(a.id).localeCompare(String(b.id)));
}

type Box = { x: number; y: number; width: number; height: number };

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Where a toast rests. The page asks for reduced motion first (sonner then places its
 * toasts without sliding them), so the box read is the resting one even on a loaded
 * machine, where a slide could outlast any wait (as it did in CI).
 */
async function settledBox(toast: Locator): Promise<Box | null> {
  await expect(toast).toHaveAttribute("data-mounted", "true");
  let last: Box | null = null;
  // Settled: two readings in a row give the same box.
  await expect
    .poll(
      async () => {
        const box = await toast.boundingBox();
        const same = box !== null && JSON.stringify(box) === JSON.stringify(last);
        last = box;
        return same;
      },
      { message: "the toast comes to rest, still shown", intervals: [100], timeout: 10_000 },
    )
    .toBe(true);
  return last;
}

/** No toast covers the header's Back to Dashboard or Logout. */
async function expectToastsClearOfHeader(page: Page): Promise<void> {
  const controls = [
    page.getByRole("link", { name: "Back to Dashboard" }),
    page.getByRole("button", { name: "Logout" }),
  ];
  const shown = await toasts(page).all();
  expect(shown.length).toBeGreaterThan(0);
  for (const control of controls) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    for (const toast of shown) {
      const toastBox = await settledBox(toast);
      expect(toastBox).not.toBeNull();
      if (box && toastBox) expect(overlaps(box, toastBox)).toBe(false);
    }
  }
}

test.describe("refused and failed saves @desktop", () => {
  test("refuses a blank Years of Service under the field and stores nothing", async ({ page }) => {
    const before = await snapshotTable("about_content");
    try {
      const writes: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("/rest/v1/about_content") && request.method() !== "GET") {
          writes.push(request.method());
        }
      });
      await signInAsAdmin(page, "/admin/home-management#about");
      const form = page.getByRole("form", { name: "Edit About Content" });
      const years = page.locator("#field-years_of_service");
      await expect(years).not.toHaveValue("");
      await years.fill("");
      await form.getByRole("button", { name: about.texts.updateSubmit }).click();

      await expect(page.locator("#field-years_of_service-error")).toHaveText(
        "Please enter a whole number.",
      );
      await expect(years).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByRole("alert")).toHaveText("Please fix the highlighted fields.");
      await expect(toasts(page).filter({ hasText: about.texts.updated })).toHaveCount(0);
      expect(writes).toEqual([]);
      const { data } = await (await serviceClient())
        .from("about_content")
        .select("id, years_of_service");
      expect(data).toEqual(
        before.map((row) => ({ id: row.id, years_of_service: row.years_of_service })),
      );
    } finally {
      await restoreTable("about_content", before);
    }
  });

  test("says in words that the server could not be reached", async ({ page }) => {
    const before = await rowsOf("projects");
    try {
      await signInAsAdmin(page, PROJECTS_PATH);
      const { card } = await firstProject(page);
      await projectWritesFail(page);
      await card.getByRole("button", { name: /^Edit/ }).click();
      const dialog = page.getByRole("dialog", { name: projects.texts.editTitle });
      await dialog.locator("#field-title").fill(`Renamed ${Date.now()}`);
      await dialog.getByRole("button", { name: projects.texts.updateSubmit }).click();

      const toast = toasts(page).filter({ hasText: projects.texts.saveError });
      await expect(toast).toHaveCount(1);
      await expect(toast).toContainText("Check your connection.");
      for (const text of await toasts(page).allTextContents()) {
        expect(text).not.toMatch(/TypeError|Failed to fetch|FetchError/);
      }
      await expect(dialog).not.toContainText(/TypeError|Failed to fetch/);
      expect(await rowsOf("projects")).toEqual(before);
    } finally {
      await restoreTable("projects", before);
    }
  });

  test("names the item in its delete question", async ({ page }) => {
    const before = await rowsOf("projects");
    try {
      await signInAsAdmin(page, PROJECTS_PATH);
      const { card, title } = await firstProject(page);
      await card.getByRole("button", { name: `Delete ${title}` }).click();
      const question = page.getByRole("alertdialog", { name: `Delete "${title}"?` });
      await expect(question).toBeVisible();
      await expect(question).toContainText(projects.texts.confirmDelete);
      await question.getByRole("button", { name: "Cancel" }).click();
      await expect(question).toBeHidden();
      expect(await rowsOf("projects")).toEqual(before);
    } finally {
      await restoreTable("projects", before);
    }
  });
});

/** Signs in on the projects screen with writes failing; answers the first card's toggle. */
async function failingToggle(page: Page): Promise<Locator> {
  await signInAsAdmin(page, PROJECTS_PATH);
  const { card, title } = await firstProject(page);
  await projectWritesFail(page);
  const name = title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return card.getByRole("button", { name: new RegExp(`^(Deactivate|Activate) ${name}$`) });
}

for (const tag of ["@desktop", "@phone"]) {
  test(`toasts hide neither Back to Dashboard nor Logout ${tag}`, async ({ page }) => {
    const before = await rowsOf("projects");
    try {
      await page.emulateMedia({ reducedMotion: "reduce" });
      const toggle = await failingToggle(page);
      await toggle.click();
      await expect(toasts(page).filter({ hasText: projects.texts.statusError })).toHaveCount(1);
      // The pointer rests on the toast, which holds it (sonner pauses a toast's timer
      // while its list is hovered): on a loaded machine its 6 s could otherwise run out
      // while it is measured, as it did in CI.
      await toasts(page).first().hover();
      // Toasts stay put while the page scrolls: with the header in view, they miss it.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectToastsClearOfHeader(page);
      expect(await rowsOf("projects")).toEqual(before);
    } finally {
      await restoreTable("projects", before);
    }
  });
}

test("the same message twice makes one toast @desktop", async ({ page }) => {
  const before = await rowsOf("projects");
  try {
    const toggle = await failingToggle(page);
    const failed = toasts(page).filter({ hasText: projects.texts.statusError });
    await toggle.click();
    await expect(failed).toHaveCount(1);
    await expect(toggle).toBeEnabled();
    const again = page.waitForEvent("requestfailed", (request) =>
      request.url().includes("/rest/v1/projects"),
    );
    await toggle.click();
    // Well within the first toast's 6 seconds: still one toast.
    await again;
    await expect(toggle).toBeEnabled();
    await expect(failed).toHaveCount(1);
    expect(await rowsOf("projects")).toEqual(before);
  } finally {
    await restoreTable("projects", before);
  }
});

for (const tag of ["@desktop", "@phone"]) {
  test(`a save low on a long page keeps the publish status and its Undo in sight until live ${tag}`, async ({
    page,
  }) => {
    test.slow();
    const before = await snapshotTable("about_content");
    try {
      await signInAsAdmin(page, "/admin/home-management#about");
      const form = page.getByRole("form", { name: "Edit About Content" });
      const mission = page.locator("#field-our_mission");
      await mission.fill(`Care for all (${Date.now()}).`);
      const save = form.getByRole("button", { name: "Save About Content" });
      await save.scrollIntoViewIfNeeded();
      await expect(page.getByRole("banner")).not.toBeInViewport();
      await save.click();
      // The header is scrolled away: the status is docked at the top of the window,
      // with the change's Undo, which outlives its toast.
      const status = publishStatus(page);
      await expect(status).toBeInViewport();
      const undo = page.getByRole("button", { name: `Undo: ${about.texts.updated}` });
      await expect(undo).toBeInViewport();
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
      await expect(status).toContainText(/Publishing|Live/);
      // Once the change is live there is nothing left to undo there.
      await expect(status).toContainText("Live", { timeout: 150_000 });
      await expect(undo).toHaveCount(0);
      await expect(status).toBeInViewport();
    } finally {
      await restoreTable("about_content", before);
    }
  });
}

test.describe("the editor's words @desktop", () => {
  test("Home Management's Gallery says no page shows its pictures, and leads to Home Gallery", async ({
    page,
  }) => {
    await signInAsAdmin(page, "/admin/home-management");
    await expect(
      page.getByRole("link", { name: /Gallery.*not shown on the website/ }),
    ).toBeVisible();
    await page.goto("/admin/home-management#gallery");
    const notice = page.getByText(/not shown on any page of the website/);
    await expect(notice).toBeVisible();
    await page.getByRole("link", { name: "Open Home Gallery" }).click();
    await page.waitForURL("**/admin/home-gallery-management");
  });

  test("a file that is no picture, and a cause missing only its image, are named as such", async ({
    page,
  }) => {
    await signInAsAdmin(page, "/admin/home-management#causes");
    await page.getByRole("button", { name: "Add Cause" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Cause" });
    await dialog.getByLabel("Image file for Cause Image").setInputFiles([
      {
        name: "notes.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("meeting notes, not a photo"),
      },
    ]);
    await expect(
      dialog.getByText("This file is not a picture (JPEG, PNG, GIF, WebP or AVIF)."),
    ).toBeVisible({ timeout: 15_000 });
    await dialog.locator("#field-title").fill("Clean Water");
    await dialog.locator("#field-description").fill("Wells for two villages");
    await dialog.getByRole("button", { name: "Create Cause" }).click();
    await expect(
      dialog.getByRole("alert").filter({ hasText: /^Please upload the Cause Image\.$/ }),
    ).toBeVisible();
  });
});
