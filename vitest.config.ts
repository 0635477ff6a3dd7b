import { defineConfig } from "vitest/config";

/** The admin's screens, rendered in jsdom with a shared setup (admin-ui below). */
const adminUi = ["admin-island/src/**/*.test.tsx"];
const everything = [
  "src/**/*.test.{ts,tsx}",
  "admin-island/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
  "supabase/**/*.test.ts",
  "tests/**/*.test.ts",
];
const exclude = ["tests/e2e/**", "tests/hosts/**", "node_modules/**", "dist/**"];

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core free (one worker on two
    // cores), but most files wait on a stack of their own (database, stand-in, Deno
    // functions) rather than compute: on two cores, 6.7 instead of 10 minutes.
    maxWorkers: "100%",
    // Limits catch a hang, never measure speed: on a loaded two-core machine a database
    // clone or a stand-in start takes several times as long as on an idle one.
    testTimeout: 15_000,
    hookTimeout: 60_000,
    projects: [
      // A project created today: publishable and secret keys, ES256 sessions.
      {
        extends: true,
        test: { name: "new-keys", include: everything, exclude: [...exclude, ...adminUi] },
      },
      // A project that still runs on its legacy JWT secret and anon/service_role keys:
      // the contract suite again, against a stand-in in that mode.
      {
        extends: true,
        test: {
          name: "legacy-keys",
          include: ["tests/contract/**/*.test.ts"],
          exclude,
          env: { SUPABASE_KEYS: "legacy" },
        },
      },
      // The admin's screens: each test file starts from the same clean page, toasts,
      // drafts and mocks (admin-island/src/testing/setup.ts).
      {
        extends: true,
        test: {
          name: "admin-ui",
          include: adminUi,
          exclude,
          environment: "jsdom",
          setupFiles: ["admin-island/src/testing/setup.ts"],
        },
      },
    ],
  },
});
