// What the public pages read: the content the build loaded from Supabase (see
// src/content.config.ts), as spec section 7's public reads return it: active rows
// only, in the spec's order, one row where the spec says limit 1. Built-in defaults
// (src/lib/defaults.ts) fill a section only when its table has NO active rows; a
// failed read never reaches here, because it fails the build.

import { getCollection } from "astro:content";
import type { Tables } from "../../../supabase/database.types.ts";
import {
  DEFAULT_ABOUT,
  DEFAULT_BANNERS,
  DEFAULT_CAUSES,
  DEFAULT_PROGRAMME_BANNERS,
  DEFAULT_PROGRAMME_CONTENT,
  defaultGallery,
  type GalleryArea,
  type GalleryItem,
  galleryTitle,
  type ProgrammeArea,
  type ProgrammeBanner,
  type ProgrammeBannerArea,
  type ProgrammeContentMap,
} from "../defaults.ts";
import {
  type ContentRows,
  galleryItems,
  newestOrDefault,
  orDefaults,
  programmeBanners,
} from "./select.ts";
import { CONTENT_TABLES, type ContentTable, compareRows, TABLE_READS } from "./tables.ts";

export type {
  GalleryArea,
  GalleryItem,
  ProgrammeArea,
  ProgrammeBanner,
  ProgrammeBannerArea,
  ProgrammeContentMap,
};
export { galleryTitle };

/** A table's loaded rows, in the order of its public read. */
async function rows<T extends ContentTable>(table: T): Promise<ContentRows<T>> {
  const entries = await getCollection(table);
  const list = entries.map((entry) => entry.data as unknown as Tables<T>);
  return list.sort(compareRows(TABLE_READS[table].order)) as ContentRows<T>;
}

/** The active logo, or null (the header then shows /logo.svg and the site name). */
export async function getLogo(): Promise<Tables<"logo_settings"> | null> {
  return (await rows("logo_settings"))[0] ?? null;
}

/** Home banner slides; three built-in slides when none is active. */
export async function getHomeBanners(): Promise<Tables<"banners">[]> {
  return orDefaults(await rows("banners"), DEFAULT_BANNERS);
}

/** The newest about record, or the built-in one (15 years, 500 lives, 50 volunteers). */
export async function getAbout(): Promise<Tables<"about_content">> {
  return newestOrDefault(await rows("about_content"), DEFAULT_ABOUT);
}

/** The causes; six built-in causes when none is active. */
export async function getCauses(): Promise<Tables<"causes">[]> {
  return orDefaults(await rows("causes"), DEFAULT_CAUSES);
}

/** Board and staff. No defaults: an empty list stays empty (spec 4). */
export async function getBoardStaff(): Promise<Tables<"board_staff">[]> {
  return rows("board_staff");
}

const GALLERY_TABLE = {
  home: "home_gallery",
  children: "children_gallery",
  oldage: "oldage_gallery",
  medical: "medical_gallery",
  relief: "relief_gallery",
} as const satisfies Record<GalleryArea, ContentTable>;

/** A gallery's images, titled 'Home Gallery Image 1', ...; sample images when none. */
export async function getGallery(area: GalleryArea): Promise<GalleryItem[]> {
  return galleryItems(area, await rows(GALLERY_TABLE[area]), defaultGallery(area));
}

/** A programme page's banner slides; its built-in slides when none is active. */
export async function getProgrammeBanners(area: ProgrammeBannerArea): Promise<ProgrammeBanner[]> {
  const list = area === "children" ? await rows("children_banners") : await rows("oldage_banners");
  return programmeBanners(list, DEFAULT_PROGRAMME_BANNERS[area]);
}

const PROGRAMME_TABLE = {
  children: "children_content",
  oldage: "oldage_content",
  medical: "medical_content",
  relief: "relief_content",
} as const satisfies Record<ProgrammeArea, ContentTable>;

/** The newest active content record of a programme page, or its built-in content. */
export async function getProgrammeContent<A extends ProgrammeArea>(
  area: A,
): Promise<ProgrammeContentMap[A]> {
  const list = (await rows(PROGRAMME_TABLE[area])) as unknown as ProgrammeContentMap[A][];
  return newestOrDefault(list, DEFAULT_PROGRAMME_CONTENT[area]);
}

/** The newest active donation details, or null (the donate page then shows no methods). */
export async function getDonate(): Promise<Tables<"donate_content"> | null> {
  return (await rows("donate_content"))[0] ?? null;
}

/** Active projects, newest first. No defaults. */
export async function getProjects(): Promise<Tables<"projects">[]> {
  return rows("projects");
}

/** Active certifications by sort_order. No defaults. */
export async function getCertifications(): Promise<Tables<"certifications">[]> {
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
