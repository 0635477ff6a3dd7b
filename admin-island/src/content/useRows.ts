import { useStore } from "@nanostores/react";
import { useEffect, useMemo } from "react";
import type { ListOrder, Row, TableName } from "../api/data-layer.ts";
import { useData } from "../api/useData.ts";
import { notifyError } from "../ui/notify.ts";
import { createRowsStore } from "./rows-store.ts";

/**
 * Loads a table's rows on mount; `reload` fetches again (after every write), `replace`
 * shows rows at once (an order not yet saved).
 */
export function useRows(table: TableName, order: ListOrder, loadError: string) {
  const data = useData();
  const { column, ascending } = order;
  const store = useMemo(
    () => createRowsStore(data, table, { column, ascending }),
    [data, table, column, ascending],
  );
  const state = useStore(store.$state);
  const reload = useMemo(
    () => (): Promise<Row[] | undefined> =>
      store.load().catch((error: unknown) => {
        notifyError(loadError, error);
        return undefined;
      }),
    [store, loadError],
  );
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload, replace: store.replace };
}
