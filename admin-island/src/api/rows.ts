// The records the generic screens edit, whatever their table: a uuid `id`, usually an
// `updated_at` (which a save compares to refuse overwriting a newer change), and the
// table's own columns, which the screen's definition names.
import type { Database } from "../../../supabase/database.types.ts";

type AnyTable = keyof Database["public"]["Tables"];

/**
 * The tables the admin edits record by record: each record has a uuid `id` (the
 * settings, the audit log and pending changes are read and written by their own queries).
 */
export type TableName = {
  [T in AnyTable]: Database["public"]["Tables"][T]["Row"] extends { id: string } ? T : never;
}[AnyTable];

export interface Row {
  id: string;
  updated_at?: string;
  [column: string]: unknown;
}

/** The order a list is read in: one column, then ties broken as the site breaks them. */
export interface ListOrder {
  column: string;
  ascending: boolean;
}
