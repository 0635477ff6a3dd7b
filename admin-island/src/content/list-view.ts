// What a list screen shows of its loaded rows: the ones a search and a category
// leave, and of those the first LIST_BATCH, then more on request. One mechanism for
// every list; what it searches comes from the definition (ListSearch). Pure.
import type { Row } from "../api/rows.ts";
import type { ListSearch } from "./resources/types.ts";

/** How many rows a list shows at first, and how many more each "Show more" adds. */
export const LIST_BATCH = 50;

/**
 * Text as a search compares it: lower case, accents dropped (so 'cafe' finds 'Café'),
 * runs of spaces made one.
 */
export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The words of a search; a row matches when it holds every one of them. */
export function searchWords(query: string): string[] {
  return foldText(query).split(" ").filter(Boolean);
}

/** What a list is narrowed by: the search as typed, and a category ("" for all). */
export interface ListCriteria {
  query: string;
  category: string;
}

export const NO_CRITERIA: ListCriteria = { query: "", category: "" };

/** Whether the criteria leave out any row at all. */
export function isFiltered(criteria: ListCriteria): boolean {
  return searchWords(criteria.query).length > 0 || criteria.category !== "";
}

/** A category value as the filter compares it; "" for none. */
export function categoryKey(value: unknown): string {
  return typeof value === "string" ? foldText(value) : "";
}

/** A row with what the search and the filter read of it, and its place in the whole list. */
export interface IndexedRow {
  row: Row;
  /** Counted from 0 in the list as loaded (its order). */
  index: number;
  text: string;
  category: string;
}

/**
 * Reads, once per load, what a search looks in: the row's title as its card shows it,
 * then the search's fields.
 */
export function indexRows(
  rows: readonly Row[],
  search: ListSearch,
  titleOf: (row: Row) => string = () => "",
): IndexedRow[] {
  return rows.map((row, index) => {
    const parts = [titleOf(row), ...search.fields.map((field) => row[field])];
    return {
      row,
      index,
      text: foldText(parts.filter((part) => typeof part === "string").join(" \n ")),
      category: search.category ? categoryKey(row[search.category.field]) : "",
    };
  });
}

/** The rows that hold every word of the search and are in the chosen category, in order. */
export function filterRows(rows: readonly IndexedRow[], criteria: ListCriteria): IndexedRow[] {
  const words = searchWords(criteria.query);
  if (words.length === 0 && criteria.category === "") return [...rows];
  return rows.filter(
    (entry) =>
      (criteria.category === "" || entry.category === criteria.category) &&
      words.every((word) => entry.text.includes(word)),
  );
}

export interface CategoryChoice {
  /** What the filter compares (categoryKey). */
  value: string;
  label: string;
  /** How many loaded rows are in it. */
  count: number;
}

/**
 * The categories a list can be narrowed to: one per value in use (however its case or
 * accents are written), named by the select's option or else as first written, in
 * alphabetical order. A chosen category no row is in any more stays, with 0.
 */
export function categoryChoices(
  rows: readonly Row[],
  category: NonNullable<ListSearch["category"]>,
  chosen = "",
): CategoryChoice[] {
  const named = new Map(
    (category.options ?? []).map((option) => [categoryKey(option.value), option.label]),
  );
  const found = new Map<string, CategoryChoice>();
  for (const row of rows) {
    const value = row[category.field];
    const key = categoryKey(value);
    if (!key) continue;
    const entry = found.get(key);
    if (entry) entry.count += 1;
    else found.set(key, { value: key, label: named.get(key) ?? String(value).trim(), count: 1 });
  }
  if (chosen && !found.has(chosen)) {
    found.set(chosen, { value: chosen, label: named.get(chosen) ?? chosen, count: 0 });
  }
  return [...found.values()].sort((a, b) =>
    a.label.localeCompare(b.label, "en", { sensitivity: "base" }),
  );
}

/** How much of a filtered list is shown, and what "Show more" would add. */
export interface Shown {
  /** How many rows are shown: the first `shown` of those matching. */
  shown: number;
  /** How many more the next "Show more" adds (0: every match is shown). */
  next: number;
  /** Every match is shown. */
  complete: boolean;
}

/** With `limit` rows asked for and `matching` rows to show. */
export function shownOf(limit: number, matching: number): Shown {
  const shown = Math.min(Math.max(limit, 0), matching);
  const next = Math.min(LIST_BATCH, matching - shown);
  return { shown, next, complete: next === 0 };
}

/**
 * Whether the editor may drag the list into a new order now: only a list ordered by
 * sort_order, and only while no search or category leaves rows out. The rows shown
 * are then the first ones of the whole list (more come below them), so a move among
 * them is the same move in the whole list, which is saved whole.
 */
export function canReorder(sortable: boolean, filtered: boolean): boolean {
  return sortable && !filtered;
}
