import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createFakeData, type FakeData } from "../testing/fake-data.ts";
import { renderWithData } from "../testing/render.ts";
import { HomeManagement } from "./HomeManagement.tsx";

const MEMBERS = ["Asha Rai", "Bikash Thapa"].map((name, sort_order) => ({
  name,
  designation: "Trustee",
  image_url: null,
  sort_order,
  is_active: true,
}));

function setup(fake: FakeData, hash = "") {
  window.history.replaceState(null, "", `/admin/home-management${hash}`);
  const user = userEvent.setup();
  renderWithData(<HomeManagement />, fake);
  return { user };
}

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
    const fake = createFakeData({ board_staff: MEMBERS });
    setup(fake);

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
    expect(fake.list).toHaveBeenCalledWith("board_staff", {
      column: "sort_order",
      ascending: true,
    });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows a board staff load failure with a Retry that loads again", async () => {
    const fake = createFakeData({ board_staff: MEMBERS });
    fake.fail("list", { table: "board_staff" });
    const { user } = setup(fake);

    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText(LOAD_ERROR)).toBeTruthy();
    expect(screen.getAllByRole("link")).toHaveLength(6);
    await user.click(within(alert).getByRole("button", { name: "Retry" }));

    expect(await screen.findByText("2 members")).toBeTruthy();
    expect(screen.queryByText(LOAD_ERROR, { selector: "p" })).toBeNull();
    expect(fake.list).toHaveBeenCalledTimes(2);
  });
});

describe("HomeManagement: sections", () => {
  it("opens the banners manager for #banners, and goes back to the menu", async () => {
    const fake = createFakeData();
    const { user } = setup(fake, "#banners");

    expect(screen.getByRole("heading", { name: "Banner Management" })).toBeTruthy();
    expect(await screen.findByText("No Banners Yet")).toBeTruthy();
    expect(fake.list).toHaveBeenCalledWith("banners", { column: "sort_order", ascending: true });
    expect(screen.queryByRole("heading", { name: "Home Page Sections" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Back to Home Management" }));
    expect(screen.getByRole("heading", { name: "Home Page Sections" })).toBeTruthy();
    expect(window.location.hash).toBe("");
  });

  it("uses the home-management words for the board section", async () => {
    const fake = createFakeData();
    setup(fake, "#board");
    expect(await screen.findByText("No Board Members Found")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add First Member" })).toBeTruthy();
  });

  it("opens the about form as a single record", async () => {
    const fake = createFakeData();
    setup(fake, "#about");
    expect(await screen.findByRole("heading", { name: "About Section Content" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save About Content" })).toBeTruthy();
  });

  it("shows 'Coming soon' for an unknown section", async () => {
    const fake = createFakeData();
    setup(fake, "#volunteers");
    expect(screen.getByText("Coming soon")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Back to Home Management" })).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("follows the hash as it changes", async () => {
    const fake = createFakeData();
    setup(fake);
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
