// The query keys of records' histories: each record's recorded changes sit under its
// table and id, so a write to a record refreshes its history and no other.
import type { TableName } from "../api/rows.ts";

export const historyKeys = {
  all: ["history"] as const,
  row: (table: TableName, id: string) => ["history", table, id] as const,
};
