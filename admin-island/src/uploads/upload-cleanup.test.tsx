// Files uploaded into a form and never saved do not stay in the bucket: cancelled
// forms and pictures replaced before saving are removed; saved ones and those of a
// form whose draft is kept (a lost session) stay.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ResourceManager } from "../content/ResourceManager.tsx";
import { projects } from "../content/resources/showcase.ts";
import { createFakeData, type FakeData } from "../testing/fake-data.ts";
import { renderWithData } from "../testing/render.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("./images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const png = (name: string) =>
  new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });

async function openAddForm(fake: FakeData) {
  const user = userEvent.setup();
  renderWithData(<ResourceManager definition={projects} />, fake);
  await screen.findByText(projects.texts.empty);
  await user.click(screen.getByRole("button", { name: "Add Project" }));
  const dialog = await screen.findByRole("dialog", { name: "Add New Project" });
  const upload = async (name: string) => {
    await user.upload(within(dialog).getByLabelText(/^Image file for Project Image/), png(name));
    await waitFor(() => expect(fake.upload).toHaveBeenCalledTimes(fake.files.length));
    return (await fake.upload.mock.results.at(-1)?.value) as string;
  };
  return { user, dialog, upload };
}

describe("uploads left behind by a form", () => {
  it("are removed when the form is cancelled", async () => {
    const fake = createFakeData();
    const { user, dialog, upload } = await openAddForm(fake);
    const url = await upload("first.png");
    expect(fake.files).toHaveLength(1);

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Discard" }),
    );
    await waitFor(() => expect(fake.removeUpload).toHaveBeenCalledWith(url));
    expect(fake.files).toHaveLength(0);
    expect(fake.insert).not.toHaveBeenCalled();
  });

  it("keep the saved picture and remove the one it replaced before saving", async () => {
    const fake = createFakeData();
    const { user, dialog, upload } = await openAddForm(fake);
    const replaced = await upload("first.png");
    const kept = await upload("second.png");
    const form = within(dialog);
    await user.type(form.getByLabelText(/^Project Title/), "Solar Lamps");
    await user.type(form.getByLabelText(/^Category/), "Energy");
    await user.type(form.getByLabelText(/^Description/), "Light for study");
    await user.click(form.getByRole("button", { name: "Create Project" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fake.rows("projects")[0]?.image_url).toBe(kept);
    await waitFor(() => expect(fake.removeUpload).toHaveBeenCalledTimes(1));
    expect(fake.removeUpload).toHaveBeenCalledWith(replaced);
    expect(fake.files.map((file) => file.path)).toEqual([kept.split("/media/")[1]]);
  });

  it("stay while the form's draft is kept, as after a lost session", async () => {
    const fake = createFakeData();
    const { user, dialog, upload } = await openAddForm(fake);
    await upload("first.png");
    await user.type(within(dialog).getByLabelText(/^Project Title/), "Half-typed");
    // The page goes away without the form being closed: the draft stays for later.
    cleanup();
    expect(sessionStorage.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fake.removeUpload).not.toHaveBeenCalled();
    expect(fake.files).toHaveLength(1);
  });

  it("stay when the save that used them failed", async () => {
    const fake = createFakeData();
    fake.fail("insert");
    const { user, dialog, upload } = await openAddForm(fake);
    const url = await upload("first.png");
    const form = within(dialog);
    await user.type(form.getByLabelText(/^Project Title/), "Solar Lamps");
    await user.type(form.getByLabelText(/^Category/), "Energy");
    await user.type(form.getByLabelText(/^Description/), "Light for study");
    await user.click(form.getByRole("button", { name: "Create Project" }));
    await screen.findByRole("alert");

    // Cancelled afterwards: the file was part of a save attempt, so it is kept.
    await user.click(form.getByRole("button", { name: "Cancel" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Discard" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(fake.removeUpload).not.toHaveBeenCalled();
    expect(fake.files.map((file) => url.endsWith(file.path))).toEqual([true]);
  });
});
