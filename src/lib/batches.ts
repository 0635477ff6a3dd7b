// Long lists on the public pages: the first batch is in the page's HTML, and each
// further batch is a static file the build writes under /data/ (src/pages/data/),
// which the page's island or script fetches when a visitor asks for more ('Show more',
// the carousel's Next, the viewer's next picture). Pages stay the same size however
// many pictures, projects or certificates a charity gathers, and no page numbers
// appear: every item is reachable from the list itself. Plain TypeScript, no astro:*
// imports, so it is unit-tested directly.

/** Items per batch: about a screenful or two on a phone, three rows on a desktop. */
export const BATCH = {
  gallery: 9,
  projects: 9,
  certificates: 8,
  /** Carousel cards (four in view on a desktop). */
  carousel: 8,
} as const;

/** Where each list's batch files are: `${base}${page}.json` (`${base}${page}/` for pages). */
export const DATA_BASE = {
  gallery: (area: string) => `/data/gallery/${area}/`,
  /** `${projects}${list}/`: list 0 is every project, i + 1 the i-th category. */
  projects: "/data/projects/",
  board: "/data/board/",
  certificates: "/data/certifications/",
} as const;

/** How many batches `total` items make (at least one). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, size)));
}

/** The items of batch `page` (1 is the first). */
export function pageItems<T>(items: readonly T[], page: number, size: number): T[] {
  return items.slice((page - 1) * size, page * size);
}

/** The batches from `first` on: by default those after the first, which is in the page. */
export function laterPages(total: number, size: number, first = 2): number[] {
  const count = Math.max(0, pageCount(total, size) - first + 1);
  return Array.from({ length: count }, (_, i) => i + first);
}

/**
 * One batch file's part of a list: its number, the list's length and its items. A type,
 * not an interface, so it serves as a route's props (which need an index signature).
 */
export type Batch<T> = {
  page: number;
  total: number;
  items: T[];
};

/**
 * The batches of `items` from batch `first` on (2: the first is in the page itself),
 * each carrying its own items, so a batch file's route reads the list only once, in
 * its getStaticPaths.
 */
export function batchesFrom<T>(items: readonly T[], size: number, first = 2): Batch<T>[] {
  return laterPages(items.length, size, first).map((page) => ({
    page,
    total: items.length,
    items: pageItems(items, page, size),
  }));
}

/** What a batch file holds (read by src/components/islands/chunks.ts). */
export function chunkBody<T>(page: number, total: number, items: readonly T[]): string {
  return JSON.stringify({ page, total, items });
}

/** The answer of a batch file's endpoint. */
export function chunkResponse<T>(page: number, total: number, items: readonly T[]): Response {
  return new Response(chunkBody(page, total, items), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
