import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/chromium.ts";
import { ADMIN_PORT } from "./scripts/lib/e2e-shards.ts";

const ci = Boolean(process.env.CI);
// Two stacks, each with a throwaway data folder (a fresh database, seed and first
// build): the public-site tests read a site nobody edits, while the admin tests edit,
// publish and rebuild theirs.
const sitePort = Number(process.env.E2E_PORT ?? 4399);
const adminPort = Number(process.env.E2E_ADMIN_PORT ?? ADMIN_PORT);
// E2E_SHARD=i/n (scripts/e2e.ts): this run takes the i-th of n shares of its tests, by
// file, on a stack (E2E_ADMIN_PORT) and with a results folder of its own.
const shardMatch = /^(\d+)\/(\d+)$/.exec(process.env.E2E_SHARD ?? "");
const shard = shardMatch ? { current: Number(shardMatch[1]), total: Number(shardMatch[2]) } : null;
const browser = findChromium();
const ADMIN_TESTS = /admin-.*\.spec\.ts$/;

function stack(port: number, name: string) {
  return {
    command: "node scripts/start.ts",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: `.data/${name}-${port}`,
      FRESH_DATA: "1",
      API_PORT: "0",
      REBUILD_PORT: "0",
      // A project on the new keys whose legacy anon and service_role keys are switched
      // off: the whole suite proves the site and the admin need neither.
      SUPABASE_KEYS: "new",
      SUPABASE_LEGACY_API_KEYS: "disabled",
      // A build the host never starts fails after 30 s instead of 10 minutes, so the
      // host-fault tests (admin-host-faults.spec.ts) can watch publishing recover.
      PUBLISH_QUEUE_LIMIT_SECONDS: "30",
      // A message stored by the alert test (admin-payments.spec.ts) must bring its own
      // mail rather than join an hour's digest, whatever ran before it; the hundreds the
      // long-list tests store (admin-scale.spec.ts) still end in one digest instead of
      // a mail each. The cap itself is tested against the alerts function
      // (tests/contract/alerts.test.ts).
      ALERT_MESSAGE_LIMIT: "20",
      // The admin the browser tests sign in as (tests/e2e/admin-support.ts).
      ADMIN_EMAIL: "e2e-admin@helpinghands.example",
      ADMIN_PASSWORD: "e2e-admin-password-1",
    },
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !ci,
    timeout: 240_000,
    stdout: "pipe" as const,
  };
}

// `npm run test:e2e` (scripts/e2e.ts) runs the site tests and the admin tests side by
// side, each run with only its own stack (E2E_STACK); unset, one run takes both.
const only = process.env.E2E_STACK as "site" | "admin" | undefined;
const wants = (which: "site" | "admin") => only === undefined || only === which;

export default defineConfig({
  testDir: "tests/e2e",
  // Each run keeps its own results, since a run clears its folder when it starts.
  outputDir: only ? `test-results/${only}${shard ? `-${shard.current}` : ""}` : "test-results",
  shard,
  forbidOnly: ci,
  retries: 0,
  workers: ci ? 1 : undefined,
  reporter: ci ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Time limits catch a hang, never measure speed (the benches do that). A loaded CI
  // machine runs the same steps several times slower (two stacks, two browsers and
  // their builds on two cores): there every limit is doubled.
  timeout: ci ? 60_000 : 30_000,
  expect: { timeout: ci ? 10_000 : 5_000 },
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: browser.ok ? browser.path : undefined,
      args: chromiumArgs,
    },
  },
  // Tests tagged @phone or @desktop exercise controls that exist at one width only.
  projects: [...(wants("site") ? siteProjects() : []), ...(wants("admin") ? adminProjects() : [])],
  webServer: [
    ...(wants("site") ? [stack(sitePort, "e2e")] : []),
    ...(wants("admin") ? [stack(adminPort, "e2e-admin")] : []),
  ],
});

function siteProjects() {
  return [
    {
      name: "desktop",
      testIgnore: ADMIN_TESTS,
      grepInvert: /@phone/,
      use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${sitePort}` },
    },
    {
      name: "phone",
      testIgnore: ADMIN_TESTS,
      grepInvert: /@desktop/,
      use: { ...devices["Pixel 7"], baseURL: `http://127.0.0.1:${sitePort}` },
    },
  ];
}

function adminProjects() {
  return [
    {
      name: "admin-desktop",
      testMatch: ADMIN_TESTS,
      grepInvert: /@phone/,
      use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${adminPort}` },
    },
    {
      name: "admin-phone",
      testMatch: ADMIN_TESTS,
      grepInvert: /@desktop/,
      use: { ...devices["Pixel 7"], baseURL: `http://127.0.0.1:${adminPort}` },
    },
  ];
}
