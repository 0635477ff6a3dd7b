// Shared helpers of the admin browser tests: the running stack's addresses and keys,
// a service client for arranging data, and signing in.
import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { SESSION_STORAGE_KEY } from "../../admin-island/src/account/auth-client.ts";
import { CHOICE_KEY } from "../../admin-island/src/account/remember-storage.ts";
import { loadOrCreateHookToken } from "../../scripts/lib/deploy-hook.ts";
import { ADMIN_PORT } from "../../scripts/lib/e2e-shards.ts";
import { apiKeys, type KeyMode, loadOrCreateKeys } from "../../supabase/local/keys.ts";
import { type TestStack, totpCode, verifySecondFactor } from "../contract/stack.ts";

// The account playwright.config.ts asks `npm start` to create.
export const ADMIN = { email: "e2e-admin@helpinghands.example", password: "e2e-admin-password-1" };

// The data folder playwright.config.ts gives the admin tests' `npm start`.
export const adminDataDir = join(
  process.cwd(),
  ".data",
  `e2e-admin-${process.env.E2E_ADMIN_PORT ?? ADMIN_PORT}`,
);
const dataDir = adminDataDir;

export interface Runtime {
  apiUrl: string;
  /** The keys of the running stack's mode (the publishable and secret keys by default). */
  publishableKey: string;
  secretKey: string;
  mode: KeyMode;
  storageDir: string;
  /** The mail catcher (its Mailpit-shaped API is under /api/v1). */
  mailUrl: string;
  /** The local host the deploy hook calls (its state under /status/<hook token>). */
  hostUrl: string;
}

/** Where the running stack is (runtime.json, written by `npm start`) and its keys. */
export async function runtime(): Promise<Runtime> {
  const { apiUrl, mailUrl, hostUrl } = JSON.parse(
    await readFile(join(dataDir, "runtime.json"), "utf8"),
  ) as { apiUrl: string; mailUrl: string; hostUrl: string };
  const keys = await loadOrCreateKeys(dataDir);
  const { publishable, secret } = apiKeys(keys);
  return {
    apiUrl,
    publishableKey: publishable,
    secretKey: secret,
    mode: keys.mode,
    storageDir: join(dataDir, "storage"),
    mailUrl,
    hostUrl,
  };
}

/**
 * The running stack as the contract suite's helpers take it (tests/contract/stack.ts and
 * mail.ts: signedInUser, waitForMail, ...): its API, keys and mail catcher.
 */
export async function contractStack(): Promise<TestStack> {
  const { apiUrl, publishableKey, secretKey, mode, storageDir, mailUrl } = await runtime();
  return {
    url: apiUrl,
    publishableKey,
    secretKey,
    mode,
    embedded: true,
    storageDir,
    mailUrl,
    close: async () => {},
  };
}

export async function serviceClient(): Promise<SupabaseClient> {
  const { apiUrl, secretKey } = await runtime();
  return createClient(apiUrl, secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/**
 * Where the key of ADMIN's authenticator app is kept for the stack's lifetime: beside
 * the stack's folder, not in it (`npm start` empties a folder it made, and refuses one
 * holding files it did not make).
 */
const ADMIN_TOTP_FILE = join(tmpdir(), `e2e-admin-totp-${basename(dataDir)}.txt`);
let adminKey: Promise<string> | undefined;

/**
 * The key of ADMIN's authenticator app: administrators sign in with a code, as the
 * changes that move money need. Made once for the stack (its database keeps the app,
 * this file its key); made again when the stack no longer has it.
 */
export function adminTotpSecret(): Promise<string> {
  adminKey ??= (async () => {
    const { apiUrl, publishableKey } = await runtime();
    const client = createClient(apiUrl, publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false },
    });
    const { data, error } = await client.auth.signInWithPassword(ADMIN);
    if (error) throw new Error(`could not sign in ${ADMIN.email}: ${error.message}`);
    const known = await readFile(ADMIN_TOTP_FILE, "utf8").catch(() => "");
    const apps = (data.user.factors ?? []).filter((factor) => factor.status === "verified");
    if (known && apps.length === 1) return known.trim();
    // Start afresh: the stack's apps of this account are not the one this file names.
    const admin = (await serviceClient()).auth.admin;
    for (const factor of data.user.factors ?? []) {
      await admin.mfa.deleteFactor({ userId: data.user.id, id: factor.id });
    }
    const secret = await verifySecondFactor(client);
    await writeFile(ADMIN_TOTP_FILE, secret);
    return secret;
  })();
  return adminKey;
}

/**
 * Gives the sign-in's second step the code an authenticator app shows now: the app
 * whose key is `secret`, ADMIN's by default.
 */
export async function enterAdminCode(page: Page, secret?: string): Promise<void> {
  const form = page.getByRole("form", { name: "Enter your code" });
  await form.getByLabel("Code from the app").fill(totpCode(secret ?? (await adminTotpSecret())));
  await form.getByRole("button", { name: "Verify" }).click();
}

/**
 * Signs in through the form. ADMIN, with its own password, also gives the code of its
 * authenticator app, and so does anyone whose app's key is given (`secret`); any other
 * sign-in stops after the password.
 */
export async function signIn(
  page: Page,
  options: {
    email?: string;
    password?: string;
    remember?: boolean;
    path?: string;
    secret?: string;
  } = {},
): Promise<void> {
  const asAdmin = (options.email ?? ADMIN.email) === ADMIN.email && !options.password;
  const secret = options.secret ?? (asAdmin ? await adminTotpSecret() : undefined);
  await page.goto(options.path ?? "/admin");
  await page.getByLabel("Username").fill(options.email ?? ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(options.password ?? ADMIN.password);
  if (options.remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In" }).click();
  if (secret) await enterAdminCode(page, secret);
}

/**
 * Opens `path` signed in as ADMIN at aal2, for the tests that are not about signing in
 * (admin-auth and admin-roles sign in through the form). The session is made through
 * Auth's API, password then code, as the form makes it, and handed to this tab where
 * the form leaves it without 'Remember me': in its sessionStorage, once, before the
 * admin's first script runs. Each test gets a session of its own.
 */
export async function signInAsAdmin(page: Page, path = "/admin/dashboard"): Promise<void> {
  const secret = await adminTotpSecret();
  const { apiUrl, publishableKey } = await runtime();
  const client = createClient(apiUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signInWithPassword(ADMIN);
  if (error) throw new Error(`could not sign in ${ADMIN.email}: ${error.message}`);
  await verifySecondFactor(client, secret);
  const { data } = await client.auth.getSession();
  if (!data.session) throw new Error(`${ADMIN.email} has no session after the code`);
  await page.addInitScript(
    ({ sessionKey, session, choiceKey }) => {
      const seeded = "e2e-session-seeded";
      if (sessionStorage.getItem(seeded)) return;
      sessionStorage.setItem(seeded, "1");
      sessionStorage.setItem(choiceKey, "0");
      sessionStorage.setItem(sessionKey, session);
    },
    {
      sessionKey: SESSION_STORAGE_KEY,
      session: JSON.stringify(data.session),
      choiceKey: CHOICE_KEY,
    },
  );
  await page.goto(path);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
}

/** The publish status in the admin's header, whatever it says. */
export function publishStatus(page: Page): Locator {
  return page
    .getByRole("status")
    .filter({ hasText: /Live|Publishing|Checking|not published|failed/ });
}

/**
 * How long the publish status may take (generous: a loaded machine builds slowly): to
 * settle or show that a build started, and for a build to go live.
 */
const PUBLISH_STARTS_MS = 60_000;
const PUBLISH_BUILDS_MS = 150_000;

/**
 * Waits until the header says the site is live. With `publishIfNeeded`, a site that says
 * its changes are not published yet is published first (Publish now).
 */
export async function expectLive(
  page: Page,
  { publishIfNeeded = false }: { publishIfNeeded?: boolean } = {},
): Promise<void> {
  const status = publishStatus(page);
  if (publishIfNeeded) {
    await expect(status).toContainText(/Live|not published|Publishing/, {
      timeout: PUBLISH_STARTS_MS,
    });
    if ((await status.textContent())?.includes("not published")) {
      await page.getByRole("button", { name: "Publish now" }).click();
    }
  }
  await expect(status).toContainText("Live", { timeout: PUBLISH_BUILDS_MS });
}

/**
 * After a save (or Publish now): waits for the header to say a build started
 * (`started`, 'Publishing...' by default), then for the site to be live with it.
 */
export async function expectPublished(
  page: Page,
  { started = "Publishing..." }: { started?: string | RegExp } = {},
): Promise<void> {
  const status = publishStatus(page);
  await expect(status).toContainText(started, { timeout: PUBLISH_STARTS_MS });
  await expect(status).toContainText("Live", { timeout: PUBLISH_BUILDS_MS });
}

/** The publish runs, newest first, as the database holds them. */
export async function publishRuns(): Promise<{ id: number; status: string }[]> {
  const { data, error } = await (await serviceClient())
    .from("publish_runs")
    .select("id, status")
    .order("id", { ascending: false });
  if (error) throw new Error(error.message);
  return data as { id: number; status: string }[];
}

/**
 * Waits until nothing is on its way to the site: the local host builds nothing and has
 * no build waiting, and no publish run is queued or building. What the next save asks
 * for is then the next build (a host fault written now is played by it).
 */
export async function hostSettled(): Promise<void> {
  const { hostUrl } = await runtime();
  const statusUrl = `${hostUrl}/status/${await loadOrCreateHookToken(dataDir)}`;
  await expect
    .poll(
      async () => {
        const host = (await (await fetch(statusUrl)).json()) as { state: string; pending: boolean };
        const run = (await publishRuns())[0]?.status ?? "none";
        return host.state === "idle" && !host.pending && run !== "queued" && run !== "building";
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
}

/**
 * Expects a toast with this text (sonner's live region). `timeout` is for outcomes at the
 * end of long work (a batch of uploads), which a loaded machine may take well over the
 * default 5 s to reach.
 */
export async function expectToast(
  page: Page,
  text: string,
  options: { timeout?: number } = {},
): Promise<void> {
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: text }).first()).toBeVisible(
    options,
  );
}

/**
 * Empties a table for the length of `run`, then puts every row back as it was
 * (the same ids and timestamps), whatever happened in between.
 */
export async function withTableEmptied(table: string, run: () => Promise<void>): Promise<void> {
  const service = await serviceClient();
  const { data: rows, error } = await service.from(table).select("*");
  if (error) throw new Error(`could not read ${table}: ${error.message}`);
  const ids = (rows as { id: string }[]).map((row) => row.id);
  try {
    if (ids.length) {
      const { error: deleteError } = await service.from(table).delete().in("id", ids);
      if (deleteError) throw new Error(`could not empty ${table}: ${deleteError.message}`);
    }
    await run();
  } finally {
    await restoreTable(table, rows as Record<string, unknown>[]);
  }
}

/** Makes a table hold exactly `rows` again. */
export async function restoreTable(table: string, rows: Record<string, unknown>[]): Promise<void> {
  const service = await serviceClient();
  const { error: deleteError } = await service.from(table).delete().not("id", "is", null);
  if (deleteError) throw new Error(`could not clear ${table}: ${deleteError.message}`);
  if (rows.length) {
    const { error } = await service.from(table).insert(rows);
    if (error) throw new Error(`could not restore ${table}: ${error.message}`);
  }
}

export async function snapshotTable(table: string): Promise<Record<string, unknown>[]> {
  const service = await serviceClient();
  const { data, error } = await service.from(table).select("*");
  if (error) throw new Error(`could not read ${table}: ${error.message}`);
  return data as Record<string, unknown>[];
}

/** Renames the first home banner through its Edit dialog: one save. */
export async function renameFirstBanner(page: Page, title: string) {
  // A visitor's page opened beside the admin's may have taken the front; a page
  // behind it may get no animation frames, which every click waits for.
  await page.bringToFront();
  await page.goto("/admin/home-management#banners");
  const firstCard = page
    .getByRole("list", { name: "Banner Management", exact: true })
    .locator(":scope > li")
    .first();
  await firstCard.getByRole("button", { name: /^Edit/ }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Banner" });
  await dialog.locator("#field-title").fill(title);
  await dialog.getByRole("button", { name: "Update Banner" }).click();
  await expect(dialog).toBeHidden();
}
