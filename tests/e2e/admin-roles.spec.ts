// Editors and administrators, and two-step sign-in, in a browser against `npm start`:
// an editor's dashboard has no tile of what only administrators change, and a link to
// one explains; an administrator without an authenticator app sees the Donate screen
// read-only with the way to set one up, and the database refuses their bank-account
// change; they set up an app (its key read off the screen, the codes computed here),
// the change goes through and the alert mail is sent; they sign out and in again with a
// code; and another administrator removing their app is mailed to everyone.
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { secondFactor } from "../../admin-island/src/account/words.ts";
import { accessWords } from "../../admin-island/src/api/words.ts";
import { teamWords } from "../../admin-island/src/team/words.ts";
import { waitForMail } from "../contract/mail.ts";
import { anonClient, newEmail, totpCode, verifySecondFactor } from "../contract/stack.ts";
import {
  ADMIN,
  contractStack,
  enterAdminCode,
  expectToast,
  restoreTable,
  serviceClient,
  signIn,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";

const PASSWORD = "lantern orchard pebble 41";

/** A member made with the secret key, who signs in with a password only. */
async function member(role: "admin" | "editor"): Promise<{ id: string; email: string }> {
  const email = newEmail(role);
  const { data, error } = await (await serviceClient()).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    app_metadata: { role },
  });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  return { id: data.user.id, email };
}

async function remove(id: string): Promise<void> {
  await (await serviceClient()).auth.admin.deleteUser(id);
}

/** The first donation record's first account number, as the database holds it. */
async function accountNumber(): Promise<string> {
  const { data } = await (await serviceClient())
    .from("donate_content")
    .select("bank_accounts")
    .eq("is_active", true)
    .order("created_at")
    .limit(1)
    .single();
  const accounts = (data?.bank_accounts ?? []) as { account_number: string }[];
  return accounts[0]?.account_number ?? "";
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(/\/admin\/?(\?.*)?$/);
}

test.describe("roles and two-step sign-in @desktop", () => {
  test.describe.configure({ timeout: 240_000 });

  test("an editor sees no tile of what only administrators change, and a link to one explains", async ({
    page,
  }) => {
    const editor = await member("editor");
    try {
      await signIn(page, { email: editor.email, password: PASSWORD });
      await page.waitForURL("**/admin/dashboard");
      const options = page.getByRole("region", { name: "Management Options" });
      await expect(options.getByRole("link", { name: /^Projects/ })).toBeVisible();
      for (const name of [/^Donate/, /^Logo/, /^Team/]) {
        await expect(options.getByRole("link", { name })).toHaveCount(0);
      }
      for (const path of ["/admin/donate-management", "/admin/team", "/admin/logo-management"]) {
        await page.goto(path);
        await expect(
          page.getByRole("heading", { name: accessWords.administratorsOnlyTitle }),
        ).toBeVisible();
        await expect(page.getByRole("link", { name: accessWords.backToDashboard })).toBeVisible();
      }
      // Editors read the messages, but where alerts go is an administrator's setting.
      await page.goto("/admin/messages");
      await expect(page.getByRole("heading", { name: "Contact Messages" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Notifications" })).toHaveCount(0);
    } finally {
      await remove(editor.id);
    }
  });

  test("an administrator without an app reads Donate only, is refused by the database, sets one up, then changes it and signs in with a code", async ({
    page,
  }) => {
    const donate = await snapshotTable("donate_content");
    const admin = await member("admin");
    try {
      await signIn(page, { email: admin.email, password: PASSWORD });
      await page.waitForURL("**/admin/dashboard");
      await page.goto("/admin/donate-management");
      const notice = page.getByRole("note").filter({ hasText: secondFactor.neededTitle });
      await expect(notice).toBeVisible();
      await expect(page.getByRole("button", { name: /^Edit Donation details/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: /^Add/ })).toHaveCount(0);

      // The database refuses the change whatever the page shows: the session's own token.
      const before = await accountNumber();
      const token = await page.evaluate(() => {
        const raw =
          localStorage.getItem("charity-admin-auth") ??
          sessionStorage.getItem("charity-admin-auth");
        return raw ? (JSON.parse(raw) as { access_token: string }).access_token : "";
      });
      const { url, publishableKey } = await contractStack();
      const refused = await fetch(`${url}/rest/v1/rpc/change_payment_details`, {
        method: "POST",
        headers: {
          apikey: publishableKey,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ p_action: "INSERT", p_values: { bank_accounts: [] } }),
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { hint?: string }).hint).toBe("aal2_required");
      expect(await accountNumber()).toBe(before);

      // The way to set one up: the Account page, a name, the QR code and its key.
      await notice.getByRole("link", { name: secondFactor.neededSetUp }).click();
      await page.waitForURL("**/admin/account");
      await page.getByRole("button", { name: secondFactor.setUp }).click();
      await page.getByLabel(secondFactor.nameLabel).fill("Treasurer's phone");
      await page.getByRole("button", { name: secondFactor.start }).click();
      const scan = page.getByRole("form", { name: secondFactor.scanTitle });
      await expect(scan.getByRole("img", { name: secondFactor.qrAlt })).toBeVisible();
      const key = (await scan.locator("code").innerText()).replace(/\s+/g, "");
      expect(key).toMatch(/^[A-Z2-7]{32}$/);
      await scan.getByLabel(secondFactor.codeLabel).fill("000000");
      await scan.getByRole("button", { name: secondFactor.finish }).click();
      await expect(scan.getByText(secondFactor.wrongCode)).toBeVisible();
      await scan.getByLabel(secondFactor.codeLabel).fill(totpCode(key));
      await scan.getByRole("button", { name: secondFactor.finish }).click();
      await expectToast(page, secondFactor.enabled);
      await expect(page.getByRole("list", { name: secondFactor.listLabel })).toContainText(
        "Treasurer's phone",
      );

      // Now the change goes through, and every administrator is told.
      await page.goto("/admin/donate-management");
      await expect(
        page.getByRole("note").filter({ hasText: secondFactor.neededTitle }),
      ).toHaveCount(0);
      const next = `7${randomUUID().replace(/\D/g, "").slice(0, 9)}`;
      await page.getByRole("button", { name: "Edit Donation details" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Edit Donate Content" });
      await dialog.locator("#field-bank_accounts-0-account_number").fill(next);
      await dialog.getByRole("button", { name: "Update Content" }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(accountNumber).toBe(next);
      const [mail] = await waitForMail(await contractStack(), ADMIN.email, {
        subject: new RegExp(
          `^Donation details changed by ${admin.email.replace(/[.+]/g, "\\$&")}$`,
        ),
        text: next,
        timeoutMs: 30_000,
      });
      expect(mail?.Text).toContain(`→ ${next}`);

      // Signing in again asks for the code.
      await signOut(page);
      await signIn(page, { email: admin.email, password: PASSWORD });
      await expect(page.getByRole("heading", { name: secondFactor.codeTitle })).toBeVisible();
      await enterAdminCode(page, key);
      await page.waitForURL("**/admin/dashboard");
    } finally {
      await restoreTable("donate_content", donate);
      await remove(admin.id);
    }
  });

  test("an administrator removes another member's app (a lost phone): everyone on the team is mailed", async ({
    page,
  }) => {
    const lost = await member("admin");
    const editor = await member("editor");
    try {
      // The member sets up an app (through Auth, as their Account page does).
      const theirs = anonClient(await contractStack());
      await theirs.auth.signInWithPassword({ email: lost.email, password: PASSWORD });
      await verifySecondFactor(theirs);

      await signInAsAdmin(page, "/admin/team");
      const row = page.getByRole("listitem").filter({ hasText: lost.email });
      await expect(row.getByText(teamWords.secondFactor, { exact: true })).toBeVisible();
      await row.getByRole("button", { name: teamWords.removeFactorsOf(lost.email) }).click();
      await page
        .getByRole("alertdialog")
        .getByRole("button", { name: teamWords.confirmRemoveFactorsLabel })
        .click();
      await expectToast(page, teamWords.factorsRemoved(lost.email));
      await expect(row.getByText(teamWords.secondFactor, { exact: true })).toHaveCount(0);

      const subject = new RegExp(
        `^Two-step sign-in removed for ${lost.email.replace(/[.+]/g, "\\$&")}$`,
      );
      for (const address of [ADMIN.email, lost.email, editor.email]) {
        const [mail] = await waitForMail(await contractStack(), address, {
          subject,
          timeoutMs: 30_000,
        });
        expect(mail?.Text).toContain(
          `${ADMIN.email} removed the authenticator apps of ${lost.email}`,
        );
      }
      const { data } = await (await serviceClient()).auth.admin.mfa.listFactors({
        userId: lost.id,
      });
      expect(data?.factors ?? []).toEqual([]);
    } finally {
      await remove(lost.id);
      await remove(editor.id);
    }
  });
});
