// The organisation's identity is content: its name and phone, changed on the
// Organisation screen, go live in the header, the footer, the page titles, the
// search engines' structured data, and the admin's own brand line; a bad address is
// refused in the form with a clear message and nothing is saved.
import { expect, test } from "@playwright/test";
import {
  expectPublished,
  expectToast,
  restoreTable,
  serviceClient,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";

test.describe("organisation", () => {
  test.describe.configure({ timeout: 240_000 });

  test("a new name and phone go live on every page and in the admin", async ({ page, context }) => {
    const before = await snapshotTable("organisation");
    try {
      await signInAsAdmin(page, "/admin/organisation");
      const form = page.getByRole("form", { name: "Edit Organisation Details" });
      await expect(page.getByRole("heading", { name: "Organisation", level: 2 })).toBeVisible();
      await expect(form.locator("#field-name")).toHaveValue("Helping Hands Foundation");

      // An email address that is none is refused before anything is sent.
      const email = form.locator("#field-emails-0-address");
      await email.fill("info at example");
      await form.getByRole("button", { name: "Save Organisation Details" }).click();
      await expect(form.getByText("Enter an email address such as name@example.org")).toBeVisible();
      const service = await serviceClient();
      const unchanged = await service.from("organisation").select("emails");
      expect(unchanged.data?.[0]?.emails).toEqual(before[0]?.emails);
      await email.fill("info@helpinghands.example");

      const stamp = String(Date.now()).slice(-6);
      const name = `Riverside Care Trust ${stamp}`;
      const phone = `+977 1 ${stamp.slice(0, 3)} ${stamp.slice(3)}`;
      await form.locator("#field-name").fill(name);
      await form.locator("#field-phones-0-number").fill(phone);
      await form.getByRole("button", { name: "Save Organisation Details" }).click();
      await expectToast(
        page,
        "Organisation details saved. The site shows them once it is published.",
      );
      // The admin takes the name from the record: the brand line and the tab's title.
      await expect(page.getByText(`${name} · Management`)).toBeVisible();
      await expect(page).toHaveTitle(`Organisation | ${name} Admin`);
      await expectPublished(page);

      const visitor = await context.newPage();
      for (const path of ["/", "/contact/"]) {
        await visitor.goto(path);
        await expect(visitor).toHaveTitle(new RegExp(`${name}$`));
        const footer = visitor.getByRole("contentinfo");
        await expect(footer.getByRole("heading", { name })).toBeVisible();
        await expect(footer.getByRole("link", { name: phone })).toHaveAttribute(
          "href",
          `tel:${phone.replace(/[^+\d]/g, "")}`,
        );
        const data = JSON.parse(
          (await visitor.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
        ) as { name?: string; telephone?: string };
        expect(data.name).toBe(name);
        expect(data.telephone).toBe(phone);
      }
      await expect(visitor.locator('meta[property="og:site_name"]')).toHaveAttribute(
        "content",
        name,
      );
      await visitor.close();
    } finally {
      await restoreTable("organisation", before);
    }
  });
});
