// A keyboard user keeps their place on a card list: a dialog opens on its first field,
// and after a toggle, a create, a delete or Escape focus is on the card acted on (the
// next one after a delete), never on the page body. Where the site shows one record
// of a list, its card says so and the other active ones say why they are not shown.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { shownWords } from "../ui/words.ts";
import { ResourceManager } from "./ResourceManager.tsx";
import { boardStaff } from "./resources/home.ts";
import { medicalContent } from "./resources/programmes.ts";
import { projects } from "./resources/showcase.ts";
import type { ResourceDefinition } from "./resources/types.ts";

const member = (name: string, sort_order: number) => ({
  name,
  designation: "Trustee",
  image_url: null,
  sort_order,
  is_active: true,
});

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/** The definition's table holding only `rows`, stored as the owner. */
async function setup(definition: ResourceDefinition, rows: Record<string, unknown>[] = []) {
  await stack.clear(definition.table);
  if (rows.length > 0) await stack.seed(definition.table, rows);
  const user = userEvent.setup();
  renderScreen(<ResourceManager definition={definition} />, stack);
  return { user };
}

const focused = () => document.activeElement as HTMLElement | null;

describe("a keyboard user's place on a card list", () => {
  it("opens the add dialog on its first field, not on its close button", async () => {
    const { user } = await setup(projects);
    await user.click(await screen.findByRole("button", { name: "Add Project" }));
    const dialog = await screen.findByRole("dialog", { name: "Add New Project" });
    await waitFor(() => expect(dialog.contains(focused())).toBe(true));
    expect(focused()?.getAttribute("aria-label")).not.toBe("Close");
    expect(focused()?.closest("form")).not.toBeNull();
  });

  it("keeps focus on a card's toggle while it saves and after", async () => {
    const { user } = await setup(boardStaff, [member("Asha", 0), member("Binod", 1)]);
    const toggle = await screen.findByRole("button", { name: "Deactivate Asha" });
    await user.click(toggle);
    await screen.findByRole("button", { name: "Activate Asha" });
    expect(focused()).toBe(toggle);
    expect(focused()?.getAttribute("aria-label")).toBe("Activate Asha");
  });

  it("after a delete, puts focus on the next card, and on the add button when none is left", async () => {
    const { user } = await setup(boardStaff, [
      member("Asha", 0),
      member("Binod", 1),
      member("Chitra", 2),
    ]);
    await user.click(await screen.findByRole("button", { name: "Delete Binod" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Binod" })).toBeNull());
    await waitFor(() => expect(focused()?.getAttribute("aria-label")).toBe("Delete Chitra"));

    // The last card: the one before it takes focus.
    await user.click(screen.getByRole("button", { name: "Delete Chitra" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(focused()?.getAttribute("aria-label")).toBe("Delete Asha"));

    await user.click(screen.getByRole("button", { name: "Delete Asha" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    await waitFor(() => expect(focused()?.textContent).toContain("Add Member"));
  });

  it("a cancelled delete leaves focus on the Delete button", async () => {
    const { user } = await setup(boardStaff, [member("Asha", 0), member("Binod", 1)]);
    const remove = await screen.findByRole("button", { name: "Delete Asha" });
    await user.click(remove);
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }),
    );
    await waitFor(() => expect(focused()).toBe(remove));
  });

  it("after a create, puts focus on the new card's Edit button", async () => {
    const { user } = await setup(boardStaff, [member("Asha", 0)]);
    await user.click(await screen.findByRole("button", { name: "Add Member" }));
    const form = within(await screen.findByRole("dialog", { name: "Add New Board Staff Member" }));
    await user.type(form.getByLabelText(/^Full Name/), "Dev");
    await user.type(form.getByLabelText(/^Designation/), "Treasurer");
    await user.click(form.getByRole("button", { name: "Create Member" }));
    await waitFor(() => expect(focused()?.getAttribute("aria-label")).toBe("Edit Dev"));
  });

  it("after Escape, and after an update, puts focus back on the card's Edit button", async () => {
    const { user } = await setup(boardStaff, [member("Asha", 0), member("Binod", 1)]);
    const edit = await screen.findByRole("button", { name: "Edit Binod" });
    await user.click(edit);
    await screen.findByRole("dialog", { name: "Edit Board Staff Member" });
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(focused()).toBe(edit);

    await user.click(edit);
    const form = within(await screen.findByRole("dialog", { name: "Edit Board Staff Member" }));
    await user.type(form.getByLabelText(/^Designation/), " and Secretary");
    await user.click(form.getByRole("button", { name: "Update Member" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(focused()?.getAttribute("aria-label")).toBe("Edit Binod"));
  });
});

describe("which record the site shows", () => {
  const content = (title: string, is_active: boolean, created_at: string) => ({
    title,
    description: "About the medical work",
    banner_image_url: "https://example.org/medical.jpg",
    is_active,
    created_at,
  });

  it("marks the newest active record, and says why the other active ones are not shown", async () => {
    await setup(medicalContent, [
      content("Oldest, active", true, "2026-01-01T00:00:00Z"),
      content("Middle, inactive", false, "2026-01-02T00:00:00Z"),
      content("Newest, active", true, "2026-01-03T00:00:00Z"),
    ]);
    const card = async (title: string) =>
      (await screen.findByRole("heading", { name: title })).closest("li") as HTMLElement;
    const newest = await card("Newest, active");
    expect(within(newest).getByText(shownWords.shown)).toBeTruthy();
    expect(within(newest).queryByText(shownWords.notShown)).toBeNull();
    const oldest = await card("Oldest, active");
    expect(within(oldest).queryByText(shownWords.shown)).toBeNull();
    expect(within(oldest).getByText(shownWords.notShown)).toBeTruthy();
    const inactive = await card("Middle, inactive");
    expect(within(inactive).queryByText(shownWords.shown)).toBeNull();
    expect(within(inactive).queryByText(shownWords.notShown)).toBeNull();
  });

  it("marks nothing on a list the site shows whole", async () => {
    await setup(boardStaff, [member("Asha", 0), member("Binod", 1)]);
    await screen.findByRole("heading", { name: "Binod" });
    expect(screen.queryByText(shownWords.shown)).toBeNull();
  });
});
