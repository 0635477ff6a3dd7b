import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { createClient } from "@supabase/supabase-js";
import { apiKeys, loadOrCreateKeys } from "../../supabase/local/keys.ts";

// The data folder playwright.config.ts gives `npm start` for this run.
const dataDir = join(process.cwd(), ".data", `e2e-${process.env.E2E_PORT ?? 4399}`);

async function openForm(page: Page) {
  await page.goto("/contact/");
  const send = page.getByRole("button", { name: "Send Message" });
  await send.scrollIntoViewIfNeeded();
  // The button is enabled once the island has hydrated.
  await expect(send).toBeEnabled();
  return send;
}

test.describe("contact form", () => {
  test("explains what is missing, then stores the message and thanks the sender", async ({
    page,
  }, testInfo) => {
    const send = await openForm(page);
    await send.click();
    await expect(page.getByText("Please enter your full name.")).toBeVisible();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
    await expect(page.getByText("Please enter a subject.")).toBeVisible();
    await expect(page.getByText("Please enter your message.")).toBeVisible();
    await expect(page.getByLabel(/^Full Name/)).toBeFocused();

    await page.getByLabel(/^Email Address/).fill("not-an-email");
    await send.click();
    await expect(
      page.getByText("Please enter a valid email address, like name@example.com."),
    ).toBeVisible();

    const subject = `Volunteering (${testInfo.project.name} ${Date.now()})`;
    await page.getByLabel(/^Full Name/).fill("Mina Tamang");
    await page.getByLabel(/^Email Address/).fill("mina@example.org");
    await page.getByLabel(/^Subject/).fill(subject);
    await page.getByLabel(/^Inquiry Type/).selectOption("volunteer");
    await page.getByLabel(/^Message/).fill("I can help in the kitchen on Saturdays.");
    const answered = page.waitForResponse((response) =>
      response.url().includes("/functions/v1/contact"),
    );
    await send.click();
    const response = await answered;
    expect(response.status()).toBe(201);
    await expect(page.getByRole("status")).toContainText(
      "Thank you for your message! We will get back to you soon.",
    );
    await expect(page.getByLabel(/^Subject/)).toHaveValue("");
    await expect(page.getByLabel(/^Inquiry Type/)).toHaveValue("general");

    const { secret } = apiKeys(await loadOrCreateKeys(dataDir));
    const service = createClient(new URL(response.url()).origin, secret, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { data, error } = await service
      .from("contact_messages")
      .select("name,email,subject,inquiry_type,message")
      .eq("subject", subject);
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        name: "Mina Tamang",
        email: "mina@example.org",
        subject,
        inquiry_type: "volunteer",
        message: "I can help in the kitchen on Saturdays.",
      },
    ]);
  });

  test("keeps the typed text and says so when the message cannot be sent", async ({ page }) => {
    await page.route("**/functions/v1/contact", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":"unavailable"}',
      }),
    );
    const send = await openForm(page);
    await page.getByLabel(/^Full Name/).fill("Hari");
    await page.getByLabel(/^Email Address/).fill("hari@example.org");
    await page.getByLabel(/^Subject/).fill("A question");
    await page.getByLabel(/^Message/).fill("Are visits possible on Sundays?");
    await send.click();
    await expect(page.getByRole("alert")).toContainText("could not be sent");
    await expect(page.getByText("Thank you for your message!")).toHaveCount(0);
    await expect(page.getByLabel(/^Message/)).toHaveValue("Are visits possible on Sundays?");
    await expect(page.getByLabel(/^Full Name/)).toHaveValue("Hari");
  });
});
