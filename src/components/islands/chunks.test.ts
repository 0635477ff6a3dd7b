import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkedList } from "./chunks";

const batchOf = (page: number, size: number, total: number) =>
  Array.from({ length: size }, (_, i) => (page - 1) * size + i).filter((n) => n < total);

function serve(total: number, size: number) {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      asked.push(url);
      const page = Number(/(\d+)\.json$/.exec(url)?.[1]);
      return Response.json({ page, total, items: batchOf(page, size, total) });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("ChunkedList", () => {
  it("holds the first batch and fetches only the batches a range needs, once", async () => {
    const asked = serve(25, 10);
    const list = new ChunkedList(batchOf(1, 10, 25), {
      total: 25,
      batch: 10,
      url: (page) => `/data/x/${page}.json`,
    });
    expect(list.loadedPrefix()).toBe(10);
    await list.load(0, 10);
    expect(asked).toEqual([]);
    // The last item first, as the viewer's Previous from the first picture asks.
    await list.load(24, 25);
    expect(asked).toEqual(["/data/x/3.json"]);
    expect(list.get(24)).toBe(24);
    expect(list.has(15)).toBe(false);
    expect(list.loadedPrefix()).toBe(10);
    await Promise.all([list.load(10, 20), list.load(12, 14)]);
    expect(asked).toEqual(["/data/x/3.json", "/data/x/2.json"]);
    expect(list.slice(0, 25)).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it("merges a batch into a list that starts with part of it", async () => {
    const asked = serve(12, 5);
    // A category's list opened with the two of its items already known.
    const list = new ChunkedList([0, 1], { total: 12, batch: 5, url: (p) => `/${p}.json` });
    await list.load(0, 5);
    expect(asked).toEqual(["/1.json"]);
    expect(list.slice(0, 5)).toEqual([0, 1, 2, 3, 4]);
  });

  it("asks again for a batch whose fetch failed", async () => {
    let fail = true;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        fail ? new Response("", { status: 503 }) : Response.json({ items: ["b"] }),
      ),
    );
    const list = new ChunkedList(["a"], { total: 2, batch: 1, url: (p) => `/${p}.json` });
    await expect(list.load(1, 2)).rejects.toThrow("HTTP 503");
    fail = false;
    await list.load(1, 2);
    expect(list.slice(0, 2)).toEqual(["a", "b"]);
  });

  it("is the whole list when it has no batch files", async () => {
    const list = new ChunkedList([1, 2, 3], { total: 99, batch: 2 });
    expect(list.total).toBe(3);
    await list.load(0, 99);
    expect(list.slice(0, 99)).toEqual([1, 2, 3]);
  });
});
