// Deletes one record; a record already gone (or out of reach) is said so, not ignored.
import { dataOf, guarded } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { DataError } from "../api/errors.ts";
import type { TableName } from "../api/rows.ts";
import { failures } from "../api/words.ts";

export function deleteRow(client: AdminClient, table: TableName, id: string): Promise<void> {
  return guarded(client, async () => {
    const deleted = dataOf(await client.from(table).delete().eq("id", id).select("id"));
    if (deleted.length === 0) throw new DataError(failures.nothingDeleted);
  });
}
