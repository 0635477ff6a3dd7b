// The pure part of the getters: picking rows or defaults. No astro:* imports, so
// the "defaults only when empty" rule is unit-tested here.

import {
  asSlide,
  type GalleryArea,
  type GalleryItem,
  galleryTitle,
  type ProgrammeBanner,
} from "../defaults.ts";
import { hasVisibleText } from "../schema/rules.ts";
import type { ContentTable, RowOf } from "../schema/tables.ts";

export type ContentRows<T extends ContentTable> = RowOf<T>[];

/** The rows when there is at least one, else the built-in list (copied). */
export function orDefaults<T>(list: T[], defaults: readonly T[]): T[] {
  return list.length > 0 ? list : defaults.map((item) => ({ ...item }));
}

/** The first (newest) row, else the built-in record (copied). */
export function newestOrDefault<T>(list: readonly T[], fallback: T): T {
  return list[0] ?? { ...fallback };
}

/** How a stored picture is described (image_alt, image_decorative). */
export interface PictureDescription {
  /** The editor's words; null or blank: the site's default words. */
  image_alt?: string | null;
  /** A picture that says nothing: screen readers skip it. */
  image_decorative?: boolean;
}

/**
 * A picture's alt text: '' when it is decorative, else the stored text (trimmed) when
 * it shows something, else `fallback`, the site's default words for that kind of
 * picture ('' where the text around it already says what it shows).
 */
export function pictureAlt(picture: PictureDescription, fallback: string): string {
  if (picture.image_decorative === true) return "";
  const stored = picture.image_alt?.trim() ?? "";
  return hasVisibleText(stored) ? stored : fallback;
}

/** The site's own words for each kind of picture, when its editor wrote none. */
export const DEFAULT_ALT = {
  /** The slide's own title and subtitle say what it is about: the photo is backdrop. */
  homeBanner: () => "",
  /** A titled slide says what it shows; an untitled one gets a short description. */
  programmeBanner: (page: string, slide: { title: string | null }, index: number, count: number) =>
    slide.title ? "" : `${page}, photo ${index + 1} of ${count}`,
  cause: (cause: { title: string }) => cause.title,
  boardMember: (member: { name: string }) => `Photo of ${member.name}`,
  project: (project: { title: string }) => project.title,
  certificate: (certificate: { certificate_name: string }, siteName: string) =>
    `${certificate.certificate_name} of ${siteName}`,
  /** 'Home Gallery Image 3': the picture's title. */
  galleryPicture: galleryTitle,
  /** The organisation's name stands beside it, in the same link. */
  logo: () => "",
} as const;

/** A gallery's pictures, titled by position; each described, or else called by its title. */
export function galleryItems(
  area: GalleryArea,
  list: readonly ({ id: string; image_url: string } & PictureDescription)[],
  defaults: GalleryItem[],
): GalleryItem[] {
  if (list.length === 0) return defaults;
  return list.map((row, index) => {
    const title = galleryTitle(area, index);
    return {
      id: row.id,
      image_url: row.image_url,
      title,
      alt: pictureAlt(row, DEFAULT_ALT.galleryPicture(area, index)),
    };
  });
}

export function programmeBanners(
  list: readonly Parameters<typeof asSlide>[0][],
  defaults: readonly ProgrammeBanner[],
): ProgrammeBanner[] {
  if (list.length === 0) return defaults.map((banner) => ({ ...banner }));
  return list.map(asSlide);
}

/** A list item's texts, trimmed; a missing or null text becomes ''. */
export function trimmedTexts<T extends object>(item: T): { [K in keyof T]-?: string } {
  const texts = {} as { [K in keyof T]-?: string };
  for (const key of Object.keys(item) as (keyof T)[]) {
    const value = item[key];
    texts[key] = typeof value === "string" ? value.trim() : "";
  }
  return texts;
}
