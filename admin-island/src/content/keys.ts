// The query keys of the site's content: every table's rows sit under its own key, so a
// write to a table refreshes each list of it (in whatever order) and nothing else.
import type { ListOrder, TableName } from "../api/rows.ts";

export const contentKeys = {
  all: ["content"] as const,
  table: (table: TableName) => ["content", table] as const,
  rows: (table: TableName, order: ListOrder) =>
    ["content", table, "rows", order.column, order.ascending] as const,
};
