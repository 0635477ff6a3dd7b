// Many pictures at once, through the one uploadMany both screens share: the
// home-management gallery's Add Images form (a definition with `bulk`) and a programme
// gallery's drop zone. Each picture is its own record, in the order chosen; a picture
// whose record could not be stored is removed again and named.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { GalleryManager } from "../galleries/GalleryManager.tsx";
import { createFakeData, type FakeData } from "../testing/fake-data.ts";
import { renderWithData } from "../testing/render.ts";
import { forms, uploads } from "../words.ts";
import { ResourceManager } from "./ResourceManager.tsx";
import { medicalGallery } from "./resources/galleries.ts";
import { galleryImages } from "./resources/home.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const jpeg = (name: string) => new File([new Uint8Array(100)], name, { type: "image/jpeg" });
const EXISTING = [0, 1].map((sort_order) => ({
  title: `Picture ${sort_order + 1}`,
  category: "general",
  description: null,
  image_url: `https://example.org/${sort_order}.jpg`,
  sort_order,
  is_active: true,
}));

async function addImages(fake: FakeData, files: File[], title = "") {
  const user = userEvent.setup();
  renderWithData(<ResourceManager definition={galleryImages} />, fake);
  await screen.findByRole("heading", { name: "Picture 2" });
  await user.click(screen.getByRole("button", { name: "Add Images" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Images" });
  await user.upload(within(dialog).getByLabelText("Choose Images"), files);
  if (title) await user.type(within(dialog).getByLabelText(/^Title/), title);
  await user.click(within(dialog).getByRole("button", { name: "Add Images" }));
  return dialog;
}

describe("Add Images (a definition with bulk)", () => {
  it("stores each picture after the others, titled by its file name", async () => {
    const fake = createFakeData({ gallery_images: EXISTING });
    await addImages(fake, [jpeg("camp-day.jpg"), jpeg("clinic.jpg")]);

    expect(await screen.findByText(uploads.added(2))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      fake.rows("gallery_images").map(({ title, sort_order, category }) => ({
        title,
        sort_order,
        category,
      })),
    ).toEqual([
      { title: "Picture 1", sort_order: 0, category: "general" },
      { title: "Picture 2", sort_order: 1, category: "general" },
      { title: "camp-day", sort_order: 2, category: "general" },
      { title: "clinic", sort_order: 3, category: "general" },
    ]);
    expect(fake.files.map((file) => file.path)).toEqual([
      expect.stringMatching(/^gallery\/home-management\/\d{4}\/[0-9a-f-]{36}\.jpg$/),
      expect.stringMatching(/^gallery\/home-management\/\d{4}\/[0-9a-f-]{36}\.jpg$/),
    ]);
  });

  it("gives every picture the typed title", async () => {
    const fake = createFakeData({ gallery_images: EXISTING });
    await addImages(fake, [jpeg("a.jpg"), jpeg("b.jpg")], "Sports day");
    expect(await screen.findByText(uploads.added(2))).toBeTruthy();
    expect(
      fake
        .rows("gallery_images")
        .slice(2)
        .map((row) => row.title),
    ).toEqual(["Sports day", "Sports day"]);
  });

  it("names the pictures that could not be added, keeps the form open and removes their files", async () => {
    const fake = createFakeData({ gallery_images: EXISTING });
    fake.fail("insert", { when: (_table, [values]) => values?.title === "camp-day" });
    const dialog = await addImages(fake, [jpeg("camp-day.jpg"), jpeg("clinic.jpg")]);

    expect(await screen.findByText(uploads.added(1))).toBeTruthy();
    expect(await screen.findByText(uploads.imageError)).toBeTruthy();
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      uploads.notAdded(["camp-day.jpg"]),
    );
    expect(
      fake
        .rows("gallery_images")
        .slice(2)
        .map((row) => [row.title, row.sort_order]),
    ).toEqual([["clinic", 2]]);
    await waitFor(() => expect(fake.removeUpload).toHaveBeenCalledTimes(1));
    expect(fake.files).toHaveLength(1);
  });
});

describe("the Add Images form: one chooser, one rule, errors that clear", () => {
  async function openForm(fake: FakeData) {
    const user = userEvent.setup();
    renderWithData(<ResourceManager definition={galleryImages} />, fake);
    await screen.findByRole("heading", { name: "Picture 2" });
    await user.click(screen.getByRole("button", { name: "Add Images" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Images" });
    return { user, form: within(dialog) };
  }

  it("has one file chooser, and a title that is not required", async () => {
    const { form } = await openForm(createFakeData({ gallery_images: EXISTING }));
    const dialog = screen.getByRole("dialog", { name: "Add Images" });
    expect(dialog.querySelectorAll('input[type="file"]')).toHaveLength(1);
    const title = form.getByLabelText(/^Title/);
    expect(title.getAttribute("aria-required")).toBeNull();
    expect(form.getByText(forms.bulkTitleHint)).toBeTruthy();
  });

  it("refuses a form with no picture and no address, then clears the errors once pictures are chosen", async () => {
    const fake = createFakeData({ gallery_images: EXISTING });
    const { user, form } = await openForm(fake);
    await user.click(form.getByRole("button", { name: "Add Images" }));
    expect((await form.findByRole("alert")).textContent).toBe(galleryImages.texts.invalid);
    const address = form.getByLabelText("Or an image address");
    expect(address.getAttribute("aria-invalid")).toBe("true");

    await user.upload(form.getByLabelText("Choose Images"), [jpeg("fair.jpg")]);
    expect(form.queryByRole("alert")).toBeNull();
    expect(form.queryByText(/Please/)).toBeNull();
    await user.click(form.getByRole("button", { name: "Add Images" }));
    expect(await screen.findByText(uploads.added(1))).toBeTruthy();
    expect(fake.rows("gallery_images").at(-1)?.title).toBe("fair");
  });

  it("adds one picture by its address, titled by the address's file name", async () => {
    const fake = createFakeData({ gallery_images: EXISTING });
    const { user, form } = await openForm(fake);
    await user.type(
      form.getByLabelText("Or an image address"),
      "https://example.org/photos/summer-camp.jpg",
    );
    await user.click(form.getByRole("button", { name: "Add Images" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fake.rows("gallery_images").at(-1)).toMatchObject({
      title: "summer-camp",
      image_url: "https://example.org/photos/summer-camp.jpg",
      sort_order: 2,
    });
  });
});

describe("a programme gallery's drop zone", () => {
  it("removes a stored picture whose record could not be stored, and says so on its line", async () => {
    const fake = createFakeData();
    fake.fail("insert");
    const user = userEvent.setup();
    renderWithData(<GalleryManager gallery={medicalGallery} />, fake);
    await screen.findByText(medicalGallery.empty);
    await user.upload(screen.getByLabelText(medicalGallery.texts.chooseButton), [
      jpeg("ward.jpg"),
      jpeg("clinic.jpg"),
    ]);

    expect(await screen.findByText(uploads.someFailed(1))).toBeTruthy();
    const progress = screen.getByRole("list", { name: medicalGallery.texts.progressLabel });
    expect(
      within(progress)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([`ward.jpg${uploads.imageError}`, `clinic.jpg${medicalGallery.texts.fileAdded}`]);
    await waitFor(() => expect(fake.removeUpload).toHaveBeenCalledTimes(1));
    expect(fake.files).toHaveLength(1);
    expect(fake.rows("medical_gallery").map((row) => row.sort_order)).toEqual([0]);
  });
});
