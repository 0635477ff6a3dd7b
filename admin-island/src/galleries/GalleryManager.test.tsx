// The programme galleries on a real database: statistics, loading, empty and failed
// lists, many pictures at once (stored by the real media function, a record each, in
// order), and each tile's show, hide and delete.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Row, TableName } from "../api/rows.ts";
import { galleries } from "../app/registry-definitions.ts";
import { medicalGallery } from "../content/resources/galleries.ts";
import type { GalleryDefinition } from "../content/resources/types.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { ImageCheckError, prepareImage } from "../uploads/images.ts";
import { publicUrl, sampleFile, storedObjects, warmMedia } from "../uploads/sample-files.ts";
import { GalleryManager } from "./GalleryManager.tsx";
import { galleryStats } from "./GalleryStats.tsx";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const picture = (index: number, is_active = true) => ({
  image_url: `https://example.org/medical-${index}.jpg`,
  sort_order: index,
  is_active,
});

/** A file of `size` bytes that is no picture (only its type and size are checked). */
const blank = (name: string, type: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type });

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
  await warmMedia(stack);
});
afterAll(() => stack?.close());

const FOLDER = medicalGallery.folder;

/** Empties the gallery, stores `rows` as the owner, and forgets earlier requests. */
async function arrange(
  rows: ReturnType<typeof picture>[] = [],
  table: TableName = "medical_gallery",
) {
  await stack.clear(table);
  const stored = await stack.seed(table, rows);
  stack.faults.reset();
  return stored;
}

function setup(gallery: GalleryDefinition) {
  // The input accepts image/* only; a drop can still bring other files, so the
  // screen must skip them itself.
  const user = userEvent.setup({ applyAccept: false });
  renderScreen(<GalleryManager gallery={gallery} />, stack);
  return { user, input: () => screen.getByLabelText("Choose Images") as HTMLInputElement };
}

/** The objects of the gallery's folder stored since `before`. */
async function newObjects(before: string[]): Promise<string[]> {
  return (await storedObjects(stack, FOLDER)).filter((path) => !before.includes(path));
}

/** The requests of one method to a table, with their query. */
const sent = (method: string, table: TableName) =>
  stack.faults.sent
    .filter((request) => request.method === method && request.path.startsWith(`/rest/v1/${table}`))
    .map((request) => new URLSearchParams(request.path.split("?")[1] ?? ""));
const time = (value: unknown) => new Date(value as string).getTime();

/** The statistics panel as term → value. */
function statistics(): Record<string, string> {
  const terms = screen.queryAllByRole("term");
  return Object.fromEntries(
    terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? ""]),
  );
}

/** Each file's line in the upload progress list, as name → status text. */
function progressLines(): Record<string, string> {
  const list = screen.getByRole("list", { name: "Upload progress" });
  return Object.fromEntries(
    within(list)
      .getAllByRole("listitem")
      .map((item) => {
        const [name, ...rest] = [...item.querySelectorAll("span")].map((span) => span.textContent);
        return [name ?? "", rest.join(" ")];
      }),
  );
}

describe("GalleryManager: statistics", () => {
  it("rounds the active rate to a whole percent", () => {
    const rows = [true, true, false].map((is_active, i) => ({ id: `${i}`, is_active }));
    expect(galleryStats(rows)).toEqual({ total: 3, active: 2, inactive: 1, rate: 67 });
    expect(galleryStats(rows.slice(1))).toEqual({ total: 2, active: 1, inactive: 1, rate: 50 });
    expect(galleryStats([])).toEqual({ total: 0, active: 0, inactive: 0, rate: 0 });
  });

  it("shows totals, active, inactive and the rounded active rate", async () => {
    await arrange([picture(0), picture(1, false), picture(2, false)]);
    setup(medicalGallery);
    await screen.findByRole("list", { name: "Gallery images" });
    expect(statistics()).toEqual({
      "Total Images": "3",
      "Active Images": "1",
      "Inactive Images": "2",
      "Active Rate": "33%",
    });
  });

  it("has no statistics panel when there are no images", async () => {
    await arrange();
    setup(medicalGallery);
    await screen.findByText(medicalGallery.empty);
    expect(statistics()).toEqual({});
    expect(screen.queryByText("Total Images")).toBeNull();
  });
});

describe("GalleryManager: list states", () => {
  it("shows the loading text, then one tile per picture in sort order", async () => {
    await arrange([picture(1), picture(0, false)]);
    const gate = stack.faults.hold({ method: "GET", path: "/rest/v1/medical_gallery" });
    setup(medicalGallery);
    expect(screen.getByRole("status").textContent).toBe("Loading gallery images...");

    await act(async () => gate.release());
    const tiles = within(await screen.findByRole("list", { name: "Gallery images" })).getAllByRole(
      "listitem",
    );
    expect(tiles.map((tile) => within(tile).getByRole("img").getAttribute("src"))).toEqual([
      "https://example.org/medical-0.jpg",
      "https://example.org/medical-1.jpg",
    ]);
    expect(within(tiles[0] as HTMLElement).getByText("Inactive")).toBeTruthy();
    expect(within(tiles[0] as HTMLElement).getByText("#1")).toBeTruthy();
    expect(within(tiles[1] as HTMLElement).getByText("Active")).toBeTruthy();
    expect(within(tiles[1] as HTMLElement).getByText("#2")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Medical Gallery Image 2" })).toBeTruthy();
  });

  it.each(galleries.map((gallery) => [gallery.key, gallery] as const))(
    "%s: shows its own empty text",
    async (_key, gallery) => {
      await arrange([], gallery.table);
      setup(gallery);
      expect(await screen.findByText(gallery.empty)).toBeTruthy();
      expect(screen.getByRole("heading", { name: gallery.heading })).toBeTruthy();
      // Its own table, in the editors' order.
      expect(sent("GET", gallery.table).map((query) => query.get("order"))).toEqual([
        expect.stringMatching(/^sort_order\.asc(,|$)/),
      ]);
    },
  );

  it("shows a load failure with Retry", async () => {
    await arrange([picture(0)]);
    stack.faults.fail({ method: "GET", path: "/rest/v1/medical_gallery" });
    const { user } = setup(medicalGallery);
    const message = await screen.findByText("Error loading gallery images. Please try again.", {
      selector: "p",
    });
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("list", { name: "Gallery images" })).toBeTruthy();
    expect(message.isConnected).toBe(false);
  });
});

describe("GalleryManager: uploads", () => {
  it("stores each image with consecutive sort orders after the current ones, skipping others", async () => {
    await arrange([picture(0), picture(1)]);
    const before = await storedObjects(stack, FOLDER);
    const { user, input } = setup(medicalGallery);
    await screen.findByRole("list", { name: "Gallery images" });

    await user.upload(input(), [
      sampleFile("ward.jpg", "image/jpeg"),
      blank("notes.pdf", "application/pdf"),
      sampleFile("clinic.png", "image/png"),
    ]);

    expect(await screen.findByText("2 image(s) added successfully!")).toBeTruthy();
    expect(progressLines()).toEqual({
      "ward.jpg": "Added",
      "notes.pdf": "Skipped: not an image file",
      "clinic.png": "Added",
    });
    expect(vi.mocked(prepareImage)).toHaveBeenCalledTimes(2);
    const paths = await newObjects(before);
    expect(paths).toEqual([
      expect.stringMatching(/^gallery\/medical\/\d{4}\/[0-9a-f-]{36}\.jpg$/),
      expect.stringMatching(/^gallery\/medical\/\d{4}\/[0-9a-f-]{36}\.png$/),
    ]);
    const stored = await stack.rows("medical_gallery");
    expect(
      stored.map(({ image_url, sort_order, is_active }) => ({ image_url, sort_order, is_active })),
    ).toEqual([
      picture(0),
      picture(1),
      { image_url: publicUrl(stack, paths[0] ?? ""), sort_order: 2, is_active: true },
      { image_url: publicUrl(stack, paths[1] ?? ""), sort_order: 3, is_active: true },
    ]);
    // The list reloads with the new pictures.
    await waitFor(() => expect(statistics()["Total Images"]).toBe("4"));
    expect(
      within(screen.getByRole("list", { name: "Gallery images" })).getAllByRole("listitem"),
    ).toHaveLength(4);
  });

  it("starts at 0 in an empty gallery", async () => {
    await arrange();
    const { user, input } = setup(medicalGallery);
    await screen.findByText(medicalGallery.empty);
    await user.upload(input(), [
      sampleFile("a.jpg", "image/jpeg"),
      sampleFile("b.jpg", "image/jpeg"),
    ]);
    expect(await screen.findByText("2 image(s) added successfully!")).toBeTruthy();
    expect((await stack.rows("medical_gallery")).map((row) => row.sort_order)).toEqual([0, 1]);
  });

  it("says 'Uploading Images...' and disables the input while uploading", async () => {
    await arrange();
    const { user, input } = setup(medicalGallery);
    await screen.findByText(medicalGallery.empty);

    // The picture's record waits: the batch is still under way.
    const gate = stack.faults.hold({ method: "POST", path: "/rest/v1/medical_gallery" });
    await user.upload(input(), [sampleFile("a.jpg", "image/jpeg")]);
    expect(await screen.findByText("Uploading Images...")).toBeTruthy();
    expect(input().disabled).toBe(true);
    expect(screen.getByRole("progressbar", { name: "Uploading a.jpg" })).toBeTruthy();

    await act(async () => gate.release());
    expect(await screen.findByText("1 image(s) added successfully!")).toBeTruthy();
    expect(input().disabled).toBe(false);
    expect(screen.getByText("Drop pictures here, or")).toBeTruthy();
  });

  it("reports an upload failure against that file and still stores the others", async () => {
    await arrange([picture(0)]);
    const before = await storedObjects(stack, FOLDER);
    const { user, input } = setup(medicalGallery);
    await screen.findByRole("list", { name: "Gallery images" });

    await user.upload(input(), [
      sampleFile("first.jpg", "image/jpeg"),
      // A JPEG that says it is a PNG: the media function refuses it.
      sampleFile("broken.png", "image/png", "image/jpeg"),
      sampleFile("third.jpg", "image/jpeg"),
    ]);

    expect(await screen.findByText("2 image(s) added successfully!")).toBeTruthy();
    expect(await screen.findByText("1 image(s) could not be added.")).toBeTruthy();
    expect(progressLines()).toEqual({
      "first.jpg": "Added",
      "broken.png": "Error uploading image. Please try again.",
      "third.jpg": "Added",
    });
    // The failed file takes no place in the order, and nothing of it is stored.
    expect((await stack.rows("medical_gallery")).map((row) => row.sort_order)).toEqual([0, 1, 2]);
    expect(await newObjects(before)).toEqual([
      expect.stringMatching(/\.jpg$/),
      expect.stringMatching(/\.jpg$/),
    ]);
  });

  it("reports files that are too big or no picture, saying why", async () => {
    await arrange();
    const before = await storedObjects(stack, FOLDER);
    vi.mocked(prepareImage).mockImplementationOnce(async () => {
      throw new ImageCheckError("This file is not a picture (JPEG, PNG, GIF, WebP or AVIF).");
    });
    const { user, input } = setup(medicalGallery);
    await screen.findByText(medicalGallery.empty);

    await user.upload(input(), [
      sampleFile("damaged.jpg", "image/jpeg"),
      blank("huge.jpg", "image/jpeg", 10 * 1024 * 1024 + 1),
    ]);

    expect(await screen.findByText("Error uploading files. Please try again.")).toBeTruthy();
    expect(progressLines()).toEqual({
      "damaged.jpg": "This file is not a picture (JPEG, PNG, GIF, WebP or AVIF).",
      "huge.jpg": "File size must be less than 10MB",
    });
    expect(await newObjects(before)).toEqual([]);
    expect(sent("POST", "medical_gallery")).toEqual([]);
    expect(await stack.rows("medical_gallery")).toEqual([]);
  });
});

describe("GalleryManager: tile actions", () => {
  it("hides and shows a picture with the row's updated_at", async () => {
    const [first, second] = (await arrange([picture(0), picture(1, false)])) as [Row, Row];
    const { user } = setup(medicalGallery);

    await user.click(await screen.findByRole("button", { name: "Hide Medical Gallery Image 1" }));
    expect(await screen.findByText("Image hidden from the site.")).toBeTruthy();
    expect(
      await screen.findByRole("button", { name: "Show Medical Gallery Image 1" }),
    ).toBeTruthy();
    expect((await stack.row("medical_gallery", first.id))?.is_active).toBe(false);

    await user.click(screen.getByRole("button", { name: "Show Medical Gallery Image 2" }));
    expect(await screen.findByText("Image shown on the site.")).toBeTruthy();
    expect((await stack.row("medical_gallery", second.id))?.is_active).toBe(true);
    // Each save holds to the row as it was loaded.
    const saves = sent("PATCH", "medical_gallery");
    expect(saves.map((query) => query.get("id"))).toEqual([`eq.${first.id}`, `eq.${second.id}`]);
    expect(saves.map((query) => time(query.get("updated_at")?.replace(/^eq\./, "")))).toEqual([
      time(first.updated_at),
      time(second.updated_at),
    ]);
    await waitFor(() => expect(statistics()["Active Rate"]).toBe("50%"));
  });

  it("reports a failed toggle", async () => {
    const [row] = (await arrange([picture(0)])) as [Row];
    stack.faults.fail({ method: "PATCH", path: "/rest/v1/medical_gallery" });
    const { user } = setup(medicalGallery);
    await user.click(await screen.findByRole("button", { name: "Hide Medical Gallery Image 1" }));
    expect(
      await screen.findByText("Error updating gallery image status. Please try again."),
    ).toBeTruthy();
    expect((await stack.row("medical_gallery", row.id))?.is_active).toBe(true);
  });

  it("deletes only after the confirmation", async () => {
    const [first] = (await arrange([picture(0), picture(1)])) as [Row, Row];
    const { user } = setup(medicalGallery);

    await user.click(await screen.findByRole("button", { name: "Delete Medical Gallery Image 1" }));
    let question = await screen.findByRole("alertdialog");
    // The spec's question, and where the picture goes.
    expect(question.textContent).toContain(
      "Are you sure you want to delete this image? It goes to the Trash, where it can be restored for 30 days.",
    );
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(sent("DELETE", "medical_gallery")).toEqual([]);
    expect(await stack.rows("medical_gallery")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Delete Medical Gallery Image 1" }));
    question = await screen.findByRole("alertdialog");
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Gallery image deleted successfully!")).toBeTruthy();
    expect(await stack.row("medical_gallery", first.id)).toBeUndefined();
    expect(await stack.rows("medical_gallery")).toHaveLength(1);
    await waitFor(() => expect(statistics()["Total Images"]).toBe("1"));
  });
});
