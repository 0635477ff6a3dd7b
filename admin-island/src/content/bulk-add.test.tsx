// Many pictures at once, through the one uploadMany both screens share: the
// home-management gallery's Add Images form (a definition with `bulk`) and a programme
// gallery's drop zone. Each picture is its own record, in the order chosen; a picture
// whose record could not be stored is removed again and named.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { TableName } from "../api/rows.ts";
import { GalleryManager } from "../galleries/GalleryManager.tsx";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { uploads } from "../uploads/words.ts";
import { ResourceManager } from "./ResourceManager.tsx";
import { medicalGallery } from "./resources/galleries.ts";
import { galleryImages } from "./resources/home.ts";
import { forms } from "./words.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

/** A 2x2 JPEG: the media function stores only real pictures. */
const JPEG = Uint8Array.from(
  atob(
    "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJAFmX//2Q==",
  ),
  (char) => char.charCodeAt(0),
);
const jpeg = (name: string) => new File([JPEG], name, { type: "image/jpeg" });
const EXISTING = [0, 1].map((sort_order) => ({
  title: `Picture ${sort_order + 1}`,
  category: "general",
  description: null,
  image_url: `https://example.org/${sort_order}.jpg`,
  sort_order,
  is_active: true,
}));

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/** The objects stored in the media bucket. */
async function objects(): Promise<string[]> {
  const result = await stack.db.query<{ name: string }>(
    "select name from storage.objects where bucket_id = 'media' order by created_at, name",
  );
  return result.rows.map((row) => row.name);
}

/** `table` holding only `rows`; answers a way to read the objects stored from now on. */
async function arrange(table: TableName, rows: Record<string, unknown>[]) {
  await stack.clear(table);
  if (rows.length > 0) await stack.seed(table, rows);
  stack.faults.reset();
  const before = new Set(await objects());
  return { stored: async () => (await objects()).filter((name) => !before.has(name)) };
}

/** The requests that removed stored objects. */
const removals = () =>
  stack.faults.sent.filter(
    (request) => request.method === "DELETE" && request.path.startsWith("/storage/v1/object/"),
  );

/** The gallery's records in their order: title, sort_order and category. */
async function gallery() {
  return (await stack.rows("gallery_images"))
    .map(({ title, sort_order, category }) => ({ title, sort_order, category }))
    .sort((a, b) => Number(a.sort_order) - Number(b.sort_order));
}

async function addImages(files: File[], title = "") {
  const user = userEvent.setup();
  renderScreen(<ResourceManager definition={galleryImages} />, stack);
  await screen.findByRole("heading", { name: "Picture 2" });
  await user.click(screen.getByRole("button", { name: "Add Images" }));
  const dialog = await screen.findByRole("dialog", { name: "Add Images" });
  await user.upload(within(dialog).getByLabelText("Choose Images"), files);
  if (title) await user.type(within(dialog).getByLabelText(/^Title/), title);
  await user.click(within(dialog).getByRole("button", { name: "Add Images" }));
  return dialog;
}

/** What PostgREST answers for a record the database refuses. */
const REFUSED = (table: string) => ({
  status: 400,
  code: "23514",
  message: `new row for relation "${table}" violates check constraint "${table}_image_url_valid"`,
});

describe("Add Images (a definition with bulk)", () => {
  it("stores each picture after the others, titled by its file name", async () => {
    const { stored } = await arrange("gallery_images", EXISTING);
    await addImages([jpeg("camp-day.jpg"), jpeg("clinic.jpg")]);

    expect(await screen.findByText(uploads.added(2))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await gallery()).toEqual([
      { title: "Picture 1", sort_order: 0, category: "general" },
      { title: "Picture 2", sort_order: 1, category: "general" },
      { title: "camp-day", sort_order: 2, category: "general" },
      { title: "clinic", sort_order: 3, category: "general" },
    ]);
    expect(await stored()).toEqual([
      expect.stringMatching(/^gallery\/home-management\/\d{4}\/[0-9a-f-]{36}\.jpg$/),
      expect.stringMatching(/^gallery\/home-management\/\d{4}\/[0-9a-f-]{36}\.jpg$/),
    ]);
  });

  it("gives every picture the typed title", async () => {
    await arrange("gallery_images", EXISTING);
    await addImages([jpeg("a.jpg"), jpeg("b.jpg")], "Sports day");
    expect(await screen.findByText(uploads.added(2))).toBeTruthy();
    expect((await gallery()).slice(2).map((row) => row.title)).toEqual([
      "Sports day",
      "Sports day",
    ]);
  });

  it("names the pictures that could not be added, keeps the form open and removes their files", async () => {
    const { stored } = await arrange("gallery_images", EXISTING);
    // The pictures are stored one after the other: the first record refused is camp-day's.
    stack.faults.fail(
      { method: "POST", path: "/rest/v1/gallery_images" },
      REFUSED("gallery_images"),
    );
    const dialog = await addImages([jpeg("camp-day.jpg"), jpeg("clinic.jpg")]);

    expect(await screen.findByText(uploads.added(1))).toBeTruthy();
    expect(await screen.findByText(uploads.imageError)).toBeTruthy();
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      uploads.notAdded(["camp-day.jpg"]),
    );
    expect((await gallery()).slice(2).map((row) => [row.title, row.sort_order])).toEqual([
      ["clinic", 2],
    ]);
    // camp-day's file, stored without its record, is removed again.
    await waitFor(async () => expect(await stored()).toHaveLength(1));
    expect(removals()).toHaveLength(1);
    const clinic = (await stack.rows("gallery_images")).find((row) => row.title === "clinic");
    expect(String(clinic?.image_url)).toContain((await stored())[0]);
  });
});

describe("the Add Images form: one chooser, one rule, errors that clear", () => {
  async function openForm() {
    await arrange("gallery_images", EXISTING);
    const user = userEvent.setup();
    renderScreen(<ResourceManager definition={galleryImages} />, stack);
    await screen.findByRole("heading", { name: "Picture 2" });
    await user.click(screen.getByRole("button", { name: "Add Images" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Images" });
    return { user, form: within(dialog) };
  }

  it("has one file chooser, and a title that is not required", async () => {
    const { form } = await openForm();
    const dialog = screen.getByRole("dialog", { name: "Add Images" });
    expect(dialog.querySelectorAll('input[type="file"]')).toHaveLength(1);
    const title = form.getByLabelText(/^Title/);
    expect(title.getAttribute("aria-required")).toBeNull();
    expect(form.getByText(forms.bulkTitleHint)).toBeTruthy();
  });

  it("refuses a form with no picture and no address, then clears the errors once pictures are chosen", async () => {
    const { user, form } = await openForm();
    await user.click(form.getByRole("button", { name: "Add Images" }));
    expect((await form.findByRole("alert")).textContent).toBe(galleryImages.texts.invalid);
    const address = form.getByLabelText("Or an image address");
    expect(address.getAttribute("aria-invalid")).toBe("true");

    await user.upload(form.getByLabelText("Choose Images"), [jpeg("fair.jpg")]);
    expect(form.queryByRole("alert")).toBeNull();
    expect(form.queryByText(/Please/)).toBeNull();
    await user.click(form.getByRole("button", { name: "Add Images" }));
    expect(await screen.findByText(uploads.added(1))).toBeTruthy();
    expect((await gallery()).at(-1)?.title).toBe("fair");
  });

  it("adds one picture by its address, titled by the address's file name", async () => {
    const { user, form } = await openForm();
    await user.type(
      form.getByLabelText("Or an image address"),
      "https://example.org/photos/summer-camp.jpg",
    );
    await user.click(form.getByRole("button", { name: "Add Images" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((await stack.rows("gallery_images")).at(-1)).toMatchObject({
      title: "summer-camp",
      image_url: "https://example.org/photos/summer-camp.jpg",
      sort_order: 2,
    });
  });
});

describe("a programme gallery's drop zone", () => {
  it("removes a stored picture whose record could not be stored, and says so on its line", async () => {
    const { stored } = await arrange("medical_gallery", []);
    stack.faults.fail(
      { method: "POST", path: "/rest/v1/medical_gallery" },
      REFUSED("medical_gallery"),
    );
    const user = userEvent.setup();
    renderScreen(<GalleryManager gallery={medicalGallery} />, stack);
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
    await waitFor(async () => expect(await stored()).toHaveLength(1));
    expect(removals()).toHaveLength(1);
    expect((await stack.rows("medical_gallery")).map((row) => row.sort_order)).toEqual([0]);
  });
});
