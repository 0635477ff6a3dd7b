// Reordering by dragging a handle, driven here with the keyboard (dnd-kit's keyboard
// sensor: space, arrows, space), as a screen-reader or keyboard user would: the list
// shows the new order at once, saves it with one reorder call, says what happens in
// plain words, puts the list back when the save fails, and the toast's Undo writes the
// old order back. Repeating lists inside a form move their items the same way.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { GalleryManager } from "../galleries/GalleryManager.tsx";
import { $saves } from "../publishing/saves.ts";
import { createFakeData, type FakeData } from "../testing/fake-data.ts";
import { stackSortableItems } from "../testing/layout.ts";
import { renderWithData } from "../testing/render.ts";
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

function setupCauses(fake: FakeData) {
  stackSortableItems();
  const user = userEvent.setup();
  renderWithData(<ResourceManager definition={causes} />, fake);
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
    const fake = createFakeData({ causes: [WATER, BOOKS, MEALS] });
    const [water, books, meals] = fake.rows("causes");
    const { user } = setupCauses(fake);
    await screen.findByRole("heading", { name: "Clean Water" });
    expect(orderBadges()).toEqual(["#1", "#2", "#3"]);

    const gate = fake.hold("reorder");
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
    expect(fake.reorder).toHaveBeenCalledTimes(1);
    expect(fake.reorder).toHaveBeenCalledWith("causes", [books?.id, meals?.id, water?.id]);
    expect(fake.update).not.toHaveBeenCalled();
    expect($saves.get()).toBe(saves + 1);
    expect(
      fake
        .rows("causes")
        .sort((a, b) => Number(a.sort_order) - Number(b.sort_order))
        .map((row) => row.title),
    ).toEqual(["School Books", "Warm Meals", "Clean Water"]);
  });

  it("puts the list back and says so when the save fails", async () => {
    const fake = createFakeData({ causes: [WATER, BOOKS, MEALS] });
    fake.fail("reorder");
    const { user } = setupCauses(fake);
    await screen.findByRole("heading", { name: "Clean Water" });
    const saves = $saves.get();

    // The list is put back by the screen itself, not by a reload (held here).
    const reload = fake.hold("list");
    await moveDown(user, "Move School Books", 1);
    expect(
      await screen.findByText("The new order could not be saved. The list is back as it was."),
    ).toBeTruthy();
    expect(cardTitles()).toEqual(["Clean Water", "School Books", "Warm Meals"]);
    expect(orderBadges()).toEqual(["#1", "#2", "#3"]);
    await act(async () => reload.release());
    expect($saves.get()).toBe(saves);
    expect(fake.rows("causes").map((row) => row.sort_order)).toEqual([0, 1, 2]);
  });

  it("cancels with escape, and nothing is saved", async () => {
    const fake = createFakeData({ causes: [WATER, BOOKS] });
    const { user } = setupCauses(fake);
    await screen.findByRole("heading", { name: "Clean Water" });

    screen.getByRole("button", { name: "Move Clean Water" }).focus();
    await user.keyboard("[Space]");
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[Escape]");
    expect(announced()).toBe("Moving cancelled. Clean Water is back, card 1 of 2.");
    expect(cardTitles()).toEqual(["Clean Water", "School Books"]);
    expect(fake.reorder).not.toHaveBeenCalled();
  });

  it("writes the previous order back from the toast's Undo", async () => {
    const fake = createFakeData({ causes: [WATER, BOOKS, MEALS] });
    const [water, books, meals] = fake.rows("causes");
    const { user } = setupCauses(fake);
    await screen.findByRole("heading", { name: "Clean Water" });

    await moveDown(user, "Move Clean Water", 1);
    await screen.findByText("New order saved.");
    const saves = $saves.get();
    await user.click(screen.getByRole("button", { name: "Undo" }));
    expect(await screen.findByText("Change undone.")).toBeTruthy();
    expect(fake.reorder).toHaveBeenLastCalledWith("causes", [water?.id, books?.id, meals?.id]);
    expect($saves.get()).toBe(saves + 1);
    await waitFor(() =>
      expect(cardTitles()).toEqual(["Clean Water", "School Books", "Warm Meals"]),
    );
  });

  it("names every handle after its card and describes how to move it", async () => {
    const fake = createFakeData({ causes: [WATER, BOOKS] });
    setupCauses(fake);
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
    const fake = createFakeData({ medical_gallery: [picture(0), picture(1), picture(2)] });
    const [first, second, third] = fake.rows("medical_gallery");
    stackSortableItems();
    const user = userEvent.setup();
    renderWithData(<GalleryManager gallery={medicalGallery} />, fake);
    await screen.findByRole("list", { name: "Gallery images" });

    await moveDown(user, "Move Medical Gallery Image 3", 0);
    expect(fake.reorder).not.toHaveBeenCalled();
    screen.getByRole("button", { name: "Move Medical Gallery Image 1" }).focus();
    await user.keyboard("[Space]");
    expect(announced()).toBe("Picked up Medical Gallery Image 1, picture 1 of 3.");
    await user.keyboard("[ArrowDown]");
    await user.keyboard("[Space]");
    expect(await screen.findByText("New order saved.")).toBeTruthy();
    expect(fake.reorder).toHaveBeenCalledWith("medical_gallery", [
      second?.id,
      first?.id,
      third?.id,
    ]);
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
    const fake = createFakeData();
    renderWithData(
      <ResourceForm
        definition={medicalContent}
        mode="edit"
        initial={initial}
        draftKey="medical_content:test"
        onSubmit={onSubmit}
      />,
      fake,
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
    expect(fake.reorder).not.toHaveBeenCalled();

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
    const fake = createFakeData({
      medical_content: [
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
      ],
    });
    renderWithData(<ResourceManager definition={medicalContent} />, fake);
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
