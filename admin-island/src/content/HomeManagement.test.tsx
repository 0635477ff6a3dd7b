// The home page's sections on a real database: the menu with the board's count, each
// section's screen by the address's hash, and back.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TableName } from "../api/rows.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { HomeManagement } from "./HomeManagement.tsx";

const MEMBERS = ["Asha Rai", "Bikash Thapa"].map((name, sort_order) => ({
  name,
  designation: "Trustee",
  image_url: null,
  sort_order,
  is_active: true,
}));

const TABLES: TableName[] = ["board_staff", "banners", "about_content", "causes", "gallery_images"];

let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

/** Empties the sections' tables, stores the board members given, forgets earlier requests. */
async function arrange(members: Record<string, unknown>[] = []) {
  await stack.clear(...TABLES);
  if (members.length > 0) await stack.seed("board_staff", members);
  stack.faults.reset();
}

function setup(hash = "") {
  window.history.replaceState(null, "", `/admin/home-management${hash}`);
  const user = userEvent.setup();
  renderScreen(<HomeManagement />, stack);
  return { user };
}

/** The paths of the requests that read a table's rows. */
const reads = (table: TableName) =>
  stack.faults.sent
    .filter((request) => request.method === "GET" && request.path.startsWith(`/rest/v1/${table}?`))
    .map((request) => request.path);

/** What the browser does when the hash changes (a link, back or forward). */
async function goTo(hash: string) {
  await act(async () => {
    window.history.pushState(null, "", `/admin/home-management${hash}`);
    window.dispatchEvent(new HashChangeEvent("hashchange"));
  });
}

const LOAD_ERROR = "Error loading board staff. Please try again.";

describe("HomeManagement: menu", () => {
  it("lists the six sections, each linking to its hash, with the board count", async () => {
    await arrange(MEMBERS);
    setup();

    expect(screen.getByRole("heading", { name: "Home Page Sections" })).toBeTruthy();
    const links = screen.getAllByRole("link");
    expect(links.map((link) => link.getAttribute("href"))).toEqual([
      "#banners",
      "#about",
      "#causes",
      "#board",
      "#gallery",
      "#words",
    ]);
    for (const [index, title] of [
      "Banners",
      "About",
      "Causes",
      "Board Members",
      "Gallery",
      "Page words",
    ].entries()) {
      expect(within(links[index] as HTMLElement).getByText(title)).toBeTruthy();
    }
    const board = links[3] as HTMLElement;
    expect(await within(board).findByText("2 members")).toBeTruthy();
    expect(reads("board_staff")).toContainEqual(expect.stringMatching(/[?&]order=sort_order\.asc/));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a board staff load failure with a Retry that loads again", async () => {
    await arrange(MEMBERS);
    stack.faults.fail(
      { method: "GET", path: "/rest/v1/board_staff" },
      { status: 500, code: "57014", message: "canceling statement due to statement timeout" },
    );
    const { user } = setup();

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(LOAD_ERROR)).toBeTruthy();
    expect(screen.getAllByRole("link")).toHaveLength(6);
    await user.click(within(alert).getByRole("button", { name: "Retry" }));

    expect(await screen.findByText("2 members")).toBeTruthy();
    expect(screen.queryByText(LOAD_ERROR, { selector: "p" })).toBeNull();
    expect(reads("board_staff")).toHaveLength(2);
  });
});

describe("HomeManagement: sections", () => {
  it("opens the banners manager for #banners, and goes back to the menu", async () => {
    await arrange();
    const { user } = setup("#banners");

    expect(screen.getByRole("heading", { name: "Banner Management" })).toBeTruthy();
    expect(await screen.findByText("No Banners Yet")).toBeTruthy();
    expect(reads("banners")).toContainEqual(expect.stringMatching(/[?&]order=sort_order\.asc/));
    expect(screen.queryByRole("heading", { name: "Home Page Sections" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Back to Home Management" }));
    expect(screen.getByRole("heading", { name: "Home Page Sections" })).toBeTruthy();
    expect(window.location.hash).toBe("");
  });

  it("uses the home-management words for the board section", async () => {
    await arrange();
    setup("#board");
    expect(await screen.findByText("No Board Members Found")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add First Member" })).toBeTruthy();
  });

  it("opens the about form as a single record", async () => {
    await arrange();
    setup("#about");
    expect(await screen.findByRole("heading", { name: "About Section Content" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save About Content" })).toBeTruthy();
  });

  it("shows 'Coming soon' for an unknown section", async () => {
    await arrange();
    setup("#volunteers");
    expect(screen.getByText("Coming soon")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back to Home Management" })).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("follows the hash as it changes", async () => {
    await arrange();
    setup();
    expect(screen.getByRole("heading", { name: "Home Page Sections" })).toBeTruthy();

    await goTo("#causes");
    expect(await screen.findByRole("heading", { name: "Causes Management" })).toBeTruthy();
    await goTo("#gallery");
    expect(await screen.findByRole("heading", { name: "Gallery Management" })).toBeTruthy();
    await goTo("");
    await waitFor(() =>
      expect(screen.getByRole("heading", { name: "Home Page Sections" })).toBeTruthy(),
    );
  });
});
