// @vitest-environment jsdom
// Many pictures at once, for every screen that takes them: each checked, resized and
// uploaded with its own progress, stored in the order given, and nothing left behind
// when its record could not be stored. Against the embedded stack: the real media
// function stores the files, the real tables the records. Uploads go out by
// XMLHttpRequest, which jsdom has and Node does not, so this file runs in jsdom with
// the screens' setup.
import "../testing/setup.ts";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { $saves } from "../publishing/saves.ts";
import { type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { ImageCheckError, prepareImage } from "./images.ts";
import { publicUrl, sampleFile, storedObjects, warmMedia } from "./sample-files.ts";
import { type FileChange, uploadDocument, uploadImage, uploadMany } from "./uploads.ts";
import { fileChecks, uploads } from "./words.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("./images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

/** A file of `size` bytes that is no picture (only its type and size are checked). */
const blank = (name: string, type: string, size = 100) =>
  new File([new Uint8Array(size)], name, { type });

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
  await warmMedia(stack);
});
afterAll(() => stack?.close());

afterEach(() => {
  vi.mocked(prepareImage).mockClear();
  vi.restoreAllMocks();
  stack.faults.reset();
});

/** A folder of this test's own, so objects stored by others never count. */
const folder = (name: string) => `test/${name}-${crypto.randomUUID().slice(0, 8)}`;

describe("uploadMany", () => {
  it("stores each picture in the order given, skipping other files, and signals one save", async () => {
    await stack.clear("medical_gallery");
    const into = folder("order");
    const changes: [number, FileChange][] = [];
    const saves = $saves.get();
    const result = await uploadMany(
      stack.backend,
      [
        sampleFile("a.jpg", "image/jpeg"),
        blank("notes.pdf", "application/pdf"),
        sampleFile("b.png", "image/png"),
      ],
      {
        table: "medical_gallery",
        folder: into,
        firstOrder: 4,
        record: (address) => ({ image_url: address, is_active: true }),
        onFile: (index, change) => changes.push([index, change]),
      },
    );

    expect(result).toEqual({ added: 2, failed: [] });
    const paths = await storedObjects(stack, into);
    expect(paths).toEqual([
      expect.stringMatching(new RegExp(`^${into}/\\d{4}/[0-9a-f-]{36}\\.jpg$`)),
      expect.stringMatching(new RegExp(`^${into}/\\d{4}/[0-9a-f-]{36}\\.png$`)),
    ]);
    const rows = await stack.rows("medical_gallery");
    expect(
      rows.map(({ image_url, is_active, sort_order }) => ({ image_url, is_active, sort_order })),
    ).toEqual([
      { image_url: publicUrl(stack, paths[0] ?? ""), is_active: true, sort_order: 4 },
      { image_url: publicUrl(stack, paths[1] ?? ""), is_active: true, sort_order: 5 },
    ]);
    // The skipped file is said first; each picture then goes from uploading to done,
    // its progress rising from 0 to 1 as the bytes go out.
    expect(changes.filter(([, change]) => change.status)).toEqual([
      [1, { status: "skipped", message: fileChecks.skipped }],
      [0, { status: "uploading" }],
      [0, { status: "done", progress: 1 }],
      [2, { status: "uploading" }],
      [2, { status: "done", progress: 1 }],
    ]);
    for (const index of [0, 2]) {
      const progress = changes.flatMap(([at, change]) =>
        at === index && !change.status && change.progress !== undefined ? [change.progress] : [],
      );
      expect(progress[0]).toBe(0);
      expect(progress.at(-1)).toBe(1);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    }
    expect($saves.get()).toBe(saves + 1);
  });

  it("gives a failed picture no place in the order and says why, by file", async () => {
    await stack.clear("medical_gallery");
    const into = folder("failures");
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.mocked(prepareImage).mockImplementationOnce(async () => {
      throw new ImageCheckError(fileChecks.readFailed);
    });
    const messages = new Map<number, string | undefined>();
    const result = await uploadMany(
      stack.backend,
      [
        sampleFile("damaged.jpg", "image/jpeg"),
        blank("huge.jpg", "image/jpeg", 10 * 1024 * 1024 + 1),
        // A JPEG that says it is a PNG: the media function refuses it.
        sampleFile("broken.png", "image/png", "image/jpeg"),
        sampleFile("fine.jpg", "image/jpeg"),
      ],
      {
        table: "medical_gallery",
        folder: into,
        firstOrder: 0,
        record: (address) => ({ image_url: address }),
        onFile: (index, change) => {
          if (change.status === "failed") messages.set(index, change.message);
        },
      },
    );

    expect(result).toEqual({ added: 1, failed: ["damaged.jpg", "huge.jpg", "broken.png"] });
    expect([...messages]).toEqual([
      [0, fileChecks.readFailed],
      [1, fileChecks.tooBig10],
      [2, uploads.imageError],
    ]);
    // The refusal is the media function's own, kept for the log.
    expect(console.error).toHaveBeenCalledWith(
      uploads.imageError,
      expect.objectContaining({ message: expect.stringContaining("is really a JPEG file") }),
    );
    expect((await stack.rows("medical_gallery")).map((row) => row.sort_order)).toEqual([0]);
    expect(await storedObjects(stack, into)).toHaveLength(1);
  });

  it("removes a picture it stored when its record could not be stored", async () => {
    await stack.clear("gallery_images");
    const into = folder("orphans");
    vi.spyOn(console, "error").mockImplementation(() => {});
    stack.faults.fail({ method: "POST", path: "/rest/v1/gallery_images" });
    const saves = $saves.get();
    const result = await uploadMany(
      stack.backend,
      [sampleFile("a.jpg", "image/jpeg"), sampleFile("b.jpg", "image/jpeg")],
      {
        table: "gallery_images",
        folder: into,
        firstOrder: 2,
        record: (address, file) => ({ image_url: address, title: file.name }),
      },
    );

    expect(result).toEqual({ added: 1, failed: ["a.jpg"] });
    await vi.waitFor(async () => expect(await storedObjects(stack, into)).toHaveLength(1));
    const [kept] = await storedObjects(stack, into);
    expect(await stack.rows("gallery_images")).toEqual([
      expect.objectContaining({
        title: "b.jpg",
        sort_order: 2,
        image_url: publicUrl(stack, kept ?? ""),
      }),
    ]);
    expect($saves.get()).toBe(saves + 1);
  });

  it("signals no save when nothing was added", async () => {
    const into = folder("nothing");
    const saves = $saves.get();
    const result = await uploadMany(stack.backend, [blank("notes.txt", "text/plain")], {
      table: "medical_gallery",
      folder: into,
      firstOrder: 0,
      record: (address) => ({ image_url: address }),
    });
    expect(result).toEqual({ added: 0, failed: [] });
    expect(await storedObjects(stack, into)).toEqual([]);
    expect(stack.faults.sent).toEqual([]);
    expect($saves.get()).toBe(saves);
  });
});

describe("uploadImage and uploadDocument", () => {
  it("refuses before uploading anything", async () => {
    const target = { folder: folder("refused"), maxBytes: 5 * 1024 * 1024 };
    await expect(
      uploadImage(stack.backend, blank("x.svg", "image/svg+xml"), target),
    ).rejects.toThrow(fileChecks.notImage);
    await expect(
      uploadDocument(stack.backend, sampleFile("x.jpg", "image/jpeg"), target),
    ).rejects.toThrow(fileChecks.notPdf);
    await expect(
      uploadDocument(stack.backend, blank("x.pdf", "application/pdf", 6 * 1024 * 1024), target),
    ).rejects.toThrow(fileChecks.tooBig10);
    expect(await storedObjects(stack, target.folder)).toEqual([]);
    expect(stack.faults.sent).toEqual([]);
  });

  it("stores a PDF under its folder as it is", async () => {
    const into = `certificates/${crypto.randomUUID().slice(0, 8)}`;
    const file = sampleFile("c.pdf", "application/pdf");
    const progress: number[] = [];
    const address = await uploadDocument(
      stack.backend,
      file,
      { folder: into, maxBytes: 10 * 1024 * 1024 },
      (fraction) => progress.push(fraction),
    );
    const [path] = await storedObjects(stack, into);
    expect(path).toMatch(new RegExp(`^${into}/\\d{4}/[0-9a-f-]{36}\\.pdf$`));
    expect(address).toBe(publicUrl(stack, path ?? ""));
    const stored = await fetch(address);
    expect(stored.headers.get("content-type")).toMatch(/^application\/pdf/);
    expect(new Uint8Array(await stored.arrayBuffer())).toEqual(
      new Uint8Array(await file.arrayBuffer()),
    );
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
  });
});
