import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { Row } from "../api/data-layer.ts";
import { galleries } from "../app/registry.ts";
import { medicalGallery } from "../content/resources/galleries.ts";
import type { GalleryDefinition } from "../content/resources/types.ts";
import { createFakeData, type FakeData } from "../testing/fake-data.ts";
import { renderWithData } from "../testing/render.ts";
import { ImageCheckError, prepareImage } from "../uploads/images.ts";
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

function image(name: string, type = "image/jpeg", size = 1000): File {
  return new File([new Uint8Array(size)], name, { type });
}

function setup(gallery: GalleryDefinition, fake: FakeData) {
  // The input accepts image/* only; a drop can still bring other files, so the
  // screen must skip them itself.
  const user = userEvent.setup({ applyAccept: false });
  renderWithData(<GalleryManager gallery={gallery} />, fake);
  return { user, input: () => screen.getByLabelText("Choose Images") as HTMLInputElement };
}

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
    const fake = createFakeData({
      medical_gallery: [picture(0), picture(1, false), picture(2, false)],
    });
    setup(medicalGallery, fake);
    await screen.findByRole("list", { name: "Gallery images" });
    expect(statistics()).toEqual({
      "Total Images": "3",
      "Active Images": "1",
      "Inactive Images": "2",
      "Active Rate": "33%",
    });
  });

  it("has no statistics panel when there are no images", async () => {
    const fake = createFakeData();
    setup(medicalGallery, fake);
    await screen.findByText(medicalGallery.empty);
    expect(statistics()).toEqual({});
    expect(screen.queryByText("Total Images")).toBeNull();
  });
});

describe("GalleryManager: list states", () => {
  it("shows the loading text, then one tile per picture in sort order", async () => {
    const fake = createFakeData({ medical_gallery: [picture(1), picture(0, false)] });
    const gate = fake.hold("list");
    setup(medicalGallery, fake);
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
      const fake = createFakeData();
      setup(gallery, fake);
      expect(await screen.findByText(gallery.empty)).toBeTruthy();
      expect(screen.getByRole("heading", { name: gallery.heading })).toBeTruthy();
      expect(fake.list).toHaveBeenCalledWith(gallery.table, {
        column: "sort_order",
        ascending: true,
      });
    },
  );

  it("shows a load failure with Retry", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0)] });
    fake.fail("list");
    const { user } = setup(medicalGallery, fake);
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
    const fake = createFakeData({ medical_gallery: [picture(0), picture(1)] });
    const { user, input } = setup(medicalGallery, fake);
    await screen.findByRole("list", { name: "Gallery images" });

    await user.upload(input(), [
      image("ward.jpg"),
      image("notes.pdf", "application/pdf"),
      image("clinic.png", "image/png"),
    ]);

    expect(await screen.findByText("2 image(s) added successfully!")).toBeTruthy();
    expect(progressLines()).toEqual({
      "ward.jpg": "Added",
      "notes.pdf": "Skipped: not an image file",
      "clinic.png": "Added",
    });
    expect(fake.upload).toHaveBeenCalledTimes(2);
    expect(vi.mocked(prepareImage)).toHaveBeenCalledTimes(2);
    const paths = fake.files.map((file) => file.path);
    expect(paths[0]).toMatch(/^gallery\/medical\/\d{4}\/[0-9a-f-]{36}\.jpg$/);
    expect(paths[1]).toMatch(/^gallery\/medical\/\d{4}\/[0-9a-f-]{36}\.png$/);

    expect(fake.insert.mock.calls).toEqual([
      [
        "medical_gallery",
        [
          {
            image_url: `https://media.test/storage/v1/object/public/media/${paths[0]}`,
            sort_order: 2,
            is_active: true,
          },
        ],
      ],
      [
        "medical_gallery",
        [
          {
            image_url: `https://media.test/storage/v1/object/public/media/${paths[1]}`,
            sort_order: 3,
            is_active: true,
          },
        ],
      ],
    ]);
    // The list reloads with the new pictures.
    await waitFor(() => expect(statistics()["Total Images"]).toBe("4"));
    expect(
      within(screen.getByRole("list", { name: "Gallery images" })).getAllByRole("listitem"),
    ).toHaveLength(4);
  });

  it("starts at 0 in an empty gallery", async () => {
    const fake = createFakeData();
    const { user, input } = setup(medicalGallery, fake);
    await screen.findByText(medicalGallery.empty);
    await user.upload(input(), [image("a.jpg"), image("b.jpg")]);
    expect(await screen.findByText("2 image(s) added successfully!")).toBeTruthy();
    expect(fake.rows("medical_gallery").map((row) => row.sort_order)).toEqual([0, 1]);
  });

  it("says 'Uploading Images...' and disables the input while uploading", async () => {
    const fake = createFakeData();
    const { user, input } = setup(medicalGallery, fake);
    await screen.findByText(medicalGallery.empty);

    const gate = fake.hold("upload");
    await user.upload(input(), [image("a.jpg")]);
    expect(await screen.findByText("Uploading Images...")).toBeTruthy();
    expect(input().disabled).toBe(true);
    expect(screen.getByRole("progressbar", { name: "Uploading a.jpg" })).toBeTruthy();

    await act(async () => gate.release());
    expect(await screen.findByText("1 image(s) added successfully!")).toBeTruthy();
    expect(input().disabled).toBe(false);
    expect(screen.getByText("Drop pictures here, or")).toBeTruthy();
  });

  it("reports an upload failure against that file and still stores the others", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0)] });
    fake.fail("upload", { when: (path) => path.endsWith(".png") });
    const { user, input } = setup(medicalGallery, fake);
    await screen.findByRole("list", { name: "Gallery images" });

    await user.upload(input(), [
      image("first.jpg"),
      image("broken.png", "image/png"),
      image("third.jpg"),
    ]);

    expect(await screen.findByText("2 image(s) added successfully!")).toBeTruthy();
    expect(await screen.findByText("1 image(s) could not be added.")).toBeTruthy();
    expect(progressLines()).toEqual({
      "first.jpg": "Added",
      "broken.png": "Error uploading image. Please try again.",
      "third.jpg": "Added",
    });
    // The failed file takes no place in the order.
    expect(fake.insert.mock.calls.map(([, [values]]) => values?.sort_order)).toEqual([1, 2]);
  });

  it("reports files that are too big or no picture, saying why", async () => {
    const fake = createFakeData();
    vi.mocked(prepareImage).mockImplementationOnce(async () => {
      throw new ImageCheckError("This file is not a picture (JPEG, PNG, GIF, WebP or AVIF).");
    });
    const { user, input } = setup(medicalGallery, fake);
    await screen.findByText(medicalGallery.empty);

    await user.upload(input(), [
      image("damaged.jpg"),
      image("huge.jpg", "image/jpeg", 10 * 1024 * 1024 + 1),
    ]);

    expect(await screen.findByText("Error uploading files. Please try again.")).toBeTruthy();
    expect(progressLines()).toEqual({
      "damaged.jpg": "This file is not a picture (JPEG, PNG, GIF, WebP or AVIF).",
      "huge.jpg": "File size must be less than 10MB",
    });
    expect(fake.upload).not.toHaveBeenCalled();
    expect(fake.insert).not.toHaveBeenCalled();
  });
});

describe("GalleryManager: tile actions", () => {
  it("hides and shows a picture with the row's updated_at", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0), picture(1, false)] });
    const [first, second] = fake.rows("medical_gallery") as [Row, Row];
    const { user } = setup(medicalGallery, fake);

    await user.click(await screen.findByRole("button", { name: "Hide Medical Gallery Image 1" }));
    expect(await screen.findByText("Image hidden from the site.")).toBeTruthy();
    expect(fake.update).toHaveBeenCalledWith(
      "medical_gallery",
      first.id,
      { is_active: false },
      first.updated_at,
    );
    expect(
      await screen.findByRole("button", { name: "Show Medical Gallery Image 1" }),
    ).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Show Medical Gallery Image 2" }));
    expect(await screen.findByText("Image shown on the site.")).toBeTruthy();
    expect(fake.update).toHaveBeenLastCalledWith(
      "medical_gallery",
      second.id,
      { is_active: true },
      second.updated_at,
    );
    await waitFor(() => expect(statistics()["Active Rate"]).toBe("50%"));
  });

  it("reports a failed toggle", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0)] });
    fake.fail("update");
    const { user } = setup(medicalGallery, fake);
    await user.click(await screen.findByRole("button", { name: "Hide Medical Gallery Image 1" }));
    expect(
      await screen.findByText("Error updating gallery image status. Please try again."),
    ).toBeTruthy();
  });

  it("deletes only after the confirmation", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0), picture(1)] });
    const [first] = fake.rows("medical_gallery") as [Row, Row];
    const { user } = setup(medicalGallery, fake);

    await user.click(await screen.findByRole("button", { name: "Delete Medical Gallery Image 1" }));
    let question = await screen.findByRole("alertdialog");
    // The spec's question, and where the picture goes.
    expect(question.textContent).toContain(
      "Are you sure you want to delete this image? It goes to the Trash, where it can be restored for 30 days.",
    );
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(fake.remove).not.toHaveBeenCalled();
    expect(fake.rows("medical_gallery")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Delete Medical Gallery Image 1" }));
    question = await screen.findByRole("alertdialog");
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Gallery image deleted successfully!")).toBeTruthy();
    expect(fake.remove).toHaveBeenCalledWith("medical_gallery", first.id);
    await waitFor(() => expect(statistics()["Total Images"]).toBe("1"));
  });
});
