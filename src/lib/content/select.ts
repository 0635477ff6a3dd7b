// The pure part of the getters: picking rows or defaults. No astro:* imports, so
// the "defaults only when empty" rule is unit-tested here.

import type { Tables } from "../../../supabase/database.types.ts";
import {
  type GalleryArea,
  type GalleryItem,
  galleryTitle,
  type ProgrammeBanner,
} from "../defaults.ts";
import type { ContentTable } from "./tables.ts";

export type ContentRows<T extends ContentTable> = Tables<T>[];

/** The rows when there is at least one, else the built-in list (copied). */
export function orDefaults<T>(list: T[], defaults: readonly T[]): T[] {
  return list.length > 0 ? list : defaults.map((item) => ({ ...item }));
}

/** The first (newest) row, else the built-in record (copied). */
export function newestOrDefault<T>(list: readonly T[], fallback: T): T {
  return list[0] ?? { ...fallback };
}

export function galleryItems(
  area: GalleryArea,
  list: readonly { id: string; image_url: string }[],
  defaults: GalleryItem[],
): GalleryItem[] {
  if (list.length === 0) return defaults;
  return list.map((row, index) => ({
    id: row.id,
    image_url: row.image_url,
    title: galleryTitle(area, index),
  }));
}

export function programmeBanners(
  list: readonly {
    id: string;
    image_url: string;
    position: string;
    title?: string | null;
    subtitle?: string | null;
  }[],
  defaults: readonly ProgrammeBanner[],
): ProgrammeBanner[] {
  if (list.length === 0) return defaults.map((banner) => ({ ...banner }));
  return list.map((row) => ({
    id: row.id,
    image_url: row.image_url,
    title: row.title ?? null,
    subtitle: row.subtitle ?? null,
    position: row.position,
  }));
}
