// @ts-check
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { contentImages } from "./src/lib/content/integration.ts";
import { securityHeaders } from "./src/lib/security-headers.ts";

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
  // Content images (src/lib/images.ts) are local files prepared by the content
  // loader, optimised by sharp into AVIF, WebP and a JPEG/PNG fallback. AVIF effort 2
  // (of 9) encodes about 7x faster than sharp's default 4 for files about 15% larger;
  // results are cached in cacheDir, so only new pictures cost anything on a rebuild.
  image: {
    service: {
      entrypoint: "astro/assets/services/sharp",
      config: {
        avif: { effort: 2 },
        webp: { effort: 4 },
        jpeg: { mozjpeg: true },
      },
    },
  },
  integrations: [
    react(),
    // Deletes the unreferenced full-size originals of content images after a build.
    contentImages(),
    // The public pages only: the admin is not for search engines.
    sitemap({ filter: (page) => !new URL(page).pathname.startsWith("/admin") }),
    // The Content-Security-Policy, with the hashes of the inline scripts built.
    securityHeaders(),
  ],
  vite: {
    plugins: [tailwindcss()],
  },
});
