import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ConflictError, type Row } from "../api/data-layer.ts";
import { createFakeData, type FakeData } from "../testing/fake-data.ts";
import { errorOf, inputValue, renderWithData } from "../testing/render.ts";
import { forms } from "../words.ts";
import { ResourceManager } from "./ResourceManager.tsx";
import { banners } from "./resources/banners.ts";
import { boardStaff, galleryImages } from "./resources/home.ts";
import { logos, projects } from "./resources/showcase.ts";
import type { ResourceDefinition } from "./resources/types.ts";

const WATER = {
  title: "Clean Water",
  category_name: "Health",
  project_status: "ongoing",
  description: "Wells for villages",
  image_url: null,
  is_active: true,
};
const BOOKS = {
  title: "School Books",
  category_name: "Education",
  project_status: "completed",
  description: "Books for the school",
  image_url: "https://example.org/books.jpg",
  is_active: false,
};

function setup(definition: ResourceDefinition, fake: FakeData) {
  const user = userEvent.setup();
  renderWithData(<ResourceManager definition={definition} />, fake);
  return { user };
}

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
    const fake = createFakeData({ projects: [WATER, BOOKS] });
    const gate = fake.hold("list");
    setup(projects, fake);

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
    expect(fake.list).toHaveBeenCalledWith("projects", { column: "created_at", ascending: false });
    // A card without a picture says so; the badges come from the definition.
    expect(within(list).getByText("No image")).toBeTruthy();
    expect(within(list).getByText("Completed")).toBeTruthy();
    expect(within(list).getByText("Inactive")).toBeTruthy();
  });

  it("shows the empty state, whose button opens the add form", async () => {
    const fake = createFakeData();
    const { user } = setup(projects, fake);

    expect(await screen.findByText(projects.texts.empty)).toBeTruthy();
    expect(screen.getByText(projects.texts.emptyHint)).toBeTruthy();
    expect(projects.texts.empty).toBe("No Projects Yet");
    await user.click(screen.getByRole("button", { name: projects.texts.emptyAction }));
    expect(await screen.findByRole("dialog", { name: "Add New Project" })).toBeTruthy();
  });

  it("uses each definition's empty texts", async () => {
    const fake = createFakeData();
    setup(boardStaff, fake);
    expect(await screen.findByText("No Board Staff Members Yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add Your First Member" })).toBeTruthy();
  });

  it("shows a load failure with a Retry button that loads again", async () => {
    const fake = createFakeData({ projects: [WATER] });
    fake.fail("list");
    const { user } = setup(projects, fake);

    const alert = await screen.findByText(projects.texts.loadError, { selector: "p" });
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "Clean Water" })).toBeTruthy();
    expect(alert.isConnected).toBe(false);
    expect(fake.list).toHaveBeenCalledTimes(2);
  });
});

describe("ResourceManager: adding", () => {
  it("creates through the modal, says so, and reloads the list", async () => {
    const fake = createFakeData({ projects: [BOOKS] });
    const { user } = setup(projects, fake);
    await screen.findByRole("heading", { name: "School Books" });
    const listCalls = fake.list.mock.calls.length;

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
    expect(fake.insert).toHaveBeenCalledTimes(1);
    expect(fake.insert).toHaveBeenCalledWith("projects", [
      {
        title: "Solar Lamps",
        category_name: "Energy",
        project_status: "planning",
        description: "Light for study",
        image_url: null,
        image_alt: null,
        image_decorative: false,
        is_active: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("heading", { name: "Solar Lamps" })).toBeTruthy();
    expect(fake.list.mock.calls.length).toBeGreaterThan(listCalls);
  });

  it("shows 'Saving...' with the submit button disabled while the save runs", async () => {
    const fake = createFakeData();
    const { user } = setup(projects, fake);
    await screen.findByText(projects.texts.empty);
    await user.click(screen.getByRole("button", { name: "Add Project" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Project" });
    await fillProject(user, dialog, { title: "A", category: "B", description: "C" });

    const gate = fake.hold("insert");
    await user.click(within(dialog).getByRole("button", { name: "Create Project" }));
    const saving = await within(dialog).findByRole("button", { name: "Saving..." });
    expect((saving as HTMLButtonElement).disabled).toBe(true);

    await act(async () => gate.release());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("refuses a blank form with a bad address: both said in the alert, a message per field, no insert", async () => {
    const fake = createFakeData();
    const { user } = setup(projects, fake);
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
    expect(fake.insert).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog", { name: "Add New Project" })).toBeTruthy();
  });

  it("asks for the pictures, and only them, when Add Images is sent with nothing chosen", async () => {
    const fake = createFakeData();
    const { user } = setup(galleryImages, fake);
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
    expect(fake.insert).not.toHaveBeenCalled();
  });

  it("keeps the typed values and says so when the insert fails", async () => {
    const fake = createFakeData();
    fake.fail("insert");
    const { user } = setup(projects, fake);
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
    // The toast says it too, with the cause.
    expect(await screen.findByText("Injected insert failure")).toBeTruthy();
    expect(screen.getAllByText(projects.texts.saveError)).toHaveLength(2);
    expect(inputValue(within(dialog).getByLabelText(/^Project Title/))).toBe("Solar Lamps");
    expect(inputValue(within(dialog).getByLabelText(/^Category/))).toBe("Energy");
    expect(inputValue(within(dialog).getByLabelText(/^Description/))).toBe("Light for study");
    expect(fake.rows("projects")).toEqual([]);

    // Trying again works, and nothing was lost.
    await user.click(within(dialog).getByRole("button", { name: "Create Project" }));
    expect(await screen.findByText("Project added successfully!")).toBeTruthy();
    expect(fake.rows("projects").map((row) => row.title)).toEqual(["Solar Lamps"]);
  });

  it("asks before discarding typed changes on Cancel", async () => {
    const fake = createFakeData();
    const { user } = setup(projects, fake);
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
    expect(fake.insert).not.toHaveBeenCalled();
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
    const fake = createFakeData({ banners: bannerRows });
    const { user } = setup(banners, fake);
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
    expect(fake.insert).toHaveBeenCalledWith("banners", [
      {
        image_url: "https://example.org/new.jpg",
        image_alt: null,
        image_decorative: false,
        title: null,
        subtitle: null,
        position: "left",
        sort_order: 6,
        is_active: true,
      },
    ]);
    // A banner without a title is 'Untitled Banner' on its card, with its order badge.
    expect(await screen.findByRole("heading", { name: "Untitled Banner" })).toBeTruthy();
    expect(screen.getByText("#7")).toBeTruthy();
  });

  it("starts banners at 0 when there are none", async () => {
    const fake = createFakeData();
    const { user } = setup(banners, fake);
    await screen.findByText(banners.texts.empty);
    await user.click(screen.getByRole("button", { name: "Add Banner" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Banner" });
    expect(inputValue(within(dialog).getByLabelText("Sort Order"))).toBe("0");
  });

  it("refuses a banner without an image with the banner's alert", async () => {
    const fake = createFakeData();
    const { user } = setup(banners, fake);
    await screen.findByText(banners.texts.empty);
    await user.click(screen.getByRole("button", { name: "Add Banner" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Banner" });
    await user.click(within(dialog).getByRole("button", { name: "Create Banner" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Please upload an image");
    expect(fake.insert).not.toHaveBeenCalled();
  });

  it("gives a new board member the next free number as sort order", async () => {
    const fake = createFakeData({
      board_staff: [0, 4, 9].map((sort_order, index) => ({
        name: `Member ${index + 1}`,
        designation: "Trustee",
        image_url: null,
        sort_order,
        is_active: true,
      })),
    });
    const { user } = setup(boardStaff, fake);
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
    expect(fake.insert).toHaveBeenCalledWith("board_staff", [
      {
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
      },
    ]);
  });
});

describe("ResourceManager: editing", () => {
  it("pre-fills the form and saves with the row's updated_at", async () => {
    const fake = createFakeData({ projects: [WATER, BOOKS] });
    const [water] = fake.rows("projects") as [Row, Row];
    const { user } = setup(projects, fake);

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
    expect(fake.update).toHaveBeenCalledTimes(1);
    expect(fake.update).toHaveBeenCalledWith(
      "projects",
      water.id,
      {
        title: "Clean Water Wells",
        category_name: "Health",
        project_status: "completed",
        description: "Wells for villages",
        image_url: null,
        image_alt: null,
        image_decorative: false,
        is_active: true,
      },
      water.updated_at,
    );
    expect(water.updated_at).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("heading", { name: "Clean Water Wells" })).toBeTruthy();
    expect(fake.row("projects", water.id)?.updated_at).not.toBe(water.updated_at);
  });

  it("offers to reload the item when someone else saved it first", async () => {
    const fake = createFakeData({ projects: [WATER] });
    const [water] = fake.rows("projects") as [Row];
    const { user } = setup(projects, fake);

    await user.click(await screen.findByRole("button", { name: "Edit Clean Water" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Project" });
    const form = within(dialog);
    const theirs = fake.change("projects", water.id, {
      title: "Clean Water (theirs)",
      description: "Changed elsewhere",
    });
    await user.clear(form.getByLabelText(/^Category/));
    await user.type(form.getByLabelText(/^Category/), "Water");
    await user.click(form.getByRole("button", { name: "Update Project" }));

    const alert = await form.findByRole("alert");
    expect(within(alert).getByText(new ConflictError(false).message)).toBeTruthy();
    expect(fake.update).toHaveBeenLastCalledWith(
      "projects",
      water.id,
      expect.objectContaining({ category_name: "Water" }),
      water.updated_at,
    );
    // Nothing changed in the store.
    expect(fake.row("projects", water.id)).toEqual(theirs);

    await user.click(within(alert).getByRole("button", { name: "Reload this item" }));
    await waitFor(() =>
      expect(inputValue(form.getByLabelText(/^Project Title/))).toBe("Clean Water (theirs)"),
    );
    expect(inputValue(within(dialog).getByLabelText(/^Description/))).toBe("Changed elsewhere");
    expect(inputValue(within(dialog).getByLabelText(/^Category/))).toBe("Health");
    expect(within(dialog).queryByRole("alert")).toBeNull();

    // Saving again now goes through, against the fresh updated_at.
    await user.click(within(dialog).getByRole("button", { name: "Update Project" }));
    expect(await screen.findByText("Project updated successfully!")).toBeTruthy();
    expect(fake.update).toHaveBeenLastCalledWith(
      "projects",
      water.id,
      expect.objectContaining({ title: "Clean Water (theirs)" }),
      theirs.updated_at,
    );
  });

  it("says when the edited item was deleted meanwhile, with nothing to reload", async () => {
    const fake = createFakeData({ projects: [WATER] });
    const [water] = fake.rows("projects") as [Row];
    const { user } = setup(projects, fake);

    await user.click(await screen.findByRole("button", { name: "Edit Clean Water" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Project" });
    fake.drop("projects", water.id);
    await user.click(within(dialog).getByRole("button", { name: "Update Project" }));

    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toBe(new ConflictError(true).message);
    expect(within(alert).queryByRole("button")).toBeNull();
  });
});

describe("ResourceManager: card actions", () => {
  it("toggles active with the flipped flag and the row's updated_at", async () => {
    const fake = createFakeData({ projects: [WATER, BOOKS] });
    const [water, books] = fake.rows("projects") as [Row, Row];
    const { user } = setup(projects, fake);

    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water" }));
    expect(await screen.findByText("Project is now inactive.")).toBeTruthy();
    expect(fake.update).toHaveBeenCalledWith(
      "projects",
      water.id,
      { is_active: false },
      water.updated_at,
    );
    expect(await screen.findByRole("button", { name: "Activate Clean Water" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Activate School Books" }));
    expect(await screen.findByText("Project is now active.")).toBeTruthy();
    expect(fake.update).toHaveBeenLastCalledWith(
      "projects",
      books.id,
      { is_active: true },
      books.updated_at,
    );
    expect(fake.activateLogo).not.toHaveBeenCalled();
  });

  it("reports a failed toggle", async () => {
    const fake = createFakeData({ projects: [WATER] });
    fake.fail("update");
    const { user } = setup(projects, fake);
    await user.click(await screen.findByRole("button", { name: "Deactivate Clean Water" }));
    expect(await screen.findByText(projects.texts.statusError)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Deactivate Clean Water" })).toBeTruthy();
  });

  it("deletes only after the confirmation", async () => {
    const fake = createFakeData({ projects: [WATER, BOOKS] });
    const [water] = fake.rows("projects") as [Row, Row];
    const { user } = setup(projects, fake);

    await user.click(await screen.findByRole("button", { name: "Delete Clean Water" }));
    let question = await screen.findByRole("alertdialog");
    expect(question.textContent).toContain(`${projects.texts.confirmDelete} ${forms.toTrash}`);
    expect(projects.texts.confirmDelete).toBe("Are you sure you want to delete this project?");
    expect(forms.toTrash).toBe("It goes to the Trash, where it can be restored for 30 days.");
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(fake.remove).not.toHaveBeenCalled();
    expect(fake.rows("projects")).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Clean Water" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Delete Clean Water" }));
    question = await screen.findByRole("alertdialog");
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Project deleted successfully!")).toBeTruthy();
    expect(fake.remove).toHaveBeenCalledWith("projects", water.id);
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Clean Water" })).toBeNull());
    expect(fake.rows("projects").map((row) => row.title)).toEqual(["School Books"]);
  });

  it("reports a failed delete and keeps the card", async () => {
    const fake = createFakeData({ projects: [WATER] });
    fake.fail("remove");
    const { user } = setup(projects, fake);
    await user.click(await screen.findByRole("button", { name: "Delete Clean Water" }));
    const question = await screen.findByRole("alertdialog");
    await user.click(within(question).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText(projects.texts.deleteError)).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Clean Water" })).toBeTruthy();
  });
});

describe("ResourceManager: logos", () => {
  const CURRENT = {
    logo_url: "https://example.org/current.png",
    logo_name: "Helping Hands",
    tagline: "Making a Difference",
    is_active: true,
  };
  const OLD = {
    logo_url: "https://example.org/old.png",
    logo_name: "Old Logo",
    tagline: null,
    is_active: false,
  };

  /** No call may set is_active=true directly: only activate_logo may. */
  function expectNoPlainActivation(fake: FakeData) {
    for (const [, , values] of fake.update.mock.calls) expect(values.is_active).not.toBe(true);
    for (const [, values] of fake.insert.mock.calls) {
      for (const row of values) expect(row.is_active).not.toBe(true);
    }
  }

  it("activates an inactive logo through activateLogo, which deactivates the other", async () => {
    const fake = createFakeData({ logo_settings: [CURRENT, OLD] });
    const [current, old] = fake.rows("logo_settings") as [Row, Row];
    const { user } = setup(logos, fake);

    await user.click(await screen.findByRole("button", { name: "Activate Old Logo" }));
    expect(await screen.findByText("Logo is now active.")).toBeTruthy();
    expect(fake.activateLogo).toHaveBeenCalledWith(old.id);
    expect(fake.update).not.toHaveBeenCalled();
    expect(await screen.findByRole("button", { name: "Deactivate Old Logo" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Activate Helping Hands" })).toBeTruthy();
    expect(fake.row("logo_settings", current.id)?.is_active).toBe(false);
  });

  it("deactivates the active logo with a plain update", async () => {
    const fake = createFakeData({ logo_settings: [CURRENT, OLD] });
    const [current] = fake.rows("logo_settings") as [Row, Row];
    const { user } = setup(logos, fake);

    await user.click(await screen.findByRole("button", { name: "Deactivate Helping Hands" }));
    // The only active logo: the site would show its default one, so it asks first.
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Deactivate" }),
    );
    expect(await screen.findByText("Logo is now inactive.")).toBeTruthy();
    expect(fake.update).toHaveBeenCalledWith(
      "logo_settings",
      current.id,
      { is_active: false },
      current.updated_at,
    );
    expect(fake.activateLogo).not.toHaveBeenCalled();
  });

  it("stores a new active logo inactive, then activates it", async () => {
    const fake = createFakeData({ logo_settings: [CURRENT] });
    const [current] = fake.rows("logo_settings") as [Row];
    const { user } = setup(logos, fake);
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
    expect(fake.insert).toHaveBeenCalledWith("logo_settings", [
      expect.objectContaining({ logo_name: "HELPING HANDS FOUNDATION", is_active: false }),
    ]);
    const created = fake.rows("logo_settings").find((row) => row.id !== current.id) as Row;
    expect(fake.activateLogo).toHaveBeenCalledWith(created.id);
    expect(created.is_active).toBe(true);
    expect(fake.row("logo_settings", current.id)?.is_active).toBe(false);
    expectNoPlainActivation(fake);
  });

  it("saves an edit that ticks Active as inactive, then activates the logo", async () => {
    const fake = createFakeData({ logo_settings: [CURRENT, OLD] });
    const [, old] = fake.rows("logo_settings") as [Row, Row];
    const { user } = setup(logos, fake);

    await user.click(await screen.findByRole("button", { name: "Edit Old Logo" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Logo" });
    await user.click(within(dialog).getByLabelText("Active (shown in the header and footer)"));
    await user.click(within(dialog).getByRole("button", { name: "Update Logo" }));

    expect(await screen.findByText("Logo updated successfully!")).toBeTruthy();
    expect(fake.update).toHaveBeenCalledWith(
      "logo_settings",
      old.id,
      expect.objectContaining({ is_active: false }),
      old.updated_at,
    );
    expect(fake.activateLogo).toHaveBeenCalledWith(old.id);
    expect(fake.row("logo_settings", old.id)?.is_active).toBe(true);
    expectNoPlainActivation(fake);
  });
});

describe("ResourceManager: naming and showing each item", () => {
  it("names the item in its delete confirmation, as its card does", async () => {
    const fake = createFakeData({ projects: [WATER] });
    const { user } = setup(projects, fake);
    await user.click(await screen.findByRole("button", { name: "Delete Clean Water" }));
    const question = await screen.findByRole("alertdialog", { name: 'Delete "Clean Water"?' });
    expect(question.textContent).toContain(projects.texts.confirmDelete);
    await user.click(within(question).getByRole("button", { name: "Cancel" }));
    expect(fake.remove).not.toHaveBeenCalled();
  });

  it("shows a logo whole on its card, where a project's picture fills the frame", async () => {
    const logo = {
      logo_url: "https://example.org/logo.png",
      logo_name: "Helping Hands",
      tagline: null,
      is_active: true,
    };
    setup(logos, createFakeData({ logo_settings: [logo] }));
    await screen.findByRole("heading", { name: "Helping Hands" });
    const picture = document.querySelector('img[src="https://example.org/logo.png"]');
    expect(picture?.className).toContain("object-contain");
    expect(picture?.className).not.toContain("object-cover");
  });

  it("refuses a bad picture address with every required field filled, pointing to the field", async () => {
    const fake = createFakeData();
    const { user } = setup(logos, fake);
    await user.click(await screen.findByRole("button", { name: "Add Logo" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add New Logo" }));
    await user.type(dialog.getByLabelText(/^Organization Name/), "Helping Hands");
    await user.type(dialog.getByLabelText("or paste an image address"), "not an address");
    await user.click(dialog.getByRole("button", { name: "Create Logo" }));

    expect((await dialog.findByRole("alert")).textContent).toBe(
      "Please fix the highlighted fields.",
    );
    expect(dialog.queryByText("Please fill in all required fields")).toBeNull();
    expect(fake.insert).not.toHaveBeenCalled();
  });
});
