// @ts-check
import react from "@astrojs/react";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";

// SITE_URL is the public origin the site is served from; canonical URLs and the
// sitemap are built from it, so production builds must set it.
const site = process.env.SITE_URL ?? "http://localhost:4321";

export default defineConfig({
  site,
  output: "static",
  trailingSlash: "ignore",
  // The local rebuilder (scripts/lib/rebuilder.ts) builds each run into a fresh
  // folder and keeps Astro's cache (optimised images) in the data folder.
  outDir: process.env.ASTRO_OUT_DIR || "./dist",
  ...(process.env.ASTRO_CACHE_DIR ? { cacheDir: process.env.ASTRO_CACHE_DIR } : {}),
  build: { format: "directory" },
  integrations: [react()],
  vite: {
    plugins: [tailwindcss()],
  },
});
