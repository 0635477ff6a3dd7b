// Signing in to the admin: real credentials checked by Supabase Auth, the guard on
// every admin route, 'Remember me', non-admins, and logging out.
import { randomUUID } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { ADMIN, adminTotpSecret, enterAdminCode, serviceClient, signIn } from "./admin-support.ts";

/** Holds back the sign-in page's script until the answer is called. */
async function holdSignInScript(page: Page): Promise<() => void> {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_astro\/AdminEntry\.[^/]*\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  return release;
}

test.describe("admin sign-in", () => {
  // The administrator signs in with a code from an authenticator app: it is set up first.
  test.beforeAll(async () => {
    await adminTotpSecret();
  });

  test("refuses wrong credentials, then signs in and lands on the dashboard", async ({ page }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("autocomplete", "username");

    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter your username")).toBeVisible();
    await expect(page.getByText("Please enter your password")).toBeVisible();

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-typed");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");

    await signIn(page, { password: "not-the-password" });
    await expect(page.getByRole("alert")).toHaveText(
      "Invalid username or password. Please try again.",
    );
    await expect(page).toHaveURL(/\/admin\/?$/);

    // The button says what is happening while the request runs.
    await page.route("**/auth/v1/token**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    // The administrator has an authenticator app: the code comes second.
    await enterAdminCode(page);
    await page.waitForURL("**/admin/dashboard");
    await expect(page.getByRole("heading", { name: "Admin Dashboard", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Management Options" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Projects/ })).toHaveAttribute(
      "href",
      "/admin/projects-management",
    );
    await expect(
      page.getByRole("link", { name: /^Donate QR codes and bank account details/ }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /^Logo Header and footer logo/ })).toBeVisible();
  });

  test("the sign-in form is in the page before its script runs, and keeps what was typed", async ({
    browser,
    page,
  }) => {
    // Without scripts, the page already holds the form.
    const bare = await browser.newContext({
      javaScriptEnabled: false,
      baseURL: test.info().project.use.baseURL,
    });
    const noScript = await bare.newPage();
    await noScript.goto("/admin/");
    await expect(noScript.getByRole("heading", { name: "Admin Login" })).toBeVisible();
    await expect(noScript.getByLabel("Username")).toBeVisible();
    // Its buttons wait for the script, so no click is lost and a native submit can never
    // put the password in the address.
    for (const name of ["Sign In", "Forgot password?", "Show password"]) {
      await expect(noScript.getByRole("button", { name })).toBeDisabled();
    }
    await bare.close();

    // The person types while the script is still on its way: what they typed is kept.
    const release = await holdSignInScript(page);
    await page.goto("/admin/");
    await page.getByLabel("Username").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeDisabled();
    await expect(page).toHaveURL(/\/admin\/?$/);
    release();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
    await page.getByRole("button", { name: "Sign In" }).click();
    await enterAdminCode(page);
    await page.waitForURL("**/admin/dashboard");
  });

  test("an admin path answered with the sign-in page's shell shows the app, never the form", async ({
    page,
  }) => {
    await signIn(page);
    await page.waitForURL("**/admin/dashboard");
    // Hosts answer unknown admin paths with /admin/'s shell (Cloudflare Pages answers
    // every admin path so). Held before its script runs, that page shows no form.
    const release = await holdSignInScript(page);
    await page.goto("/admin/banners/3/edit", { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeHidden();
    await expect(page.getByLabel("Username")).toBeHidden();
    release();
    await expect(page.getByText("There is no admin page at /admin/banners/3/edit.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Login" })).toHaveCount(0);
  });

  test("sends visitors without a session to /admin, and back where they were after signing in", async ({
    page,
  }) => {
    await page.goto("/admin/projects-management");
    await page.waitForURL(/\/admin\/\?next=%2Fadmin%2Fprojects-management$/);
    await signIn(page, { path: page.url() });
    await page.waitForURL("**/admin/projects-management");
    await expect(page.getByRole("heading", { name: "Projects Management" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.waitForURL("**/admin/dashboard");
  });

  test("tells a signed-in user who is not an admin, and lets them sign out", async ({ page }) => {
    const email = `volunteer-${randomUUID()}@helpinghands.example`;
    const service = await serviceClient();
    const { error } = await service.auth.admin.createUser({
      email,
      password: "volunteer-pass-1",
      email_confirm: true,
    });
    expect(error).toBeNull();
    await signIn(page, { email, password: "volunteer-pass-1" });
    await expect(page.getByRole("heading", { name: "Not an administrator" })).toBeVisible();
    await page.goto("/admin/logo-management");
    await expect(page.getByRole("heading", { name: "Not an administrator" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/admin\/?(\?.*)?$/);
    await expect(page.getByRole("heading", { name: "Admin Login" })).toBeVisible();
  });

  test("without 'Remember me' the session ends with the tab; with it, it survives", async ({
    context,
    page,
  }) => {
    await signIn(page);
    await page.waitForURL("**/admin/dashboard");
    const other = await context.newPage();
    await other.goto("/admin/dashboard");
    await other.waitForURL(/\/admin\/\?next=/);
    await other.close();

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/admin\/?$/);

    await signIn(page, { remember: true });
    await page.waitForURL("**/admin/dashboard");
    const again = await context.newPage();
    await again.goto("/admin/dashboard");
    await expect(again.getByRole("heading", { name: "Management Options" })).toBeVisible();
    await again.close();
  });

  test("logs out only after confirming", async ({ page }) => {
    await signIn(page);
    await page.waitForURL("**/admin/dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Are you sure you want to logout?");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard/);

    await page.getByRole("button", { name: "Logout" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Logout" }).click();
    await page.waitForURL(/\/admin\/?$/);
    await page.goto("/admin/dashboard");
    await page.waitForURL(/\/admin\/\?next=/);
  });
});
