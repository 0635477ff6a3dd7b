// Alert mail in a browser, against `npm start` (which plays the hosted delivery: the
// database asks the alerts function to deliver through pg_net): a message sent from
// the contact page reaches the administrators; a bank-account edit emails every
// administrator the before and after; with second-admin approval on, an edit waits,
// the live donate page keeps the old account, and only a different administrator's
// approval puts the new one live.
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { approvalWords } from "../../admin-island/src/payments/words.ts";
import { teamWords } from "../../admin-island/src/team/words.ts";
import { type Mail, waitForMail } from "../contract/mail.ts";
import { signedInUser, type TestUser } from "../contract/stack.ts";
import {
  ADMIN,
  contractStack,
  expectLive,
  expectPublished,
  expectToast,
  restoreTable,
  serviceClient,
  signIn,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";
import { expectNoAxeViolations } from "./support.ts";

/** The catcher's newest mail to `address` whose subject matches and text holds `text`. */
async function mailTo(address: string, subject: RegExp, text: string): Promise<Mail> {
  const [mail] = await waitForMail(await contractStack(), address, {
    subject,
    text,
    timeoutMs: 30_000,
  });
  return mail;
}

/** Puts everything back: approval off, nothing left waiting, the second admin gone. */
async function cleanUp(second: TestUser | undefined): Promise<void> {
  const service = await serviceClient();
  await service.from("admin_settings").update({ require_payment_approval: false }).eq("id", true);
  if (second) {
    const { data } = await second.client.rpc("pending_payment_changes");
    for (const change of (data ?? []) as { id: number }[]) {
      await second.client.rpc("reject_payment_change", { p_change_id: change.id });
    }
    await service.auth.admin.deleteUser(second.id);
  }
}

/** Opens the first donation record's form and sets its first account number. */
async function editAccountNumber(page: Page, number: string): Promise<string> {
  await page.goto("/admin/donate-management");
  await page.getByRole("button", { name: "Edit Donation details" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Edit Donate Content" });
  const field = dialog.locator("#field-bank_accounts-0-account_number");
  const before = await field.inputValue();
  await field.fill(number);
  await dialog.getByRole("button", { name: "Update Content" }).click();
  await expect(dialog).toBeHidden();
  return before;
}

/** Publishes now and waits until the live site has it. */
async function publishAndWait(page: Page): Promise<void> {
  await expectLive(page);
  // The status may be older than a change another admin made: 'Publish now' reads the
  // site afresh, then builds or says it is up to date.
  await page.getByRole("button", { name: "Publish now" }).click();
  await expectPublished(page, { started: /Publishing|Already up to date/ });
}

async function liveDonatePage(browser: Browser, baseURL: string | undefined) {
  const visitor = await browser.newPage({ baseURL });
  await visitor.goto("/donate/");
  return visitor;
}

test.describe("message alerts @desktop", () => {
  test("a message sent from the contact page emails the administrators, with a link to the inbox", async ({
    page,
  }) => {
    await page.goto("/contact/");
    const send = page.getByRole("button", { name: "Send Message" });
    await send.scrollIntoViewIfNeeded();
    // Enabled once the form's island has hydrated.
    await expect(send).toBeEnabled();
    const subject = `School visit ${randomUUID().slice(0, 8)}`;
    await page.getByLabel(/^Full Name/).fill("Sita Gurung");
    await page.getByLabel(/^Email Address/).fill("sita@example.org");
    await page.getByLabel(/^Subject/).fill(subject);
    await page
      .getByLabel(/^Message/)
      .fill("Could our class visit the home next month?\nWe are 20.");
    await send.click();
    await expect(page.getByRole("status")).toContainText("Thank you for your message!");

    const mail = await mailTo(
      ADMIN.email,
      new RegExp(`^New message: ${subject}$`),
      "> Could our class visit the home next month?",
    );
    expect(mail.Text).toContain("Sita Gurung <sita@example.org>");
    expect(mail.Text).toContain("> We are 20.");
    const { origin } = new URL(page.url());
    expect(mail.Text).toContain(`${origin}/admin/messages`);
  });
});

test.describe("payment details @desktop", () => {
  test.describe.configure({ timeout: 300_000 });

  test("a bank-account edit emails every admin the before and after", async ({ page }) => {
    const before = await snapshotTable("donate_content");
    let second: TestUser | undefined;
    try {
      second = await signedInUser(await contractStack(), { admin: true });
      await signInAsAdmin(page);
      const number = `DE${Date.now().toString().slice(-9)}`;
      const old = await editAccountNumber(page, number);
      await expectToast(page, "Donate Content updated successfully!");
      for (const address of [ADMIN.email, second.email]) {
        const mail = await mailTo(
          address,
          new RegExp(`^Donation details changed by ${ADMIN.email}$`),
          `account number ${old} → ${number}`,
        );
        expect(mail.Text).toContain(`number ${number}`);
        expect(mail.Text).toMatch(/Before:\n- Bank account: /);
        expect(mail.To.map((to) => to.Address)).toEqual(
          expect.arrayContaining([ADMIN.email, second.email]),
        );
      }
    } finally {
      await cleanUp(second);
      await restoreTable("donate_content", before);
    }
  });

  test("with approval on, an edit waits and the live page keeps the old account until a second admin approves", async ({
    page,
    browser,
    baseURL,
  }) => {
    const before = await snapshotTable("donate_content");
    let second: TestUser | undefined;
    try {
      second = await signedInUser(await contractStack(), { admin: true });
      await signInAsAdmin(page, "/admin/donate-management");
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Turn on" }).click();
      await expectToast(page, "Second-admin approval is on.");

      // What visitors see now, once the live site has the saved details.
      await publishAndWait(page);
      const live = await (await serviceClient())
        .from("donate_content")
        .select("bank_accounts")
        .eq("is_active", true)
        .order("created_at", { ascending: false })
        .limit(1)
        .single();
      const accounts = (live.data?.bank_accounts ?? []) as { account_number: string }[];
      const liveNumber = accounts[0]?.account_number ?? "";

      const proposed = `AP${Date.now().toString().slice(-9)}`;
      await editAccountNumber(page, proposed);
      await expectToast(page, "Change sent for approval.");
      const waiting = page.getByRole("list", { name: "Changes waiting for approval" });
      await expect(waiting.getByText(`account number ${liveNumber} → ${proposed}`)).toBeVisible();
      await expect(waiting.getByText("You proposed this")).toBeVisible();
      await expect(waiting.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
      // Checked once the toasts have gone (sonner's own green is checked elsewhere); a
      // toast under the pointer waits, so the pointer leaves the bottom corner first.
      await page.mouse.move(1, 1);
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
      await expectNoAxeViolations(page);

      // Every admin hears of the proposal.
      await mailTo(
        second.email,
        /^Approval needed: /,
        `account number ${liveNumber} → ${proposed}`,
      );

      // Published again, the live page still shows the old account.
      await publishAndWait(page);
      const visitor = await liveDonatePage(browser, baseURL);
      await expect(visitor.getByText(liveNumber).first()).toBeVisible();
      await expect(visitor.getByText(proposed)).toHaveCount(0);

      // The second admin approves it from the dashboard.
      const other = await browser.newContext({ baseURL });
      const otherPage = await other.newPage();
      await signIn(otherPage, {
        email: second.email,
        password: second.password,
        secret: second.secret,
      });
      await otherPage.waitForURL("**/admin/dashboard");
      await expect(
        otherPage.getByRole("link", { name: /^Donate .* 1 waiting for approval/ }),
      ).toBeVisible();
      const pending = otherPage.getByRole("list", { name: "Changes waiting for approval" });
      await expect(pending.getByText(`account number ${liveNumber} → ${proposed}`)).toBeVisible();
      await expectNoAxeViolations(otherPage);
      await pending.getByRole("button", { name: /^Approve/ }).click();
      await otherPage.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
      await expectToast(otherPage, "Change approved.");
      await expectLive(otherPage);
      await expect
        .poll(
          async () => {
            await visitor.reload();
            return visitor.getByText(proposed).count();
          },
          { timeout: 60_000 },
        )
        .toBeGreaterThan(0);
      await mailTo(
        ADMIN.email,
        new RegExp(`^Donation details changed by ${second.email}$`),
        `proposed by ${ADMIN.email}`,
      );
      await visitor.close();
      await other.close();
    } finally {
      await cleanUp(second);
      await restoreTable("donate_content", before);
    }
  });
});

test.describe("approval needs two administrators @desktop", () => {
  test("turning approval on is named in the mail; removing the second admin warns; then every screen says nobody can approve", async ({
    page,
  }) => {
    let second: TestUser | undefined;
    try {
      second = await signedInUser(await contractStack(), { admin: true });
      await signInAsAdmin(page, "/admin/donate-management");
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Turn on" }).click();
      await expectToast(page, "Second-admin approval is on.");
      // The mail names the change in its subject, and leads to the Donate screen.
      const mail = await mailTo(
        second.email,
        new RegExp(`^Second-admin approval for payment details was turned on by ${ADMIN.email}$`),
        "/admin/donate-management",
      );
      expect(mail.Subject).toContain("Second-admin approval");

      // Removing the only other administrator says what it leaves.
      await page.goto("/admin/team");
      await page.getByRole("button", { name: `Remove ${second.email}` }).click();
      const question = page.getByRole("alertdialog");
      await expect(question).toContainText(teamWords.approvalWarning);
      await question.getByRole("button", { name: teamWords.confirmRemoveLabel }).click();
      await expectToast(page, teamWords.removed(second.email));

      // Then the Donate screen and the dashboard say so, with the way out.
      for (const path of ["/admin/donate-management", "/admin/dashboard"]) {
        await page.goto(path);
        const stuck = page.getByRole("alert").filter({ hasText: approvalWords.stuckTitle });
        await expect(stuck, path).toBeVisible();
        await expect(stuck.getByRole("link", { name: approvalWords.stuckAction })).toHaveAttribute(
          "href",
          "/admin/team",
        );
      }
    } finally {
      await cleanUp(second);
    }
  });
});

test.describe("what an approver sees @desktop", () => {
  test("a changed QR code waits with its old and new pictures side by side, and a new set says it is new and not yet shown", async ({
    page,
  }) => {
    const before = await snapshotTable("donate_content");
    let second: TestUser | undefined;
    try {
      const service = await serviceClient();
      second = await signedInUser(await contractStack(), { admin: true });
      await service
        .from("admin_settings")
        .update({ require_payment_approval: true })
        .eq("id", true);
      // The other administrator proposes a new QR picture and a new set of details;
      // the database holds both for approval.
      const { data: live } = await service
        .from("donate_content")
        .select("id, qr_codes")
        .eq("is_active", true)
        .order("created_at", { ascending: false })
        .limit(1)
        .single();
      const qr = ((live?.qr_codes ?? []) as { title: string; image_url: string }[])[0];
      if (!live || !qr) throw new Error("the seed has no QR code");
      const newPicture = "/images/seed/gallery-1.jpg";
      const changed = await second.client
        .from("donate_content")
        .update({ qr_codes: [{ ...qr, image_url: newPicture }] })
        .eq("id", live.id);
      expect(changed.error).toBeNull();
      const added = await second.client.from("donate_content").insert({
        qr_codes: [{ title: "New QR", image_url: "/images/seed/gallery-2.jpg" }],
        bank_accounts: [
          {
            bank_name: "Proposed Bank",
            account_name: "Helping Hands",
            account_number: `NEW${Date.now().toString().slice(-8)}`,
            routing_number: "",
            swift_code: "",
            branch: "",
          },
        ],
        is_active: true,
      });
      expect(added.error).toBeNull();

      await signInAsAdmin(page, "/admin/donate-management");
      const waiting = page.getByRole("list", { name: approvalWords.listLabel });
      const change = waiting.getByRole("article", {
        name: new RegExp(`^${approvalWords.title("donate_content", "UPDATE")}`),
      });
      const oldImage = change.getByRole("img", {
        name: approvalWords.qrPicture(qr.title, approvalWords.now),
      });
      const newImage = change.getByRole("img", {
        name: approvalWords.qrPicture(qr.title, approvalWords.proposed),
      });
      await expect(oldImage).toHaveAttribute("src", qr.image_url);
      await expect(newImage).toHaveAttribute("src", newPicture);
      // Both pictures load, at a size a phone can scan, side by side.
      for (const image of [oldImage, newImage]) {
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
          .toBeGreaterThan(0);
        expect((await image.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(150);
      }
      const [oldBox, newBox] = [await oldImage.boundingBox(), await newImage.boundingBox()];
      expect(Math.abs((oldBox?.y ?? 0) - (newBox?.y ?? 1))).toBeLessThan(5);
      // On a phone too: the two pictures in two columns, above the details.
      await page.setViewportSize({ width: 390, height: 844 });
      await oldImage.scrollIntoViewIfNeeded();
      await expect(newImage).toBeVisible();
      const [oldOnPhone, newOnPhone] = [await oldImage.boundingBox(), await newImage.boundingBox()];
      expect(Math.abs((oldOnPhone?.y ?? 0) - (newOnPhone?.y ?? 1))).toBeLessThan(5);
      expect(oldOnPhone?.width ?? 0).toBeGreaterThanOrEqual(120);
      expect((oldOnPhone?.x ?? 0) + (oldOnPhone?.width ?? 0)).toBeLessThanOrEqual(
        newOnPhone?.x ?? 0,
      );
      await page.setViewportSize({ width: 1280, height: 720 });

      // The new set is told as proposed: not "(none)", not "shown on the site".
      const added_ = waiting.getByRole("article", {
        name: new RegExp(`^${approvalWords.title("donate_content", "INSERT")}`),
      });
      await expect(
        added_.getByText(
          "Nothing: this set of donation details is new. Until it is approved, the site keeps showing the donation details it shows now.",
        ),
      ).toBeVisible();
      await expect(
        added_.getByText("New donation details, to be shown on the site once approved."),
      ).toBeVisible();
      await expect(added_.getByText("(none)")).toHaveCount(0);
      await expect(added_.getByText(/were added and are shown/)).toHaveCount(0);
      await expectNoAxeViolations(page);

      // Turning approval off keeps them waiting, and the screen says so.
      await service
        .from("admin_settings")
        .update({ require_payment_approval: false })
        .eq("id", true);
      await page.reload();
      await expect(page.getByText(approvalWords.introOff)).toBeVisible();
      await expect(waiting.getByRole("article")).toHaveCount(2);
    } finally {
      await cleanUp(second);
      await restoreTable("donate_content", before);
    }
  });
});
