// Passwords and the team in a browser, against `npm start`'s Auth and its mail catcher
// (runtime.json's mailUrl): a forgotten password (the mail, the link, a new password
// that signs in), an invitation accepted by someone who then edits a banner, removing
// an administrator (their session's token refused at once), and the last
// administrator, whom nobody can remove. They change who is an admin, so they run
// once (@desktop), one after another.
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { passwords, signIn as signInWords } from "../../admin-island/src/account/words.ts";
import { accessWords } from "../../admin-island/src/api/words.ts";
import { teamWords } from "../../admin-island/src/team/words.ts";
import { DEFAULT_SITE as site } from "../../src/lib/site.ts";
import { mailTo, verifyLink, waitForMail } from "../contract/mail.ts";
import { newEmail } from "../contract/stack.ts";
import {
  ADMIN,
  contractStack,
  expectToast,
  renameFirstBanner,
  restoreTable,
  runtime,
  serviceClient,
  signIn,
  signInAsAdmin,
  snapshotTable,
} from "./admin-support.ts";

test.describe.configure({ mode: "serial" });

async function linkFor(address: string, count = 1): Promise<string> {
  const [mail] = await waitForMail(await contractStack(), address, { count });
  return verifyLink(mail);
}

/** An admin made with the secret key, as `npm run admin:create` makes one. */
async function createAdmin(prefix: string) {
  const email = newEmail(prefix);
  const password = `pw-${randomUUID()}`;
  const { data, error } = await (await serviceClient()).auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: { role: "admin" },
  });
  if (error || !data.user) throw new Error(`could not create ${email}: ${error?.message}`);
  return { id: data.user.id, email, password };
}

async function deleteUser(id: string | undefined) {
  if (id) await (await serviceClient()).auth.admin.deleteUser(id);
}

/** The access token the admin app holds for this tab's session. */
async function tokenIn(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw =
      sessionStorage.getItem("charity-admin-auth") ?? localStorage.getItem("charity-admin-auth");
    return raw ? (JSON.parse(raw) as { access_token?: string }).access_token : undefined;
  });
  if (!token) throw new Error("no session in this tab");
  return token;
}

/** Sets a new password on the screen an emailed link opened, and lands on the dashboard. */
async function setPassword(page: Page, password: string) {
  await expect(page.getByRole("heading", { name: passwords.newTitle })).toBeVisible();
  await page.getByLabel(passwords.newLabel, { exact: true }).fill(password);
  await page.getByLabel(passwords.repeatLabel).fill(password);
  await page.getByRole("button", { name: passwords.save }).click();
  await page.waitForURL("**/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Management Options" })).toBeVisible();
}

/** Opens 'Forgot password?' from the sign-in card with `email` typed there. */
async function openForgotPassword(page: Page, email: string) {
  await page.goto("/admin");
  await page.getByLabel("Username").fill(email);
  await page.getByRole("button", { name: passwords.forgotLink }).click();
  return page.getByRole("form", { name: passwords.forgotTitle });
}

/** Logs out (confirmed) and signs in again with `password`, landing on the dashboard. */
async function signInAgainWith(page: Page, email: string, password: string) {
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Logout" }).click();
  await page.waitForURL(/\/admin\/?$/);
  await signIn(page, { email, password });
  await page.waitForURL("**/admin/dashboard");
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Opens the first banner's edit form and types a new title, without saving. */
async function startEditingFirstBanner(page: Page, title: string) {
  await page.goto("/admin/home-management#banners");
  await page
    .getByRole("list", { name: "Banner Management", exact: true })
    .locator(":scope > li")
    .first()
    .getByRole("button", { name: /^Edit/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Banner" });
  await dialog.locator("#field-title").fill(title);
  return dialog;
}

/** The banners' titles as the database holds them. */
async function bannerTitles(): Promise<string[]> {
  return (await snapshotTable("banners")).map((row) => String(row.title)).sort();
}

test.describe("passwords and the team @desktop", () => {
  test("forgot password: the mail arrives, its link sets a new password, and that one signs in", async ({
    page,
  }) => {
    const admin = await createAdmin("forgot");
    try {
      const form = await openForgotPassword(page, admin.email);
      await expect(page.getByRole("heading", { name: passwords.forgotTitle })).toBeFocused();
      await expect(form.getByLabel(passwords.emailLabel)).toHaveValue(admin.email);
      await form.getByRole("button", { name: passwords.send }).click();
      await expect(form.getByRole("status")).toHaveText(passwords.sent);

      // An address without an account is told exactly the same, and sent nothing.
      const nobody = newEmail("nobody");
      await form.getByLabel(passwords.emailLabel).fill(nobody);
      await form.getByRole("button", { name: passwords.send }).click();
      await expect(form.getByRole("button", { name: passwords.send })).toBeEnabled();
      await expect(form.getByRole("status")).toHaveText(passwords.sent);

      const link = await linkFor(admin.email);
      expect(new URL(link).searchParams.get("redirect_to")).toMatch(/\/admin\/reset-password$/);
      expect(await mailTo(await contractStack(), nobody)).toEqual([]);

      await page.goto(link);
      await page.waitForURL("**/admin/reset-password**");
      await expect(page.getByText(admin.email, { exact: true })).toBeVisible();
      const next = "kettle orbit lantern 42";
      await setPassword(page, next);

      await page.getByRole("button", { name: "Logout" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Logout" }).click();
      await page.waitForURL(/\/admin\/?$/);
      await signIn(page, { email: admin.email, password: admin.password });
      await expect(page.getByRole("alert")).toHaveText(
        "Invalid username or password. Please try again.",
      );
      await signIn(page, { email: admin.email, password: next });
      await page.waitForURL("**/admin/dashboard");

      // The link worked once: followed again it says so, and offers a new one.
      const again = await newPage(page.context().browser() as Browser);
      await again.goto(link);
      await expect(again.getByRole("heading", { name: passwords.linkExpiredTitle })).toBeVisible();
      await expect(again.getByRole("alert")).toHaveText(passwords.linkExpired);
      await expect(again.getByRole("form", { name: passwords.forgotTitle })).toBeVisible();
      await again.context().close();
    } finally {
      await deleteUser(admin.id);
    }
  });

  test("forgot password, the mail read on another device: its code sets a new password here", async ({
    page,
  }) => {
    const admin = await createAdmin("code");
    try {
      const form = await openForgotPassword(page, admin.email);
      await form.getByRole("button", { name: passwords.send }).click();
      await expect(form.getByRole("status")).toHaveText(passwords.sent);

      const [mail] = await waitForMail(await contractStack(), admin.email);
      const emailed = /code:?\s*(?:<strong>)?(\d{6,10})/i.exec(mail?.HTML ?? "")?.[1];
      expect(emailed, "the reset email carries a code").toBeTruthy();
      const codeForm = page.getByRole("form", { name: passwords.codeHeading });
      const wrong = emailed === "000000" ? "111111" : "000000";
      await codeForm.getByLabel(passwords.codeLabel).fill(wrong);
      await codeForm.getByRole("button", { name: passwords.codeSubmit }).click();
      await expect(codeForm.getByText(passwords.codeWrong)).toBeVisible();
      await codeForm.getByLabel(passwords.codeLabel).fill(emailed ?? "");
      await codeForm.getByRole("button", { name: passwords.codeSubmit }).click();
      await page.waitForURL("**/admin/reset-password");
      await expect(page.getByText(admin.email, { exact: true })).toBeVisible();
      const next = "harbour violin meadow 17";
      await setPassword(page, next);
      await signInAgainWith(page, admin.email, next);
    } finally {
      await deleteUser(admin.id);
    }
  });

  test("an invitation: accepted, a password chosen, and the new admin edits a banner", async ({
    page,
    browser,
  }) => {
    const email = newEmail("invited");
    const banners = await snapshotTable("banners");
    let invitedId: string | undefined;
    try {
      await signInAsAdmin(page, "/admin/team");
      await expect(page.getByRole("heading", { name: teamWords.heading })).toBeVisible();
      await page.getByRole("button", { name: teamWords.invite, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: teamWords.inviteTitle });
      await expect(dialog.getByLabel(teamWords.emailLabel)).toBeFocused();
      await dialog.getByLabel(teamWords.emailLabel).fill(email);
      await dialog.getByRole("button", { name: teamWords.send }).click();
      await expectToast(page, teamWords.inviteSent(email));
      await expect(dialog).toBeHidden();
      const row = page.getByRole("listitem").filter({ hasText: email });
      await expect(row.getByText(teamWords.invited, { exact: true })).toBeVisible();

      // The email says whose website it is and who invited.
      const [mail] = await waitForMail(await contractStack(), email);
      expect(mail?.Subject).toBe("You are invited to help run the charity's website");
      expect(mail?.HTML).toContain(
        `${ADMIN.email} has invited you to join the team that runs the website of ${site.name}`,
      );

      // The invitee, in a browser of their own.
      const invitee = await newPage(browser);
      await invitee.goto(await linkFor(email));
      await invitee.waitForURL("**/admin/reset-password**");
      await expect(invitee.getByText(passwords.newIntroInvite)).toBeVisible();
      // Words unlike the address, which a password may not contain.
      await setPassword(invitee, "copper willow tundra 58");
      const title = `Welcome banner ${Date.now()}`;
      await renameFirstBanner(invitee, title);
      await expectToast(invitee, "Banner updated successfully!");
      const { data } = await (await serviceClient())
        .from("banners")
        .select("title")
        .eq("title", title);
      expect(data).toEqual([{ title }]);
      await invitee.context().close();

      await page.reload();
      await expect(row.getByText(teamWords.active, { exact: true })).toBeVisible();
      await expect(row.getByText(/^Last signed in: /)).toBeVisible();
      const { data: users } = await (await serviceClient()).auth.admin.listUsers();
      invitedId = users.users.find((u) => u.email === email)?.id;
    } finally {
      await restoreTable("banners", banners);
      await deleteUser(invitedId);
    }
  });

  test("removing an admin: after confirming, their open session's token is refused at once", async ({
    page,
    browser,
  }) => {
    const removed = await createAdmin("removed");
    let reinvitedId: string | undefined;
    try {
      const theirs = await newPage(browser);
      await signIn(theirs, { email: removed.email, password: removed.password });
      await theirs.waitForURL("**/admin/dashboard");
      const token = await tokenIn(theirs);
      // They have a banner open to edit when they are removed.
      const titles = await bannerTitles();
      const form = await startEditingFirstBanner(theirs, "Saved by a removed admin");

      await signInAsAdmin(page, "/admin/team");
      // Asked on a phone: a long address wraps inside the question.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: `Remove ${removed.email}` }).click();
      const question = page.getByRole("alertdialog");
      await expect(question).toContainText(teamWords.confirmRemove(removed.email));
      expect(
        await question
          .locator("p")
          .first()
          .evaluate((text) => text.scrollWidth - text.clientWidth),
      ).toBeLessThanOrEqual(0);
      await page.setViewportSize({ width: 1280, height: 720 });
      await question.getByRole("button", { name: teamWords.confirmRemoveLabel }).click();
      await expectToast(page, teamWords.removed(removed.email));
      await expect(page.getByRole("heading", { name: removed.email })).toHaveCount(0);

      // Their token has not expired, yet the database and the functions refuse it.
      const { apiUrl, publishableKey } = await runtime();
      const headers = {
        apikey: publishableKey,
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        prefer: "return=representation",
      };
      const write = await fetch(`${apiUrl}/rest/v1/banners?id=not.is.null`, {
        method: "PATCH",
        headers,
        body: JSON.stringify({ title: "Taken over" }),
      });
      expect(await write.json()).toEqual([]);
      for (const name of ["team", "publish"]) {
        const response = await fetch(`${apiUrl}/functions/v1/${name}`, { headers });
        await response.body?.cancel();
        // Their account is closed: Auth knows the token's user no more.
        expect(response.status, name).toBe(401);
      }
      // Their open form's save is refused, and their tab says why: not a conflict with
      // someone else's change, but their access, over the whole screen.
      await form.getByRole("button", { name: "Update Banner" }).click();
      const notice = theirs.getByRole("alertdialog", { name: accessWords.removedTitle });
      await expect(notice).toContainText(accessWords.removed);
      await expect(theirs.getByText(/Someone else changed this item/)).toHaveCount(0);
      expect(await bannerTitles()).toEqual(titles);
      // Any screen they open says so at once.
      await theirs.goto("/admin/team");
      await expect(
        theirs.getByRole("alertdialog", { name: accessWords.removedTitle }),
      ).toBeVisible();
      await theirs.getByRole("button", { name: accessWords.signOut }).click();
      await theirs.waitForURL(/\/admin\/$/);
      // Their old password opens nothing now.
      await signIn(theirs, { email: removed.email, password: removed.password });
      await expect(theirs.getByText(signInWords.wrongCredentials)).toBeVisible();
      expect(theirs.url()).not.toContain("/admin/dashboard");
      await theirs.context().close();

      // Invited again, they are invited as anyone new: Invited until they accept, and
      // the email is an invitation.
      await page.getByRole("button", { name: teamWords.invite, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: teamWords.inviteTitle });
      await dialog.getByLabel(teamWords.emailLabel).fill(removed.email);
      await dialog.getByRole("button", { name: teamWords.send }).click();
      await expectToast(page, teamWords.inviteSent(removed.email));
      const row = page.getByRole("listitem").filter({ hasText: removed.email });
      await expect(row.getByText(teamWords.invited, { exact: true })).toBeVisible();
      const mails = await waitForMail(await contractStack(), removed.email);
      expect(mails.map((m) => m.Subject)).toEqual([
        "You are invited to help run the charity's website",
      ]);
      const { data: listed } = await (await serviceClient()).auth.admin.listUsers();
      reinvitedId = listed.users.find((u) => u.email === removed.email)?.id;
    } finally {
      await deleteUser(removed.id);
      await deleteUser(reinvitedId);
    }
  });

  test("a password changed on another device ends this one's session: its save is refused, and every screen says so", async ({
    page,
    browser,
  }) => {
    const admin = await createAdmin("two-devices");
    try {
      const desktop = await newPage(browser);
      await signIn(desktop, { email: admin.email, password: admin.password });
      await desktop.waitForURL("**/admin/dashboard");
      const titles = await bannerTitles();
      const form = await startEditingFirstBanner(desktop, "Saved by an ended session");

      // On the phone, the same person changes the password.
      await signIn(page, { email: admin.email, password: admin.password });
      await page.waitForURL("**/admin/dashboard");
      await page.goto("/admin/account");
      await page.getByLabel(passwords.currentLabel).fill(admin.password);
      await page.getByLabel(passwords.newLabel, { exact: true }).fill("quartz pillow saddle 63");
      await page.getByLabel(passwords.repeatLabel).fill("quartz pillow saddle 63");
      await page.getByRole("button", { name: passwords.change }).click();
      await expectToast(page, passwords.changed);

      // The desktop's save goes nowhere, and it says why over the whole screen.
      await form.getByRole("button", { name: "Update Banner" }).click();
      const notice = desktop.getByRole("alertdialog", { name: accessWords.endedTitle });
      await expect(notice).toContainText(accessWords.ended);
      expect(await bannerTitles()).toEqual(titles);
      // Reloaded, any screen says so before anything can be typed.
      await desktop.goto("/admin/relief-management");
      await expect(
        desktop.getByRole("alertdialog", { name: accessWords.endedTitle }),
      ).toBeVisible();
      // 'Sign in again': the sign-in page says why, and leads back after.
      await desktop.getByRole("button", { name: accessWords.signInAgain }).click();
      await desktop.waitForURL(/\/admin\/\?next=%2Fadmin%2Frelief-management&ended=1$/);
      await expect(
        desktop.getByRole("status").filter({ hasText: accessWords.signInNotice }),
      ).toBeVisible();
      await desktop.getByLabel("Username").fill(admin.email);
      await desktop.getByLabel("Password", { exact: true }).fill("quartz pillow saddle 63");
      await desktop.getByRole("button", { name: "Sign In" }).click();
      await desktop.waitForURL("**/admin/relief-management");
      await expect(desktop.getByRole("alertdialog")).toHaveCount(0);
      await desktop.context().close();
    } finally {
      await deleteUser(admin.id);
    }
  });

  test("the last active administrator cannot be removed", async ({ page }) => {
    const service = await serviceClient();
    // This run's admin is made the only active one for the test; the others come back after.
    const { data } = await service.auth.admin.listUsers({ perPage: 1000 });
    const others = data.users.filter(
      (u) => u.app_metadata.role === "admin" && u.email !== ADMIN.email && u.email_confirmed_at,
    );
    for (const other of others) {
      await service.auth.admin.updateUserById(other.id, { app_metadata: { role: null } });
    }
    try {
      await signInAsAdmin(page, "/admin/team");
      const remove = page.getByRole("button", { name: `Remove ${ADMIN.email}` });
      await expect(remove).toBeDisabled();
      await expect(remove).toHaveAccessibleDescription(teamWords.onlyAdmin);
      await expect(page.getByText(teamWords.onlyAdmin)).toBeVisible();

      // The team function refuses it too, even confirmed.
      const { apiUrl, publishableKey } = await runtime();
      const token = await tokenIn(page);
      const { data: me } = await service.auth.admin.listUsers({ perPage: 1000 });
      const id = me.users.find((u) => u.email === ADMIN.email)?.id;
      const response = await fetch(`${apiUrl}/functions/v1/team`, {
        method: "POST",
        headers: {
          apikey: publishableKey,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ action: "remove", userId: id, confirmSelf: true }),
      });
      expect(response.status).toBe(409);
      expect(((await response.json()) as { error: string }).error).toBe("last_admin");
      await page.goto("/admin/dashboard");
      await expect(page.getByRole("heading", { name: "Management Options" })).toBeVisible();
    } finally {
      for (const other of others) {
        await service.auth.admin.updateUserById(other.id, { app_metadata: { role: "admin" } });
      }
    }
  });
});
