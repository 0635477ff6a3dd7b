// Abuse suite: rendering and secrets, over ONE real `astro build` of the site (public
// pages and the admin's shells and browser bundle) on a throwaway copy, against the
// embedded stack. Both groups live in this file so they share that build (a few
// minutes from a cold cache on a small machine); each keeps its own tally and line.
//
// rendering: every text column of every content table (and every string property of
// every JSON list item) holds markup and script, every URL column (and list value that
// must be a link or an email address) a hostile value the database still accepts; the
// database refuses javascript:, vbscript:, data:text/html and friends in every URL
// column and link list value, malformed addresses in every email list value, and any
// text in enum and code columns; on every built page, all of it is inert text, and what
// is serialised into island props or JSON-LD round-trips.
//
// secrets: the build runs with the service role key, the JWT secret, a deploy hook
// URL, the build token and the other secrets of the README's table in its
// environment, as a careless CI would have them; none of them, in any encoding,
// appears in any file under dist/ (the admin's bundle included) or in the build log.

import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INQUIRY_TYPE_LABELS } from "../../functions/_shared/contact-rules.ts";
import { footerLinks, navLinks } from "../../src/lib/nav.ts";
import { CONTENT_TABLES, type ContentTable } from "../../src/lib/schema/tables.ts";
import { lines } from "../../src/lib/text.ts";
import { type BuildProject, type BuildResult, createProject } from "../build/project.ts";
import { serviceClient, startTestStack, type TestStack } from "../contract/stack.ts";
import {
  type ColumnInfo,
  type Row,
  readCatalog,
  refusedEmails,
  refusedUrls,
  SHORT_SYMBOL_ICON,
  type Written,
  type WrittenContent,
  writeHostileContent,
} from "./render-content.ts";
import {
  type Case,
  checkPage,
  describe as describeWritten,
  isLines,
  markersIn,
  type PageFindings,
  parsePage,
  stringsOf,
  wordsFromCode,
} from "./render-html.ts";
import { type Needle, needlesOf, readTree, type ScannedFile } from "./render-secrets.ts";
import { LONG, Tally } from "./tally.ts";

/** A cold build of every page and the admin bundle, with room for a slow, shared machine. */
const BUILD_TIMEOUT = 900_000;
/**
 * Checking the built pages parses each twice (jsdom, and parse5 with source locations):
 * about a second on an idle machine, several on a busy one.
 */
const CHECK_TIMEOUT = 120_000;
const ORIGIN = "https://helpinghands.example";

const rendering = new Tally("rendering");
const secrets = new Tally("secrets");
const timings: string[] = [];
const time = async <T>(label: string, fn: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    timings.push(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
};

let stack: TestStack;
let service: SupabaseClient;
let catalog: ColumnInfo[];
let project: BuildProject;
let content: WrittenContent;
let build: BuildResult;
let secretEnv: Record<string, string>;
/** Every built HTML page: its path and what the checks found in it. */
const pages: { path: string; html: string; findings: PageFindings }[] = [];

function tallyCases(tally: Tally, cases: Case[]) {
  for (const c of cases) tally.holds(c.detail ? `${c.name}: ${c.detail}` : c.name, c.ok);
}

beforeAll(async () => {
  [stack, catalog] = await time("stack and catalog", () =>
    Promise.all([startTestStack(), readCatalog()]),
  );
  service = serviceClient(stack);
  project = await createProject({ admin: true });
}, 120_000);

afterAll(async () => {
  // RENDERING_KEEP_BUILD=1 keeps the throwaway copy and its dist/ to look at.
  if (process.env.RENDERING_KEEP_BUILD === "1") console.log(`build kept in ${project?.dir}`);
  else await project?.remove();
  await stack?.close();
  if (timings.length) console.log(`rendering/secrets timings:\n  ${timings.join("\n  ")}`);
});

/** Why a column is not on any public page (checked: its markers appear nowhere). */
function notShownBecause(written: Written): string | null {
  if (written.table === "gallery_images")
    return "gallery_images has no public page (only the admin lists it)";
  if (written.table === "causes" && written.column === "icon") return "cause cards show no icon";
  if (written.key === "icon" || written.column === "icon")
    return "icons resolve to a fixed set of icons (src/lib/icons.ts)";
  if (written.table === "donate_page" && written.column.startsWith("none_"))
    return "shown only while Donate has no QR code and no bank account";
  if (written.column.startsWith("empty_")) return "shown only while the listing is empty";
  return null;
}

/**
 * Why a text column is read only by search engines and social cards: whole in a meta
 * tag or the structured data, and shown as text on no page.
 */
function readByMachinesBecause(written: Written): string | null {
  if (written.column.startsWith("seo_")) return "a page's title and description tags";
  if (written.table !== "organisation") return null;
  if (written.column === "short_name")
    return "the structured data's alternateName (the header shows the logo's name)";
  if (written.column === "tagline") return "the social cards' picture description";
  return null;
}

/** Columns whose values a React island receives as props. */
const ISLAND_COLUMNS = new Set([
  "banners.title",
  "banners.subtitle",
  "oldage_banners.title",
  "oldage_banners.subtitle",
  "causes.title",
  "causes.description",
  "causes.category",
  "board_staff.name",
  "board_staff.designation",
  "projects.title",
  "projects.description",
  "projects.category_name",
]);

async function snapshot(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of CONTENT_TABLES) {
    const { data, error } = await service.from(table).select("*").order("id");
    if (error || !data) throw new Error(`could not read ${table}: ${error?.message}`);
    out[table] = JSON.stringify(data);
  }
  return out;
}

interface Attempt {
  name: string;
  table: ContentTable;
  refused: boolean;
  error?: string;
}

/** Tries a value the database must refuse; never throws. */
async function attempt(
  name: string,
  table: ContentTable,
  id: string,
  patch: Row,
): Promise<Attempt> {
  try {
    const { error, status } = await service.from(table).update(patch).eq("id", id).select("id");
    if (status >= 500)
      return { name, table, refused: false, error: `HTTP ${status}: ${error?.message}` };
    // A CHECK constraint's refusal (PostgreSQL check_violation), nothing vaguer.
    return { name, table, refused: error?.code === "23514" && status >= 400 && status < 500 };
  } catch (error) {
    return { name, table, refused: false, error: (error as Error).message };
  }
}

/**
 * The database refuses script addresses in every URL column and link list value,
 * malformed addresses in every email column and email list value, and any text in enum and code columns.
 */
async function refusals(): Promise<void> {
  const before = await snapshot();
  const attempts: Attempt[] = [];
  const bad = refusedUrls(LONG);
  const badEmails = refusedEmails();
  for (const info of catalog) {
    const row = content.rows[info.table][0];
    if (!row) continue;
    const id = String(row.id);
    const label = `${info.table}.${info.column}`;
    if (info.kind === "image_url" || info.kind === "link_url") {
      for (const url of bad) {
        attempts.push(
          await attempt(`${label} takes ${JSON.stringify(url.slice(0, 60))}`, info.table, id, {
            [info.column]: url,
          }),
        );
      }
    } else if (info.kind === "email") {
      for (const value of badEmails) {
        attempts.push(
          await attempt(`${label} takes ${JSON.stringify(value.slice(0, 60))}`, info.table, id, {
            [info.column]: value,
          }),
        );
      }
    } else if (info.kind === "enum" || info.kind === "code") {
      for (const value of [
        "<script>alert(1)</script>",
        "javascript:alert(1)",
        'left" onclick="x',
      ]) {
        attempts.push(
          await attempt(`${label} takes ${JSON.stringify(value)}`, info.table, id, {
            [info.column]: value,
          }),
        );
      }
    } else if (info.kind === "list" && info.list) {
      const items = row[info.column] as Record<string, string>[];
      const keys = [...info.list.required, ...info.list.optional];
      for (const key of keys) {
        // Picture addresses and links refuse the same script addresses.
        const kind = info.list.values[key];
        const values =
          key === "image_url" || kind === "link" ? bad : kind === "email" ? badEmails : [];
        for (const value of values) {
          const patched = items.map((item, i) => (i === 0 ? { ...item, [key]: value } : item));
          attempts.push(
            await attempt(
              `${label}[0].${key} takes ${JSON.stringify(value.slice(0, 60))}`,
              info.table,
              id,
              { [info.column]: patched },
            ),
          );
        }
      }
    }
  }
  const after = await snapshot();
  for (const a of attempts) {
    if (a.error) rendering.error(a.name, a.error);
    else rendering.refused(a.name, a.refused && before[a.table] === after[a.table]);
  }
  // Nothing else changed either: what the build reads is what was written.
  for (const table of CONTENT_TABLES) {
    rendering.holds(`${table} unchanged by the refused writes`, before[table] === after[table]);
  }
  // Controls: the same client writes an accepted address into each URL column (the
  // one already stored), so the refusals above are the rule's, not a broken request.
  for (const info of catalog) {
    if (info.kind !== "image_url" && info.kind !== "link_url") continue;
    const row = content.rows[info.table][0];
    if (!row) continue;
    const { error } = await service
      .from(info.table)
      .update({ [info.column]: row[info.column] })
      .eq("id", String(row.id))
      .select("id");
    rendering.holds(
      `control: ${info.table}.${info.column} takes its stored address`,
      error === null,
    );
  }
  expect(attempts.length).toBeGreaterThan(100);
}

describe("rendering", () => {
  it("knows every content column the database has", () => {
    const kinds = new Set(catalog.map((c) => c.kind));
    expect([...kinds].sort()).toEqual([
      "code",
      "email",
      "enum",
      "image_url",
      "link_url",
      "list",
      "text",
    ]);
    expect(new Set(catalog.map((c) => c.table))).toEqual(new Set(CONTENT_TABLES));
    // Every list column declares its item keys and what kind of value each checked
    // key holds; every text column its length; every code column its pattern.
    for (const info of catalog) {
      const name = `${info.table}.${info.column}`;
      if (info.kind === "list") {
        expect(info.list?.required.length, name).toBeGreaterThan(0);
        const keys = [...(info.list?.required ?? []), ...(info.list?.optional ?? [])];
        expect(keys, name).toEqual(expect.arrayContaining(Object.keys(info.list?.values ?? {})));
      }
      if (info.kind === "text") expect(info.maxLength, name).toBeGreaterThan(0);
      if (info.kind === "code") expect(info.pattern, name).toMatch(/^\^.*\$$/);
    }
    // The organisation's lists hold email addresses and links: both kinds are written.
    const valueKinds = new Set(catalog.flatMap((c) => Object.values(c.list?.values ?? {})));
    expect([...valueKinds].sort()).toEqual(["email", "link"]);
  });

  it(
    "writes hostile values into every row, refuses script addresses, and builds the site once",
    async () => {
      content = await time("writing hostile content", () =>
        writeHostileContent(service, catalog, stack.url),
      );
      const random = () => randomBytes(24).toString("base64url");
      secretEnv = {
        // The stack's real keys: a leak of the real values is caught.
        SUPABASE_SECRET_KEY: stack.secretKey,
        SUPABASE_SERVICE_ROLE_KEY:
          stack.keys?.serviceRoleKey ?? `service-role-sentinel-${random()}`,
        SUPABASE_JWT_SECRET: stack.jwtSecret ?? `jwt-secret-${random()}`,
        JWT_SECRET: `jwt-secret-sentinel-${random()}`,
        DEPLOY_HOOK_URL: `https://api.netlify.com/build_hooks/${random()}`,
        PUBLISH_BUILD_TOKEN: `build-token-sentinel-${random()}`,
        CONTACT_RATE_LIMIT_SECRET: `rate-limit-secret-sentinel-${random()}`,
        ADMIN_PASSWORD: `admin-password-sentinel-${random()}`,
      };
      const env = {
        PUBLIC_SUPABASE_URL: stack.url,
        PUBLIC_SUPABASE_PUBLISHABLE_KEY: stack.publishableKey,
        SUPABASE_URL: stack.url,
        // The legacy anon key sits in the environment as on a CI host; the site must
        // ship the publishable key, never the legacy JWT.
        SUPABASE_ANON_KEY: stack.keys?.anonKey ?? stack.publishableKey,
        SITE_URL: ORIGIN,
        ...secretEnv,
      };
      // The build reads the content once, at its start; the refused writes change
      // nothing, so they run meanwhile (checked: every table is unchanged after them).
      const started = performance.now();
      const building = project.build(env);
      await time("refused writes", refusals);
      build = await building;
      timings.push(
        `astro build (public pages + admin, cold cache): ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      if (build.code !== 0) throw new Error(`the build failed:\n${build.output.slice(-4000)}`);
    },
    BUILD_TIMEOUT,
  );

  it(
    "keeps hostile content inert on every built page",
    async () => {
      const files = (await readTree(project.outDir)).filter((file) => file.path.endsWith(".html"));
      await time("checking pages", async () => {
        for (const file of files) {
          const path = `/${file.path.replace(/index\.html$/, "").replace(/\.html$/, "")}`;
          const html = await readFile(join(project.outDir, file.path), "utf8");
          const page = parsePage(path, html);
          const { cases, findings } = checkPage(page, content.markers, ORIGIN);
          tallyCases(rendering, cases);
          pages.push({ path, html, findings });
        }
      });
      expect(pages.map((p) => p.path)).toEqual(
        expect.arrayContaining([
          "/",
          "/projects/",
          "/certifications/",
          "/donate/",
          "/medical/",
          "/admin/",
        ]),
      );
    },
    CHECK_TIMEOUT,
  );

  it("shows every public text value whole, as text, and no web address as text", () => {
    const publicPages = pages.filter((p) => !p.path.startsWith("/admin/"));
    const shownAsText = (value: string) =>
      publicPages.some(
        (p) =>
          p.findings.text.some((text) => text.includes(value)) ||
          p.findings.attributes.some(
            (a) => ["alt", "aria-label"].includes(a.name) && a.value.includes(value),
          ),
      );
    const forMachines = (value: string) =>
      publicPages.some(
        (p) =>
          p.findings.jsonLdStrings.includes(value) ||
          p.findings.attributes.some(
            (a) => a.element === "meta" && a.name === "content" && a.value.includes(value),
          ),
      );
    const machinesOnly = new Map<string, string>();
    const inIslandProps = (value: string) =>
      publicPages.some((p) => p.findings.islandStrings.some((text) => text.includes(value)));
    const anywhere = (marker: string) =>
      pages.filter((p) => p.html.includes(marker)).map((p) => p.path);
    const linkedTo = (href: string) =>
      publicPages.some((p) =>
        p.findings.attributes.some(
          (a) => a.element === "a" && a.name === "href" && a.value === href,
        ),
      );
    const exempt = new Map<string, string>();
    const counts = { shown: 0, island: 0, absent: 0, images: 0, links: 0, emails: 0 };

    for (const written of content.markers.all()) {
      const label = describeWritten(written);
      const shownRow = content.shownRowIds[written.table].has(written.rowId);
      const reason = notShownBecause(written);
      if (reason || !shownRow) {
        if (reason)
          exempt.set(
            `${written.table}.${written.column}${written.key ? `[].${written.key}` : ""}`,
            reason,
          );
        const where = anywhere(written.marker);
        counts.absent += 1;
        rendering.holds(
          `${label} (${reason ?? "row not shown"}) appears on no page${where.length ? `: on ${where.join(", ")}` : ""}`,
          where.length === 0,
        );
        continue;
      }
      if (written.kind === "email") {
        counts.emails += 1;
        rendering.holds(
          `${label} is shown whole as text on a public page`,
          shownAsText(written.value),
        );
        rendering.holds(
          `${label} is a mailto: link to exactly the stored address`,
          linkedTo(`mailto:${written.value}`),
        );
      } else if (written.kind === "text") {
        counts.shown += 1;
        const machines = readByMachinesBecause(written);
        if (machines) {
          machinesOnly.set(`${written.table}.${written.column}`, machines);
          rendering.holds(
            `${label} (read by search engines and social cards) is whole in a meta tag or the structured data`,
            forMachines(written.value),
          );
        } else {
          rendering.holds(
            `${label} is shown whole as text on a public page`,
            // A text read one item per line: its first item, whole, at least.
            shownAsText(isLines(written) ? (lines(written.value)[0] ?? "") : written.value),
          );
        }
        if (ISLAND_COLUMNS.has(`${written.table}.${written.column}`)) {
          counts.island += 1;
          rendering.holds(
            `${label} round-trips through island props`,
            inIslandProps(written.value),
          );
        }
      } else if (written.kind === "image_url") {
        // A content image is always an optimised file (here the placeholder); its
        // address shows nowhere, except the logo's in the structured data.
        counts.images += 1;
        const where = pages.filter((p) => p.html.includes(written.marker));
        const onlyJsonLd = where.every(
          (p) =>
            written.table === "logo_settings" &&
            p.findings.jsonLdStrings.some((s) => s.includes(written.marker)) &&
            p.findings.attributes.every((a) => !a.value.includes(written.marker)) &&
            p.findings.text.every((t) => !t.includes(written.marker)),
        );
        rendering.holds(`${label} (an image address) is never put in the page`, onlyJsonLd);
      } else if (written.kind === "link_url") {
        counts.links += 1;
        rendering.holds(
          `${label} is a link with exactly the stored address`,
          linkedTo(written.value),
        );
      }
    }

    // The link elements made from stored web addresses (certificates, social links)
    // carry nothing else.
    const certificates = pages.find((p) => p.path === "/certifications/");
    if (certificates) {
      const doc = parsePage(certificates.path, certificates.html).document;
      const links = [...doc.querySelectorAll("a[href]")].filter((a) =>
        markersIn(a.getAttribute("href") ?? "").some(
          (marker) => content.markers.byMarker.get(marker)?.kind === "link_url",
        ),
      );
      for (const link of links) {
        const names = [...link.attributes].map((a) => a.name).sort();
        rendering.holds(
          `link ${link.getAttribute("href")?.slice(0, 50)} has only href, target, rel, class`,
          JSON.stringify(names) === JSON.stringify(["class", "href", "rel", "target"]),
        );
      }
      expect(links.length).toBeGreaterThan(0);
    }

    // A health tip icon of markup characters only is shown as that text.
    const medical = pages.find((p) => p.path === "/medical/");
    const symbolShown = medical
      ? [...parsePage("/medical/", medical.html).document.querySelectorAll("span")].some(
          (span) => span.textContent?.trim() === SHORT_SYMBOL_ICON,
        )
      : false;
    rendering.holds(`the health tip icon ${SHORT_SYMBOL_ICON} is shown as text`, symbolShown);
    rendering.holds(
      `the health tip icon ${SHORT_SYMBOL_ICON} is escaped in the HTML`,
      !(medical?.html ?? "").includes(SHORT_SYMBOL_ICON),
    );

    console.log(
      `[rendering] ${content.markers.all().length} hostile values written (${catalog.length} text/jsonb columns); ` +
        `${counts.shown} shown whole as text (${counts.island} through island props), ` +
        `${counts.absent} on no page as expected, ${counts.images} image, ${counts.links} link ` +
        `and ${counts.emails} email addresses checked`,
    );
    console.log(
      `[rendering] columns not on any public page:\n  ${[...exempt].map(([c, r]) => `${c}: ${r}`).join("\n  ")}`,
    );
    console.log(
      `[rendering] columns only search engines and social cards read:\n  ${[...machinesOnly].map(([c, r]) => `${c}: ${r}`).join("\n  ")}`,
    );
  });

  it("shows no words but content and the fixed labels of src/lib/copy/ on any public page", () => {
    // The labels of controls, the names of fields and what a page says to its admin stay
    // in code, all in one place: the modules of src/lib/copy/, the navigation's links
    // and the contact form's inquiry types (with their rule, which the function shares). Every other word a visitor reads is the charity's, so with every content
    // text written with a marker, any other word on a page came from the code.
    const modules = import.meta.glob(["../../src/lib/copy/*.ts", "!**/*.test.ts"], {
      eager: true,
    });
    // A label may hold a figure, its place marked by a name in braces ("Since {year}");
    // on a page, a figure is any run of digits. Both read "#" here.
    const figures = (text: string) =>
      text
        .replace(/\{\w+\}/g, "#")
        .replace(/\p{N}+/gu, "#")
        .replace(/\s+/g, " ")
        .trim();
    const labels = new Set(
      stringsOf([...Object.values(modules), navLinks, footerLinks, INQUIRY_TYPE_LABELS]).map(
        figures,
      ),
    );
    expect(labels).toContain("Skip to content");
    const fromCode = pages
      .filter((p) => !p.path.startsWith("/admin/") && !p.path.startsWith("/data/"))
      .flatMap((p) =>
        wordsFromCode(parsePage(p.path, p.html))
          .filter((text) => !labels.has(figures(text)))
          .map((text) => `${p.path}: "${text}"`),
      );
    expect(fromCode).toEqual([]);
  });

  it("controls: the page checks flag pages that let content through", () => {
    // Pages as a careless template would make them from one stored value: each must
    // fail at least one check, or the checks above prove nothing.
    const written = content.markers
      .all()
      .find((w) => w.kind === "text" && w.value.includes("</script>") && w.value.includes('"'));
    if (!written) throw new Error("no hostile text value to build the controls from");
    const { marker, value } = written;
    const email = content.markers.all().find((w) => w.kind === "email");
    if (!email) throw new Error("no email address to build the controls from");
    const escapeHtml = (text: string) =>
      text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll('"', "&quot;");
    const escaped = escapeHtml(value);
    const shell = (head: string, body: string) =>
      `<!doctype html><html><head><title>t</title>${head}</head><body>${body}</body></html>`;
    const broken: [string, string][] = [
      ["text not escaped", shell("", `<p>${value}</p>`)],
      ["a single-quoted attribute", shell("", `<img src="/_astro/a.jpg" alt='${escaped}'>`)],
      ["an unquoted attribute", shell("", `<img src="/_astro/a.jpg" alt=${marker}>`)],
      [
        "JSON-LD not escaped",
        shell(`<script type="application/ld+json">{"a":"${value}"}</script>`, ""),
      ],
      [
        "a title not escaped",
        `<!doctype html><html><head><title>${value}</title></head><body></body></html>`,
      ],
      ["part of a value as text", shell("", `<p>${marker}</p>`)],
      ["a value in a comment", shell("", `<!-- ${marker} -->`)],
      ["a value in a class", shell("", `<p class="${marker}">x</p>`)],
      ["a value in an inline script", shell("", `<script>var t = "${marker}";</script>`)],
      ["a value in CSS", shell(`<style>.x::after{content:"${marker}"}</style>`, "")],
      [
        "island props that lose part of a value",
        shell(
          "",
          `<astro-island props="{&quot;t&quot;:[0,&quot;${marker}&quot;]}"></astro-island>`,
        ),
      ],
      ["an event handler", shell("", `<p onclick="x">${escaped}</p>`)],
      ["a javascript: link", shell("", `<a href=" JaVa&#x09;Script:alert(1)">x</a>`)],
      ["a data:text/html link", shell("", `<a href="data:text/html,x">x</a>`)],
      ["a javascript: form action", shell("", `<form action="javascript:alert(1)"></form>`)],
      [
        "script in a style attribute",
        shell("", `<p style="background:url(javascript:alert(1))">x</p>`),
      ],
      ["a picture from elsewhere", shell("", `<img src="https://x.example/a.png" alt="">`)],
      [
        "part of a value in the structured data",
        shell(`<script type="application/ld+json">${JSON.stringify({ a: marker })}</script>`, ""),
      ],
      [
        "a mailto: link to part of an email address",
        shell("", `<a href="mailto:${email.marker}@x.example">x</a>`),
      ],
      ["an iframe", shell("", `<iframe src="/x"></iframe>`)],
      ["a script from elsewhere", shell("", `<script src="https://x.example/a.js"></script>`)],
      ["a meta refresh", shell(`<meta http-equiv="refresh" content="0;url=/x">`, "")],
    ];
    for (const [what, html] of broken) {
      const { cases } = checkPage(parsePage("/control", html), content.markers, ORIGIN);
      const failed = cases.filter((c) => !c.ok).map((c) => c.name);
      rendering.holds(`control: a page with ${what} fails a check`, failed.length > 0);
    }
    // And the same value escaped as the site does it passes every check.
    const clean = shell(
      "",
      `<p>${escaped}</p><img src="/_astro/a.jpg" alt="${escaped}">` +
        `<a href="mailto:${escapeHtml(email.value)}">${escapeHtml(email.value)}</a>`,
    );
    const { cases } = checkPage(parsePage("/control", clean), content.markers, ORIGIN);
    rendering.holds(
      "control: the value escaped as the site does passes every check",
      cases.every((c) => c.ok),
    );
  });

  it("reports", () => {
    rendering.report();
  });
});

describe("secrets", () => {
  let files: ScannedFile[];
  let needles: Needle[];

  it("no secret of the build's environment is in dist/, the admin bundle or the build log", async () => {
    files = await readTree(project.outDir);
    files.push({ path: "<build log>", text: build.output });
    needles = Object.entries(secretEnv).flatMap(([name, value]) => needlesOf(name, value));
    // The deploy hook's own id, alone.
    const hookId = secretEnv.DEPLOY_HOOK_URL?.split("/").pop() ?? "";
    needles.push(...needlesOf("DEPLOY_HOOK_URL id", hookId));
    for (const needle of needles) {
      for (const file of files) {
        secrets.holds(
          `${needle.secret} (${needle.form}) is not in ${file.path}`,
          !file.text.includes(needle.text),
        );
      }
    }
  });

  it("no JWT API key and no secret key ships: only the publishable key", () => {
    if (stack.mode !== "new") return; // a legacy project ships its anon JWT by design
    const jwt = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/;
    const secretKey = /sb_secret_[A-Za-z0-9_-]{16,}/;
    const shipped = files.filter((f) => f.path !== "<build log>");
    secrets.holds(
      "control: the patterns find real keys",
      [jwt.test(stack.keys?.anonKey ?? ""), secretKey.test(stack.secretKey)].every(Boolean),
    );
    for (const file of shipped) {
      secrets.holds(`no JWT (eyJ...) is in ${file.path}`, !jwt.test(file.text));
      // supabase-js itself names the prefix (to warn about secret keys in browsers).
      secrets.holds(`no sb_secret_ key is in ${file.path}`, !secretKey.test(file.text));
    }
    secrets.holds(
      "the legacy anon key is not in the built files",
      !shipped.some((f) => f.text.includes(stack.keys?.anonKey ?? "eyJ-no-legacy-key")),
    );
  });

  it("controls: the scan sees the admin bundle, the public anon key and encoded secrets", () => {
    // The admin's shells and the bundle they load are part of the scan.
    const admin = files.find((f) => f.path === join("admin", "index.html"));
    secrets.holds("the admin shell /admin/ was built", admin !== undefined);
    const componentUrl = /component-url="\/([^"]+)"/.exec(admin?.text ?? "")?.[1] ?? "";
    const bundle = files.find((f) => f.path === componentUrl);
    secrets.holds(
      `the admin bundle ${componentUrl} is among the scanned files`,
      bundle !== undefined,
    );
    secrets.holds(
      "the admin bundle is the admin app (it signs in with a password)",
      files.some((f) => f.path.startsWith("_astro/") && f.text.includes("signInWithPassword")),
    );
    // The publishable key is public by design: finding it proves the scanner reads what ships.
    secrets.holds(
      "the publishable key (public) is found in the built files",
      files.some((f) => f.path !== "<build log>" && f.text.includes(stack.publishableKey)),
    );
    // Each encoded form is found inside other data.
    const secret = secretEnv.PUBLISH_BUILD_TOKEN ?? "";
    for (let shift = 0; shift < 3; shift++) {
      for (const encoding of ["base64", "base64url"] as const) {
        const text = Buffer.from(`${"x".repeat(shift)}${secret}tail`).toString(encoding);
        const found = needlesOf("probe", secret).some((n) => text.includes(n.text));
        secrets.holds(`the scanner finds a ${encoding} secret at byte offset ${shift}`, found);
      }
    }
    const jwt = stack.keys?.serviceRoleKey ?? stack.secretKey;
    const signature = jwt.split(".")[2] ?? "";
    secrets.holds(
      "the scanner finds a JWT's signature alone",
      needlesOf("probe", jwt).some((n) => `sig=${signature};`.includes(n.text)),
    );
    console.log(
      `[secrets] ${needles.length} forms of ${Object.keys(secretEnv).length} secrets x ${files.length} files (build log included)`,
    );
  });

  it("reports", () => {
    secrets.report();
  });
});
