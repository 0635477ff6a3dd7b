// The editor's safety net on the screens: a record's history in words with 'Restore
// this version'; Undo on the toasts of a delete, a toggle and a saved edit (each a
// restore of the version before, so it is recorded too); and describing gallery
// pictures. Every restore publishes like any save. The history is the database's own
// log: rows are seeded, then changed through the screen or behind it.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Row, TableName } from "../api/rows.ts";
import { ResourceManager } from "../content/ResourceManager.tsx";
import { medicalGallery } from "../content/resources/galleries.ts";
import { causes } from "../content/resources/home.ts";
import { logos } from "../content/resources/showcase.ts";
import { GalleryManager } from "../galleries/GalleryManager.tsx";
import { $saves } from "../publishing/saves.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { getTrash } from "../trash/trash-query.ts";
import { sampleFile, warmMedia } from "../uploads/sample-files.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const SOMEONE_ELSE = "someone.else@example.org";

const WATER = {
  title: "Clean Water",
  description: "Wells for villages",
  image_url: "https://example.org/water.jpg",
  category: null,
  sort_order: 0,
  is_active: true,
};
const BOOKS = { ...WATER, title: "School Books", sort_order: 1 };

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
  await warmMedia(stack);
});
afterAll(() => stack?.close());

interface Logged {
  id: number;
  action: string;
  actor_email: string | null;
  old_data: Record<string, unknown> | null;
  new_data: Record<string, unknown> | null;
}

/** A row's recorded changes, oldest first, as the log keeps them. */
async function logOf(table: TableName, id: string): Promise<Logged[]> {
  const result = await stack.db.query<Logged>(
    "select id, action, actor_email, old_data, new_data from public.audit_log where table_name = $1 and row_id = $2 order by id",
    [table, id],
  );
  return result.rows;
}

async function newest(table: TableName, id: string): Promise<Logged> {
  return (await logOf(table, id)).at(-1) as Logged;
}

/** Another administrator's save, behind the screen's back: the log names them. */
async function changeAs(email: string, table: "causes", id: string, title: string) {
  await stack.db.transaction(async (tx) => {
    await tx.query("select set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ email }),
    ]);
    await tx.query(`update public.${table} set title = $1 where id = $2`, [title, id]);
  });
}

/** Rows the log never saw: stored with its trigger off, as records older than the log. */
async function seedUnrecorded(table: "causes", values: Record<string, unknown>) {
  await stack.db.query(`alter table public.${table} disable trigger write_audit_entry`);
  try {
    return (await stack.seed(table, [values]))[0] as Row;
  } finally {
    await stack.db.query(`alter table public.${table} enable trigger write_audit_entry`);
  }
}

async function seedCauses(...rows: (typeof WATER)[]): Promise<Row[]> {
  await stack.clear("causes");
  const seeded = await stack.seed("causes", rows);
  stack.faults.reset();
  return seeded;
}

function renderCauses() {
  const user = userEvent.setup();
  renderScreen(<ResourceManager definition={causes} />, stack);
  return { user };
}

async function confirmWith(user: ReturnType<typeof userEvent.setup>, label: string) {
  const question = await screen.findByRole("alertdialog");
  await user.click(within(question).getByRole("button", { name: label }));
}

describe("History", () => {
  it("lists who changed what and when, newest first, field by field", async () => {
    const [water] = (await seedCauses(WATER)) as [Row];
    await changeAs(SOMEONE_ELSE, "causes", water.id, "Clean Water Now");
    const { user } = renderCauses();

    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water Now" }));
    await screen.findByText("Cause is now inactive.");
    const historyButton = await screen.findByRole("button", { name: "History Clean Water Now" });
    await user.click(historyButton);

    const dialog = await screen.findByRole("dialog", { name: "History of Clean Water Now" });
    const changes = await within(dialog).findByRole("list", { name: "Changes, newest first" });
    const entries = within(changes).getAllByRole("listitem", { name: "" });
    const [toggled, renamed, added] = entries.filter((item) => item.parentElement === changes);
    expect(toggled?.textContent).toContain("Changed");
    expect(toggled?.textContent).toContain(`by ${stack.email}`);
    expect(toggled?.textContent).toContain("Shown on the site: yes → no");
    expect(toggled?.textContent).toContain("This is the current version");
    expect(renamed?.textContent).toContain(`by ${SOMEONE_ELSE}`);
    expect(renamed?.textContent).toContain("Title: “Clean Water” → “Clean Water Now”");
    expect(added?.textContent).toContain("Added");
    // The record's own history was asked for.
    expect(
      stack.faults.sent.some(
        ({ method, path }) =>
          method === "GET" &&
          path.startsWith("/rest/v1/audit_log?") &&
          path.includes("table_name=eq.causes") &&
          path.includes(`row_id=eq.${water.id}`),
      ),
    ).toBe(true);
    // The dialog opens on its content, and gives focus back to History on closing.
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard("[Escape]");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(historyButton);
  });

  it("restores a version after asking, reloads the list and publishes", async () => {
    const [water] = (await seedCauses(WATER)) as [Row];
    await stack.change("causes", water.id, { title: "Muddy Water", is_active: false });
    const { user } = renderCauses();

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
    expect(await stack.row("causes", water.id)).toMatchObject({
      title: "Clean Water",
      is_active: true,
    });
    expect(await screen.findByRole("heading", { name: "Clean Water" })).toBeTruthy();
    expect($saves.get()).toBe(saves + 1);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("button", { name: "History Clean Water" }),
      ),
    );
    // The log is only ever added to: the restore is a change of its own, the version
    // after the record was added.
    const [created, , restored] = await logOf("causes", water.id);
    expect(restored).toMatchObject({ action: "UPDATE", actor_email: stack.email });
    expect(restored?.new_data).toMatchObject({
      title: created?.new_data?.title,
      is_active: created?.new_data?.is_active,
    });
  });

  it("offers the version before the oldest change, and nothing for the current one", async () => {
    await stack.clear("causes");
    const water = await seedUnrecorded("causes", { ...WATER, title: "Water for all" });
    // The only change the log holds, made by a scheduled task (no one signed in).
    await stack.change("causes", water.id, { title: "Clean Water" });
    stack.faults.reset();
    const { user } = renderCauses();

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
    expect(await stack.row("causes", water.id)).toMatchObject({ title: "Water for all" });
  });

  it("keeps the dialog open and says so when a restore fails", async () => {
    const [water] = (await seedCauses(WATER)) as [Row];
    await stack.change("causes", water.id, { title: "Muddy Water" });
    stack.faults.fail({ method: "POST", path: "/rest/v1/rpc/restore_version" });
    const { user } = renderCauses();
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
    expect((await stack.row("causes", water.id))?.title).toBe("Muddy Water");
  });
});

describe("Undo", () => {
  it("brings a deleted record back from the toast, as a restore of the deletion", async () => {
    const [water] = (await seedCauses(WATER, BOOKS)) as [Row];
    const { user } = renderCauses();

    await user.click(await screen.findByRole("button", { name: "Delete Clean Water" }));
    await confirmWith(user, "Delete");
    expect(await screen.findByText("Cause deleted successfully!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Clean Water" })).toBeNull());
    const deletion = await newest("causes", water.id);
    expect(deletion.action).toBe("DELETE");

    const saves = $saves.get();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Change undone.")).toBeTruthy();
    // The version before the deletion came back, with its id, as a recorded change.
    const back = await newest("causes", water.id);
    expect(back).toMatchObject({ action: "INSERT", actor_email: stack.email });
    expect(back.new_data).toMatchObject({ id: water.id, title: deletion.old_data?.title });
    expect(await screen.findByRole("heading", { name: "Clean Water" })).toBeTruthy();
    expect(await stack.row("causes", water.id)).toMatchObject({ title: "Clean Water" });
    expect($saves.get()).toBe(saves + 1);
    expect((await getTrash(stack.client)).map((entry) => entry.row_id)).not.toContain(water.id);
  });

  it("shows a hidden record again from the toast", async () => {
    const [water] = (await seedCauses(WATER)) as [Row];
    const { user } = renderCauses();
    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water" }));
    await screen.findByText("Cause is now inactive.");
    const toggle = await newest("causes", water.id);
    await user.click(screen.getByRole("button", { name: "Undo" }));
    await screen.findByText("Change undone.");
    // The version before the toggle was restored.
    const undone = await newest("causes", water.id);
    expect(undone.id).toBeGreaterThan(toggle.id);
    expect(undone.new_data?.is_active).toBe(toggle.old_data?.is_active);
    expect((await stack.row("causes", water.id))?.is_active).toBe(true);
    expect(await screen.findByRole("button", { name: "Deactivate Clean Water" })).toBeTruthy();
  });

  it("takes a saved edit back from the toast", async () => {
    const [water] = (await seedCauses(WATER)) as [Row];
    const { user } = renderCauses();
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
    expect((await stack.row("causes", water.id))?.title).toBe("Clean Water");
    expect(await screen.findByRole("heading", { name: "Clean Water" })).toBeTruthy();
  });

  it("gives the logo shown before back its place when an activation is undone", async () => {
    await stack.clear("logo_settings");
    const [old, fresh] = (await stack.seed("logo_settings", [
      { logo_name: "Old Logo", logo_url: "https://example.org/old.png", is_active: true },
      { logo_name: "New Logo", logo_url: "https://example.org/new.png", is_active: false },
    ])) as [Row, Row];
    const user = userEvent.setup();
    renderScreen(<ResourceManager definition={logos} />, stack);
    await user.click(await screen.findByRole("button", { name: "Activate New Logo" }));
    await screen.findByText("Logo is now active.");
    expect((await stack.row("logo_settings", old.id))?.is_active).toBe(false);

    await user.click(screen.getByRole("button", { name: "Undo" }));
    await screen.findByText("Change undone.");
    expect((await stack.row("logo_settings", old.id))?.is_active).toBe(true);
    expect((await stack.row("logo_settings", fresh.id))?.is_active).toBe(false);
  });

  it("says so when there is nothing left to undo", async () => {
    const [water] = (await seedCauses(WATER)) as [Row];
    const { user } = renderCauses();
    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water" }));
    await screen.findByText("Cause is now inactive.");
    // The record changed so often since that its history no longer reaches the toggle.
    for (let n = 0; n < 100; n += 1) {
      await stack.change("causes", water.id, { description: `Wells, take ${n}` });
    }
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("The change could not be undone.")).toBeTruthy();
    expect(
      await screen.findByText("There is nothing to undo: the item has changed since."),
    ).toBeTruthy();
    expect((await stack.row("causes", water.id))?.is_active).toBe(false);
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

  async function renderGallery(...rows: ReturnType<typeof picture>[]) {
    await stack.clear("medical_gallery");
    const seeded = await stack.seed("medical_gallery", rows);
    stack.faults.reset();
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<GalleryManager gallery={medicalGallery} />, stack);
    return { user, rows: seeded };
  }

  it("opens on the alt text, saves it, and gives focus back to Describe", async () => {
    const { user, rows } = await renderGallery(picture(0));
    const [row] = rows as [Row];
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
    // Saved over the picture as it was loaded, trimmed.
    expect(
      stack.faults.sent.some(
        ({ method, path }) =>
          method === "PATCH" &&
          path.startsWith("/rest/v1/medical_gallery?") &&
          path.includes(`id=eq.${row.id}`) &&
          path.includes("updated_at=eq."),
      ),
    ).toBe(true);
    expect(await stack.row("medical_gallery", row.id)).toMatchObject({
      image_alt: "Nurses at the clinic",
      image_decorative: false,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(describeButton);
    expect(await screen.findByText("Alt text: Nurses at the clinic")).toBeTruthy();
  });

  it("stores empty text as no alt text, and marks a decorative picture", async () => {
    const { user, rows } = await renderGallery(picture(0, { image_alt: "Old words" }));
    const [row] = rows as [Row];
    await user.click(
      await screen.findByRole("button", { name: "Describe Medical Gallery Image 1" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Describe Medical Gallery Image 1" });
    await user.clear(within(dialog).getByLabelText("Alt text"));
    await user.click(within(dialog).getByLabelText("Decorative picture (no description)"));
    await user.click(within(dialog).getByRole("button", { name: "Save description" }));
    await screen.findByText("Description saved.");
    expect(await stack.row("medical_gallery", row.id)).toMatchObject({
      image_alt: null,
      image_decorative: true,
    });
    expect(await screen.findByText("Decorative")).toBeTruthy();
  });

  it("keeps the dialog open and says so when the description cannot be saved", async () => {
    const { user } = await renderGallery(picture(0));
    stack.faults.fail({ method: "PATCH", path: "/rest/v1/medical_gallery" });
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
    const { user } = await renderGallery(picture(0));
    await screen.findByRole("list", { name: "Gallery images" });
    expect(screen.queryByRole("button", { name: /^Add a description/ })).toBeNull();

    await user.upload(screen.getByLabelText("Choose Images") as HTMLInputElement, [
      sampleFile("ward.jpg", "image/jpeg"),
      sampleFile("clinic.jpg", "image/jpeg"),
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
    await stack.clear("medical_gallery");
    const [row] = (await stack.seed("medical_gallery", [picture(0)])) as [Row];
    await stack.change("medical_gallery", row.id, { image_url: "https://example.org/other.jpg" });
    const user = userEvent.setup();
    renderScreen(<GalleryManager gallery={medicalGallery} />, stack);
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
