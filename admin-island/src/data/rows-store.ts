// A list's state (loading, error, rows) as a nanostore, with load() to (re)fetch it.
// Every screen renders those states explicitly; stale answers never overwrite newer ones.
import { atom, type ReadableAtom } from "nanostores";
import type { DataLayer, ListOrder, Row, TableName } from "./data-layer.ts";

export type RowsState =
  | { status: "loading"; rows: Row[] }
  | { status: "error"; rows: Row[]; error: unknown }
  | { status: "ready"; rows: Row[] };

export interface RowsStore {
  $state: ReadableAtom<RowsState>;
  /** Fetches the rows again and returns them. */
  load(): Promise<Row[]>;
}

export function createRowsStore(data: DataLayer, table: TableName, order: ListOrder): RowsStore {
  const $state = atom<RowsState>({ status: "loading", rows: [] });
  let latest = 0;
  return {
    $state,
    async load() {
      const ticket = ++latest;
      $state.set({ status: "loading", rows: $state.get().rows });
      try {
        const rows = await data.list(table, order);
        if (ticket === latest) $state.set({ status: "ready", rows });
        return rows;
      } catch (error) {
        if (ticket === latest) $state.set({ status: "error", rows: $state.get().rows, error });
        throw error;
      }
    },
  };
}

/** The sort_order a new record gets (spec section 4). */
export function nextSortOrder(rows: Row[], rule: "max-plus-one" | "count"): number {
  if (rule === "count") return rows.length;
  const orders = rows.map((row) => Number(row.sort_order ?? 0));
  return orders.length ? Math.max(...orders) + 1 : 0;
}
