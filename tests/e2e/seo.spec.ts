// Head tags, structured data, robots.txt and the sitemap; and which pages ship script.

import { expect, test } from "@playwright/test";
import { publicRoutes as PUBLIC_ROUTES } from "../../src/lib/nav.ts";
import { expectNoCspViolations, recordCspViolations } from "./support.ts";

test("every page has its own description, canonical URL and social tags", {
  tag: "@desktop",
}, async ({ page }) => {
  const descriptions = new Set<string>();
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length ?? 0, route).toBeGreaterThan(50);
    descriptions.add(description ?? "");

    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical ?? "").pathname, route).toBe(route);
    const title = await page.title();
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute(
      "content",
      canonical ?? "",
    );
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/og-default\.jpg$/,
    );
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute(
      "content",
      "summary_large_image",
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  }
  expect(descriptions.size).toBe(PUBLIC_ROUTES.length);

  const image = await page.request.get("/og-default.jpg");
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toContain("image/jpeg");
});

test("the organisation is described as an NGO in JSON-LD", { tag: "@desktop" }, async ({
  page,
}) => {
  await page.goto("/");
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json ?? "{}");
  expect(data["@type"]).toBe("NGO");
  expect(data.name).toBe("Helping Hands Foundation");
  expect(new URL(data.url).pathname).toBe("/");
  expect(data.logo).toMatch(/^https?:\/\//);
  expect(data.address.streetAddress).toBe("12 Riverside Road");
  expect(data.contactPoint[0].telephone).toBe("+977 1 4000 100");
  expect(data.sameAs).toEqual([
    "https://www.facebook.com/helpinghandsfoundation",
    "https://www.instagram.com/helpinghandsfoundation",
  ]);
});

test("robots.txt points at the sitemap, which lists every public page", {
  tag: "@desktop",
}, async ({ request }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("User-agent: *");
  expect(robots).toContain("Disallow: /admin/");
  const sitemapUrl = robots.match(/^Sitemap: (\S+)$/m)?.[1];
  expect(sitemapUrl).toMatch(/\/sitemap-index\.xml$/);

  const index = await (await request.get(new URL(sitemapUrl ?? "").pathname)).text();
  const first = index.match(/<loc>([^<]+)<\/loc>/)?.[1];
  const sitemap = await (await request.get(new URL(first ?? "").pathname)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? "").pathname,
  );
  expect(paths.sort()).toEqual([...PUBLIC_ROUTES].sort());
});

test("pages with nothing interactive ship no framework JavaScript", {
  tag: "@desktop",
}, async ({ page }) => {
  for (const route of [
    "/about/",
    "/about/our-history/",
    "/about/our-team/",
    "/about/our-mission/",
    "/donate/",
    "/certifications/",
  ]) {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await page.goto(route);
    await page.waitForLoadState("networkidle");
    await expect(page.locator("astro-island")).toHaveCount(0);
    expect(
      scripts.filter((url) => /react|client|island/i.test(url)),
      route,
    ).toEqual([]);
    page.removeAllListeners("request");
  }
});

test("images have their size set and only the hero loads eagerly", { tag: "@desktop" }, async ({
  page,
}) => {
  await page.goto("/about/our-team/");
  for (const route of ["/", "/medical/", "/certifications/", "/donate/"]) {
    await page.goto(route);
    const images = await page.locator("main img").evaluateAll((list) =>
      list.map((img) => ({
        src: img.getAttribute("src"),
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        loading: img.getAttribute("loading"),
        priority: img.getAttribute("fetchpriority"),
      })),
    );
    expect(images.length, route).toBeGreaterThan(0);
    for (const image of images) {
      expect(image.width, `${route} ${image.src}`).toMatch(/^\d+$/);
      expect(image.height, `${route} ${image.src}`).toMatch(/^\d+$/);
    }
    const eager = images.filter((image) => image.loading === "eager");
    expect(eager.length, route).toBeLessThanOrEqual(1);
    for (const image of eager) expect(image.priority).toBe("high");
  }
});

test("no page may be framed by another site, and the admin stays out of search engines", {
  tag: "@desktop",
}, async ({ page, request, baseURL }) => {
  for (const path of ["/", "/contact/", "/admin", "/admin/dashboard"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
  }
  expect((await request.get("/admin")).headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect((await request.get("/")).headers()["x-robots-tag"]).toBeUndefined();
  expect((await request.get("/_headers")).status()).toBe(404);
  expect((await request.get("/_redirects")).status()).toBe(404);
  // The admin fallback of the site's _redirects: a deep admin path gets the admin app.
  expect((await request.get("/admin/no-such-screen/3")).status()).toBe(200);

  // Framed by a page of another origin, the admin's sign-in never renders.
  const admin = new URL("/admin", baseURL).href;
  // setContent waits for the load event, which waits for the frame's own load.
  await page.setContent(`<iframe title="framed" src="${admin}"></iframe>`, {
    waitUntil: "load",
  });
  const framed = page.frames().find((frame) => frame !== page.mainFrame());
  const text = await framed?.evaluate(() => document.body?.innerText ?? "").catch(() => "");
  expect(text ?? "").not.toContain("Admin");
  expect(framed?.url() ?? "").not.toBe(admin);
});

test("every page runs under the Content-Security-Policy with nothing blocked", {
  tag: "@desktop",
}, async ({ page, request }) => {
  const policy = (await request.get("/")).headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  expect(policy).not.toMatch(/script-src[^;]*unsafe/);
  await recordCspViolations(page);
  for (const route of PUBLIC_ROUTES) {
    await page.goto(route);
    // Islands hydrate when they scroll into view.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    await expectNoCspViolations(page, route);
  }
  // A script that got into a page anyway would not run.
  await page.goto("/");
  const ran = await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.append(script);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
});
