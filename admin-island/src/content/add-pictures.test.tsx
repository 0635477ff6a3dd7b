// Many pictures added to a list go after the highest order there is, whether or not the
// list is shown by sort_order. Against the embedded stack (the media function stores
// the files, the tables the records); here in jsdom, as uploads go out by
// XMLHttpRequest, which Node lacks.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Row } from "../api/rows.ts";
import { type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { sampleFile } from "../uploads/sample-files.ts";
import { contentWrites } from "./writes.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const rows = (...orders: number[]): Row[] =>
  orders.map((sort_order, index) => ({ id: `${index}`, sort_order }));

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

describe("contentWrites.addPictures", () => {
  it("orders a batch of pictures after the highest order there is", async () => {
    await stack.clear("home_gallery", "gallery_images");
    const folder = `test/add-pictures-${crypto.randomUUID().slice(0, 8)}`;
    const files = [sampleFile("a.png", "image/png")];
    const home = contentWrites(stack.backend, { table: "home_gallery" }, () => {});
    const gallery = contentWrites(
      stack.backend,
      { table: "gallery_images", order: { column: "sort_order", ascending: true } },
      () => {},
    );
    const added = { added: 1, failed: [] };
    const homeBatch = { folder, record: (url: string) => ({ image_url: url }) };
    expect(await home.addPictures(files, homeBatch, rows(0, 7))).toEqual(added);
    const galleryBatch = { folder, record: (url: string) => ({ image_url: url, title: "A" }) };
    expect(await gallery.addPictures(files, galleryBatch, rows(0, 7))).toEqual(added);
    expect((await stack.rows("home_gallery")).map((row) => row.sort_order)).toEqual([8]);
    expect((await stack.rows("gallery_images")).map((row) => row.sort_order)).toEqual([8]);
  });
});
