// @ts-check
import react from "@astrojs/react";
import sitemap from "@astrojs/sitemap";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "astro/config";
import { adminBundleCache } from "./src/lib/admin-bundle.ts";
import { contentImages } from "./src/lib/content/integration.ts";
import { hostFiles } from "./src/lib/host-rules.ts";
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
  // loader, optimised by sharp into AVIF, WebP and a JPEG/PNG fallback. Every picture
  // costs its encodes once (results are cached in cacheDir, kept between builds), so
  // the efforts are chosen by measurement on 1200 px photos (scripts/bench.ts scale):
  // AVIF effort 1 (of 9) encodes about 2x faster than effort 2 at the same size and
  // PSNR (10x faster than sharp's default 4, whose files are a third smaller); WebP
  // effort 2 about 1.6x faster than 4 at the same size and PSNR; the JPEG fallback
  // without mozjpeg about 2.4x faster and a third larger, which no visitor notices:
  // only a browser that takes neither AVIF nor WebP ever downloads it.
  image: {
    service: {
      entrypoint: "astro/assets/services/sharp",
      config: {
        avif: { effort: 1 },
        webp: { effort: 2 },
        jpeg: { mozjpeg: false },
      },
    },
  },
  integrations: [
    react(),
    // Deletes the unreferenced full-size originals of content images after a build.
    contentImages(),
    // The public pages only: the admin is not for search engines, nor are the batch
    // files long lists fetch from /data/ (src/lib/batches.ts).
    sitemap({
      filter: (page) => !/^\/(admin|data)(\/|$)/.test(new URL(page).pathname),
    }),
    // The admin app is built once per code change, not on every content save; its
    // saved shells and assets are back in place before the policy below is written.
    adminBundleCache(),
    // The Content-Security-Policy, with the hashes of the inline scripts built.
    securityHeaders(),
    // Refuses _redirects and _headers rules that Netlify and Cloudflare Pages would read
    // differently (a CSP line too long for Pages, a rule one of them ignores).
    hostFiles(),
  ],
  vite: {
    plugins: [tailwindcss()],
    // Vite's prebundled dependencies live beside Astro's cache (the data folder's, with
    // the local rebuilder) rather than in the shared node_modules/.vite, where every
    // build with another configuration (another stack, another checkout using the same
    // node_modules) would make the next one bundle them again: 1 to 2.5 s of each build.
    ...(process.env.ASTRO_CACHE_DIR
      ? { cacheDir: `${process.env.ASTRO_CACHE_DIR.replace(/\/+$/, "")}/vite` }
      : {}),
  },
});
