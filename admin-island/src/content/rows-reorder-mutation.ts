// Writes a whole list's order at once (the reorder_rows RPC): `ids` is every record of
// the table in its new order, and each record's sort_order becomes its place. All or
// nothing: when records came or went since the list loaded, nothing changes.
import { guarded, succeeded } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import type { TableName } from "../api/rows.ts";

export function reorderRows(client: AdminClient, table: TableName, ids: string[]): Promise<void> {
  return guarded(client, async () => {
    succeeded(await client.rpc("reorder_rows", { target: table, ids }));
  });
}
