// The editor's safety net on the screens: a record's history in words with 'Restore
// this version'; Undo on the toasts of a delete, a toggle and a saved edit (each a
// restore of the version before, so it is recorded too); the Trash screen; and
// describing gallery pictures. Every restore publishes like any save.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { AuditEntry, Row } from "../api/data-layer.ts";
import { ResourceManager } from "../content/ResourceManager.tsx";
import { medicalGallery } from "../content/resources/galleries.ts";
import { causes } from "../content/resources/home.ts";
import { logos } from "../content/resources/showcase.ts";
import { GalleryManager } from "../galleries/GalleryManager.tsx";
import { $saves } from "../publishing/saves.ts";
import { createFakeData, type FakeData, SOMEONE_ELSE } from "../testing/fake-data.ts";
import { renderWithData } from "../testing/render.ts";
import { TrashScreen } from "../trash/TrashScreen.tsx";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const WATER = {
  title: "Clean Water",
  description: "Wells for villages",
  image_url: "https://example.org/water.jpg",
  category: null,
  sort_order: 0,
  is_active: true,
};
const BOOKS = { ...WATER, title: "School Books", sort_order: 1 };

function renderCauses(fake: FakeData) {
  const user = userEvent.setup();
  renderWithData(<ResourceManager definition={causes} />, fake);
  return { user };
}

/** The newest recorded change of a row. */
function newest(fake: FakeData, id: string): AuditEntry {
  const entries = fake.log().filter((entry) => entry.row_id === id);
  return entries[entries.length - 1] as AuditEntry;
}

async function confirmWith(user: ReturnType<typeof userEvent.setup>, label: string) {
  const question = await screen.findByRole("alertdialog");
  await user.click(within(question).getByRole("button", { name: label }));
}

describe("History", () => {
  it("lists who changed what and when, newest first, field by field", async () => {
    const fake = createFakeData({ causes: [WATER] });
    const [water] = fake.rows("causes") as [Row];
    fake.change("causes", water.id, { title: "Clean Water Now" });
    const { user } = renderCauses(fake);

    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water Now" }));
    await screen.findByText("Cause is now inactive.");
    const historyButton = await screen.findByRole("button", { name: "History Clean Water Now" });
    await user.click(historyButton);

    const dialog = await screen.findByRole("dialog", { name: "History of Clean Water Now" });
    const changes = await within(dialog).findByRole("list", { name: "Changes, newest first" });
    const entries = within(changes).getAllByRole("listitem", { name: "" });
    const [toggled, renamed, added] = entries.filter((item) => item.parentElement === changes);
    expect(toggled?.textContent).toContain("Changed");
    expect(toggled?.textContent).toContain("by admin@example.org");
    expect(toggled?.textContent).toContain("Shown on the site: yes → no");
    expect(toggled?.textContent).toContain("This is the current version");
    expect(renamed?.textContent).toContain(`by ${SOMEONE_ELSE}`);
    expect(renamed?.textContent).toContain("Title: “Clean Water” → “Clean Water Now”");
    expect(added?.textContent).toContain("Added");
    expect(fake.history).toHaveBeenCalledWith("causes", water.id);
    // The dialog opens on its content, and gives focus back to History on closing.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard("[Escape]");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(historyButton);
  });

  it("restores a version after asking, reloads the list and publishes", async () => {
    const fake = createFakeData({ causes: [WATER] });
    const [water] = fake.rows("causes") as [Row];
    const created = newest(fake, water.id);
    fake.change("causes", water.id, { title: "Muddy Water", is_active: false });
    const { user } = renderCauses(fake);

    const historyButton = await screen.findByRole("button", { name: "History Muddy Water" });
    await user.click(historyButton);
    const dialog = await screen.findByRole("dialog", { name: "History of Muddy Water" });
    const [restore] = await within(dialog).findAllByRole("button", {
      name: "Restore this version",
    });
    const saves = $saves.get();
    await user.click(restore as HTMLElement);
    const question = await screen.findByRole("alertdialog");
    expect(question.textContent).toMatch(/Restore the version from .+\? It replaces the current/);
    await user.click(within(question).getByRole("button", { name: "Restore" }));

    expect(await screen.findByText("Version restored.")).toBeTruthy();
    expect(fake.restoreVersion).toHaveBeenCalledWith(created.id, "after");
    expect(fake.row("causes", water.id)).toMatchObject({ title: "Clean Water", is_active: true });
    expect(await screen.findByRole("heading", { name: "Clean Water" })).toBeTruthy();
    expect($saves.get()).toBe(saves + 1);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "History Clean Water" }),
      ),
    );
    // The log is only ever added to: the restore is a change of its own.
    expect(newest(fake, water.id)).toMatchObject({
      action: "UPDATE",
      actor_email: "admin@example.org",
    });
  });

  it("offers the version before the oldest change, and nothing for the current one", async () => {
    const fake = createFakeData({ causes: [WATER] });
    const [water] = fake.rows("causes") as [Row];
    const only: AuditEntry = {
      id: 41,
      occurred_at: "2026-11-20T09:30:00.000Z",
      actor_email: null,
      table_name: "causes",
      row_id: water.id,
      action: "UPDATE",
      old_data: { ...water, title: "Water for all" },
      new_data: water,
    };
    fake.history.mockResolvedValueOnce([only]);
    fake.restoreVersion.mockResolvedValueOnce(water);
    const { user } = renderCauses(fake);

    await user.click(await screen.findByRole("button", { name: "History Clean Water" }));
    const dialog = await screen.findByRole("dialog", { name: "History of Clean Water" });
    await within(dialog).findByText("Title: “Water for all” → “Clean Water”");
    expect(within(dialog).getByText("an automatic task")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Restore this version" })).toBeNull();
    await user.click(
      within(dialog).getByRole("button", { name: "Restore the version before this change" }),
    );
    await confirmWith(user, "Restore");
    await screen.findByText("Version restored.");
    expect(fake.restoreVersion).toHaveBeenCalledWith(41, "before");
  });

  it("keeps the dialog open and says so when a restore fails", async () => {
    const fake = createFakeData({ causes: [WATER] });
    const [water] = fake.rows("causes") as [Row];
    fake.change("causes", water.id, { title: "Muddy Water" });
    fake.fail("restoreVersion");
    const { user } = renderCauses(fake);
    await user.click(await screen.findByRole("button", { name: "History Muddy Water" }));
    const dialog = await screen.findByRole("dialog", { name: "History of Muddy Water" });
    await user.click(
      (
        await within(dialog).findAllByRole("button", { name: "Restore this version" })
      )[0] as HTMLElement,
    );
    await confirmWith(user, "Restore");
    expect(await screen.findByText("Error restoring the version. Please try again.")).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "History of Muddy Water" })).toBeTruthy();
    expect(fake.row("causes", water.id)?.title).toBe("Muddy Water");
  });
});

describe("Undo", () => {
  it("brings a deleted record back from the toast, as a restore of the deletion", async () => {
    const fake = createFakeData({ causes: [WATER, BOOKS] });
    const [water] = fake.rows("causes") as [Row];
    const { user } = renderCauses(fake);

    await user.click(await screen.findByRole("button", { name: "Delete Clean Water" }));
    await confirmWith(user, "Delete");
    expect(await screen.findByText("Cause deleted successfully!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Clean Water" })).toBeNull());
    const deletion = newest(fake, water.id);
    expect(deletion.action).toBe("DELETE");

    const saves = $saves.get();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Change undone.")).toBeTruthy();
    expect(fake.restoreVersion).toHaveBeenCalledWith(deletion.id, "before");
    expect(await screen.findByRole("heading", { name: "Clean Water" })).toBeTruthy();
    expect(fake.row("causes", water.id)).toMatchObject({ title: "Clean Water" });
    expect($saves.get()).toBe(saves + 1);
    expect(await fake.trash()).toEqual([]);
  });

  it("shows a hidden record again from the toast", async () => {
    const fake = createFakeData({ causes: [WATER] });
    const [water] = fake.rows("causes") as [Row];
    const { user } = renderCauses(fake);
    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water" }));
    await screen.findByText("Cause is now inactive.");
    const toggle = newest(fake, water.id);
    await user.click(screen.getByRole("button", { name: "Undo" }));
    await screen.findByText("Change undone.");
    expect(fake.restoreVersion).toHaveBeenCalledWith(toggle.id, "before");
    expect(fake.row("causes", water.id)?.is_active).toBe(true);
    expect(await screen.findByRole("button", { name: "Deactivate Clean Water" })).toBeTruthy();
  });

  it("takes a saved edit back from the toast", async () => {
    const fake = createFakeData({ causes: [WATER] });
    const [water] = fake.rows("causes") as [Row];
    const { user } = renderCauses(fake);
    await user.click(await screen.findByRole("button", { name: "Edit Clean Water" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Cause" });
    const title = within(dialog).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, "Wells Everywhere");
    await user.click(within(dialog).getByRole("button", { name: "Update Cause" }));
    await screen.findByText("Cause updated successfully!");
    await screen.findByRole("heading", { name: "Wells Everywhere" });

    await user.click(screen.getByRole("button", { name: "Undo" }));
    await screen.findByText("Change undone.");
    expect(fake.row("causes", water.id)?.title).toBe("Clean Water");
    expect(await screen.findByRole("heading", { name: "Clean Water" })).toBeTruthy();
  });

  it("gives the logo shown before back its place when an activation is undone", async () => {
    const fake = createFakeData({
      logo_settings: [
        { logo_name: "Old Logo", logo_url: "https://example.org/old.png", is_active: true },
        { logo_name: "New Logo", logo_url: "https://example.org/new.png", is_active: false },
      ],
    });
    const [old, fresh] = fake.rows("logo_settings") as [Row, Row];
    const user = userEvent.setup();
    renderWithData(<ResourceManager definition={logos} />, fake);
    await user.click(await screen.findByRole("button", { name: "Activate New Logo" }));
    await screen.findByText("Logo is now active.");
    expect(fake.row("logo_settings", old.id)?.is_active).toBe(false);

    await user.click(screen.getByRole("button", { name: "Undo" }));
    await screen.findByText("Change undone.");
    expect(fake.row("logo_settings", old.id)?.is_active).toBe(true);
    expect(fake.row("logo_settings", fresh.id)?.is_active).toBe(false);
  });

  it("says so when there is nothing left to undo", async () => {
    const fake = createFakeData({ causes: [WATER] });
    const [water] = fake.rows("causes") as [Row];
    const { user } = renderCauses(fake);
    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water" }));
    await screen.findByText("Cause is now inactive.");
    // The change was already taken back some other way: its history shows no change since.
    fake.history.mockResolvedValueOnce([]);
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("The change could not be undone.")).toBeTruthy();
    expect(
      await screen.findByText("There is nothing to undo: the item has changed since."),
    ).toBeTruthy();
    expect(fake.row("causes", water.id)?.is_active).toBe(false);
  });
});

describe("Trash", () => {
  function renderTrash(fake: FakeData) {
    const user = userEvent.setup();
    renderWithData(<TrashScreen />, fake);
    return { user };
  }

  it("says when the trash is empty, and purges what expired once on opening", async () => {
    const fake = createFakeData({ causes: [WATER] });
    renderTrash(fake);
    expect(await screen.findByText("The trash is empty")).toBeTruthy();
    expect(fake.purgeTrash).toHaveBeenCalledTimes(1);
  });

  it("lists deleted records newest first, as their screens show them, and restores one", async () => {
    const fake = createFakeData({
      causes: [WATER, BOOKS],
      medical_gallery: [{ image_url: "https://example.org/m.jpg", sort_order: 2, is_active: true }],
    });
    const [water, books] = fake.rows("causes") as [Row, Row];
    const [picture] = fake.rows("medical_gallery") as [Row];
    await fake.remove("causes", water.id);
    await fake.remove("medical_gallery", picture.id);
    await fake.remove("causes", books.id);
    const { user } = renderTrash(fake);

    const list = await screen.findByRole("list", { name: "Deleted records, newest first" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByRole("heading").textContent)).toEqual([
      "School Books",
      "Medical Gallery Image 3",
      "Clean Water",
    ]);
    const first = items[0] as HTMLElement;
    expect(first.textContent).toContain("Home page Causes");
    expect(first.textContent).toContain("Deleted by admin@example.org");
    expect(first.textContent).toMatch(/Removed for good on .*31.*2026/);
    expect(items[1]?.textContent).toContain("Medical Gallery");

    const saves = $saves.get();
    const deletion = (await fake.trash()).find((entry) => entry.row_id === water.id);
    await user.click(screen.getByRole("button", { name: "Restore Clean Water" }));
    expect(await screen.findByText("Clean Water restored.")).toBeTruthy();
    expect(fake.restoreVersion).toHaveBeenCalledWith(deletion?.entry_id, "before");
    expect(fake.row("causes", water.id)).toMatchObject({ title: "Clean Water", id: water.id });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect($saves.get()).toBe(saves + 1);
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "Restore Medical Gallery Image 3" }),
      ),
    );
  });

  it("says so when a restore fails, and keeps the record listed", async () => {
    const fake = createFakeData({ causes: [WATER] });
    const [water] = fake.rows("causes") as [Row];
    await fake.remove("causes", water.id);
    fake.fail("restoreVersion", {
      error: new (await import("../api/data-layer.ts")).DataError(
        "This record was deleted more than 30 days ago and can no longer be restored",
        "22023",
      ),
    });
    const { user } = renderTrash(fake);
    await user.click(await screen.findByRole("button", { name: "Restore Clean Water" }));
    expect(await screen.findByText("Error restoring the record. Please try again.")).toBeTruthy();
    expect(
      screen.getByText(
        "This record was deleted more than 30 days ago and can no longer be restored",
      ),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Restore Clean Water" })).toBeTruthy();
  });
});

describe("Describing gallery pictures", () => {
  const picture = (n: number, extra: Record<string, unknown> = {}) => ({
    image_url: `https://example.org/medical-${n}.jpg`,
    sort_order: n,
    is_active: true,
    image_alt: null,
    image_decorative: false,
    ...extra,
  });

  function renderGallery(fake: FakeData) {
    const user = userEvent.setup({ applyAccept: false });
    renderWithData(<GalleryManager gallery={medicalGallery} />, fake);
    return { user };
  }

  it("opens on the alt text, saves it, and gives focus back to Describe", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0)] });
    const [row] = fake.rows("medical_gallery") as [Row];
    const { user } = renderGallery(fake);
    const describeButton = await screen.findByRole("button", {
      name: "Describe Medical Gallery Image 1",
    });
    await user.click(describeButton);
    const dialog = await screen.findByRole("dialog", { name: "Describe Medical Gallery Image 1" });
    const alt = within(dialog).getByLabelText("Alt text");
    expect(document.activeElement).toBe(alt);
    expect(alt.getAttribute("maxlength")).toBe("500");
    await user.type(alt, "  Nurses at the clinic  ");
    expect(within(dialog).getByText("24 of 500 characters")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Save description" }));

    expect(await screen.findByText("Description saved.")).toBeTruthy();
    expect(fake.update).toHaveBeenCalledWith(
      "medical_gallery",
      row.id,
      { image_alt: "Nurses at the clinic", image_decorative: false },
      row.updated_at,
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(describeButton);
    expect(await screen.findByText("Alt text: Nurses at the clinic")).toBeTruthy();
  });

  it("stores empty text as no alt text, and marks a decorative picture", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0, { image_alt: "Old words" })] });
    const [row] = fake.rows("medical_gallery") as [Row];
    const { user } = renderGallery(fake);
    await user.click(
      await screen.findByRole("button", { name: "Describe Medical Gallery Image 1" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Describe Medical Gallery Image 1" });
    await user.clear(within(dialog).getByLabelText("Alt text"));
    await user.click(within(dialog).getByLabelText("Decorative picture (no description)"));
    await user.click(within(dialog).getByRole("button", { name: "Save description" }));
    await screen.findByText("Description saved.");
    expect(fake.row("medical_gallery", row.id)).toMatchObject({
      image_alt: null,
      image_decorative: true,
    });
    expect(await screen.findByText("Decorative")).toBeTruthy();
  });

  it("keeps the dialog open and says so when the description cannot be saved", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0)] });
    fake.fail("update");
    const { user } = renderGallery(fake);
    await user.click(
      await screen.findByRole("button", { name: "Describe Medical Gallery Image 1" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Describe Medical Gallery Image 1" });
    await user.type(within(dialog).getByLabelText("Alt text"), "A ward");
    await user.click(within(dialog).getByRole("button", { name: "Save description" }));
    expect(
      await within(dialog).findByText("Error saving the description. Please try again."),
    ).toBeTruthy();
    expect((within(dialog).getByLabelText("Alt text") as HTMLTextAreaElement).value).toBe("A ward");
  });

  it("gently offers a description for the pictures just added, and for no others", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0)] });
    const { user } = renderGallery(fake);
    await screen.findByRole("list", { name: "Gallery images" });
    expect(screen.queryByRole("button", { name: /^Add a description/ })).toBeNull();

    await user.upload(screen.getByLabelText("Choose Images") as HTMLInputElement, [
      new File([new Uint8Array(100)], "ward.jpg", { type: "image/jpeg" }),
      new File([new Uint8Array(100)], "clinic.jpg", { type: "image/jpeg" }),
    ]);
    await screen.findByText("2 image(s) added successfully!");
    const prompts = await screen.findAllByRole("button", { name: /^Add a description/ });
    expect(prompts.map((prompt) => prompt.getAttribute("aria-label"))).toEqual([
      "Add a description: Medical Gallery Image 2",
      "Add a description: Medical Gallery Image 3",
    ]);
    await user.click(prompts[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Describe Medical Gallery Image 2" });
    await user.type(within(dialog).getByLabelText("Alt text"), "The ward");
    await user.click(within(dialog).getByRole("button", { name: "Save description" }));
    await screen.findByText("Description saved.");
    await waitFor(() =>
      expect(screen.getAllByRole("button", { name: /^Add a description/ })).toHaveLength(1),
    );
    // The prompt is gone: focus is back on the picture's Describe.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "Describe Medical Gallery Image 2" }),
      ),
    );
  });

  it("shows a picture's history, named as a picture", async () => {
    const fake = createFakeData({ medical_gallery: [picture(0)] });
    const [row] = fake.rows("medical_gallery") as [Row];
    fake.change("medical_gallery", row.id, { image_url: "https://example.org/other.jpg" });
    const { user } = renderGallery(fake);
    await user.click(
      await screen.findByRole("button", { name: "History Medical Gallery Image 1" }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: "History of Medical Gallery Image 1",
    });
    expect(await within(dialog).findByRole("img", { name: "Picture before" })).toBeTruthy();
    expect(within(dialog).getByRole("img", { name: "Picture after" }).getAttribute("src")).toBe(
      "https://example.org/other.jpg",
    );
  });
});
