// Built-in content the public site shows while a table has NO active rows. Never
// used because a request failed: a failed read fails the build instead. Every
// record is an active sample row of src/lib/sample-content.ts (the same content the
// seed gives a fresh database); the home page's board staff, projects, certifications, donation
// details and the logo have none, so an empty table shows empty there.

import { SAMPLE } from "./sample-content.ts";
import type { Column } from "./schema/columns.ts";
import { type ContentTable, type POSITIONS, type RowOf, TABLES } from "./schema/tables.ts";

/** Timestamp given to built-in rows: they are older than anything an admin adds. */
const BUILT_IN_AT = "2009-01-01T00:00:00.000Z";

export type GalleryArea = "home" | "children" | "oldage" | "medical" | "relief";
export type ProgrammeBannerArea = "children" | "oldage";
export type ProgrammeArea = "children" | "oldage" | "medical" | "relief";

export interface GalleryItem {
  id: string;
  image_url: string;
  title: string;
  /** What the picture shows, for visitors who cannot see it: '' when it is decorative. */
  alt: string;
}

export interface ProgrammeBanner {
  id: string;
  image_url: string;
  title: string | null;
  subtitle: string | null;
  position: (typeof POSITIONS)[number];
  /** The editor's description of the picture; null: the page's default words. */
  image_alt: string | null;
  /** A picture that says nothing gets an empty alt. */
  image_decorative: boolean;
}

/** How a gallery's images are titled: 'Home Gallery Image 1', ... */
export const GALLERY_TITLE_PREFIX: Record<GalleryArea, string> = {
  home: "Home Gallery Image",
  children: "Children Gallery Image",
  oldage: "Old Age Home Gallery Image",
  medical: "Medical Gallery Image",
  relief: "Relief Gallery Image",
};

export function galleryTitle(area: GalleryArea, index: number): string {
  return `${GALLERY_TITLE_PREFIX[area]} ${index + 1}`;
}

/** The active sample rows of a table as stored rows, with ids `<prefix>-1`, ... */
function builtIn<T extends ContentTable>(table: T, prefix: string): RowOf<T>[] {
  const samples = SAMPLE[table] as readonly Record<string, unknown>[];
  // A column the sample leaves out holds what the database would store: its
  // initial value, or null.
  const columns: Record<string, Column> = TABLES[table].columns;
  const empty = Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [key, column.initial ?? null]),
  );
  return samples
    .filter((sample) => sample.is_active !== false)
    .map(
      (sample, index) =>
        ({
          ...empty,
          ...sample,
          id: `${prefix}-${index + 1}`,
          created_at: BUILT_IN_AT,
          updated_at: BUILT_IN_AT,
        }) as RowOf<T>,
    );
}

/** The one active sample record of a table, with the given id. */
function builtInRecord<T extends ContentTable>(table: T, id: string): RowOf<T> {
  const [first] = builtIn(table, id);
  if (!first) throw new Error(`${table} has no active sample record`);
  return { ...first, id };
}

export const DEFAULT_BANNERS = builtIn("banners", "default-banner");
export const DEFAULT_ABOUT = builtInRecord("about_content", "default-about");
export const DEFAULT_CAUSES = builtIn("causes", "default-cause");
export const DEFAULT_ORGANISATION = builtInRecord("organisation", "default-organisation");
export const DEFAULT_HISTORY_PAGE = builtInRecord("history_page", "default-history-page");
export const DEFAULT_MILESTONES = builtIn("milestones", "default-milestone");
export const DEFAULT_ABOUT_PAGE = builtInRecord("about_page", "default-about-page");
export const DEFAULT_MISSION_PAGE = builtInRecord("mission_page", "default-mission-page");
export const DEFAULT_OBJECTIVES = builtIn("mission_objectives", "default-objective");
export const DEFAULT_CONTACT_PAGE = builtInRecord("contact_page", "default-contact-page");
export const DEFAULT_DEPARTMENTS = builtIn("departments", "default-department");
export const DEFAULT_DONATE_PAGE = builtInRecord("donate_page", "default-donate-page");
export const DEFAULT_PROJECTS_PAGE = builtInRecord("projects_page", "default-projects-page");
export const DEFAULT_CERTIFICATIONS_PAGE = builtInRecord(
  "certifications_page",
  "default-certifications-page",
);
export const DEFAULT_TEAM_PAGE = builtInRecord("team_page", "default-team-page");

export const DEFAULT_HOME_PAGE = builtInRecord("home_page", "default-home-page");

/** Each programme page's words: its table and the built-in record. */
export const PROGRAMME_PAGE_TABLE = {
  children: "children_page",
  oldage: "oldage_page",
  medical: "medical_page",
  relief: "relief_page",
} as const satisfies Record<ProgrammeArea, ContentTable>;
export const DEFAULT_PROGRAMME_PAGES: {
  [A in ProgrammeArea]: RowOf<(typeof PROGRAMME_PAGE_TABLE)[A]>;
} = {
  children: builtInRecord("children_page", "default-children-page"),
  oldage: builtInRecord("oldage_page", "default-oldage-page"),
  medical: builtInRecord("medical_page", "default-medical-page"),
  relief: builtInRecord("relief_page", "default-relief-page"),
};
/** Our Team's people while nobody is listed at all (the home page then shows none). */
export const DEFAULT_TEAM = builtIn("board_staff", "default-person").filter(
  (person) => person.on_team_page,
);

/** The table of each gallery. */
export const GALLERY_TABLE = {
  home: "home_gallery",
  children: "children_gallery",
  oldage: "oldage_gallery",
  medical: "medical_gallery",
  relief: "relief_gallery",
} as const satisfies Record<GalleryArea, ContentTable>;

const galleryImages = (area: GalleryArea) =>
  SAMPLE[GALLERY_TABLE[area]].map((row) => row.image_url);

/** The sample pictures a gallery shows while it has no active rows. */
export const DEFAULT_GALLERY_IMAGES: Record<GalleryArea, readonly string[]> = {
  home: galleryImages("home"),
  children: galleryImages("children"),
  oldage: galleryImages("oldage"),
  medical: galleryImages("medical"),
  relief: galleryImages("relief"),
};

/** The sample pictures, each called by its title. */
export function defaultGallery(area: GalleryArea): GalleryItem[] {
  return DEFAULT_GALLERY_IMAGES[area].map((image_url, index) => {
    const title = galleryTitle(area, index);
    return { id: `default-${area}-gallery-${index + 1}`, image_url, title, alt: title };
  });
}

/** A programme banner row as a slide (the children's home's have no title or subtitle). */
export const asSlide = (row: {
  id: string;
  image_url: string;
  position: (typeof POSITIONS)[number];
  title?: string | null;
  subtitle?: string | null;
  image_alt?: string | null;
  image_decorative?: boolean;
}): ProgrammeBanner => ({
  id: row.id,
  image_url: row.image_url,
  title: row.title ?? null,
  subtitle: row.subtitle ?? null,
  position: row.position,
  image_alt: row.image_alt ?? null,
  image_decorative: row.image_decorative ?? false,
});

export const DEFAULT_PROGRAMME_BANNERS: Record<ProgrammeBannerArea, ProgrammeBanner[]> = {
  children: builtIn("children_banners", "default-children-banner").map(asSlide),
  oldage: builtIn("oldage_banners", "default-oldage-banner").map(asSlide),
};

/** The table of each programme page's content record. */
export const PROGRAMME_TABLE = {
  children: "children_content",
  oldage: "oldage_content",
  medical: "medical_content",
  relief: "relief_content",
} as const satisfies Record<ProgrammeArea, ContentTable>;

export type ProgrammeContentMap = { [A in ProgrammeArea]: RowOf<(typeof PROGRAMME_TABLE)[A]> };

export const DEFAULT_CHILDREN_CONTENT = builtInRecord(
  "children_content",
  "default-children-content",
);
export const DEFAULT_OLDAGE_CONTENT = builtInRecord("oldage_content", "default-oldage-content");
export const DEFAULT_MEDICAL_CONTENT = builtInRecord("medical_content", "default-medical-content");
export const DEFAULT_RELIEF_CONTENT = builtInRecord("relief_content", "default-relief-content");

export const DEFAULT_PROGRAMME_CONTENT: ProgrammeContentMap = {
  children: DEFAULT_CHILDREN_CONTENT,
  oldage: DEFAULT_OLDAGE_CONTENT,
  medical: DEFAULT_MEDICAL_CONTENT,
  relief: DEFAULT_RELIEF_CONTENT,
};

/** Every image the built-in content refers to (the build prepares them all). */
export function defaultImageUrls(): string[] {
  const urls = new Set<string>();
  for (const b of DEFAULT_BANNERS) urls.add(b.image_url);
  urls.add(DEFAULT_ABOUT.image_url);
  for (const c of DEFAULT_CAUSES) urls.add(c.image_url);
  for (const list of Object.values(DEFAULT_GALLERY_IMAGES)) for (const u of list) urls.add(u);
  for (const list of Object.values(DEFAULT_PROGRAMME_BANNERS))
    for (const b of list) urls.add(b.image_url);
  urls.add(DEFAULT_CHILDREN_CONTENT.about_image_url);
  urls.add(DEFAULT_OLDAGE_CONTENT.about_image_url);
  urls.add(DEFAULT_MEDICAL_CONTENT.banner_image_url);
  urls.add(DEFAULT_RELIEF_CONTENT.banner_image_url);
  return [...urls];
}
