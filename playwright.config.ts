import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/chromium.ts";

const ci = Boolean(process.env.CI);
const port = Number(process.env.E2E_PORT ?? 4399);
const baseURL = `http://127.0.0.1:${port}`;
const browser = findChromium();

export default defineConfig({
  testDir: "tests/e2e",
  forbidOnly: ci,
  retries: 0,
  workers: ci ? 1 : undefined,
  reporter: ci ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: browser.ok ? browser.path : undefined,
      args: chromiumArgs,
    },
  },
  projects: [
    // Tests tagged @phone or @desktop exercise controls that exist at one width only.
    { name: "desktop", use: { ...devices["Desktop Chrome"] }, grepInvert: /@phone/ },
    { name: "phone", use: { ...devices["Pixel 7"] }, grepInvert: /@desktop/ },
  ],
  webServer: {
    command: "node scripts/start.ts",
    // A throwaway data folder per run: a fresh database, seed and first build.
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: `.data/e2e-${port}`,
      FRESH_DATA: "1",
      API_PORT: "0",
      // The admin the browser tests sign in as (tests/e2e/admin-support.ts).
      ADMIN_EMAIL: "e2e-admin@helpinghands.example",
      ADMIN_PASSWORD: "e2e-admin-password-1",
    },
    url: baseURL,
    reuseExistingServer: !ci,
    timeout: 180_000,
    stdout: "pipe",
  },
});
