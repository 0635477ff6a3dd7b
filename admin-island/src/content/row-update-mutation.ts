// Saves changes to one record. With `loadedAt` (the record's updated_at when it was
// loaded) the save only applies if nobody changed the record since; otherwise it
// throws a ConflictError and changes nothing.
import { dataOf, guarded } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { ConflictError } from "../api/errors.ts";
import type { Row, TableName } from "../api/rows.ts";
import { updateValues } from "./table-values.ts";

export function updateRow(
  client: AdminClient,
  table: TableName,
  id: string,
  values: Record<string, unknown>,
  loadedAt?: string,
): Promise<Row> {
  return guarded(client, async () => {
    let query = client.from(table).update(updateValues(values)).eq("id", id);
    if (loadedAt) query = query.eq("updated_at", loadedAt);
    const rows: Row[] = dataOf(await query.select());
    const [row] = rows;
    if (rows.length === 1 && row) return row;
    // Nothing matched: tell a concurrent change from a deleted record.
    const still = dataOf(await client.from(table).select("id").eq("id", id));
    throw new ConflictError(still.length === 0);
  });
}
