// Long lists on the generic screens: a search and a category filter over the loaded
// records with a count ("1 of 120 match") and a clear "No results", the first 50
// records then "Show more" (focus on the first record it adds) up to "All N loaded",
// dragging off while a search leaves records out (and saving the whole order when it
// is on with only the first records shown), and delete with Undo in a search's results.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A hundred cards and more, drawn by jsdom on a busy machine: allow for it.
vi.setConfig({ testTimeout: 30_000 });

import type { TableName } from "../api/rows.ts";
import { GalleryManager } from "../galleries/GalleryManager.tsx";
import { stackSortableItems } from "../testing/layout.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { ResourceManager } from "./ResourceManager.tsx";
import { medicalGallery } from "./resources/galleries.ts";
import { causes } from "./resources/home.ts";
import { projects } from "./resources/showcase.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

const CATEGORIES = ["Water", "Education", "Health"];

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/** `table` holding only `rows`, stored as the owner; earlier requests forgotten. */
async function arrange(table: TableName, rows: Record<string, unknown>[]) {
  await stack.clear(table);
  await stack.seed(table, rows);
  stack.faults.reset();
}

/** A minute after the first of 2026, `i` minutes on: the order records were added in. */
const addedAt = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();

/** How many of the projects below the table holds, when nothing else changed it. */
let projectsStored = 0;

/**
 * 120 projects; the newest (listed first) is Project 120. Stored once for the tests that
 * leave them as they are (a delete that is undone leaves them so too).
 */
async function manyProjects(count = 120) {
  const counted = await stack.db.query<{ total: number }>(
    "select count(*)::integer as total from public.projects",
  );
  if (projectsStored === count && counted.rows[0]?.total === count) {
    stack.faults.reset();
    return;
  }
  projectsStored = count;
  await arrange(
    "projects",
    Array.from({ length: count }, (_, i) => ({
      title: `Project ${i + 1}`,
      description: i === 6 ? "Solar lamps for a school" : `Work number ${i + 1}`,
      category_name: CATEGORIES[i % 3],
      project_status: "ongoing",
      image_url: null,
      is_active: true,
      created_at: addedAt(i),
    })),
  );
}

function manyCauses(count: number) {
  return arrange(
    "causes",
    Array.from({ length: count }, (_, i) => ({
      title: `Cause ${i + 1}`,
      description: `Cause number ${i + 1}`,
      image_url: `https://example.org/${i}.jpg`,
      category: null,
      sort_order: i,
      is_active: true,
    })),
  );
}

/** The ids of a table's records in their order. */
async function idsInOrder(table: TableName): Promise<string[]> {
  const rows = await stack.rows(table);
  return rows
    .sort((a, b) => Number(a.sort_order) - Number(b.sort_order))
    .map((row) => String(row.id));
}

const cards = (name: string) => {
  const list = screen.getByRole("list", { name });
  return [...list.children] as HTMLElement[];
};
const titles = (name: string) =>
  cards(name).map((card) => within(card).getByRole("heading", { level: 3 }).textContent);

describe("searching a card list", () => {
  it("finds a record by title, any case, and counts what matches", async () => {
    await manyProjects();
    const user = userEvent.setup();
    renderScreen(<ResourceManager definition={projects} />, stack);
    await screen.findByRole("heading", { name: "Project 120" });
    expect(screen.getByRole("status").textContent).toBe("120 in total");
    const search = screen.getByRole("searchbox", { name: "Search" });
    expect(search.getAttribute("aria-describedby")).toBeTruthy();
    expect(
      screen.getByText("Type to find by project title, category and description."),
    ).toBeTruthy();

    await user.type(search, "PROJECT 11");
    await user.paste("7");
    await waitFor(() => expect(titles("Projects Management")).toEqual(["Project 117"]));
    expect(screen.getByRole("status").textContent).toBe("1 of 120 match");

    // The description is searched too.
    await user.clear(search);
    await user.paste("solar lamps");
    await waitFor(() => expect(titles("Projects Management")).toEqual(["Project 7"]));
  });

  it("filters by category, alone or with a search", async () => {
    await manyProjects();
    const user = userEvent.setup();
    renderScreen(<ResourceManager definition={projects} />, stack);
    await screen.findByRole("heading", { name: "Project 120" });
    const category = screen.getByRole("combobox", { name: "Category" });
    expect(
      within(category)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["All categories", "Education (40)", "Health (40)", "Water (40)"]);

    await user.selectOptions(category, "water");
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("40 of 120 match"));
    expect(titles("Projects Management")[0]).toBe("Project 118");
    await user.click(screen.getByRole("searchbox", { name: "Search" }));
    await user.paste("project 11");
    await waitFor(() =>
      expect(titles("Projects Management")).toEqual(["Project 118", "Project 115", "Project 112"]),
    );
  });

  it("says when nothing matches, and clearing brings every record back", async () => {
    await manyProjects(10);
    const user = userEvent.setup();
    renderScreen(<ResourceManager definition={projects} />, stack);
    await screen.findByRole("heading", { name: "Project 10" });
    const search = screen.getByRole("searchbox", { name: "Search" });
    await user.type(search, "zebra");
    expect(await screen.findByText("No results for “zebra”")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Projects Management" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("0 of 10 match");

    await user.click(screen.getByRole("button", { name: "Clear search" }));
    await waitFor(() => expect(titles("Projects Management")).toHaveLength(10));
    expect(document.activeElement).toBe(search);
    expect((search as HTMLInputElement).value).toBe("");

    // Escape in the box clears it too.
    await user.type(search, "zebra");
    await screen.findByText("No results for “zebra”");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(titles("Projects Management")).toHaveLength(10));
  });
});

describe("showing a long list a part at a time", () => {
  it("shows 50, then 50 more with focus on the first new one, then all", async () => {
    await manyProjects();
    const user = userEvent.setup();
    renderScreen(<ResourceManager definition={projects} />, stack);
    await screen.findByRole("heading", { name: "Project 120" });
    expect(cards("Projects Management")).toHaveLength(50);
    expect(screen.getByText("Showing 50 of 120")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Show 50 more" }));
    await waitFor(() => expect(cards("Projects Management")).toHaveLength(100));
    const firstNew = cards("Projects Management")[50];
    expect(within(firstNew as HTMLElement).getByRole("heading").textContent).toBe("Project 70");
    expect(document.activeElement).toBe(firstNew);

    await user.click(screen.getByRole("button", { name: "Show 20 more" }));
    await waitFor(() => expect(cards("Projects Management")).toHaveLength(120));
    expect(screen.getByText("All 120 loaded")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Show \d+ more$/ })).toBeNull();
    expect(titles("Projects Management").at(-1)).toBe("Project 1");

    // A new search starts again from the first 50 of its results.
    await user.click(screen.getByRole("searchbox", { name: "Search" }));
    await user.paste("project");
    await waitFor(() => expect(cards("Projects Management")).toHaveLength(50));
    expect(screen.getByText("Showing 50 of 120")).toBeTruthy();
  });

  it("deletes a found record, keeps the search, and Undo brings it back", async () => {
    await manyProjects();
    const user = userEvent.setup();
    renderScreen(<ResourceManager definition={projects} />, stack);
    await screen.findByRole("heading", { name: "Project 120" });
    await user.click(screen.getByRole("searchbox", { name: "Search" }));
    await user.paste("project 117");
    await waitFor(() => expect(titles("Projects Management")).toEqual(["Project 117"]));
    await user.click(screen.getByRole("button", { name: "Delete Project 117" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }),
    );
    expect(await screen.findByText("No results for “project 117”")).toBeTruthy();
    expect(await stack.rows("projects")).toHaveLength(119);

    await user.click(await screen.findByRole("button", { name: "Undo" }));
    await waitFor(() => expect(titles("Projects Management")).toEqual(["Project 117"]));
    await waitFor(async () => expect(await stack.rows("projects")).toHaveLength(120));
  });
});

describe("reordering a long list", () => {
  it("is off while a search leaves records out, and says how to turn it back on", async () => {
    await manyCauses(60);
    const user = userEvent.setup();
    renderScreen(<ResourceManager definition={causes} />, stack);
    await screen.findByRole("heading", { name: "Cause 1" });
    expect(screen.getByRole("button", { name: "Move Cause 1" })).toBeTruthy();
    expect(screen.queryByText(/Clear the search to reorder/)).toBeNull();

    await user.click(screen.getByRole("searchbox", { name: "Search" }));
    await user.paste("cause 2");
    await waitFor(() => expect(titles("Causes Management")[0]).toBe("Cause 2"));
    expect(screen.queryAllByRole("button", { name: /^Move / })).toEqual([]);
    expect(screen.getByRole("note").textContent).toContain("Clear the search to reorder.");

    await user.click(screen.getByRole("button", { name: "Edit Cause 2" }));
    expect(await screen.findByRole("dialog", { name: "Edit Cause" })).toBeTruthy();
  });

  it("saves the whole order when a record among the first shown is moved", async () => {
    stackSortableItems();
    await manyCauses(60);
    const ids = await idsInOrder("causes");
    const user = userEvent.setup();
    renderScreen(<ResourceManager definition={causes} />, stack);
    await screen.findByRole("heading", { name: "Cause 1" });
    expect(cards("Causes Management")).toHaveLength(50);

    screen.getByRole("button", { name: "Move Cause 1" }).focus();
    await user.keyboard("[Space]");
    // Its place is read out of the whole list, not of the 50 shown.
    expect(document.querySelector('[id^="DndLiveRegion"]')?.textContent).toBe(
      "Picked up Cause 1, card 1 of 60.",
    );
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[Space]");
    expect(await screen.findByText("New order saved.")).toBeTruthy();
    // One write of the whole order: every one of the 60 causes, the ten not shown
    // included, in its new place.
    expect(
      stack.faults.sent.filter((request) => request.path.startsWith("/rest/v1/rpc/reorder_rows")),
    ).toHaveLength(1);
    expect(await idsInOrder("causes")).toEqual([ids[1], ids[2], ids[0], ...ids.slice(3)]);
  });
});

describe("searching a gallery", () => {
  it("finds pictures by their description, named by their place in the whole gallery", async () => {
    await arrange(
      "medical_gallery",
      Array.from({ length: 70 }, (_, i) => ({
        image_url: `https://example.org/medical-${i}.jpg`,
        image_alt: i === 63 ? "A nurse checks a child's blood pressure" : `Clinic day ${i + 1}`,
        sort_order: i,
        is_active: true,
      })),
    );
    const user = userEvent.setup();
    renderScreen(<GalleryManager gallery={medicalGallery} />, stack);
    await screen.findByRole("button", { name: "Describe Medical Gallery Image 1" });
    expect(cards("Gallery images")).toHaveLength(50);
    expect(screen.getByText("Showing 50 of 70")).toBeTruthy();

    await user.click(screen.getByRole("searchbox", { name: "Search" }));
    await user.paste("blood PRESSURE");
    await waitFor(() => expect(cards("Gallery images")).toHaveLength(1));
    expect(screen.getByRole("button", { name: "Describe Medical Gallery Image 64" })).toBeTruthy();
    expect(screen.queryAllByRole("button", { name: /^Move / })).toEqual([]);
    expect(screen.getByRole("status").textContent).toBe("1 of 70 match");
    await act(async () => {});
  });
});
