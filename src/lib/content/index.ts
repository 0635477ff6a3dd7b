// What the public pages read: the content the build loaded from Supabase (see
// src/content.config.ts), as visitors' reads return it: active rows only, in each
// table's public order, the newest row where a page shows one record. Built-in
// defaults (src/lib/defaults.ts) fill a section only when its table has NO active
// rows; a failed read never reaches here, because it fails the build.

import { getCollection } from "astro:content";
import {
  DEFAULT_ABOUT,
  DEFAULT_ABOUT_PAGE,
  DEFAULT_BANNERS,
  DEFAULT_CAUSES,
  DEFAULT_CERTIFICATIONS_PAGE,
  DEFAULT_CONTACT_PAGE,
  DEFAULT_DEPARTMENTS,
  DEFAULT_DONATE_PAGE,
  DEFAULT_HISTORY_PAGE,
  DEFAULT_HOME_PAGE,
  DEFAULT_MILESTONES,
  DEFAULT_MISSION_PAGE,
  DEFAULT_OBJECTIVES,
  DEFAULT_ORGANISATION,
  DEFAULT_PROGRAMME_BANNERS,
  DEFAULT_PROGRAMME_CONTENT,
  DEFAULT_PROGRAMME_PAGES,
  DEFAULT_PROJECTS_PAGE,
  DEFAULT_TEAM,
  DEFAULT_TEAM_PAGE,
  defaultGallery,
  GALLERY_TABLE,
  type GalleryArea,
  type GalleryItem,
  galleryTitle,
  PROGRAMME_PAGE_TABLE,
  PROGRAMME_TABLE,
  type ProgrammeArea,
  type ProgrammeBanner,
  type ProgrammeBannerArea,
  type ProgrammeContentMap,
} from "../defaults.ts";
import { CONTENT_TABLES, type ContentTable, type RowOf, TABLES } from "../schema/tables.ts";
import { type SiteConfig, siteConfig } from "../site.ts";
import { publicPayments } from "./sample-payments.ts";
import {
  type ContentRows,
  DEFAULT_ALT,
  galleryItems,
  newestOrDefault,
  orDefaults,
  pictureAlt,
  programmeBanners,
} from "./select.ts";
import { compareRows } from "./tables.ts";

export type {
  GalleryArea,
  GalleryItem,
  ProgrammeArea,
  ProgrammeBanner,
  ProgrammeBannerArea,
  ProgrammeContentMap,
};
export { DEFAULT_ALT, galleryTitle, pictureAlt };

/** A table's loaded rows, in the order of its public read. */
async function rows<T extends ContentTable>(table: T): Promise<ContentRows<T>> {
  const entries = await getCollection(table);
  // Each collection's schema is its table's row schema (src/content.config.ts), so
  // its data is RowOf<T>; Astro's types only lose which table T is.
  const list = entries.map((entry) => entry.data as RowOf<T>);
  return list.sort(compareRows(TABLES[table].read.order));
}

/** The organisation's identity: its record, or the built-in one while there is none. */
export async function getSite(): Promise<SiteConfig> {
  return siteConfig(newestOrDefault(await rows("organisation"), DEFAULT_ORGANISATION));
}

/** Our History's words: its record, or the built-in one. */
export async function getHistoryPage(): Promise<RowOf<"history_page">> {
  return newestOrDefault(await rows("history_page"), DEFAULT_HISTORY_PAGE);
}

/** Our History's milestones in their order; the built-in ones when none is active. */
export async function getMilestones(): Promise<RowOf<"milestones">[]> {
  return orDefaults(await rows("milestones"), DEFAULT_MILESTONES);
}

/** The active logo, or null (the header then shows /logo.svg and the site name). */
export async function getLogo(): Promise<RowOf<"logo_settings"> | null> {
  return (await rows("logo_settings"))[0] ?? null;
}

/** Home banner slides; three built-in slides when none is active. */
export async function getHomeBanners(): Promise<RowOf<"banners">[]> {
  return orDefaults(await rows("banners"), DEFAULT_BANNERS);
}

/** The newest about record, or the built-in one (15 years, 500 lives, 50 volunteers). */
export async function getAbout(): Promise<RowOf<"about_content">> {
  return newestOrDefault(await rows("about_content"), DEFAULT_ABOUT);
}

/** The causes; six built-in causes when none is active. */
export async function getCauses(): Promise<RowOf<"causes">[]> {
  return orDefaults(await rows("causes"), DEFAULT_CAUSES);
}

/** Board and staff as the home page shows them. No defaults: an empty list stays empty. */
export async function getBoardStaff(): Promise<RowOf<"board_staff">[]> {
  return (await rows("board_staff")).filter((person) => person.on_home_page);
}

/** About Us's words: its record, or the built-in one. */
export async function getAboutPage(): Promise<RowOf<"about_page">> {
  return newestOrDefault(await rows("about_page"), DEFAULT_ABOUT_PAGE);
}

/** Our Mission's words: its record, or the built-in one. */
export async function getMissionPage(): Promise<RowOf<"mission_page">> {
  return newestOrDefault(await rows("mission_page"), DEFAULT_MISSION_PAGE);
}

/** Our Mission's objectives in their order; the built-in ones when none is active. */
export async function getObjectives(): Promise<RowOf<"mission_objectives">[]> {
  return orDefaults(await rows("mission_objectives"), DEFAULT_OBJECTIVES);
}

/** Contact's words: its record, or the built-in one. */
export async function getContactPage(): Promise<RowOf<"contact_page">> {
  return newestOrDefault(await rows("contact_page"), DEFAULT_CONTACT_PAGE);
}

/** Contact's departments in their order; the built-in ones when none is active. */
export async function getDepartments(): Promise<RowOf<"departments">[]> {
  return orDefaults(await rows("departments"), DEFAULT_DEPARTMENTS);
}

/** Donate's words: its record, or the built-in one. */
export async function getDonatePage(): Promise<RowOf<"donate_page">> {
  return newestOrDefault(await rows("donate_page"), DEFAULT_DONATE_PAGE);
}

/** Projects' words: its record, or the built-in one. */
export async function getProjectsPage(): Promise<RowOf<"projects_page">> {
  return newestOrDefault(await rows("projects_page"), DEFAULT_PROJECTS_PAGE);
}

/** Certifications' words: its record, or the built-in one. */
export async function getCertificationsPage(): Promise<RowOf<"certifications_page">> {
  return newestOrDefault(await rows("certifications_page"), DEFAULT_CERTIFICATIONS_PAGE);
}

/** Our Team's words: its record, or the built-in one. */
export async function getTeamPage(): Promise<RowOf<"team_page">> {
  return newestOrDefault(await rows("team_page"), DEFAULT_TEAM_PAGE);
}

/**
 * The people Our Team shows, in their order. The built-in people only while nobody is
 * listed at all: people listed, none of them ticked for Our Team, show nobody.
 */
export async function getTeam(): Promise<RowOf<"board_staff">[]> {
  const people = await rows("board_staff");
  if (people.length === 0) return DEFAULT_TEAM;
  return people.filter((person) => person.on_team_page);
}

/**
 * A gallery's images, titled 'Home Gallery Image 1', ..., each with its alt text (the
 * stored description, else the title); sample images when none.
 */
export async function getGallery(area: GalleryArea): Promise<GalleryItem[]> {
  return galleryItems(area, await rows(GALLERY_TABLE[area]), defaultGallery(area));
}

/** A programme page's banner slides; its built-in slides when none is active. */
export async function getProgrammeBanners(area: ProgrammeBannerArea): Promise<ProgrammeBanner[]> {
  const list = area === "children" ? await rows("children_banners") : await rows("oldage_banners");
  return programmeBanners(list, DEFAULT_PROGRAMME_BANNERS[area]);
}

/** The newest active content record of a programme page, or its built-in content. */
export async function getProgrammeContent<A extends ProgrammeArea>(
  area: A,
): Promise<RowOf<(typeof PROGRAMME_TABLE)[A]>> {
  const list: RowOf<(typeof PROGRAMME_TABLE)[A]>[] = await rows(PROGRAMME_TABLE[area]);
  return newestOrDefault(list, DEFAULT_PROGRAMME_CONTENT[area]);
}

/** The home page's words: its record, or the built-in one. */
export async function getHomePage(): Promise<RowOf<"home_page">> {
  return newestOrDefault(await rows("home_page"), DEFAULT_HOME_PAGE);
}

/** A programme page's words: its record, or the built-in one. */
export async function getProgrammePage<A extends ProgrammeArea>(
  area: A,
): Promise<RowOf<(typeof PROGRAMME_PAGE_TABLE)[A]>> {
  const list: RowOf<(typeof PROGRAMME_PAGE_TABLE)[A]>[] = await rows(PROGRAMME_PAGE_TABLE[area]);
  return newestOrDefault(list, DEFAULT_PROGRAMME_PAGES[area]);
}

let warnedSample = false;

/**
 * The newest active donation details, or null (the donate page then shows no methods).
 * Built against a real Supabase project, the install's sample QR code and bank account
 * are left out, so a site never publishes them.
 */
export async function getDonate(): Promise<RowOf<"donate_content"> | null> {
  const row = (await rows("donate_content"))[0];
  if (!row) return null;
  const shown = publicPayments(row, process.env.PUBLIC_SUPABASE_URL);
  if (shown !== row && !warnedSample) {
    warnedSample = true;
    console.warn(
      "[donate] the sample QR code and bank account are left out of the donate page: replace them with the charity's own in the admin (Donate).",
    );
  }
  return shown;
}

/** Active projects, newest first. No defaults. */
export async function getProjects(): Promise<RowOf<"projects">[]> {
  return rows("projects");
}

/** Active certifications by sort_order. No defaults. */
export async function getCertifications(): Promise<RowOf<"certifications">[]> {
  return rows("certifications");
}

/**
 * The content revision this build publishes: read before any table, so a change
 * saved during the build shows as not yet live rather than the other way round.
 */
export async function getContentRevision(): Promise<number> {
  const entries = await getCollection("content_revision");
  return entries[0]?.data.revision ?? 0;
}

/** How many rows each content collection holds in this build (for build-info.json). */
export async function getCollectionCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of CONTENT_TABLES) {
    counts[table] = (await getCollection(table)).length;
  }
  return counts;
}
