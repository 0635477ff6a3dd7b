import type { APIRoute } from "astro";

// Built per site origin (SITE_URL), so the sitemap address is always absolute and right.
// /data/ holds the batch files long lists fetch (src/lib/batches.ts): not pages.
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL("/sitemap-index.xml", site).href;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin/",
    "Disallow: /data/",
    "",
    `Sitemap: ${sitemap}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
