// The generic card-list screen on a real database: loading, empty and failed lists, the
// add and edit modal, the card actions, the logos' one active record, and each item's name.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row, TableName } from "../api/rows.ts";
import { failures } from "../api/words.ts";
import { errorOf, inputValue } from "../testing/queries.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { ResourceManager } from "./ResourceManager.tsx";
import { banners } from "./resources/banners.ts";
import { boardStaff, galleryImages } from "./resources/home.ts";
import { logos, projects } from "./resources/showcase.ts";
import type { ResourceDefinition } from "./resources/types.ts";
import { forms } from "./words.ts";

const WATER = {
  title: "Clean Water",
  category_name: "Health",
  project_status: "ongoing",
  description: "Wells for villages",
  image_url: null,
  is_active: true,
  created_at: "2026-01-01T00:00:00Z",
};
const BOOKS = {
  title: "School Books",
  category_name: "Education",
  project_status: "completed",
  description: "Books for the school",
  image_url: "https://example.org/books.jpg",
  is_active: false,
  created_at: "2026-01-02T00:00:00Z",
};

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/** `table` holding only `rows`, stored as the owner and answered; earlier requests forgotten. */
async function arrange(table: TableName, rows: Record<string, unknown>[] = []): Promise<Row[]> {
  await stack.clear(table);
  const stored = rows.length > 0 ? await stack.seed(table, rows) : [];
  stack.faults.reset();
  return stored;
}

function setup(definition: ResourceDefinition) {
  const user = userEvent.setup();
  renderScreen(<ResourceManager definition={definition} />, stack);
  return { user };
}

/** The requests that read a table's rows. */
const reads = (table: TableName) =>
  stack.faults.sent.filter(
    (request) => request.method === "GET" && request.path.startsWith(`/rest/v1/${table}?`),
  );
/** The requests that would change a table's rows. */
const writes = (table: TableName) =>
  stack.faults.sent.filter(
    (request) =>
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      request.path.startsWith(`/rest/v1/${table}`),
  );
/** The requests calling a database function. */
const calls = (fn: string) =>
  stack.faults.sent.filter((request) => request.path.startsWith(`/rest/v1/rpc/${fn}`));
/** A stored timestamp (the owner reads Dates) in milliseconds. */
const time = (value: unknown) =>
  value instanceof Date ? value.getTime() : Date.parse(String(value));

async function fillProject(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  values: { title: string; category: string; description: string },
) {
  const form = within(dialog);
  await user.type(form.getByLabelText(/^Project Title/), values.title);
  await user.type(form.getByLabelText(/^Category/), values.category);
  await user.type(form.getByLabelText(/^Description/), values.description);
}

describe("ResourceManager: list states", () => {
  it("shows the loading text, then a card per row", async () => {
    await arrange("projects", [WATER, BOOKS]);
    const gate = stack.faults.hold({ method: "GET", path: "/rest/v1/projects" });
    setup(projects);

    expect(screen.getByRole("heading", { name: "Projects Management" })).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(projects.texts.loading);
    expect(screen.queryByRole("list", { name: "Projects Management" })).toBeNull();

    await act(async () => gate.release());
    const list = await screen.findByRole("list", { name: "Projects Management" });
    expect(screen.queryByText(projects.texts.loading)).toBeNull();
    // Newest first (projects are ordered by created_at, descending).
    const titles = within(list)
      .getAllByRole("heading", { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(["School Books", "Clean Water"]);
    expect(reads("projects").map((request) => request.path)).toEqual([
      expect.stringMatching(/[?&]order=created_at\.desc/),
    ]);
    // A card without a picture says so; the badges come from the definition.
    expect(within(list).getByText("No image")).toBeTruthy();
    expect(within(list).getByText("Completed")).toBeTruthy();
    expect(within(list).getByText("Inactive")).toBeTruthy();
  });

  it("shows the empty state, whose button opens the add form", async () => {
    await arrange("projects");
    const { user } = setup(projects);

    expect(await screen.findByText(projects.texts.empty)).toBeTruthy();
    expect(screen.getByText(projects.texts.emptyHint)).toBeTruthy();
    expect(projects.texts.empty).toBe("No Projects Yet");
    await user.click(screen.getByRole("button", { name: projects.texts.emptyAction }));
    expect(await screen.findByRole("dialog", { name: "Add New Project" })).toBeTruthy();
  });

  it("uses each definition's empty texts", async () => {
    await arrange("board_staff");
    setup(boardStaff);
    expect(await screen.findByText("No Board Staff Members Yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Your First Member" })).toBeTruthy();
  });

  it("shows a load failure with a Retry button that loads again", async () => {
    await arrange("projects", [WATER]);
    stack.faults.fail(
      { method: "GET", path: "/rest/v1/projects" },
      { status: 500, code: "57014", message: "canceling statement due to statement timeout" },
    );
    const { user } = setup(projects);

    const alert = await screen.findByText(projects.texts.loadError, { selector: "p" });
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Clean Water" })).toBeTruthy();
    expect(alert.isConnected).toBe(false);
    expect(reads("projects")).toHaveLength(2);
  });
});

describe("ResourceManager: adding", () => {
  it("creates through the modal, says so, and reloads the list", async () => {
    await arrange("projects", [BOOKS]);
    const { user } = setup(projects);
    await screen.findByRole("heading", { name: "School Books" });
    const readsBefore = reads("projects").length;

    await user.click(screen.getByRole("button", { name: "Add Project" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Project" });
    await fillProject(user, dialog, {
      title: "Solar Lamps",
      category: "Energy",
      description: "Light for study",
    });
    await user.selectOptions(within(dialog).getByLabelText(/^Status/), "planning");
    await user.click(within(dialog).getByRole("button", { name: "Create Project" }));

    expect(await screen.findByText("Project added successfully!")).toBeTruthy();
    expect(writes("projects").map((request) => request.method)).toEqual(["POST"]);
    const stored = await stack.rows("projects");
    expect(stored).toHaveLength(2);
    expect(stored.find((row) => row.title === "Solar Lamps")).toMatchObject({
      title: "Solar Lamps",
      category_name: "Energy",
      project_status: "planning",
      description: "Light for study",
      image_url: null,
      image_alt: null,
      image_decorative: false,
      is_active: true,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("heading", { name: "Solar Lamps" })).toBeTruthy();
    expect(reads("projects").length).toBeGreaterThan(readsBefore);
  });

  it("shows 'Saving...' with the submit button disabled while the save runs", async () => {
    await arrange("projects");
    const { user } = setup(projects);
    await screen.findByText(projects.texts.empty);
    await user.click(screen.getByRole("button", { name: "Add Project" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Project" });
    await fillProject(user, dialog, { title: "A", category: "B", description: "C" });

    const gate = stack.faults.hold({ method: "POST", path: "/rest/v1/projects" });
    await user.click(within(dialog).getByRole("button", { name: "Create Project" }));
    const saving = await within(dialog).findByRole("button", { name: "Saving..." });
    expect((saving as HTMLButtonElement).disabled).toBe(true);

    await act(async () => gate.release());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("refuses a blank form with a bad address: both said in the alert, a message per field, no insert", async () => {
    await arrange("projects");
    const { user } = setup(projects);
    await screen.findByText(projects.texts.empty);
    await user.click(screen.getByRole("button", { name: "Add Project" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Project" });
    const form = within(dialog);
    await user.type(form.getByLabelText("or paste an image address"), "not an address");
    await user.click(form.getByRole("button", { name: "Create Project" }));

    const alert = await form.findByRole("alert");
    expect(alert.textContent).toBe(
      "Please fill in all required fields and fix the highlighted fields.",
    );
    for (const label of [/^Project Title/, /^Category/, /^Description/]) {
      const control = form.getByLabelText(label);
      expect(control.getAttribute("aria-invalid")).toBe("true");
      expect(errorOf(control)).toBe("Please fill in all required fields");
    }
    const address = form.getByLabelText("or paste an image address");
    expect(errorOf(address)).toBe("Enter a web address starting with https://, or upload a file");
    expect(form.getByLabelText(/^Status/).getAttribute("aria-invalid")).toBeNull();
    expect(writes("projects")).toEqual([]);
    expect(await stack.rows("projects")).toEqual([]);
    expect(screen.getByRole("dialog", { name: "Add New Project" })).toBeTruthy();
  });

  it("asks for the pictures, and only them, when Add Images is sent with nothing chosen", async () => {
    await arrange("gallery_images");
    const { user } = setup(galleryImages);
    await screen.findByText(galleryImages.texts.empty);
    await user.click(screen.getAllByRole("button", { name: "Add Images" })[0] as HTMLElement);
    const dialog = await screen.findByRole("dialog", { name: "Add Images" });
    const form = within(dialog);
    await user.click(form.getByRole("button", { name: "Add Images" }));

    expect((await form.findByRole("alert")).textContent).toBe(
      "Please select images or enter an image URL",
    );
    // Adding pictures, a blank title takes each file's name: only the picture is missing.
    expect(errorOf(form.getByLabelText(/^Title/))).toBeNull();
    expect(errorOf(form.getByLabelText("Or an image address"))).toBe(
      "Please select images or enter an image URL",
    );
    expect(writes("gallery_images")).toEqual([]);
    expect(await stack.rows("gallery_images")).toEqual([]);
  });

  it("keeps the typed values and says so when the insert fails", async () => {
    await arrange("projects");
    stack.faults.fail(
      { method: "POST", path: "/rest/v1/projects" },
      {
        status: 400,
        code: "23514",
        message:
          'new row for relation "projects" violates check constraint "projects_title_filled"',
      },
    );
    const { user } = setup(projects);
    await screen.findByText(projects.texts.empty);
    await user.click(screen.getByRole("button", { name: "Add Project" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Project" });
    await fillProject(user, dialog, {
      title: "Solar Lamps",
      category: "Energy",
      description: "Light for study",
    });
    await user.click(within(dialog).getByRole("button", { name: "Create Project" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe(projects.texts.saveError);
    expect(projects.texts.saveError).toBe("Error saving project. Please try again.");
    // The toast says it too, with the cause in words for editors.
    expect(await screen.findByText("Title must be filled in, and not be too long.")).toBeTruthy();
    expect(screen.queryByText(/violates|projects_title_filled/)).toBeNull();
    expect(screen.getAllByText(projects.texts.saveError)).toHaveLength(2);
    expect(inputValue(within(dialog).getByLabelText(/^Project Title/))).toBe("Solar Lamps");
    expect(inputValue(within(dialog).getByLabelText(/^Category/))).toBe("Energy");
    expect(inputValue(within(dialog).getByLabelText(/^Description/))).toBe("Light for study");
    expect(await stack.rows("projects")).toEqual([]);

    // Trying again works, and nothing was lost.
    await user.click(within(dialog).getByRole("button", { name: "Create Project" }));
    expect(await screen.findByText("Project added successfully!")).toBeTruthy();
    expect((await stack.rows("projects")).map((row) => row.title)).toEqual(["Solar Lamps"]);
  });

  it("asks before discarding typed changes on Cancel", async () => {
    await arrange("projects");
    const { user } = setup(projects);
    await screen.findByText(projects.texts.empty);
    await user.click(screen.getByRole("button", { name: "Add Project" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Project" });
    await user.type(within(dialog).getByLabelText(/^Project Title/), "Half-typed");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    let question = await screen.findByRole("alertdialog");
    expect(within(question).getByText("You have unsaved changes. Discard them?")).toBeTruthy();
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(inputValue(within(dialog).getByLabelText(/^Project Title/))).toBe("Half-typed");

    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    question = await screen.findByRole("alertdialog");
    await user.click(within(question).getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes("projects")).toEqual([]);
    expect(await stack.rows("projects")).toEqual([]);
  });
});

describe("ResourceManager: new sort orders", () => {
  const bannerRows = [0, 5, 2].map((sort_order) => ({
    image_url: `https://example.org/banner-${sort_order}.jpg`,
    title: `Banner at ${sort_order}`,
    subtitle: null,
    position: "left",
    sort_order,
    is_active: true,
  }));

  it("gives a new banner the highest sort order plus one", async () => {
    await arrange("banners", bannerRows);
    const { user } = setup(banners);
    await screen.findByRole("heading", { name: "Banner at 5" });

    await user.click(screen.getByRole("button", { name: "Add Banner" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Banner" });
    const form = within(dialog);
    expect(inputValue(form.getByLabelText("Sort Order"))).toBe("6");
    await user.type(
      form.getByLabelText("or paste an image address"),
      "https://example.org/new.jpg",
    );
    await user.click(form.getByRole("button", { name: "Create Banner" }));

    expect(await screen.findByText("Banner added successfully!")).toBeTruthy();
    expect((await stack.rows("banners")).at(-1)).toMatchObject({
      image_url: "https://example.org/new.jpg",
      image_alt: null,
      image_decorative: false,
      title: null,
      subtitle: null,
      position: "left",
      sort_order: 6,
      is_active: true,
    });
    // A banner without a title is 'Untitled Banner' on its card, with its order badge.
    expect(await screen.findByRole("heading", { name: "Untitled Banner" })).toBeTruthy();
    expect(screen.getByText("#7")).toBeTruthy();
  });

  it("starts banners at 0 when there are none", async () => {
    await arrange("banners");
    const { user } = setup(banners);
    await screen.findByText(banners.texts.empty);
    await user.click(screen.getByRole("button", { name: "Add Banner" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Banner" });
    expect(inputValue(within(dialog).getByLabelText("Sort Order"))).toBe("0");
  });

  it("refuses a banner without an image with the banner's alert", async () => {
    await arrange("banners");
    const { user } = setup(banners);
    await screen.findByText(banners.texts.empty);
    await user.click(screen.getByRole("button", { name: "Add Banner" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Banner" });
    await user.click(within(dialog).getByRole("button", { name: "Create Banner" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Please upload an image");
    expect(writes("banners")).toEqual([]);
    expect(await stack.rows("banners")).toEqual([]);
  });

  it("gives a new board member the next free number as sort order", async () => {
    await arrange(
      "board_staff",
      [0, 4, 9].map((sort_order, index) => ({
        name: `Member ${index + 1}`,
        designation: "Trustee",
        image_url: null,
        sort_order,
        is_active: true,
      })),
    );
    const { user } = setup(boardStaff);
    await screen.findByRole("heading", { name: "Member 3" });

    await user.click(screen.getByRole("button", { name: "Add Member" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Board Staff Member" });
    const form = within(dialog);
    // After the highest (9), so no two members ever show the same number.
    expect(inputValue(form.getByLabelText("Sort Order"))).toBe("10");
    await user.type(form.getByLabelText(/^Full Name/), "Asha Rai");
    await user.type(form.getByLabelText(/^Designation/), "Treasurer");
    await user.click(form.getByRole("button", { name: "Create Member" }));

    expect(await screen.findByText("Member added successfully!")).toBeTruthy();
    expect((await stack.rows("board_staff")).at(-1)).toMatchObject({
      name: "Asha Rai",
      designation: "Treasurer",
      image_url: null,
      image_alt: null,
      image_decorative: false,
      bio: null,
      specialties: null,
      achievements: null,
      email: null,
      phone: null,
      social_label: null,
      social_url: null,
      // A new person appears on both pages until an editor clears a tick.
      on_home_page: true,
      on_team_page: true,
      sort_order: 10,
      is_active: true,
    });
  });
});

describe("ResourceManager: editing", () => {
  it("pre-fills the form and saves over the row as loaded", async () => {
    const [water] = await arrange("projects", [WATER, BOOKS]);
    if (!water) throw new Error("no project stored");
    const { user } = setup(projects);

    await user.click(await screen.findByRole("button", { name: "Edit Clean Water" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Project" });
    const form = within(dialog);
    expect(inputValue(form.getByLabelText(/^Project Title/))).toBe("Clean Water");
    expect(inputValue(form.getByLabelText(/^Category/))).toBe("Health");
    expect(inputValue(form.getByLabelText(/^Status/))).toBe("ongoing");
    expect(inputValue(form.getByLabelText(/^Description/))).toBe("Wells for villages");
    expect(inputValue(form.getByLabelText("or paste an image address"))).toBe("");
    expect((form.getByLabelText("Active") as HTMLInputElement).checked).toBe(true);

    await user.clear(form.getByLabelText(/^Project Title/));
    await user.type(form.getByLabelText(/^Project Title/), "Clean Water Wells");
    await user.selectOptions(form.getByLabelText(/^Status/), "completed");
    await user.click(form.getByRole("button", { name: "Update Project" }));

    expect(await screen.findByText("Project updated successfully!")).toBeTruthy();
    expect(writes("projects").map((request) => request.method)).toEqual(["PATCH"]);
    const saved = await stack.row("projects", water.id);
    expect(saved).toMatchObject({
      title: "Clean Water Wells",
      category_name: "Health",
      project_status: "completed",
      description: "Wells for villages",
      image_url: null,
      image_alt: null,
      image_decorative: false,
      is_active: true,
    });
    expect(time(saved?.updated_at)).toBeGreaterThan(time(water.updated_at));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("heading", { name: "Clean Water Wells" })).toBeTruthy();
  });

  it("offers to reload the item when someone else saved it first", async () => {
    const [water] = await arrange("projects", [WATER]);
    if (!water) throw new Error("no project stored");
    const { user } = setup(projects);

    await user.click(await screen.findByRole("button", { name: "Edit Clean Water" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Project" });
    const form = within(dialog);
    const theirs = await stack.change("projects", water.id, {
      title: "Clean Water (theirs)",
      description: "Changed elsewhere",
    });
    await user.clear(form.getByLabelText(/^Category/));
    await user.type(form.getByLabelText(/^Category/), "Water");
    await user.click(form.getByRole("button", { name: "Update Project" }));

    const alert = await form.findByRole("alert");
    expect(within(alert).getByText(failures.changedElsewhere)).toBeTruthy();
    // Nothing of the refused save was stored.
    expect(await stack.row("projects", water.id)).toEqual(theirs);

    await user.click(within(alert).getByRole("button", { name: "Reload this item" }));
    await waitFor(() =>
      expect(inputValue(form.getByLabelText(/^Project Title/))).toBe("Clean Water (theirs)"),
    );
    expect(inputValue(within(dialog).getByLabelText(/^Description/))).toBe("Changed elsewhere");
    expect(inputValue(within(dialog).getByLabelText(/^Category/))).toBe("Health");
    expect(within(dialog).queryByRole("alert")).toBeNull();

    // Saving again now goes through, over their version.
    await user.click(within(dialog).getByRole("button", { name: "Update Project" }));
    expect(await screen.findByText("Project updated successfully!")).toBeTruthy();
    const saved = await stack.row("projects", water.id);
    expect(saved).toMatchObject({ title: "Clean Water (theirs)", category_name: "Health" });
    expect(time(saved?.updated_at)).toBeGreaterThan(time(theirs.updated_at));
  });

  it("says when the edited item was deleted meanwhile, with nothing to reload", async () => {
    const [water] = await arrange("projects", [WATER]);
    if (!water) throw new Error("no project stored");
    const { user } = setup(projects);

    await user.click(await screen.findByRole("button", { name: "Edit Clean Water" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Project" });
    await stack.drop("projects", water.id);
    await user.click(within(dialog).getByRole("button", { name: "Update Project" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe(failures.deletedElsewhere);
    expect(within(alert).queryByRole("button")).toBeNull();
    expect(await stack.rows("projects")).toEqual([]);
  });
});

describe("ResourceManager: card actions", () => {
  it("toggles active, changing only the flag", async () => {
    const [water, books] = await arrange("projects", [WATER, BOOKS]);
    if (!water || !books) throw new Error("no projects stored");
    const { user } = setup(projects);

    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water" }));
    expect(await screen.findByText("Project is now inactive.")).toBeTruthy();
    const { updated_at: _waterClock, ...waterBefore } = water;
    expect(await stack.row("projects", water.id)).toMatchObject({
      ...waterBefore,
      is_active: false,
    });
    expect(await screen.findByRole("button", { name: "Activate Clean Water" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Activate School Books" }));
    expect(await screen.findByText("Project is now active.")).toBeTruthy();
    const { updated_at: _booksClock, ...booksBefore } = books;
    expect(await stack.row("projects", books.id)).toMatchObject({
      ...booksBefore,
      is_active: true,
    });
    expect(writes("projects").map((request) => request.method)).toEqual(["PATCH", "PATCH"]);
    expect(calls("activate_logo")).toEqual([]);
  });

  it("reports a failed toggle", async () => {
    const [water] = await arrange("projects", [WATER]);
    stack.faults.fail({ method: "PATCH", path: "/rest/v1/projects" }, { network: true });
    const { user } = setup(projects);
    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water" }));
    expect(await screen.findByText(projects.texts.statusError)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Deactivate Clean Water" })).toBeTruthy();
    expect((await stack.row("projects", water?.id ?? ""))?.is_active).toBe(true);
  });

  it("deletes only after the confirmation", async () => {
    await arrange("projects", [WATER, BOOKS]);
    const { user } = setup(projects);

    await user.click(await screen.findByRole("button", { name: "Delete Clean Water" }));
    let question = await screen.findByRole("alertdialog");
    expect(question.textContent).toContain(`${projects.texts.confirmDelete} ${forms.toTrash}`);
    expect(projects.texts.confirmDelete).toBe("Are you sure you want to delete this project?");
    expect(forms.toTrash).toBe("It goes to the Trash, where it can be restored for 30 days.");
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes("projects")).toEqual([]);
    expect(await stack.rows("projects")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Clean Water" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Delete Clean Water" }));
    question = await screen.findByRole("alertdialog");
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Project deleted successfully!")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Clean Water" })).toBeNull());
    expect((await stack.rows("projects")).map((row) => row.title)).toEqual(["School Books"]);
  });

  it("reports a failed delete and keeps the card", async () => {
    await arrange("projects", [WATER]);
    stack.faults.fail({ method: "DELETE", path: "/rest/v1/projects" }, { network: true });
    const { user } = setup(projects);
    await user.click(await screen.findByRole("button", { name: "Delete Clean Water" }));
    const question = await screen.findByRole("alertdialog");
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(projects.texts.deleteError)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Clean Water" })).toBeTruthy();
    expect(await stack.rows("projects")).toHaveLength(1);
  });
});

describe("ResourceManager: logos", () => {
  const CURRENT = {
    logo_url: "https://example.org/current.png",
    logo_name: "Helping Hands",
    tagline: "Making a Difference",
    is_active: true,
    created_at: "2026-01-01T00:00:00Z",
  };
  const OLD = {
    logo_url: "https://example.org/old.png",
    logo_name: "Old Logo",
    tagline: null,
    is_active: false,
    created_at: "2026-01-02T00:00:00Z",
  };

  /** What the database recorded of a logo's activity, change by change. */
  async function activity(id: string): Promise<{ action: string; active: string | null }[]> {
    const result = await stack.db.query<{ action: string; active: string | null }>(
      `select action, new_data->>'is_active' as active from public.audit_log
        where table_name = 'logo_settings' and row_id = $1 order by id`,
      [id],
    );
    return result.rows;
  }

  it("activates an inactive logo, which deactivates the other", async () => {
    const [current, old] = await arrange("logo_settings", [CURRENT, OLD]);
    if (!current || !old) throw new Error("no logos stored");
    const { user } = setup(logos);

    await user.click(await screen.findByRole("button", { name: "Activate Old Logo" }));
    expect(await screen.findByText("Logo is now active.")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Deactivate Old Logo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Activate Helping Hands" })).toBeTruthy();
    // The database keeps one active logo: the switch is its activate_logo, in one step.
    expect(calls("activate_logo")).toHaveLength(1);
    expect(writes("logo_settings")).toEqual([]);
    expect((await stack.row("logo_settings", old.id))?.is_active).toBe(true);
    expect((await stack.row("logo_settings", current.id))?.is_active).toBe(false);
  });

  it("deactivates the active logo with a plain update", async () => {
    const [current] = await arrange("logo_settings", [CURRENT, OLD]);
    if (!current) throw new Error("no logo stored");
    const { user } = setup(logos);

    await user.click(await screen.findByRole("button", { name: "Deactivate Helping Hands" }));
    // The only active logo: the site would show its default one, so it asks first.
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Deactivate" }),
    );
    expect(await screen.findByText("Logo is now inactive.")).toBeTruthy();
    expect(writes("logo_settings").map((request) => request.method)).toEqual(["PATCH"]);
    expect(calls("activate_logo")).toEqual([]);
    expect((await stack.rows("logo_settings")).every((row) => !row.is_active)).toBe(true);
  });

  it("stores a new active logo inactive, then activates it", async () => {
    const [current] = await arrange("logo_settings", [CURRENT]);
    if (!current) throw new Error("no logo stored");
    const { user } = setup(logos);
    await screen.findByRole("heading", { name: "Helping Hands" });

    await user.click(screen.getByRole("button", { name: "Add Logo" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Logo" });
    const form = within(dialog);
    expect(inputValue(form.getByLabelText(/^Organization Name/))).toBe("HELPING HANDS FOUNDATION");
    await user.type(
      form.getByLabelText("or paste an image address"),
      "https://example.org/new.png",
    );
    await user.click(form.getByRole("button", { name: "Create Logo" }));

    expect(await screen.findByText("Logo added successfully!")).toBeTruthy();
    const created = (await stack.rows("logo_settings")).find((row) => row.id !== current.id);
    expect(created).toMatchObject({ logo_name: "HELPING HANDS FOUNDATION", is_active: true });
    expect((await stack.row("logo_settings", current.id))?.is_active).toBe(false);
    // Stored inactive (a second active logo is refused), then made the one active logo.
    expect(await activity(created?.id ?? "")).toEqual([
      { action: "INSERT", active: "false" },
      { action: "UPDATE", active: "true" },
    ]);
  });

  it("saves an edit that ticks Active as inactive, then activates the logo", async () => {
    const [current, old] = await arrange("logo_settings", [CURRENT, OLD]);
    if (!current || !old) throw new Error("no logos stored");
    const { user } = setup(logos);

    await user.click(await screen.findByRole("button", { name: "Edit Old Logo" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Logo" });
    await user.click(within(dialog).getByLabelText("Active (shown in the header and footer)"));
    await user.click(within(dialog).getByRole("button", { name: "Update Logo" }));

    expect(await screen.findByText("Logo updated successfully!")).toBeTruthy();
    expect((await stack.row("logo_settings", old.id))?.is_active).toBe(true);
    expect((await stack.row("logo_settings", current.id))?.is_active).toBe(false);
    expect(await activity(old.id)).toEqual([
      { action: "INSERT", active: "false" },
      { action: "UPDATE", active: "false" },
      { action: "UPDATE", active: "true" },
    ]);
  });
});

describe("ResourceManager: naming and showing each item", () => {
  it("names the item in its delete confirmation, as its card does", async () => {
    await arrange("projects", [WATER]);
    const { user } = setup(projects);
    await user.click(await screen.findByRole("button", { name: "Delete Clean Water" }));
    const question = await screen.findByRole("alertdialog", { name: 'Delete "Clean Water"?' });
    expect(question.textContent).toContain(projects.texts.confirmDelete);
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(writes("projects")).toEqual([]);
    expect(await stack.rows("projects")).toHaveLength(1);
  });

  it("shows a logo whole on its card, where a project's picture fills the frame", async () => {
    await arrange("logo_settings", [
      {
        logo_url: "https://example.org/logo.png",
        logo_name: "Helping Hands",
        tagline: null,
        is_active: true,
      },
    ]);
    setup(logos);
    await screen.findByRole("heading", { name: "Helping Hands" });
    const picture = document.querySelector('img[src="https://example.org/logo.png"]');
    expect(picture?.className).toContain("object-contain");
    expect(picture?.className).not.toContain("object-cover");
  });

  it("refuses a bad picture address with every required field filled, pointing to the field", async () => {
    await arrange("logo_settings");
    const { user } = setup(logos);
    await user.click(await screen.findByRole("button", { name: "Add Logo" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add New Logo" }));
    await user.type(dialog.getByLabelText(/^Organization Name/), "Helping Hands");
    await user.type(dialog.getByLabelText("or paste an image address"), "not an address");
    await user.click(dialog.getByRole("button", { name: "Create Logo" }));

    expect((await dialog.findByRole("alert")).textContent).toBe(
      "Please fix the highlighted fields.",
    );
    expect(dialog.queryByText("Please fill in all required fields")).toBeNull();
    expect(writes("logo_settings")).toEqual([]);
    expect(await stack.rows("logo_settings")).toEqual([]);
  });
});
