import { expect, test } from "@playwright/test";

test.describe("home page", () => {
  test("shows the organisation, its header and its footer", async ({ page }) => {
    await page.goto("/");

    await expect(page).toHaveTitle("Helping Hands Foundation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Helping Hands Foundation");

    const header = page.getByRole("banner");
    await expect(header.getByText("Follow Us:")).toBeVisible();
    await expect(header.getByRole("link", { name: "DONATE NOW" })).toHaveAttribute(
      "href",
      "/donate",
    );
    const socials = header.getByRole("link", { name: /opens in a new tab/ });
    await expect(socials).toHaveCount(2);
    for (const social of await socials.all()) {
      await expect(social).toHaveAttribute("target", "_blank");
      await expect(social).toHaveAttribute("rel", /noopener/);
    }

    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText("info@helpinghands.example");
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Helping Hands Foundation`);
  });

  test("highlights Home as the current page", async ({ page, isMobile }) => {
    await page.goto("/");
    if (isMobile) await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    const current = nav.locator('a[aria-current="page"]:visible');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText("Home");
  });

  test("mobile menu opens, holds Donate Now, and closes when a link is chosen", {
    tag: "@phone",
  }, async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Donate Now" })).toHaveAttribute("href", "/donate");
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await menu.getByRole("link", { name: "Home", exact: true }).click();
    await expect(menu).toBeHidden();
  });

  test("unknown routes get the 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});
