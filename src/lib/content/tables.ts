// The content tables the public site reads, how each is read (spec 7: active rows
// only, in the order given) and the zod schema every row is checked against.
// Shared by the content loader (src/content.config.ts) and the getters.

import { z } from "astro/zod";

/** One public read: which rows, in which order. */
export interface TableRead {
  /** Filter on is_active = true (every table but about_content and content_revision). */
  activeOnly: boolean;
  /** Primary order: sort_order ascending, or newest created_at first. */
  order: "sort_order" | "newest";
}

const bySortOrder: TableRead = { activeOnly: true, order: "sort_order" };
const newestActive: TableRead = { activeOnly: true, order: "newest" };

export const TABLE_READS = {
  logo_settings: newestActive,
  banners: bySortOrder,
  about_content: { activeOnly: false, order: "newest" },
  causes: bySortOrder,
  board_staff: bySortOrder,
  gallery_images: bySortOrder,
  home_gallery: bySortOrder,
  children_gallery: bySortOrder,
  oldage_gallery: bySortOrder,
  medical_gallery: bySortOrder,
  relief_gallery: bySortOrder,
  children_banners: bySortOrder,
  oldage_banners: bySortOrder,
  children_content: newestActive,
  oldage_content: newestActive,
  medical_content: newestActive,
  relief_content: newestActive,
  donate_content: newestActive,
  projects: newestActive,
  certifications: bySortOrder,
} as const satisfies Record<string, TableRead>;

export type ContentTable = keyof typeof TABLE_READS;

export const CONTENT_TABLES = Object.keys(TABLE_READS) as ContentTable[];

const text = z.string();
const optionalText = z.string().nullable();
const stamp = z.string();
const json = z.json();

const active = { is_active: z.boolean() };
const timestamps = { created_at: stamp, updated_at: stamp };
const galleryRow = z.object({
  id: text,
  image_url: text,
  sort_order: z.number().int(),
  ...active,
  ...timestamps,
});

/** The zod schema of every content table's row (mirrors supabase/database.types.ts). */
export const ROW_SCHEMAS = {
  logo_settings: z.object({
    id: text,
    logo_url: text,
    logo_name: text,
    tagline: optionalText,
    ...active,
    ...timestamps,
  }),
  banners: z.object({
    id: text,
    title: optionalText,
    subtitle: optionalText,
    image_url: text,
    position: text,
    sort_order: z.number().int(),
    ...active,
    ...timestamps,
  }),
  about_content: z.object({
    id: text,
    image_url: text,
    years_of_service: z.number().int(),
    about_title: text,
    about_text: text,
    lives_impacted: z.number().int(),
    active_volunteers: z.number().int(),
    our_vision: text,
    our_mission: text,
    ...timestamps,
  }),
  causes: z.object({
    id: text,
    title: text,
    description: text,
    image: optionalText,
    image_url: text,
    icon: optionalText,
    category: optionalText,
    sort_order: z.number().int(),
    ...active,
    ...timestamps,
  }),
  board_staff: z.object({
    id: text,
    name: text,
    designation: text,
    image_url: optionalText,
    sort_order: z.number().int(),
    ...active,
    ...timestamps,
  }),
  gallery_images: z.object({
    id: text,
    title: text,
    description: optionalText,
    category: text,
    image_url: text,
    sort_order: z.number().int(),
    ...active,
    ...timestamps,
  }),
  home_gallery: galleryRow,
  children_gallery: galleryRow,
  oldage_gallery: galleryRow,
  medical_gallery: galleryRow,
  relief_gallery: galleryRow,
  children_banners: z.object({
    id: text,
    image_url: text,
    position: text,
    sort_order: z.number().int(),
    ...active,
    ...timestamps,
  }),
  oldage_banners: z.object({
    id: text,
    image_url: text,
    title: optionalText,
    subtitle: optionalText,
    position: text,
    sort_order: z.number().int(),
    ...active,
    ...timestamps,
  }),
  children_content: z.object({
    id: text,
    about_image_url: text,
    about_title: text,
    about_description: text,
    statistics: json,
    services: json,
    ...active,
    ...timestamps,
  }),
  oldage_content: z.object({
    id: text,
    about_image_url: text,
    about_title: text,
    about_description: text,
    statistics: json,
    services: json,
    ...active,
    ...timestamps,
  }),
  medical_content: z.object({
    id: text,
    banner_image_url: text,
    title: text,
    description: text,
    services: json,
    statistics: json,
    health_tips: json,
    ...active,
    ...timestamps,
  }),
  relief_content: z.object({
    id: text,
    banner_image_url: text,
    title: text,
    description: text,
    services: json,
    statistics: json,
    ...active,
    ...timestamps,
  }),
  donate_content: z.object({
    id: text,
    qr_codes: json,
    bank_accounts: json,
    ...active,
    ...timestamps,
  }),
  projects: z.object({
    id: text,
    title: text,
    description: text,
    image_url: optionalText,
    category_name: text,
    project_status: text,
    ...active,
    ...timestamps,
  }),
  certifications: z.object({
    id: text,
    certificate_name: text,
    image_url: text,
    pdf_url: optionalText,
    sort_order: z.number().int(),
    ...active,
    ...timestamps,
  }),
} as const satisfies Record<ContentTable, z.ZodType>;

export const REVISION_SCHEMA = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  updated_at: stamp,
});

interface Orderable {
  id: string;
  created_at: string;
  sort_order?: number;
}

/**
 * The order of a table's public read, with deterministic tie-breaks (created_at,
 * then id) where the database leaves ties unspecified.
 */
export function compareRows(order: TableRead["order"]) {
  return (a: Orderable, b: Orderable): number => {
    if (order === "sort_order") {
      const bySort = (a.sort_order ?? 0) - (b.sort_order ?? 0);
      if (bySort !== 0) return bySort;
      if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
    } else if (a.created_at !== b.created_at) {
      return a.created_at < b.created_at ? 1 : -1;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/**
 * Every image address a row refers to: its *image_url / logo_url / image columns,
 * and the image_url of each item of its JSON lists (donate QR codes).
 */
export function imageUrlsOfRow(row: Record<string, unknown>): string[] {
  const urls: string[] = [];
  const visit = (value: unknown, key: string | null) => {
    if (typeof value === "string") {
      if (key !== null && isImageKey(key) && value !== "") urls.push(value);
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, null);
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) visit(v, k);
    }
  };
  visit(row, null);
  return urls;
}

function isImageKey(key: string): boolean {
  return key === "image" || key.endsWith("image_url") || key === "logo_url";
}
