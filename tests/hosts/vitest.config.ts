import { defineConfig } from "vitest/config";

// The host checks (`npm run test:hosts`): the vendors' own tools on what we ship. One
// file, run apart from the unit tests: it installs the pinned tools on first use,
// builds the site twice with Netlify's build and serves it with three engines.
export default defineConfig({
  test: {
    include: ["tests/hosts/**/*.test.ts"],
    root: `${import.meta.dirname}/../..`,
    testTimeout: 60_000,
    hookTimeout: 1_200_000,
  },
});
