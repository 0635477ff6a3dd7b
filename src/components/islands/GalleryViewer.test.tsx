// @vitest-environment jsdom
// jsdom has no modal <dialog>: these tests run on a model of what a browser does with
// showModal() (testing.ts), and the browser tests prove the real one.
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DefaultGalleryViewer, { type GalleryImage, GalleryViewer } from "./GalleryViewer";
import { fakeImage, installDialogModel } from "./testing";

const images: GalleryImage[] = [1, 2, 3].map((n) => ({
  id: `g${n}`,
  title: `Home Gallery Image ${n}`,
  alt: `Image ${n}`,
  thumb: fakeImage(`thumb-${n}`, `Image ${n}`),
  full: fakeImage(`full-${n}`, `Image ${n}`),
}));

let removeDialogModel: () => void;

beforeEach(() => {
  removeDialogModel = installDialogModel();
});
afterEach(() => {
  cleanup();
  removeDialogModel();
  document.body.style.overflow = "";
});

const card = (n: number) => screen.getByRole("button", { name: `View Home Gallery Image ${n}` });
const dialog = () => screen.getByRole("dialog", { name: "Image viewer" });
const shownImage = () => within(dialog()).getByRole("img").getAttribute("src");

describe("GalleryViewer", () => {
  it("is the same component as the default export", () => {
    expect(DefaultGalleryViewer).toBe(GalleryViewer);
  });

  it("server-renders a 1/2/3-column grid of lazy thumbnails", () => {
    const html = renderToString(<GalleryViewer images={images} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const grid = doc.querySelector("ul");
    expect(grid?.className).toContain("sm:grid-cols-2");
    expect(grid?.className).toContain("lg:grid-cols-3");
    expect(doc.querySelectorAll("li button")).toHaveLength(3);
    expect(doc.querySelector("img")?.getAttribute("src")).toBe("/_astro/thumb-1.jpg");
    expect(doc.querySelector("img")?.getAttribute("loading")).toBe("lazy");
    expect(doc.querySelectorAll("picture source")).toHaveLength(6);
  });

  it("opens the clicked image in a modal viewer with an 'n / total' counter", async () => {
    const user = userEvent.setup();
    render(<GalleryViewer images={images} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(card(2));
    expect(dialog().getAttribute("aria-modal")).toBe("true");
    expect(within(dialog()).getByText("2 / 3")).toBeTruthy();
    expect(within(dialog()).getByText("Home Gallery Image 2")).toBeTruthy();
    expect(shownImage()).toBe("/_astro/full-2.jpg");
    expect(within(dialog()).getByRole("img").getAttribute("alt")).toBe("Image 2");
  });

  it("is a native modal <dialog>, opened once with showModal()", async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal");
    const user = userEvent.setup();
    render(<GalleryViewer images={images} />);
    await user.click(card(1));
    const viewer = dialog() as HTMLDialogElement;
    expect(viewer.tagName).toBe("DIALOG");
    expect(viewer.open).toBe(true);
    expect(showModal).toHaveBeenCalledTimes(1);
    // Moving between images keeps the same dialog open.
    await user.keyboard("{ArrowRight}");
    await user.click(screen.getByRole("button", { name: "Next image" }));
    expect(dialog()).toBe(viewer);
    expect(showModal).toHaveBeenCalledTimes(1);
    showModal.mockRestore();
  });

  it("closes on the dialog's cancel event (Escape), keeping the close its own", async () => {
    const user = userEvent.setup();
    render(<GalleryViewer images={images} />);
    await user.click(card(2));
    const cancel = new Event("cancel", { cancelable: true });
    act(() => {
      dialog().dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(card(2));
  });

  it("follows a close it did not ask for, and returns focus", async () => {
    const user = userEvent.setup();
    document.body.style.overflow = "auto";
    render(<GalleryViewer images={images} />);
    await user.click(card(3));
    act(() => (dialog() as HTMLDialogElement).close());
    // The browser fires `close` a task later.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(card(3));
    expect(document.body.style.overflow).toBe("auto");
  });

  it("wraps at both ends with the previous and next buttons", async () => {
    const user = userEvent.setup();
    render(<GalleryViewer images={images} />);
    await user.click(card(3));
    await user.click(screen.getByRole("button", { name: "Next image" }));
    expect(within(dialog()).getByText("1 / 3")).toBeTruthy();
    expect(shownImage()).toBe("/_astro/full-1.jpg");
    await user.click(screen.getByRole("button", { name: "Previous image" }));
    expect(within(dialog()).getByText("3 / 3")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Previous image" }));
    expect(within(dialog()).getByText("2 / 3")).toBeTruthy();
  });

  it("navigates with ArrowLeft and ArrowRight, wrapping, and closes on Escape", async () => {
    const user = userEvent.setup();
    render(<GalleryViewer images={images} />);
    await user.click(card(1));
    await user.keyboard("{ArrowLeft}");
    expect(within(dialog()).getByText("3 / 3")).toBeTruthy();
    await user.keyboard("{ArrowRight}");
    expect(within(dialog()).getByText("1 / 3")).toBeTruthy();
    await user.keyboard("{ArrowRight}");
    expect(within(dialog()).getByText("2 / 3")).toBeTruthy();
    expect(screen.getByText("Image 2 of 3: Home Gallery Image 2")).toBeTruthy();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("moves focus in on open, traps Tab inside, and returns it to the opening card", async () => {
    const user = userEvent.setup();
    render(<GalleryViewer images={images} />);
    await user.click(card(2));
    const close = screen.getByRole("button", { name: "Close viewer" });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Previous image" }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Next image" }));
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Next image" }));
    // Navigate away from the opening image, then close: focus goes back to the opener.
    await user.keyboard("{ArrowRight}");
    await user.click(screen.getByRole("button", { name: "Close viewer" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(card(2));
  });

  it("keeps the keys working after a click on the picture", async () => {
    const user = userEvent.setup();
    render(<GalleryViewer images={images} />);
    await user.click(card(1));
    await user.click(within(dialog()).getByRole("img"));
    expect(document.activeElement).toBe(dialog());
    await user.keyboard("{ArrowRight}");
    expect(within(dialog()).getByText("2 / 3")).toBeTruthy();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Next image" }));
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(card(1));
  });

  it("locks page scroll and makes the page inert while open, and restores both", async () => {
    const user = userEvent.setup();
    document.body.style.overflow = "auto";
    const { container } = render(<GalleryViewer images={images} />);
    await user.click(card(1));
    expect(document.body.style.overflow).toBe("hidden");
    expect(container.hasAttribute("inert")).toBe(true);
    expect(dialog().closest("[inert]")).toBeNull();
    await user.keyboard("{Escape}");
    expect(document.body.style.overflow).toBe("auto");
    expect(container.hasAttribute("inert")).toBe(false);
  });

  it("swipes between images on touch screens", async () => {
    const user = userEvent.setup();
    render(<GalleryViewer images={images} />);
    await user.click(card(1));
    const figure = dialog().querySelector("figure") as HTMLElement;
    fireEvent.touchStart(figure, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(figure, { changedTouches: [{ clientX: 100 }] });
    expect(within(dialog()).getByText("2 / 3")).toBeTruthy();
    fireEvent.touchStart(figure, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(figure, { changedTouches: [{ clientX: 130 }] });
    expect(within(dialog()).getByText("2 / 3")).toBeTruthy();
    fireEvent.touchStart(figure, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(figure, { changedTouches: [{ clientX: 300 }] });
    expect(within(dialog()).getByText("1 / 3")).toBeTruthy();
  });

  it("has no previous/next for a single image", async () => {
    const user = userEvent.setup();
    render(<GalleryViewer images={images.slice(0, 1)} />);
    await user.click(card(1));
    expect(within(dialog()).getByText("1 / 1")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Next image" })).toBeNull();
  });

  it("tells screen readers what each picture shows, in the grid and full screen", async () => {
    const described: GalleryImage[] = [
      {
        ...(images[0] as GalleryImage),
        alt: "Children planting mango saplings in the garden",
      },
      { ...(images[1] as GalleryImage), alt: "" },
    ];
    const user = userEvent.setup();
    render(<GalleryViewer images={described} />);
    const first = card(1);
    expect(first.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(first.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Children planting mango saplings in the garden",
    );
    // A decorative picture has nothing to add to its card's name.
    expect(card(2).hasAttribute("aria-describedby")).toBe(false);

    await user.click(first);
    expect(within(dialog()).getByRole("img").getAttribute("alt")).toBe(
      "Children planting mango saplings in the garden",
    );
    // The caption stays the title; the announcement says both.
    expect(dialog().querySelector("figcaption")?.textContent).toBe("Home Gallery Image 1");
    expect(dialog().querySelector("[aria-live]")?.textContent).toBe(
      "Image 1 of 2: Home Gallery Image 1. Children planting mango saplings in the garden",
    );
    await user.keyboard("{ArrowRight}");
    expect(dialog().querySelector("img")?.getAttribute("alt")).toBe("");
    expect(dialog().querySelector("[aria-live]")?.textContent).toBe(
      "Image 2 of 2: Home Gallery Image 2",
    );
  });

  it("shows the empty state, or the texts it is given", () => {
    const { rerender } = render(<GalleryViewer images={[]} />);
    expect(screen.getByRole("heading", { name: "No Gallery Images" })).toBeTruthy();
    expect(
      screen.getByText("Images will appear here once they are uploaded through the admin panel."),
    ).toBeTruthy();
    rerender(<GalleryViewer images={[]} emptyTitle="Nothing here" emptyText="Come back later." />);
    expect(screen.getByRole("heading", { name: "Nothing here" })).toBeTruthy();
    expect(screen.getByText("Come back later.")).toBeTruthy();
  });
});
