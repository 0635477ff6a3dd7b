// A record's history: its recorded changes (public.audit_log), newest first.
import { useQuery } from "@tanstack/react-query";
import type { Json, Tables } from "../../../supabase/database.types.ts";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { isJsonObject, type JsonObject } from "../api/json.ts";
import type { TableName } from "../api/rows.ts";
import { historyKeys } from "./keys.ts";

/** The most changes of one record a history shows. */
export const HISTORY_LIMIT = 100;

type ContentAction = "INSERT" | "UPDATE" | "DELETE";

/** One recorded change of a content record, as the database keeps it. */
export type AuditEntry = Pick<
  Tables<"audit_log">,
  "id" | "occurred_at" | "actor_email" | "table_name"
> & {
  row_id: string;
  action: ContentAction;
  /** The record before the change (none for INSERT) and after it (none for DELETE). */
  old_data: Record<string, unknown> | null;
  new_data: Record<string, unknown> | null;
};

const COLUMNS = "id, occurred_at, actor_email, table_name, row_id, action, old_data, new_data";

function isContentAction(action: string): action is ContentAction {
  return action === "INSERT" || action === "UPDATE" || action === "DELETE";
}

function isVersion(value: Json | null): value is JsonObject | null {
  return value === null || isJsonObject(value);
}

/**
 * The entry as a content change; none for what is not one (the team's entries carry
 * actions of their own, under no content table).
 */
function contentEntry(entry: Omit<Tables<"audit_log">, "actor_id" | "actor_role">): AuditEntry[] {
  const { action, row_id, old_data, new_data } = entry;
  if (!isContentAction(action) || row_id === null || !isVersion(old_data) || !isVersion(new_data)) {
    return [];
  }
  return [{ ...entry, action, row_id, old_data, new_data }];
}

export function getHistory(
  client: AdminClient,
  table: TableName,
  id: string,
): Promise<AuditEntry[]> {
  return guarded(client, async () => {
    const entries = dataOf(
      await client
        .from("audit_log")
        .select(COLUMNS)
        .eq("table_name", table)
        .eq("row_id", id)
        .order("id", { ascending: false })
        .limit(HISTORY_LIMIT),
    );
    return entries.flatMap(contentEntry);
  });
}

export function useHistoryQuery(table: TableName, id: string) {
  const { client } = useBackend();
  return useQuery({
    queryKey: historyKeys.row(table, id),
    queryFn: () => getHistory(client, table, id),
  });
}
