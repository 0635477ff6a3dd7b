// Build-level tests of the content layer: real `astro build` runs against the
// embedded stack (fresh database with the seed), on a throwaway copy of the site
// with fixture pages (tests/build/fixtures), sharing one Astro cache folder across
// builds like the rebuilder does; then one build of the site's own public pages over
// tables with no active rows (the empty states and fallbacks). Slow by nature:
// two to three minutes in all.

import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES, TABLES } from "../../src/lib/schema/tables.ts";
import { freePort } from "../../supabase/local/server.ts";
import { anonClient, serviceClient, startTestStack, type TestStack } from "../contract/stack.ts";
import { type BuildProject, createProject, repoRoot } from "./project.ts";

const BUILD_TIMEOUT = 180_000;
/** The whole public site from a cold cache: every default image optimised at every width. */
const SITE_BUILD_TIMEOUT = 300_000;

// jsdom ships no type declarations; only its constructor is needed here.
const { JSDOM } = createRequire(import.meta.url)("jsdom") as {
  JSDOM: new (html: string) => { window: { document: Document } };
};

let stack: TestStack;
let project: BuildProject;
let service: SupabaseClient;
let env: Record<string, string>;
const timings: string[] = [];

async function fixture(name: string): Promise<string> {
  return readFile(join(import.meta.dirname, "fixtures", `${name}.astro.txt`), "utf8");
}

async function build(label: string, extraEnv: Record<string, string | undefined> = env) {
  const result = await project.build(extraEnv);
  timings.push(`${label}: ${(result.ms / 1000).toFixed(1)} s (exit ${result.code})`);
  return result;
}

async function buildOk(label: string) {
  const result = await build(label);
  if (result.code !== 0) throw new Error(`build "${label}" failed:\n${result.output.slice(-4000)}`);
  return project.page("/");
}

/** The part of the page inside the element with this id. */
function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  if (start < 0) throw new Error(`no #${id} in the page`);
  const tag = html.lastIndexOf("<", start);
  const name = /^<(\w+)/.exec(html.slice(tag))?.[1] ?? "";
  const end = html.indexOf(`</${name}>`, start);
  return html.slice(tag, end);
}

function itemIds(html: string, id: string): string[] {
  return [...section(html, id).matchAll(/data-id="([^"]+)"/g)].map((m) => m[1] ?? "");
}

async function contentHashOf(file: string): Promise<string> {
  const bytes = await readFile(file);
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

async function deleteAll(table: string) {
  const { error } = await service.from(table).delete().not("id", "is", null);
  if (error) throw new Error(`could not empty ${table}: ${error.message}`);
}

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  env = { PUBLIC_SUPABASE_URL: stack.url, PUBLIC_SUPABASE_PUBLISHABLE_KEY: stack.publishableKey };
  project = await createProject({
    pages: {
      "index.astro": await fixture("content-page"),
      "security.astro": await fixture("security"),
    },
  });
}, 60_000);

afterAll(async () => {
  await project?.remove();
  await stack?.close();
  if (timings.length) console.log(`build times:\n  ${timings.join("\n  ")}`);
});

describe("astro build over the Supabase content", () => {
  it(
    "(a) fails, naming the table, when the database cannot be reached",
    async () => {
      const port = await freePort();
      const result = await build("database down", {
        PUBLIC_SUPABASE_URL: `http://127.0.0.1:${port}`,
        PUBLIC_SUPABASE_PUBLISHABLE_KEY: stack.publishableKey,
      });
      expect(result.code).not.toBe(0);
      expect(result.output).toMatch(
        new RegExp(
          `Could not load the content table "content_revision" from http://127\\.0\\.0\\.1:${port}`,
        ),
      );
      expect(result.output).toContain("last good deploy stays live");
      await expect(stat(join(project.outDir, "index.html"))).rejects.toThrow();
    },
    BUILD_TIMEOUT,
  );

  it(
    "fails with a message to set the variables or use npm start when they are missing",
    async () => {
      const result = await build("no env", {});
      expect(result.code).not.toBe(0);
      expect(result.output).toContain(
        "PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_PUBLISHABLE_KEY are not set",
      );
      expect(result.output).toContain("npm start");
    },
    BUILD_TIMEOUT,
  );

  let markupBannerId = "";
  let dataImageRowId = "";
  let brokenRowId = "";

  it(
    "(c, e) renders markup in text inert and data:image rows as hashed files; broken images show the placeholder",
    async () => {
      const { data: banner, error } = await service
        .from("banners")
        .insert({
          title: "<script>alert(1)</script>",
          subtitle: "<img src=x onerror=alert(1)>",
          image_url: "/images/seed/banner-2.jpg",
          position: "left",
          sort_order: 99,
        })
        .select("id")
        .single();
      if (error) throw error;
      markupBannerId = banner.id;

      const png = await sharp({
        create: { width: 300, height: 200, channels: 3, background: { r: 12, g: 140, b: 130 } },
      })
        .png()
        .toBuffer();
      const dataUrl = `data:image/png;base64,${png.toString("base64")}`;
      const { data: gallery } = await service
        .from("home_gallery")
        .insert({ image_url: dataUrl, sort_order: 50, is_active: true })
        .select("id")
        .single();
      dataImageRowId = gallery?.id;
      const { data: broken } = await service
        .from("home_gallery")
        .insert({
          image_url: `${stack.url}/storage/v1/object/public/media/no-such-image.png`,
          sort_order: 51,
          is_active: true,
        })
        .select("id")
        .single();
      brokenRowId = broken?.id;

      const html = await buildOk("seed + markup + data image (cold cache)");

      // (c) markup in a title or subtitle is escaped text, never markup.
      expect(html).toContain("<h2>&lt;script&gt;alert(1)&lt;/script&gt;</h2>");
      expect(html).toContain("<p>&lt;img src=x onerror=alert(1)&gt;</p>");
      const dom = new JSDOM(html).window.document;
      expect(dom.querySelectorAll("script")).toHaveLength(0);
      expect(dom.querySelectorAll("[onerror]")).toHaveLength(0);
      expect(dom.querySelectorAll('img[src="x"]')).toHaveLength(0);
      const markupItem = dom.querySelector(`li[data-id="${markupBannerId}"]`);
      expect(markupItem?.querySelector("h2")?.textContent).toBe("<script>alert(1)</script>");
      expect(markupItem?.querySelector("p")?.textContent).toBe("<img src=x onerror=alert(1)>");
      // In an attribute the text stays a quoted value (alt), equally inert.
      expect(markupItem?.querySelector("img")?.getAttribute("alt")).toBe(
        "<script>alert(1)</script>",
      );

      // (e) the data:image row is an optimised, hashed file, never inlined.
      expect(html).not.toContain("data:image");
      const items = section(html, "gallery").split("<li").slice(1);
      const dataItem = items.find((item) => item.includes(`data-id="${dataImageRowId}"`)) ?? "";
      const hash = createHash("sha256").update(png).digest("hex").slice(0, 32);
      // An opaque PNG: JPEG is its fallback for browsers without AVIF or WebP.
      expect(dataItem).toMatch(new RegExp(`<img src="/_astro/${hash}\\.[\\w-]+_[\\w-]+\\.jpg"`));
      expect(dataItem).toMatch(
        new RegExp(`type="image/avif" srcset="/_astro/${hash}\\.[\\w-]+_[\\w-]+\\.avif 300w"`),
      );
      expect(dataItem).toContain('width="300" height="200"');
      const file = /<img src="([^"]+)"/.exec(dataItem)?.[1] ?? "";
      expect((await stat(join(project.outDir, file))).size).toBeGreaterThan(0);
      // Only the optimised files ship: the full-size original was pruned after the build.
      const shipped = (await readdir(join(project.outDir, "_astro"))).filter((name) =>
        name.startsWith(`${hash}.`),
      );
      expect(shipped.length).toBeGreaterThan(0);
      for (const name of shipped) expect(html).toContain(`/_astro/${name}`);

      // A 404 image shows the gallery placeholder.
      const brokenItem = items.find((item) => item.includes(`data-id="${brokenRowId}"`)) ?? "";
      const placeholderHash = await contentHashOf(
        join(repoRoot, "public", "images", "placeholders", "gallery.png"),
      );
      expect(brokenItem).toMatch(new RegExp(`<img src="/_astro/${placeholderHash}\\.`));
      expect(brokenItem).not.toContain("no-such-image");

      // Every picture has its intrinsic size and the responsive sources.
      for (const img of dom.querySelectorAll("img")) {
        expect(Number(img.getAttribute("width"))).toBeGreaterThan(0);
        expect(Number(img.getAttribute("height"))).toBeGreaterThan(0);
        expect(img.getAttribute("decoding")).toBe("async");
        expect(img.getAttribute("src")).toMatch(/^\/_astro\//);
        const sources = [...(img.parentElement?.querySelectorAll("source") ?? [])];
        expect(sources.map((source) => source.getAttribute("type"))).toEqual([
          "image/avif",
          "image/webp",
        ]);
      }
      expect(section(html, "banners")).toContain('fetchpriority="high"');
    },
    BUILD_TIMEOUT,
  );

  it("(c) never lets a javascript:, data:text/html or //host image address into the HTML", async () => {
    const html = await project.page("/security");
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toContain("data:text");
    expect(html).not.toContain("data:image");
    expect(html).not.toContain("evil.example");
    expect(html).not.toContain("passwd");
    const results = JSON.parse(
      section(html, "results")
        .replace(/^<pre id="results">/, "")
        .replaceAll("&quot;", '"'),
    ) as { src: string }[];
    const placeholder = JSON.parse(
      section(html, "placeholder")
        .replace(/^<pre id="placeholder">/, "")
        .replaceAll("&quot;", '"'),
    ) as { src: string };
    expect(placeholder.src).toMatch(/^\/_astro\//);
    for (const result of results) expect(result).toEqual({ ...placeholder, alt: "refused" });
  });

  it(
    "(d) drops a row deactivated or deleted since the last build (no stale cache)",
    async () => {
      const before = await project.page("/");
      const causes = itemIds(before, "causes");
      const staff = itemIds(before, "staff");
      expect(causes).toHaveLength(6);
      await service.from("causes").update({ is_active: false }).eq("id", causes[0]);
      await service.from("board_staff").delete().eq("id", staff[1]);
      await service.from("banners").update({ is_active: false }).eq("id", markupBannerId);
      await service.from("home_gallery").delete().eq("id", dataImageRowId);

      const html = await buildOk("after deactivating and deleting (warm cache)");
      expect(itemIds(html, "causes")).toEqual(causes.slice(1));
      expect(itemIds(html, "staff")).toEqual([staff[0], ...staff.slice(2)]);
      expect(itemIds(html, "banners")).not.toContain(markupBannerId);
      expect(html).not.toContain("alert(1)");
      expect(html).not.toContain("Home Gallery Image 8");
      expect(itemIds(html, "gallery")).not.toContain(dataImageRowId);
      // The persisted data store was reused, yet holds no stale entry.
      const store = await readFile(join(project.cacheDir, "data-store.json"), "utf8");
      expect(store).not.toContain(causes[0]);
      expect(store).not.toContain(String(staff[1]));
    },
    BUILD_TIMEOUT,
  );

  it(
    "(b) shows the built-in defaults over empty tables (board staff stays empty)",
    async () => {
      for (const table of [
        "logo_settings",
        "banners",
        "about_content",
        "causes",
        "board_staff",
        "home_gallery",
        "children_banners",
        "medical_content",
        "donate_content",
        "projects",
        "certifications",
      ]) {
        await deleteAll(table);
      }
      const html = await buildOk("empty tables");
      expect(itemIds(html, "banners")).toEqual([
        "default-banner-1",
        "default-banner-2",
        "default-banner-3",
      ]);
      expect(section(html, "banners")).toContain("Together, We Build Brighter Futures");
      expect(itemIds(html, "causes")).toHaveLength(6);
      expect(section(html, "about")).toContain("15|500|50");
      expect(itemIds(html, "staff")).toEqual([]);
      expect(itemIds(html, "gallery")).toHaveLength(6);
      expect(section(html, "gallery")).toContain("Home Gallery Image 1");
      expect(itemIds(html, "children-banners")).toHaveLength(3);
      expect(section(html, "medical")).toContain("Medical Services");
      expect(section(html, "donate")).toContain("no donate");
      expect(itemIds(html, "projects")).toEqual([]);
      expect(itemIds(html, "certifications")).toEqual([]);
      expect(section(html, "logo")).toContain("no logo");
      const counts = JSON.parse(
        section(html, "counts")
          .replace(/^<pre id="counts">/, "")
          .replaceAll("&quot;", '"'),
      );
      expect(counts).toMatchObject({ banners: 0, causes: 0, board_staff: 0, relief_content: 1 });
    },
    BUILD_TIMEOUT,
  );
});

describe("the public pages over tables with no active rows", () => {
  let site: BuildProject;
  const seedImage = (name: string) =>
    contentHashOf(join(repoRoot, "public", "images", "seed", name));
  const builtPage = async (route: string) => new JSDOM(await site.page(route)).window.document;
  const text = (node: Element | null | undefined) => node?.textContent?.replace(/\s+/g, " ") ?? "";
  /** The gallery section's card labels, and whether every thumbnail is the given sample. */
  async function gallery(doc: Document, prefix: string, sample: string) {
    const section = doc.querySelector('section[aria-labelledby="gallery-heading"]');
    const cards = [...(section?.querySelectorAll("li button") ?? [])];
    const thumbs = await Promise.all(
      cards.map(async (card, i) => {
        const src = card.querySelector("img")?.getAttribute("src") ?? "";
        return src.startsWith(`/_astro/${await seedImage(`${sample}-${i + 1}.jpg`)}.`);
      }),
    );
    return {
      labels: cards.map((card) => card.getAttribute("aria-label")),
      expected: [1, 2, 3, 4, 5, 6].map((n) => `View ${prefix} ${n}`),
      samples: thumbs.every(Boolean) && thumbs.length === 6,
      text: text(section),
    };
  }

  beforeAll(async () => {
    site = await createProject();
  }, 60_000);

  afterAll(async () => {
    await site?.remove();
  });

  it(
    "(b) show the empty states, and the built-in defaults and sample images",
    async () => {
      // Rows that exist but are inactive count as none: one of each where it shows.
      const homeGalleryHash = await seedImage("home-gallery-1.jpg");
      const inactive: [string, Record<string, unknown>][] = [
        ["board_staff", { name: "Hidden Board Member", designation: "Hidden" }],
        ["projects", { title: "Hidden Project", description: "Hidden", category_name: "Health" }],
        [
          "certifications",
          { certificate_name: "Hidden Certificate", image_url: "/images/seed/certificate-1.jpg" },
        ],
        ["banners", { title: "Hidden Banner", image_url: "/images/seed/banner-1.jpg" }],
        ["medical_gallery", { image_url: "/images/seed/home-gallery-1.jpg" }],
      ];
      for (const [table, row] of inactive) {
        const { error } = await service.from(table).insert({ ...row, is_active: false });
        if (error) throw new Error(`could not add an inactive ${table} row: ${error.message}`);
      }
      for (const table of CONTENT_TABLES) {
        // A single record without an Active flag (about, the organisation, a page's
        // words) is seen by visitors while it exists: it goes.
        if (!TABLES[table].read.activeOnly) {
          await deleteAll(table);
          continue;
        }
        const { error } = await service
          .from(table)
          .update({ is_active: false })
          .eq("is_active", true);
        if (error) throw new Error(`could not deactivate ${table}: ${error.message}`);
      }
      // What the build reads: visitors see no row in any content table.
      const anon = anonClient(stack);
      for (const table of CONTENT_TABLES) {
        const { data, error } = await anon.from(table).select("id");
        expect(error, table).toBeNull();
        expect(data, table).toEqual([]);
      }

      const result = await site.build(env);
      timings.push(`site pages, no active rows: ${(result.ms / 1000).toFixed(1)} s`);
      if (result.code !== 0) throw new Error(`site build failed:\n${result.output.slice(-4000)}`);

      // Home: board staff is empty with its empty-state texts; the rest falls back.
      const home = await builtPage("/");
      const board = home.querySelector('section[aria-labelledby="board-heading"]');
      expect(board?.querySelector("h3")?.textContent).toBe("No Board Staff Members");
      expect(text(board)).toContain(
        "Board staff members will appear here once added through the admin panel.",
      );
      expect(board?.querySelector("astro-island")).toBeNull();
      expect(text(home.body)).not.toContain("Hidden Board Member");
      // Banners fall back to the three default slides, so the empty-banner text never shows.
      const highlights = home.querySelector(
        '[aria-roledescription="carousel"][aria-label="Highlights"]',
      );
      expect(highlights?.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(3);
      expect(text(highlights)).toContain("Together, We Build Brighter Futures");
      expect(text(home.body)).not.toContain("No banners configured");
      expect(text(home.body)).not.toContain("Hidden Banner");
      const causes = home.querySelector(
        '[aria-roledescription="carousel"][aria-label="Our Causes"]',
      );
      expect(causes?.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(6);
      const homeGallery = await gallery(home, "Home Gallery Image", "home-gallery");
      expect(homeGallery.labels).toEqual(homeGallery.expected);
      expect(homeGallery.samples).toBe(true);
      expect(homeGallery.text).not.toContain("No Gallery Images");
      // No active logo: the header shows the site's own.
      expect(home.querySelector("header img")?.getAttribute("src")).toBe("/logo.svg");

      // Projects and certifications have no defaults: their empty states.
      const projects = await builtPage("/projects/");
      const projectList = projects.querySelector('section[aria-label="Projects"]');
      expect(projectList?.querySelector("h2")?.textContent).toBe("No Projects Yet");
      expect(projectList?.querySelector("astro-island")).toBeNull();
      expect(projectList?.querySelectorAll("article")).toHaveLength(0);
      expect(text(projects.body)).not.toContain("Hidden Project");
      const certifications = await builtPage("/certifications/");
      const certificateList = certifications.querySelector('section[aria-label="Certificates"]');
      expect(certificateList?.querySelector("h2")?.textContent).toBe("No Certifications Available");
      expect(certificateList?.querySelectorAll("li")).toHaveLength(0);
      expect(text(certifications.body)).not.toContain("Hidden Certificate");

      // Programme pages: built-in content, slides and sample gallery images.
      const programmes = [
        ["/children-home/", "Children Gallery Image", "children-gallery", "A Home Away From Home"],
        ["/oldage-home/", "Old Age Home Gallery Image", "oldage-gallery", "Honoring Our Elders"],
        ["/medical/", "Medical Gallery Image", "medical-gallery", "Medical Services"],
        ["/relief/", "Relief Gallery Image", "relief-gallery", "Relief Programs"],
      ] as const;
      for (const [route, prefix, sample, title] of programmes) {
        const page = await builtPage(route);
        expect(text(page.querySelector("main")), route).toContain(title);
        const images = await gallery(page, prefix, sample);
        expect(images.labels, route).toEqual(images.expected);
        expect(images.samples, route).toBe(true);
        expect(images.text, route).not.toContain("No Gallery Images");
        if (route === "/children-home/" || route === "/oldage-home/") {
          const slides = page.querySelectorAll('[aria-roledescription="slide"]');
          expect(slides, route).toHaveLength(3);
          expect(text(page.body), route).not.toContain("No banners configured");
        }
      }
      expect(text((await builtPage("/oldage-home/")).body)).toContain("Dignity in Every Season");
      // The inactive medical gallery row is not among the pictures.
      expect(await site.page("/medical/")).not.toContain(`/_astro/${homeGalleryHash}.`);

      // Donate has no defaults: no methods, the page says how else to give.
      const donate = await builtPage("/donate/");
      expect(text(donate.querySelector("main"))).toContain("Donation details are on their way");

      // The organisation and Our History fall back to their built-in words.
      expect(text(home.querySelector("footer"))).toContain("Helping Hands Foundation");
      expect(home.querySelector("title")?.textContent).toBe("Helping Hands Foundation");
      const history = await builtPage("/about/our-history/");
      expect(history.querySelector("h1")?.textContent?.trim()).toBe("Our History");
      expect(history.querySelectorAll("main li > article")).toHaveLength(7);
      expect(text(history.querySelector("main"))).toContain("Two rooms and an open door");
    },
    SITE_BUILD_TIMEOUT,
  );

  it(
    "describe each picture by its stored alt text; a decorative one gets alt=''; blank text keeps the default",
    async () => {
      const seed = (name: string) => `/images/seed/${name}`;
      const insert = async (table: string, row: Record<string, unknown>) => {
        const { data, error } = await service
          .from(table)
          .insert({ is_active: true, ...row })
          .select("id")
          .single();
        if (error) throw new Error(`could not add a ${table} row: ${error.message}`);
        return (data as { id: string }).id;
      };
      // Only these rows are active in their tables (and one logo at most may be).
      for (const table of [
        "logo_settings",
        "banners",
        "causes",
        "board_staff",
        "home_gallery",
        "children_banners",
        "projects",
        "certifications",
      ]) {
        const { error } = await service
          .from(table)
          .update({ is_active: false })
          .eq("is_active", true);
        if (error) throw new Error(`could not deactivate ${table}: ${error.message}`);
      }
      await insert("logo_settings", {
        logo_url: seed("logo.png"),
        logo_name: "Described Logo",
        image_alt: "A heart held in two open hands",
      });
      await insert("banners", {
        title: "Described Banner",
        image_url: seed("banner-1.jpg"),
        image_alt: "  Volunteers unloading rice sacks from a truck  ",
        sort_order: 0,
      });
      await insert("causes", {
        title: "Described Cause",
        description: "A cause with words for its picture",
        image_url: seed("banner-2.jpg"),
        image_alt: "A girl reading under a mango tree",
        sort_order: 0,
      });
      await insert("causes", {
        title: "Blank Cause",
        description: "A cause whose alt text is only spaces",
        image_url: seed("banner-3.jpg"),
        image_alt: "   ",
        sort_order: 1,
      });
      await insert("board_staff", {
        name: "Decorative Member",
        designation: "Treasurer",
        image_url: seed("home-gallery-2.jpg"),
        image_alt: "Never shown: the picture is decorative",
        image_decorative: true,
        sort_order: 0,
      });
      await insert("home_gallery", {
        image_url: seed("home-gallery-3.jpg"),
        image_alt: "Elders planting saplings in the courtyard",
        sort_order: 0,
      });
      await insert("home_gallery", {
        image_url: seed("home-gallery-4.jpg"),
        image_decorative: true,
        sort_order: 1,
      });
      await insert("children_banners", {
        image_url: seed("children-banner-1.jpg"),
        image_alt: "Children at their desks in the study hall",
        position: "left",
        sort_order: 0,
      });
      await insert("projects", {
        title: "Described Project",
        description: "A project with words for its picture",
        category_name: "Water",
        image_url: seed("banner-2.jpg"),
        image_alt: "A new hand pump beside the village school",
      });
      await insert("certifications", {
        certificate_name: "Decorative Certificate",
        image_url: seed("certificate-1.jpg"),
        image_decorative: true,
        sort_order: 0,
      });
      await insert("certifications", {
        certificate_name: "Described Certificate",
        image_url: seed("certificate-1.jpg"),
        image_alt: "Registration certificate with the state seal",
        sort_order: 1,
      });

      const result = await site.build(env);
      timings.push(`site pages, described pictures: ${(result.ms / 1000).toFixed(1)} s`);
      if (result.code !== 0) throw new Error(`site build failed:\n${result.output.slice(-4000)}`);

      /** The alt of the picture in the element that holds `label` (a heading's text). */
      const altNear = (doc: Document, selector: string, label: string) => {
        const holder = [...doc.querySelectorAll(selector)].find((node) =>
          text(node).includes(label),
        );
        expect(holder, label).toBeTruthy();
        return holder?.querySelector("img")?.getAttribute("alt");
      };

      const home = await builtPage("/");
      // The header's logo, beside the organisation's name in the home link.
      expect(home.querySelector('header a[href="/"] img')?.getAttribute("alt")).toBe(
        "A heart held in two open hands",
      );
      expect(altNear(home, '[aria-roledescription="slide"]', "Described Banner")).toBe(
        "Volunteers unloading rice sacks from a truck",
      );
      expect(altNear(home, "article", "Described Cause")).toBe("A girl reading under a mango tree");
      // Blank stored text keeps the default words: the cause's title.
      expect(altNear(home, "article", "Blank Cause")).toBe("Blank Cause");
      expect(altNear(home, "article", "Decorative Member")).toBe("");
      expect(text(home.body)).not.toContain("Never shown");
      // Gallery cards keep their title as their name; what the picture shows describes them.
      const cards = [
        ...(home
          .querySelector('section[aria-labelledby="gallery-heading"]')
          ?.querySelectorAll("li button") ?? []),
      ];
      expect(cards.map((card) => card.getAttribute("aria-label"))).toEqual([
        "View Home Gallery Image 1",
        "View Home Gallery Image 2",
      ]);
      const description = (card: Element | undefined) => {
        const id = card?.getAttribute("aria-describedby");
        return id ? home.getElementById(id)?.textContent : null;
      };
      expect(description(cards[0])).toBe("Elders planting saplings in the courtyard");
      expect(description(cards[1])).toBeNull();
      // The full-screen view's pictures travel in the island's props.
      const galleryProps = home
        .querySelector('section[aria-labelledby="gallery-heading"] astro-island')
        ?.getAttribute("props");
      expect(galleryProps).toContain("Elders planting saplings in the courtyard");

      const children = await builtPage("/children-home/");
      expect(
        [...children.querySelectorAll('[aria-roledescription="slide"] img')].map((img) =>
          img.getAttribute("alt"),
        ),
      ).toEqual(["Children at their desks in the study hall"]);

      const projects = await builtPage("/projects/");
      expect(altNear(projects, "article", "Described Project")).toBe(
        "A new hand pump beside the village school",
      );

      const certifications = await builtPage("/certifications/");
      expect(altNear(certifications, "li", "Decorative Certificate")).toBe("");
      expect(altNear(certifications, "li", "Described Certificate")).toBe(
        "Registration certificate with the state seal",
      );
    },
    SITE_BUILD_TIMEOUT,
  );
});
