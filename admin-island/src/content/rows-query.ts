// Every row of a content table, inactive ones too, in a screen's order.
import { useQuery } from "@tanstack/react-query";
import { TIE_BREAKS } from "../../../src/lib/content/tables.ts";
import { dataOf, guarded, PAST_THE_END, READ_BATCH, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { toDataError } from "../api/errors.ts";
import type { ListOrder, Row, TableName } from "../api/rows.ts";
import { contentKeys } from "./keys.ts";

/**
 * Reads by ranges until every row counted is in: ordered by id after the list's own
 * order, so rows with the same place never move between two reads; a list in its
 * editors' order breaks ties as the site does.
 */
export function getRows(client: AdminClient, table: TableName, order: ListOrder): Promise<Row[]> {
  return guarded(client, async () => {
    const rows: Row[] = [];
    const ties = order.column === "sort_order" ? TIE_BREAKS : (["id"] as const);
    for (;;) {
      const { data, error, count } = await ties
        .reduce(
          (query, column) => query.order(column, { ascending: true }),
          client
            .from(table)
            .select("*", { count: "exact" })
            .order(order.column, { ascending: order.ascending }),
        )
        .range(rows.length, rows.length + READ_BATCH - 1);
      // Rows deleted between two reads leave the range past the end: what was read stands.
      if (error?.code === PAST_THE_END && rows.length > 0) return rows;
      if (error) throw toDataError(error);
      const batch: Row[] = dataOf({ data, error });
      rows.push(...batch);
      if (batch.length === 0 || rows.length >= Number(count ?? 0)) return rows;
    }
  });
}

export function useRowsQuery(table: TableName, order: ListOrder) {
  const { client } = useBackend();
  return useQuery({
    queryKey: contentKeys.rows(table, order),
    queryFn: () => getRows(client, table, order),
  });
}
