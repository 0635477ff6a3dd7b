// How the build reads the content tables: the order of each public read, with
// deterministic tie-breaks, and the picture addresses a row refers to. Which tables
// exist, their columns and reads are in src/lib/schema/tables.ts.

import type { TableRead } from "../schema/tables.ts";

interface Orderable {
  id: string;
  created_at: string;
  sort_order?: number;
}

/**
 * The columns that order records of one position, after sort_order, wherever a list is
 * read in its order (the build and the admin alike). The database keeps positions
 * apart; these make any order deterministic all the same.
 */
export const TIE_BREAKS = ["created_at", "id"] as const;

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
