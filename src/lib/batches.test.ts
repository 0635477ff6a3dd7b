import { describe, expect, it } from "vitest";
import { BATCH, batchesFrom, chunkBody, laterPages, pageCount, pageItems } from "./batches.ts";

describe("batches", () => {
  it("counts batches, at least one", () => {
    expect(pageCount(0, 9)).toBe(1);
    expect(pageCount(9, 9)).toBe(1);
    expect(pageCount(10, 9)).toBe(2);
    expect(pageCount(1000, 9)).toBe(112);
  });

  it("slices batch n (from 1) and lists the batches after the page's own", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(pageItems(items, 1, 9)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(pageItems(items, 3, 9)).toEqual([18, 19]);
    expect(laterPages(20, 9)).toEqual([2, 3]);
    expect(laterPages(9, 9)).toEqual([]);
    expect(laterPages(0, 9)).toEqual([]);
  });

  it("gives each batch file its own items, from the batch asked for", () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(batchesFrom(items, 9)).toEqual([
      { page: 2, total: 20, items: [9, 10, 11, 12, 13, 14, 15, 16, 17] },
      { page: 3, total: 20, items: [18, 19] },
    ]);
    expect(batchesFrom(items, 9, 1).map((batch) => batch.page)).toEqual([1, 2, 3]);
    expect(batchesFrom([], 9)).toEqual([]);
  });

  it("keeps a seed-sized list (six items) in one batch", () => {
    for (const size of Object.values(BATCH)) expect(size).toBeGreaterThanOrEqual(6);
  });

  it("writes a batch as its number, the list's length and the items", () => {
    expect(JSON.parse(chunkBody(2, 20, ["a"]))).toEqual({ page: 2, total: 20, items: ["a"] });
  });
});
