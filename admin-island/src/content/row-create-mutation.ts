// Stores new records of a content table and answers them as stored.
import { dataOf, guarded } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import type { Row, TableName } from "../api/rows.ts";
import { insertValues } from "./table-values.ts";

export function insertRows(
  client: AdminClient,
  table: TableName,
  values: Record<string, unknown>[],
): Promise<Row[]> {
  return guarded(client, async () =>
    dataOf(await client.from(table).insert(insertValues(values)).select()),
  );
}
