// Long lists in islands: the first batch arrives in the island's props (and so in the
// page's HTML); every further batch is a static JSON file the build writes beside the
// page (src/pages/data/), fetched when a visitor asks for more or steps past what is
// loaded. A list is a sparse array: the viewer may need the last picture before the
// ones in between.

/** What a batch file holds (src/lib/batches.ts writes it). */
export interface Chunk<T> {
  page: number;
  total: number;
  items: T[];
}

export class ChunkedList<T> {
  readonly total: number;
  readonly batch: number;
  private readonly items: (T | undefined)[];
  private readonly url: ((page: number) => string) | null;
  private readonly pending = new Map<number, Promise<void>>();

  /**
   * `initial` are items 0.. of the list; `url(page)` is batch `page`'s file (page 1
   * holds items 0 to batch - 1). Without `url`, `initial` is the whole list.
   */
  constructor(
    initial: readonly T[],
    options: { total: number; batch: number; url?: ((page: number) => string) | null },
  ) {
    this.items = [...initial];
    this.url = options.url ?? null;
    this.total = this.url ? Math.max(options.total, initial.length) : initial.length;
    this.batch = Math.max(1, options.batch);
  }

  get(index: number): T | undefined {
    return this.items[index];
  }

  has(index: number): boolean {
    return this.items[index] !== undefined;
  }

  /** How many items from the first on are loaded without a gap. */
  loadedPrefix(): number {
    let n = 0;
    while (n < this.total && this.items[n] !== undefined) n += 1;
    return n;
  }

  /** The loaded items from..to-1 (stopping at the first one missing). */
  slice(from: number, to: number): T[] {
    const out: T[] = [];
    for (let i = from; i < Math.min(to, this.total); i += 1) {
      const item = this.items[i];
      if (item === undefined) break;
      out.push(item);
    }
    return out;
  }

  /** Loads every batch that holds a missing item in from..to-1. Rejects when a fetch fails. */
  async load(from: number, to: number): Promise<void> {
    const pages = new Set<number>();
    for (let i = Math.max(0, from); i < Math.min(to, this.total); i += 1) {
      if (this.items[i] === undefined) pages.add(Math.floor(i / this.batch) + 1);
    }
    await Promise.all([...pages].map((page) => this.fetchPage(page)));
  }

  private fetchPage(page: number): Promise<void> {
    const url = this.url;
    if (!url) return Promise.resolve();
    let pending = this.pending.get(page);
    if (!pending) {
      pending = (async () => {
        const response = await fetch(url(page), { headers: { accept: "application/json" } });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const chunk = (await response.json()) as Chunk<T>;
        if (!Array.isArray(chunk.items)) throw new Error("not a batch of items");
        const first = (page - 1) * this.batch;
        chunk.items.forEach((item, i) => {
          if (first + i < this.total) this.items[first + i] ??= item;
        });
      })();
      this.pending.set(page, pending);
      // A failed batch may be asked for again.
      pending.catch(() => this.pending.delete(page));
    }
    return pending;
  }
}
