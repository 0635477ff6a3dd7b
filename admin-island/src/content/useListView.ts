// A list screen's search, category filter and "Show more", over the rows it loaded.
// Typing stays instant on long lists: the rows are read for searching once per load,
// and the filtering follows the typing as a deferred value. A new search or category
// starts again from the first rows; "Show more" moves focus to the first row it adds.
import { useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import type { Row } from "../api/rows.ts";
import {
  categoryChoices,
  filterRows,
  type IndexedRow,
  indexRows,
  isFiltered,
  LIST_BATCH,
  shownOf,
} from "./list-view.ts";
import type { ListSearch } from "./resources/types.ts";

export type ListView = ReturnType<typeof useListView>;

export function useListView(rows: Row[], search: ListSearch, titleOf?: (row: Row) => string) {
  const [query, setQueryNow] = useState("");
  const [category, setCategoryNow] = useState("");
  const [limit, setLimit] = useState(LIST_BATCH);
  const deferredQuery = useDeferredValue(query);
  // The title function may be new at each render: read through a ref, it does not make
  // the rows be read again.
  const title = useRef(titleOf);
  title.current = titleOf;
  const indexed = useMemo(
    () => indexRows(rows, search, (row) => title.current?.(row) ?? ""),
    [rows, search],
  );
  const matching = useMemo(
    () => filterRows(indexed, { query: deferredQuery, category }),
    [indexed, deferredQuery, category],
  );
  const progress = shownOf(limit, matching.length);
  const shown: IndexedRow[] = matching.slice(0, progress.shown);
  const choices = useMemo(
    () => (search.category ? categoryChoices(rows, search.category, category) : []),
    [rows, search.category, category],
  );

  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  /** The place of the first row "Show more" added, to be focused once it is drawn. */
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || at >= progress.shown) return;
    focusAt.current = null;
    const item = listRef.current?.children.item(at);
    if (item instanceof HTMLElement) {
      item.tabIndex = -1;
      item.focus();
    }
  }, [progress.shown]);

  return {
    query,
    setQuery(value: string) {
      setQueryNow(value);
      setLimit(LIST_BATCH);
    },
    category,
    setCategory(value: string) {
      setCategoryNow(value);
      setLimit(LIST_BATCH);
    },
    /** Clears the search and the category, and puts the cursor back in the search box. */
    clear() {
      setQueryNow("");
      setCategoryNow("");
      setLimit(LIST_BATCH);
      searchRef.current?.focus();
    },
    /** The categories to choose from (none when the list has no category). */
    choices,
    /** A search or a category leaves rows out (as typed, or as the list still shows it). */
    filtered: isFiltered({ query, category }) || isFiltered({ query: deferredQuery, category }),
    /** The search the list shows the results of. */
    shownQuery: deferredQuery,
    total: rows.length,
    matching: matching.length,
    /** The rows to draw, each with its place in the whole list. */
    shown,
    progress,
    showMore() {
      if (progress.complete) return;
      focusAt.current = progress.shown;
      setLimit(progress.shown + LIST_BATCH);
    },
    /** For the list element: "Show more" focuses its first new item. */
    listRef,
    searchRef,
  };
}
