// The admin screens beyond the card lists: the about form, contact messages, a save
// over someone else's change, and accessibility at phone and desktop widths (the
// safety net's Trash screen and History and Describe dialogs included).
import { expect, test } from "@playwright/test";
import {
  expectToast,
  restoreTable,
  serviceClient,
  signInAsAdmin,
  snapshotTable,
  withTableEmptied,
} from "./admin-support.ts";
import { expectNoAxeViolations, expectNoCspViolations, recordCspViolations } from "./support.ts";

test.describe("about section @desktop", () => {
  test("checks the required fields and saves the single record", async ({ page }) => {
    const before = await snapshotTable("about_content");
    try {
      await signInAsAdmin(page, "/admin/home-management#about");
      const form = page.getByRole("form", { name: "Edit About Content" });
      await expect(page.getByRole("heading", { name: "About Section Content" })).toBeVisible();
      const text = page.locator("#field-about_text");
      await expect(text).not.toHaveValue("");
      await text.fill("");
      await form.getByRole("button", { name: "Save About Content" }).click();
      // The one field left blank is named.
      await expect(form.getByRole("alert")).toHaveText("Please fill in About Text.");

      const story = `We care for children and elders (${Date.now()}).`;
      await text.fill(story);
      await page.locator("#field-years_of_service").fill("21");
      await form.getByRole("button", { name: "Save About Content" }).click();
      await expectToast(page, "About content saved successfully!");
      const { data } = await (await serviceClient())
        .from("about_content")
        .select("about_text, years_of_service");
      expect(data).toEqual([{ about_text: story, years_of_service: 21 }]);
    } finally {
      await restoreTable("about_content", before);
    }
  });
});

test.describe("contact messages @desktop", () => {
  test("lists messages newest first, marks them handled and deletes them", async ({ page }) => {
    const service = await serviceClient();
    const subject = `Volunteering question ${Date.now()}`;
    const { error } = await service.from("contact_messages").insert({
      name: "Asha <b>Rai</b>",
      email: "asha@example.org",
      subject,
      message: "Can I help on weekends?\n<script>alert(1)</script>",
      inquiry_type: "volunteer",
    });
    expect(error).toBeNull();

    await signInAsAdmin(page, "/admin/messages");
    const message = page.getByRole("article", { name: new RegExp(subject) });
    await expect(message).toContainText("Asha <b>Rai</b>");
    await expect(message).toContainText("<script>alert(1)</script>");
    await expect(message).toContainText("Volunteer");
    await expect(message).toContainText("New");
    await message.getByRole("button", { name: "Mark as handled" }).click();
    await expectToast(page, "Message marked as handled.");
    await expect(message).toContainText("Handled");

    await message.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(
      "Are you sure you want to delete this message?",
    );
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Message deleted successfully!");
    await expect(message).toHaveCount(0);

    await withTableEmptied("contact_messages", async () => {
      await page.reload();
      await expect(page.getByText("No Messages Yet")).toBeVisible();
    });
  });
});

test.describe("concurrent edits @desktop", () => {
  test("a save over someone else's newer change is refused and can be reloaded", async ({
    page,
  }) => {
    const before = await snapshotTable("projects");
    try {
      const service = await serviceClient();
      const { data: project } = await service
        .from("projects")
        .insert({
          title: "Solar lamps",
          description: "Lamps for study",
          category_name: "Education",
        })
        .select()
        .single();
      await signInAsAdmin(page, "/admin/projects-management");
      const cardItem = page
        .getByRole("list", { name: "Projects Management", exact: true })
        .locator(":scope > li")
        .filter({ hasText: "Solar lamps" });
      await cardItem.getByRole("button", { name: /^Edit/ }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Project" });
      await dialog.locator("#field-title").fill("Solar lamps for every room");

      // Another admin saves the same project meanwhile.
      await service
        .from("projects")
        .update({ description: "Their newer description" })
        .eq("id", project?.id);

      await dialog.getByRole("button", { name: "Update Project" }).click();
      await expect(dialog.getByRole("alert")).toContainText(
        "Someone else changed this item after you opened it.",
      );
      const { data: stored } = await service
        .from("projects")
        .select("title, description")
        .eq("id", project?.id);
      expect(stored).toEqual([{ title: "Solar lamps", description: "Their newer description" }]);

      await dialog.getByRole("button", { name: "Reload this item" }).click();
      await expect(dialog.locator("#field-description")).toHaveValue("Their newer description");
      await dialog.locator("#field-title").fill("Solar lamps for every room");
      await dialog.getByRole("button", { name: "Update Project" }).click();
      await expectToast(page, "Project updated successfully!");
      const { data: saved } = await service
        .from("projects")
        .select("title, description")
        .eq("id", project?.id);
      expect(saved).toEqual([
        { title: "Solar lamps for every room", description: "Their newer description" },
      ]);
    } finally {
      await restoreTable("projects", before);
    }
  });
});

test.describe("admin accessibility", () => {
  test("the login page has no axe violations", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    // Until its script has run the form's buttons are disabled (and dimmed); axe is run
    // once they are live, so it never reads a button in the middle of that change.
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
    await expectNoAxeViolations(page);
  });

  test("the dashboard, a list, its form, a gallery and home management have no axe violations", async ({
    page,
  }) => {
    // Axe over several screens, each opened in turn: a busy machine needs over 30 s.
    test.slow();
    // The same screens also run under the site's Content-Security-Policy untouched.
    await recordCspViolations(page);
    await signInAsAdmin(page);
    await expect(page.getByRole("heading", { name: "Management Options" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Recent publishes" }).getByText(/Loading/),
    ).toHaveCount(0);
    await expectNoAxeViolations(page);
    await expectNoCspViolations(page, "the dashboard");

    await page.goto("/admin/donate-management");
    await expect(page.getByRole("heading", { name: "Donate Management" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Edit/ }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoCspViolations(page, "a list");
    await page.getByRole("button", { name: /^Edit/ }).first().click();
    await expect(page.getByRole("dialog", { name: "Edit Donate Content" })).toBeVisible();
    await expectNoAxeViolations(page);
    // The dialog keeps focus inside and Escape closes it.
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.goto("/admin/children-gallery-management");
    await expect(page.getByText("Total Images")).toBeVisible();
    await expectNoAxeViolations(page);

    await expectNoCspViolations(page, "a gallery");

    await page.goto("/admin/home-management");
    await expect(page.getByRole("link", { name: /Board Members/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoCspViolations(page, "home management");
  });
});

test.describe("admin accessibility: the safety net", () => {
  test("the trash, a record's history and a picture's description have no axe violations", async ({
    page,
  }) => {
    // Axe over several screens, each opened in turn: a busy machine needs over 30 s.
    test.slow();
    const before = await snapshotTable("projects");
    try {
      // One deletion in the trash, and one project with a change in its history.
      const tag = Date.now().toString(36);
      const service = await serviceClient();
      const { data: gone } = await service
        .from("projects")
        .insert({ title: `Gone project ${tag}`, description: "Deleted", category_name: "Water" })
        .select()
        .single();
      await service.from("projects").delete().eq("id", gone?.id);
      const { data: kept } = await service
        .from("projects")
        .insert({
          title: `Kept project ${tag}`,
          description: "First words",
          category_name: "Water",
        })
        .select()
        .single();
      await service
        .from("projects")
        .update({ title: `Kept project renamed ${tag}`, description: "Second words" })
        .eq("id", kept?.id);

      await recordCspViolations(page);
      await signInAsAdmin(page, "/admin/trash");
      await expect(
        page
          .getByRole("list", { name: "Deleted records, newest first" })
          .getByText(`Gone project ${tag}`),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await expectNoCspViolations(page, "the trash");

      await page.goto("/admin/projects-management");
      const history = page.getByRole("button", { name: `History Kept project renamed ${tag}` });
      await history.click();
      const dialog = page.getByRole("dialog", { name: `History of Kept project renamed ${tag}` });
      await expect(
        dialog.getByText(`Title: “Kept project ${tag}” → “Kept project renamed ${tag}”`),
      ).toBeVisible();
      // It opens on its content and gives focus back to History when it closes.
      await expect(
        dialog.getByRole("region", { name: `History of Kept project renamed ${tag}` }),
      ).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(history).toBeFocused();

      await page.goto("/admin/relief-gallery-management");
      const describe = page.getByRole("button", { name: "Describe Relief Gallery Image 1" });
      await describe.click();
      const describing = page.getByRole("dialog", { name: "Describe Relief Gallery Image 1" });
      await expect(describing.getByLabel("Alt text")).toBeFocused();
      await expectNoAxeViolations(page);
      await page.keyboard.press("Escape");
      await expect(describing).toBeHidden();
      await expect(describe).toBeFocused();
      await expectNoCspViolations(page, "the history and describe dialogs");
    } finally {
      await restoreTable("projects", before);
    }
  });
});

test.describe("admin accessibility: passwords and the team", () => {
  test("forgot password, the set-password screen, the team, its invite dialog and the account page have no axe violations", async ({
    page,
  }) => {
    // Axe over several screens, each opened in turn: a busy machine needs over 30 s.
    test.slow();
    await recordCspViolations(page);
    await page.goto("/admin");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
    await expectNoAxeViolations(page);

    // Opened without a link: it says where the link is and offers a new one.
    await page.goto("/admin/reset-password");
    await expect(page.getByRole("form", { name: "Reset your password" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoCspViolations(page, "forgot password and the set-password screen");

    await signInAsAdmin(page, "/admin/team");
    await expect(page.getByRole("list", { name: "Team members" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Invite", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Invite someone to the team" });
    await expect(dialog.getByLabel("Email address")).toBeFocused();
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog.getByText("Please enter an email address")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByRole("link", { name: "Account" }).click();
    await page.waitForURL("**/admin/account");
    await expect(page.getByRole("heading", { name: "Change your password" })).toBeVisible();
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Please enter your current password")).toBeVisible();
    await expectNoAxeViolations(page);

    // Signed in, the set-password screen asks for the new password twice.
    await page.goto("/admin/reset-password");
    await expect(page.getByRole("form", { name: "Set a new password" })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoCspViolations(page, "the team, the account page and the set-password form");
  });
});
