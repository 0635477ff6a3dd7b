import { defineConfig } from "vitest/config";

const everything = [
  "src/**/*.test.{ts,tsx}",
  "admin-island/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
  "supabase/**/*.test.ts",
  "tests/**/*.test.ts",
];
const exclude = ["tests/e2e/**", "node_modules/**", "dist/**"];

export default defineConfig({
  test: {
    projects: [
      // A project created today: publishable and secret keys, ES256 sessions.
      { extends: true, test: { name: "new-keys", include: everything, exclude } },
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
    ],
  },
});
