// Many pictures at once, for every screen that takes them: each checked, resized and
// uploaded with its own progress, stored in the order given, and nothing left behind
// when its record could not be stored.
import { afterEach, describe, expect, it, vi } from "vitest";
import { $saves } from "../publishing/saves.ts";
import { createFakeData } from "../testing/fake-data.ts";
import { fileChecks, uploads } from "../words.ts";
import { ImageCheckError, prepareImage } from "./images.ts";
import { type FileChange, uploadDocument, uploadImage, uploadMany } from "./uploads.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("./images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const picture = (name: string, type = "image/jpeg", size = 100) =>
  new File([new Uint8Array(size)], name, { type });
const url = (path: string) => `https://media.test/storage/v1/object/public/media/${path}`;

afterEach(() => {
  vi.mocked(prepareImage).mockClear();
  vi.restoreAllMocks();
});

describe("uploadMany", () => {
  it("stores each picture in the order given, skipping other files, and signals one save", async () => {
    const fake = createFakeData();
    const changes: [number, FileChange][] = [];
    const saves = $saves.get();
    const result = await uploadMany(
      fake,
      [picture("a.jpg"), picture("notes.pdf", "application/pdf"), picture("b.png", "image/png")],
      {
        table: "medical_gallery",
        folder: "gallery/medical",
        firstOrder: 4,
        record: (address) => ({ image_url: address, is_active: true }),
        onFile: (index, change) => changes.push([index, change]),
      },
    );

    expect(result).toEqual({ added: 2, failed: [] });
    expect(fake.insert.mock.calls.map(([, [values]]) => values)).toEqual([
      { image_url: url(fake.files[0]?.path ?? ""), is_active: true, sort_order: 4 },
      { image_url: url(fake.files[1]?.path ?? ""), is_active: true, sort_order: 5 },
    ]);
    expect(fake.files.map((file) => file.path)).toEqual([
      expect.stringMatching(/^gallery\/medical\/\d{4}\/[0-9a-f-]{36}\.jpg$/),
      expect.stringMatching(/^gallery\/medical\/\d{4}\/[0-9a-f-]{36}\.png$/),
    ]);
    // The skipped file is said first; each picture then goes from uploading to done.
    expect(changes).toEqual([
      [1, { status: "skipped", message: fileChecks.skipped }],
      [0, { status: "uploading" }],
      [0, { progress: 0 }],
      [0, { progress: 0.5 }],
      [0, { progress: 1 }],
      [0, { status: "done", progress: 1 }],
      [2, { status: "uploading" }],
      [2, { progress: 0 }],
      [2, { progress: 0.5 }],
      [2, { progress: 1 }],
      [2, { status: "done", progress: 1 }],
    ]);
    expect($saves.get()).toBe(saves + 1);
  });

  it("gives a failed picture no place in the order and says why, by file", async () => {
    const fake = createFakeData();
    vi.spyOn(console, "error").mockImplementation(() => {});
    fake.fail("upload", { when: (path) => path.endsWith(".png") });
    vi.mocked(prepareImage).mockImplementationOnce(async () => {
      throw new ImageCheckError(fileChecks.readFailed);
    });
    const messages = new Map<number, string | undefined>();
    const result = await uploadMany(
      fake,
      [
        picture("damaged.jpg"),
        picture("huge.jpg", "image/jpeg", 10 * 1024 * 1024 + 1),
        picture("broken.png", "image/png"),
        picture("fine.jpg"),
      ],
      {
        table: "medical_gallery",
        folder: "gallery/medical",
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
    expect(fake.rows("medical_gallery").map((row) => row.sort_order)).toEqual([0]);
  });

  it("removes a picture it stored when its record could not be stored", async () => {
    const fake = createFakeData();
    vi.spyOn(console, "error").mockImplementation(() => {});
    fake.fail("insert");
    const saves = $saves.get();
    const result = await uploadMany(fake, [picture("a.jpg"), picture("b.jpg")], {
      table: "gallery_images",
      folder: "gallery/home-management",
      firstOrder: 2,
      record: (address, file) => ({ image_url: address, title: file.name }),
    });

    expect(result).toEqual({ added: 1, failed: ["a.jpg"] });
    const first = await fake.upload.mock.results[0]?.value;
    await vi.waitFor(() => expect(fake.removeUpload).toHaveBeenCalledWith(first));
    expect(fake.files).toHaveLength(1);
    expect(fake.rows("gallery_images")).toEqual([
      expect.objectContaining({
        title: "b.jpg",
        sort_order: 2,
        image_url: url(fake.files[0]?.path ?? ""),
      }),
    ]);
    expect($saves.get()).toBe(saves + 1);
  });

  it("signals no save when nothing was added", async () => {
    const fake = createFakeData();
    const saves = $saves.get();
    const result = await uploadMany(fake, [picture("notes.txt", "text/plain")], {
      table: "medical_gallery",
      folder: "gallery/medical",
      firstOrder: 0,
      record: (address) => ({ image_url: address }),
    });
    expect(result).toEqual({ added: 0, failed: [] });
    expect(fake.upload).not.toHaveBeenCalled();
    expect($saves.get()).toBe(saves);
  });
});

describe("uploadImage and uploadDocument", () => {
  it("refuses before uploading anything", async () => {
    const fake = createFakeData();
    const target = { folder: "certificates", maxBytes: 5 * 1024 * 1024 };
    await expect(uploadImage(fake, picture("x.svg", "image/svg+xml"), target)).rejects.toThrow(
      fileChecks.notImage,
    );
    await expect(uploadDocument(fake, picture("x.jpg"), target)).rejects.toThrow(fileChecks.notPdf);
    await expect(
      uploadDocument(fake, picture("x.pdf", "application/pdf", 6 * 1024 * 1024), target),
    ).rejects.toThrow(fileChecks.tooBig10);
    expect(fake.upload).not.toHaveBeenCalled();
  });

  it("stores a PDF under its folder as it is", async () => {
    const fake = createFakeData();
    const progress: number[] = [];
    const address = await uploadDocument(
      fake,
      picture("c.pdf", "application/pdf"),
      { folder: "certificates", maxBytes: 10 * 1024 * 1024 },
      (fraction) => progress.push(fraction),
    );
    expect(address).toMatch(/\/media\/certificates\/\d{4}\/[0-9a-f-]{36}\.pdf$/);
    expect(fake.files[0]?.file.type).toBe("application/pdf");
    expect(progress).toEqual([0, 0.5, 1]);
  });
});
