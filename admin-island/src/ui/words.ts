// The words of the shared list primitives: dragging to reorder, Undo on a toast,
// searching and showing more of a long list, and which record the site shows.
import { formatCount } from "../messages/inbox-query.ts";

/** Moving items of a list: the drag handle, what screen readers hear, the outcome. */
export const ordering = {
  /** Names an item's drag handle: 'Move Clean Water'. */
  handle: (name: string) => `Move ${name}`,
  instructions:
    "To move an item, press space or enter on its Move button, move it with the arrow keys, then press space or enter to drop it there, or escape to cancel.",
  pickedUp: (name: string, place: string) => `Picked up ${name}, ${place}.`,
  movedTo: (name: string, place: string) => `${name} is now ${place}.`,
  dropped: (name: string, place: string) => `${name} dropped, ${place}.`,
  cancelled: (name: string, place: string) => `Moving cancelled. ${name} is back, ${place}.`,
  /** An item's place, counting from 1: 'card 2 of 6'. */
  place: (unit: string, position: number, total: number) => `${unit} ${position} of ${total}`,
  saved: "New order saved.",
  failed: "The new order could not be saved. The list is back as it was.",
} as const;

/** Taking a change back from its toast. */
export const undoing = {
  action: "Undo",
  /** How long the toast offers it. */
  durationMs: 8000,
  done: "Change undone.",
  failed: "The change could not be undone.",
  nothingToUndo: "There is nothing to undo: the item has changed since.",
} as const;

/** Searching, filtering and showing more of a long list (every list screen). */
export const listWords = {
  search: "Search",
  /** What the search box looks in, under it. */
  searchHint: (labels: readonly string[]) =>
    labels.length > 0
      ? `Type to find by ${joinWords(labels.map((label) => label.toLowerCase()))}.`
      : "Type to find by the name shown on each item.",
  allCategories: "All categories",
  category: (label: string, count: number) => `${label} (${formatCount(count)})`,
  /** How many items the search or filter leaves, or how many there are. */
  count: (matching: number, total: number, filtered: boolean) =>
    filtered
      ? `${formatCount(matching)} of ${formatCount(total)} match`
      : `${formatCount(total)} in total`,
  noResults: (query: string, category: string | null) => {
    const words = query.trim();
    if (words && category) return `No results for “${words}” in ${category}`;
    if (words) return `No results for “${words}”`;
    return `No results in ${category ?? "this category"}`;
  },
  noResultsHint: "Check the spelling, try fewer words, or clear the search.",
  clear: "Clear search",
  showing: (shown: number, total: number) =>
    `Showing ${formatCount(shown)} of ${formatCount(total)}`,
  showMore: (count: number) => `Show ${formatCount(count)} more`,
  allLoaded: (total: number) => `All ${formatCount(total)} loaded`,
  reorderOff:
    "Clear the search to reorder. Items can be moved only while the list is not searched or filtered.",
} as const;

/** Which record a page shows, on screens whose table the site shows one record of. */
export const shownWords = {
  shown: "Shown on the site",
  notShown: "Active, but not shown: the site shows only the newest active one.",
} as const;

/** 'a, b and c'. */
function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
