// A content table's rows as a screen shows them: loading, failed (with what was shown
// before, if anything) or ready. Every failure to load is told once, in a toast.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { ListOrder, Row, TableName } from "../api/rows.ts";
import { notifyError } from "../ui/notify.ts";
import { contentKeys } from "./keys.ts";
import { useRowsQuery } from "./rows-query.ts";

export type RowsState =
  | { status: "loading"; rows: Row[] }
  | { status: "error"; rows: Row[]; error: unknown }
  | { status: "ready"; rows: Row[] };

/**
 * Loads a table's rows when the screen opens; `reload` fetches again (a Retry), and
 * `replace` shows rows at once (an order not yet saved): a load still under way no
 * longer overwrites them.
 */
export function useRows(table: TableName, order: ListOrder, loadError: string) {
  const { column, ascending } = order;
  const query = useRowsQuery(table, { column, ascending });
  const queryClient = useQueryClient();
  const { error, refetch } = query;

  useEffect(() => {
    if (error) notifyError(loadError, error);
  }, [error, loadError]);

  const rows = query.data ?? [];
  const state: RowsState = query.isFetching
    ? { status: "loading", rows }
    : query.isError
      ? { status: "error", rows, error: query.error }
      : { status: "ready", rows };

  const reload = useCallback(
    async (): Promise<Row[] | undefined> => (await refetch()).data,
    [refetch],
  );
  const replace = useCallback(
    (next: Row[]) => {
      const key = contentKeys.rows(table, { column, ascending });
      void queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, next);
    },
    [queryClient, table, column, ascending],
  );
  return { state, reload, replace };
}
