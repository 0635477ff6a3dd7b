// A list's state (loading, error, rows) as a nanostore, with load() to (re)fetch it.
// Every screen renders those states explicitly; stale answers never overwrite newer ones.
import { atom, type ReadableAtom } from "nanostores";
import type { DataLayer, ListOrder, Row, TableName } from "../api/data-layer.ts";

export type RowsState =
  | { status: "loading"; rows: Row[] }
  | { status: "error"; rows: Row[]; error: unknown }
  | { status: "ready"; rows: Row[] };

export interface RowsStore {
  $state: ReadableAtom<RowsState>;
  /** Fetches the rows again and returns them. */
  load(): Promise<Row[]>;
  /**
   * Shows these rows at once (a change not yet saved, or the rows as they were before
   * it); an answer to an earlier load no longer overwrites them.
   */
  replace(rows: Row[]): void;
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
    replace(rows) {
      latest += 1;
      $state.set({ status: "ready", rows });
    },
  };
}
