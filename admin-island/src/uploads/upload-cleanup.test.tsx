// Files uploaded into a form and never saved do not stay in the bucket: cancelled
// forms and pictures replaced before saving are removed; saved ones and those of a
// form whose draft is kept (a lost session) stay. On the embedded stack: the real
// media function stores each file, and what the bucket holds is read as its owner.
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ResourceManager } from "../content/ResourceManager.tsx";
import { projects } from "../content/resources/showcase.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { sampleFile, storedObjects, warmMedia } from "./sample-files.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("./images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

/** The folder the projects' pictures go to (the Project Image field's). */
const FOLDER = "projects";

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
  await warmMedia(stack);
});
afterAll(() => stack?.close());

/** The paths stored under the projects' folder since `before`. */
async function storedSince(before: string[]): Promise<string[]> {
  return (await storedObjects(stack, FOLDER)).filter((path) => !before.includes(path));
}

/** The path in the bucket of a public address. */
const pathOf = (url: string) => url.split("/media/")[1];

const inserts = () =>
  stack.faults.sent.filter(
    (request) => request.method === "POST" && request.path.startsWith("/rest/v1/projects"),
  );

async function openAddForm() {
  await stack.clear("projects");
  stack.faults.reset();
  const before = await storedObjects(stack, FOLDER);
  const user = userEvent.setup();
  renderScreen(<ResourceManager definition={projects} />, stack);
  await screen.findByText(projects.texts.empty);
  await user.click(screen.getByRole("button", { name: "Add Project" }));
  const dialog = await screen.findByRole("dialog", { name: "Add New Project" });
  const address = () =>
    within(dialog).getByLabelText("or paste an image address") as HTMLInputElement;
  /** Uploads a picture into the Project Image field; answers its address once the field holds it. */
  const upload = async (name: string) => {
    const previous = address().value;
    await user.upload(
      within(dialog).getByLabelText(/^Image file for Project Image/),
      sampleFile(name, "image/png"),
    );
    await waitFor(() => {
      expect(address().value).not.toBe(previous);
      expect(address().value).toContain(`/storage/v1/object/public/media/${FOLDER}/`);
    });
    return address().value;
  };
  return { user, dialog, upload, stored: () => storedSince(before) };
}

async function fillProject(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const form = within(dialog);
  await user.type(form.getByLabelText(/^Project Title/), "Solar Lamps");
  await user.type(form.getByLabelText(/^Category/), "Energy");
  await user.type(form.getByLabelText(/^Description/), "Light for study");
}

describe("uploads left behind by a form", () => {
  it("are removed when the form is cancelled", async () => {
    const { user, dialog, upload, stored } = await openAddForm();
    const url = await upload("first.png");
    expect(await stored()).toEqual([pathOf(url)]);

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Discard" }),
    );
    await waitFor(async () => expect(await stored()).toEqual([]));
    expect(inserts()).toEqual([]);
    expect(await stack.rows("projects")).toEqual([]);
  });

  it("keep the saved picture and remove the one it replaced before saving", async () => {
    const { user, dialog, upload, stored } = await openAddForm();
    const replaced = await upload("first.png");
    const kept = await upload("second.png");
    expect(await stored()).toEqual([pathOf(replaced), pathOf(kept)]);
    await fillProject(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Create Project" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((await stack.rows("projects"))[0]?.image_url).toBe(kept);
    await waitFor(async () => expect(await stored()).toEqual([pathOf(kept)]));
  });

  it("stay while the form's draft is kept, as after a lost session", async () => {
    const { user, dialog, upload, stored } = await openAddForm();
    const url = await upload("first.png");
    await user.type(within(dialog).getByLabelText(/^Project Title/), "Half-typed");
    // The page goes away without the form being closed: the draft stays for later.
    cleanup();
    expect(sessionStorage.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stack.faults.sent.filter((request) => request.method === "DELETE")).toEqual([]);
    expect(await stored()).toEqual([pathOf(url)]);
  });

  it("stay when the save that used them failed", async () => {
    const { user, dialog, upload, stored } = await openAddForm();
    stack.faults.fail({ method: "POST", path: "/rest/v1/projects" });
    const url = await upload("first.png");
    await fillProject(user, dialog);
    await user.click(within(dialog).getByRole("button", { name: "Create Project" }));
    await screen.findByRole("alert");

    // Cancelled afterwards: the file was part of a save attempt, so it is kept.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Discard" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(stack.faults.sent.filter((request) => request.method === "DELETE")).toEqual([]);
    expect(await stored()).toEqual([pathOf(url)]);
    expect(await stack.rows("projects")).toEqual([]);
  });
});
