// Reordering by dragging a handle, driven here with the keyboard (dnd-kit's keyboard
// sensor: space, arrows, space), as a screen-reader or keyboard user would: the list
// shows the new order at once, saves it with one reorder call, says what happens in
// plain words, puts the list back when the save fails, and the toast's Undo writes the
// old order back. Repeating lists inside a form move their items the same way.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Row, TableName } from "../api/rows.ts";
import { GalleryManager } from "../galleries/GalleryManager.tsx";
import { $saves } from "../publishing/saves.ts";
import { stackSortableItems } from "../testing/layout.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { ResourceForm } from "./ResourceForm.tsx";
import { ResourceManager } from "./ResourceManager.tsx";
import { medicalGallery } from "./resources/galleries.ts";
import { causes } from "./resources/home.ts";
import { medicalContent } from "./resources/programmes.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const cause = (title: string, sort_order: number) => ({
  title,
  description: `${title} for everyone`,
  image_url: `https://example.org/${sort_order}.jpg`,
  category: null,
  sort_order,
  is_active: true,
});

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/** `table` holding only `rows`, stored as the owner and answered; earlier requests forgotten. */
async function arrange(table: TableName, rows: Record<string, unknown>[]): Promise<Row[]> {
  await stack.clear(table);
  const stored = await stack.seed(table, rows);
  stack.faults.reset();
  return stored;
}

/** The titles (or ids) of a table's records, in their stored order. */
async function inOrder(table: TableName, column = "title"): Promise<unknown[]> {
  const rows = await stack.rows(table);
  return rows.sort((a, b) => Number(a.sort_order) - Number(b.sort_order)).map((row) => row[column]);
}

/** The calls of the database function that writes a whole list's order. */
const reorders = () =>
  stack.faults.sent.filter((request) => request.path.startsWith("/rest/v1/rpc/reorder_rows"));
/** The requests that change single rows of a table. */
const rowWrites = (table: TableName) =>
  stack.faults.sent.filter(
    (request) =>
      request.method !== "GET" &&
      request.method !== "HEAD" &&
      request.path.startsWith(`/rest/v1/${table}`),
  );
const REORDER = { method: "POST", path: "/rest/v1/rpc/reorder_rows" };

async function setupCauses(rows: Record<string, unknown>[]) {
  await arrange("causes", rows);
  stackSortableItems();
  const user = userEvent.setup();
  renderScreen(<ResourceManager definition={causes} />, stack);
  return { user };
}

/** The card titles, in the order shown. */
function cardTitles(): string[] {
  const list = screen.getByRole("list", { name: "Causes Management" });
  return within(list)
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent ?? "");
}

/** The order badges ('#1'...), in the order shown. */
function orderBadges(): string[] {
  return screen.getAllByText(/^#\d+$/).map((badge) => badge.textContent ?? "");
}

/** What dnd-kit's live region says right now. */
function announced(): string {
  const region = document.querySelector('[id^="DndLiveRegion"]');
  return region?.textContent ?? "";
}

/** Moves the item whose handle is named `handle` down by `steps` with the keyboard. */
async function moveDown(user: ReturnType<typeof userEvent.setup>, handle: string, steps: number) {
  screen.getByRole("button", { name: handle }).focus();
  await user.keyboard("[Space]");
  for (let step = 0; step < steps; step += 1) await user.keyboard("[ArrowDown]");
  await user.keyboard("[Space]");
}

const WATER = cause("Clean Water", 0);
const BOOKS = cause("School Books", 1);
const MEALS = cause("Warm Meals", 2);

describe("reordering a card list with the keyboard", () => {
  it("shows the new order at once, saves it in one call, and publishes", async () => {
    const { user } = await setupCauses([WATER, BOOKS, MEALS]);
    await screen.findByRole("heading", { name: "Clean Water" });
    expect(orderBadges()).toEqual(["#1", "#2", "#3"]);

    const gate = stack.faults.hold(REORDER);
    const saves = $saves.get();
    screen.getByRole("button", { name: "Move Clean Water" }).focus();
    await user.keyboard("[Space]");
    expect(announced()).toBe("Picked up Clean Water, card 1 of 3.");
    await user.keyboard("[ArrowDown]");
    expect(announced()).toBe("Clean Water is now card 2 of 3.");
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[Space]");
    expect(announced()).toBe("Clean Water dropped, card 3 of 3.");

    // Shown at once, before the save answers; the numbers follow (sort_order + 1).
    expect(cardTitles()).toEqual(["School Books", "Warm Meals", "Clean Water"]);
    expect(orderBadges()).toEqual(["#1", "#2", "#3"]);
    await act(async () => gate.release());
    expect(await screen.findByText("New order saved.")).toBeTruthy();
    expect(reorders()).toHaveLength(1);
    expect(rowWrites("causes")).toEqual([]);
    expect($saves.get()).toBe(saves + 1);
    expect(await inOrder("causes")).toEqual(["School Books", "Warm Meals", "Clean Water"]);
  });

  it("puts the list back and says so when the save fails", async () => {
    const { user } = await setupCauses([WATER, BOOKS, MEALS]);
    stack.faults.fail(REORDER, {
      status: 500,
      code: "40001",
      message: "The list has changed since it was loaded: reload it and try again",
    });
    await screen.findByRole("heading", { name: "Clean Water" });
    const saves = $saves.get();

    // The list is put back by the screen itself, not by a reload (held here).
    const reload = stack.faults.hold({ method: "GET", path: "/rest/v1/causes" });
    await moveDown(user, "Move School Books", 1);
    expect(
      await screen.findByText("The new order could not be saved. The list is back as it was."),
    ).toBeTruthy();
    expect(cardTitles()).toEqual(["Clean Water", "School Books", "Warm Meals"]);
    expect(orderBadges()).toEqual(["#1", "#2", "#3"]);
    await act(async () => reload.release());
    expect($saves.get()).toBe(saves);
    expect(await inOrder("causes")).toEqual(["Clean Water", "School Books", "Warm Meals"]);
    expect((await stack.rows("causes")).map((row) => row.sort_order)).toEqual([0, 1, 2]);
  });

  it("cancels with escape, and nothing is saved", async () => {
    const { user } = await setupCauses([WATER, BOOKS]);
    await screen.findByRole("heading", { name: "Clean Water" });

    screen.getByRole("button", { name: "Move Clean Water" }).focus();
    await user.keyboard("[Space]");
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[Escape]");
    expect(announced()).toBe("Moving cancelled. Clean Water is back, card 1 of 2.");
    expect(cardTitles()).toEqual(["Clean Water", "School Books"]);
    expect(reorders()).toEqual([]);
    expect(await inOrder("causes")).toEqual(["Clean Water", "School Books"]);
  });

  it("writes the previous order back from the toast's Undo", async () => {
    const { user } = await setupCauses([WATER, BOOKS, MEALS]);
    await screen.findByRole("heading", { name: "Clean Water" });

    await moveDown(user, "Move Clean Water", 1);
    await screen.findByText("New order saved.");
    expect(await inOrder("causes")).toEqual(["School Books", "Clean Water", "Warm Meals"]);
    const saves = $saves.get();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Change undone.")).toBeTruthy();
    expect(await inOrder("causes")).toEqual(["Clean Water", "School Books", "Warm Meals"]);
    expect($saves.get()).toBe(saves + 1);
    await waitFor(() =>
      expect(cardTitles()).toEqual(["Clean Water", "School Books", "Warm Meals"]),
    );
  });

  it("names every handle after its card and describes how to move it", async () => {
    await setupCauses([WATER, BOOKS]);
    const handle = await screen.findByRole("button", { name: "Move School Books" });
    const description = handle.getAttribute("aria-describedby");
    expect(document.getElementById(description ?? "")?.textContent).toMatch(
      /press space or enter on its Move button, move it with the arrow keys/,
    );
    expect(handle.getAttribute("aria-roledescription")).toBe("sortable");
  });
});

describe("reordering a gallery", () => {
  it("moves a picture with the keyboard and saves the whole gallery's order", async () => {
    const picture = (n: number) => ({
      image_url: `https://example.org/medical-${n}.jpg`,
      sort_order: n,
      is_active: true,
    });
    const [first, second, third] = await arrange("medical_gallery", [
      picture(0),
      picture(1),
      picture(2),
    ]);
    stackSortableItems();
    const user = userEvent.setup();
    renderScreen(<GalleryManager gallery={medicalGallery} />, stack);
    await screen.findByRole("list", { name: "Gallery images" });

    await moveDown(user, "Move Medical Gallery Image 3", 0);
    expect(reorders()).toEqual([]);
    screen.getByRole("button", { name: "Move Medical Gallery Image 1" }).focus();
    await user.keyboard("[Space]");
    expect(announced()).toBe("Picked up Medical Gallery Image 1, picture 1 of 3.");
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[Space]");
    expect(await screen.findByText("New order saved.")).toBeTruthy();
    expect(reorders()).toHaveLength(1);
    expect(await inOrder("medical_gallery", "id")).toEqual([second?.id, first?.id, third?.id]);
    const tiles = within(screen.getByRole("list", { name: "Gallery images" })).getAllByRole(
      "listitem",
    );
    expect(tiles.map((tile) => within(tile).getByRole("img").getAttribute("src"))).toEqual([
      "https://example.org/medical-1.jpg",
      "https://example.org/medical-0.jpg",
      "https://example.org/medical-2.jpg",
    ]);
    expect(tiles.map((tile) => within(tile).getByText(/^#\d$/).textContent)).toEqual([
      "#1",
      "#2",
      "#3",
    ]);
  });
});

describe("reordering a repeating list inside a form", () => {
  it("moves a service with the keyboard; the order is saved with the form", async () => {
    stackSortableItems();
    const user = userEvent.setup();
    const onSubmit = vi.fn(async (_values: Record<string, unknown>) => {});
    const initial = {
      ...medicalContent.defaults(),
      banner_image_url: "https://example.org/banner.jpg",
      title: "Medical care",
      description: "Care for all",
      services: [
        { icon: "heart", title: "First aid", description: "Help at once" },
        { icon: "heart", title: "Check-ups", description: "Every month" },
      ],
      health_tips: [{ icon: "🩺", title: "Walk", description: "Every day" }],
    };
    stack.faults.reset();
    renderScreen(
      <ResourceForm
        definition={medicalContent}
        mode="edit"
        initial={initial}
        draftKey="medical_content:test"
        onSubmit={onSubmit}
      />,
      stack,
    );
    const services = within(screen.getByRole("group", { name: "Services" }));
    // Each item's handle and what screen readers hear name it by its title.
    services.getByRole("button", { name: "Move First aid" }).focus();
    await user.keyboard("[Space]");
    expect(announced()).toBe("Picked up First aid, service 1 of 2.");
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[Space]");
    await waitFor(() =>
      expect(
        services
          .getAllByRole("textbox", { name: /^Title/ })
          .map((input) => (input as HTMLInputElement).value),
      ).toEqual(["Check-ups", "First aid"]),
    );
    expect(reorders()).toEqual([]);

    await user.click(screen.getByRole("button", { name: medicalContent.texts.updateSubmit }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const saved = onSubmit.mock.calls[0]?.[0].services as { title: string }[];
    expect(saved.map((service) => service.title)).toEqual(["Check-ups", "First aid"]);
  });
});

describe("moving inside a dialog", () => {
  it("cancels the move on escape without closing the dialog", async () => {
    stackSortableItems();
    const user = userEvent.setup();
    await arrange("medical_content", [
      {
        banner_image_url: "https://example.org/banner.jpg",
        title: "Medical care",
        description: "Care for all",
        services: [
          { icon: "heart", title: "First aid", description: "Help at once" },
          { icon: "heart", title: "Check-ups", description: "Every month" },
        ],
        statistics: [{ number: "5", label: "Clinics" }],
        health_tips: [{ icon: "🩺", title: "Walk", description: "Every day" }],
        is_active: true,
      },
    ]);
    renderScreen(<ResourceManager definition={medicalContent} />, stack);
    await user.click(await screen.findByRole("button", { name: "Edit Medical care" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Medical Content" });
    within(dialog).getByRole("button", { name: "Move First aid" }).focus();
    await user.keyboard("[Space]");
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[Escape]");
    expect(announced()).toBe("Moving cancelled. First aid is back, service 1 of 2.");
    expect(screen.getByRole("dialog", { name: "Edit Medical Content" })).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();

    // Once nothing is moving, escape closes the dialog as ever.
    await user.keyboard("[Escape]");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
