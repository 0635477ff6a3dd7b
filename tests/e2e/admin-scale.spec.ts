// The admin with many times the seed content, in a real browser against the embedded
// stack: 120 more projects, searched by title, filtered by category and shown 50 at a
// time up to the last; 300 more contact messages, paged to the last page on the
// server, searched by a sender's address, and one of them marked handled.
import { expect, type Page, test } from "@playwright/test";
import {
  expectToast,
  restoreTable,
  serviceClient,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";
import { expectNoAxeViolations } from "./support.ts";

const count = (n: number) => new Intl.NumberFormat("en-US").format(n);

/** A tag for this run's records, in letters only, so no number searched for is in it. */
const letterTag = () =>
  Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => "abcdefghij"[Number(digit)] ?? "");

/** The line under a list's search box that counts its records. */
function listCount(page: Page) {
  return page.getByRole("status").filter({ hasText: /(in total|match)$/ });
}

test.describe("the admin at 50 times the seed content @desktop", () => {
  test.describe.configure({ timeout: 120_000 });

  test("projects: a search finds one of many, a category narrows, Show more reaches the last", async ({
    page,
  }) => {
    const before = await snapshotTable("projects");
    const tag = letterTag();
    const wells = `Wells ${tag}`;
    // Older than every other project, so they follow them, the first one last.
    const start = Date.UTC(2020, 0, 1);
    const added = Array.from({ length: 120 }, (_, i) => ({
      title: `Scale ${tag} project ${i + 1}`,
      description: `A project of the long list, number ${i + 1}`,
      category_name: i % 3 === 0 ? wells : "Education",
      project_status: "ongoing",
      created_at: new Date(start + i * 60_000).toISOString(),
    }));
    try {
      const { error } = await (await serviceClient()).from("projects").insert(added);
      expect(error).toBeNull();
      const total = before.length + added.length;

      await signInAsAdmin(page, "/admin/projects-management");
      const list = page.getByRole("list", { name: "Projects Management", exact: true });
      const cards = list.locator(":scope > li");
      await expect(cards).toHaveCount(50);
      await expect(listCount(page)).toHaveText(`${count(total)} in total`);
      await expect(page.getByText(`Showing 50 of ${count(total)}`)).toBeVisible();

      // A search finds one project by its title, whatever the case.
      const search = page.getByRole("searchbox", { name: "Search" });
      await search.fill(`scale ${tag} PROJECT 117`);
      await expect(cards).toHaveCount(1);
      await expect(cards.first().getByRole("heading")).toHaveText(`Scale ${tag} project 117`);
      await expect(listCount(page)).toHaveText(`1 of ${count(total)} match`);
      await search.fill(`no such project ${tag}`);
      await expect(page.getByText(`No results for “no such project ${tag}”`)).toBeVisible();
      await page.getByRole("button", { name: "Clear search" }).click();
      await expect(search).toBeFocused();
      await expect(cards).toHaveCount(50);

      // The category narrows the list, and a search narrows it further.
      const category = page.getByRole("combobox", { name: "Category" });
      await category.selectOption({ label: `${wells} (40)` });
      await expect(listCount(page)).toHaveText(`40 of ${count(total)} match`);
      await search.fill("project 11");
      await expect(cards.getByRole("heading")).toHaveText([
        `Scale ${tag} project 118`,
        `Scale ${tag} project 115`,
        `Scale ${tag} project 112`,
      ]);
      await search.fill("");
      await category.selectOption({ label: "All categories" });
      await expect(cards).toHaveCount(50);

      // Show more, 50 at a time, to the last project; focus goes to the first new one.
      let shown = 50;
      while (shown < total) {
        const next = Math.min(50, total - shown);
        await page.getByRole("button", { name: `Show ${next} more` }).click();
        await expect(cards).toHaveCount(shown + next);
        await expect(cards.nth(shown)).toBeFocused();
        shown += next;
      }
      await expect(page.getByText(`All ${count(total)} loaded`)).toBeVisible();
      await expect(page.getByRole("button", { name: /^Show \d+ more$/ })).toHaveCount(0);
      await expect(cards.last().getByRole("heading")).toHaveText(`Scale ${tag} project 1`);
      await expectNoAxeViolations(page);
    } finally {
      await restoreTable("projects", before);
    }
  });

  test("the inbox: pages on the server to the last page", async ({ page }) => {
    const before = await snapshotTable("contact_messages");
    const tag = letterTag();
    const start = Date.UTC(2021, 0, 1);
    const sent = Array.from({ length: 300 }, (_, i) => ({
      name: `Scale ${tag} sender ${i + 1}`,
      email: `scale-${tag}-${i + 1}@example.org`,
      subject: `Scale question ${i + 1}`,
      message: `Message ${i + 1} of the long inbox.`,
      inquiry_type: "general",
      created_at: new Date(start + i * 60_000).toISOString(),
    }));
    try {
      const { error } = await (await serviceClient()).from("contact_messages").insert(sent);
      expect(error).toBeNull();
      const total = before.length + sent.length;
      const lastFrom = Math.floor((total - 1) / 25) * 25 + 1;

      await signInAsAdmin(page, "/admin/messages");
      const messages = page.getByRole("list", { name: "Messages", exact: true });
      await expect(page.getByText(`Showing 1–25 of ${count(total)}`)).toBeVisible();
      await expect(messages.getByRole("article")).toHaveCount(25);
      const pages = page.getByRole("navigation", { name: "Pages" });
      await expect(pages.getByText(`Page 1 of ${Math.ceil(total / 25)}`)).toBeVisible();

      await pages.getByRole("button", { name: "Next" }).click();
      await expect(page.getByText(`Showing 26–50 of ${count(total)}`)).toBeVisible();
      await expect(page.getByText(/^Showing 26–50/)).toBeFocused();

      await pages.getByRole("button", { name: "Last page" }).click();
      await expect(
        page.getByText(`Showing ${count(lastFrom)}–${count(total)} of ${count(total)}`),
      ).toBeVisible();
      await expect(messages.getByRole("article").last()).toHaveAccessibleName(
        `Message from Scale ${tag} sender 1: Scale question 1`,
      );
      await expect(pages.getByRole("button", { name: "Next" })).toBeDisabled();
      await expectNoAxeViolations(page);
    } finally {
      await restoreTable("contact_messages", before);
    }
  });

  test("the inbox: a search by a sender's email finds the message, which is marked handled", async ({
    page,
  }) => {
    const before = await snapshotTable("contact_messages");
    const tag = letterTag();
    const sent = Array.from({ length: 300 }, (_, i) => ({
      name: `Scale ${tag} sender ${i + 1}`,
      email: `scale-${tag}-${i + 1}@example.org`,
      subject: `Scale question ${i + 1}`,
      message: `Message ${i + 1} of the long inbox.`,
      inquiry_type: "general",
    }));
    // Words that mean something to LIKE and to PostgREST's filters are searched as written.
    const odd = `Refund ${tag} 50%_off (urgent), "asap" \\ now`;
    const near = `Refund ${tag} 500 off urgent asap now`;
    try {
      const service = await serviceClient();
      const { error } = await service
        .from("contact_messages")
        .insert([
          ...sent,
          ...[odd, near].map((subject) => ({ ...sent[0], subject, email: "refund@example.org" })),
        ]);
      expect(error).toBeNull();

      await signInAsAdmin(page, "/admin/messages");
      await expect(page.getByText(/^Showing 1–25 of /)).toBeVisible();
      const search = page.getByRole("searchbox", { name: "Search" });
      await search.fill(`50%_off (urgent), "asap" \\`);
      await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
      await expect(page.getByRole("article")).toHaveAccessibleName(new RegExp(`${tag} 50%_off`));

      await search.fill(`SCALE-${tag}-42@example.org`);
      await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
      const found = page.getByRole("article", {
        name: `Message from Scale ${tag} sender 42: Scale question 42`,
      });
      await expect(found).toContainText("New");
      await found.getByRole("button", { name: "Mark as handled" }).click();
      await expectToast(page, "Message marked as handled.");
      await expect(found).toContainText("Handled");

      const { data } = await service
        .from("contact_messages")
        .select("handled")
        .eq("email", `scale-${tag}-42@example.org`);
      expect(data).toEqual([{ handled: true }]);
      const { count: unread } = await service
        .from("contact_messages")
        .select("id", { count: "exact", head: true })
        .eq("handled", false);
      const all = before.length + sent.length + 2;
      await expect(
        page.getByText(`${count(unread ?? 0)} new, ${count(all - (unread ?? 0))} handled`),
      ).toBeVisible();
    } finally {
      await restoreTable("contact_messages", before);
    }
  });
});
