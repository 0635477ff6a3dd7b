// The one place the generic screens meet supabase-js' per-table types. A content
// screen writes whichever table its definition names, with the values that
// definition's schema checked; supabase-js types each table's values apart, which a
// registry of tables cannot name, so the values are widened here, once. The database's
// NOT NULL and CHECK constraints and RLS judge them again on every write.
import type { TablesInsert, TablesUpdate } from "../../../supabase/database.types.ts";
import type { TableName } from "../api/rows.ts";

export function insertValues(values: Record<string, unknown>[]): TablesInsert<TableName>[] {
  return values as TablesInsert<TableName>[];
}

export function updateValues(values: Record<string, unknown>): TablesUpdate<TableName> {
  return values as TablesUpdate<TableName>;
}
