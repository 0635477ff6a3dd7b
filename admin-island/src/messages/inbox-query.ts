// How the contact messages inbox asks the server for one page: which rows (a range of
// the newest-first order), and the search as PostgREST filters. The search text is
// the visitor's own words, so every character that means something to LIKE or to
// PostgREST's filter grammar is escaped here, never passed through. Pure: no I/O.

/** Messages shown per page of the inbox. */
export const INBOX_PAGE_SIZE = 25;

/** The columns an inbox search looks in. */
export const INBOX_SEARCH_COLUMNS = ["name", "email", "subject", "message"] as const;

/** A search keeps at most this many words and this many characters. */
export const MAX_SEARCH_WORDS = 8;
export const MAX_SEARCH_LENGTH = 200;

/** Which messages the inbox lists: all of them, only new ones, or only handled ones. */
export type MessageFilter = "all" | "new" | "handled";

export interface MessageQuery {
  /** Counted from 0. */
  page: number;
  pageSize: number;
  /** The search as typed; blank lists every message. */
  search: string;
  show: MessageFilter;
}

/** The words a search is made of: each must appear in one of the searched columns. */
export function searchTerms(search: string): string[] {
  return search
    .slice(0, MAX_SEARCH_LENGTH)
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
}

/**
 * An ILIKE pattern that finds `word` anywhere in a text, as written: LIKE's own `%`,
 * `_` and its escape character `\` are escaped with `\`. PostgREST turns every `*` of a
 * like pattern into `%`, so a `*` cannot be written literally: it becomes `_`, which
 * matches it (and, at worst, any one other character there).
 */
export function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, "\\$&").replaceAll("*", "_")}%`;
}

/**
 * A value inside a PostgREST logic tree (`or=(...)`), double-quoted so its commas,
 * dots, colons and parentheses are text, not grammar; `"` and `\` inside it are
 * escaped with `\`.
 */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/[\\"]/g, "\\$&")}"`;
}

/**
 * The search as PostgREST `or` filters, one per word (the filters of one request all
 * hold at once): a message matches when every word is in its name, email, subject or
 * message. None for a blank search.
 */
export function searchFilters(
  search: string,
  columns: readonly string[] = INBOX_SEARCH_COLUMNS,
): string[] {
  return searchTerms(search).map((word) => {
    const value = quoteFilterValue(likePattern(word));
    return columns.map((column) => `${column}.ilike.${value}`).join(",");
  });
}

/** The rows of a page, for `.range(from, to)` (both included). */
export function pageRange(page: number, pageSize: number): { from: number; to: number } {
  const from = Math.max(0, Math.floor(page)) * pageSize;
  return { from, to: from + pageSize - 1 };
}

/** The last page's number (from 0) for `total` messages; 0 when there are none. */
export function lastPage(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1);
}

const numbers = new Intl.NumberFormat("en-US");

/** A count as staff read it: 5,000. */
export function formatCount(count: number): string {
  return numbers.format(count);
}

/** 'Showing 1–25 of 5,000' for the rows a page holds. */
export function pageSummary(page: number, pageSize: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${formatCount(total)}`;
  const from = page * pageSize + 1;
  return `Showing ${formatCount(from)}–${formatCount(from + shown - 1)} of ${formatCount(total)}`;
}
