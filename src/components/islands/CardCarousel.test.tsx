// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DefaultCardCarousel, {
  CardCarousel,
  type CauseCard,
  EMPTY_STAFF_TEXT,
  EMPTY_STAFF_TITLE,
  type StaffCard,
} from "./CardCarousel";
import {
  fakeImage,
  installLayout,
  installMatchMedia,
  installObservers,
  nextFrame,
} from "./testing";

const causes: CauseCard[] = Array.from({ length: 6 }, (_, i) => ({
  id: `c${i + 1}`,
  title: `Cause ${i + 1}`,
  description: `What cause ${i + 1} pays for.`,
  category: i === 0 ? null : "Education",
  image: fakeImage(`cause-${i + 1}`),
  href: "/donate/",
}));

const staff: StaffCard[] = [
  { id: "s1", name: "Asha Rao", designation: "Chairperson", image: fakeImage("asha") },
  { id: "s2", name: "Ben Okafor", designation: "Treasurer", image: fakeImage("ben") },
];

let media: ReturnType<typeof installMatchMedia>;
let removeLayout: () => void;

// The real Embla, measuring the fake layout: cards sized by their basis classes at the
// fake window width.
beforeEach(() => {
  installObservers();
  media = installMatchMedia({ width: 1280 });
  removeLayout = installLayout();
});
afterEach(() => {
  cleanup();
  removeLayout();
});

const prevButton = () =>
  screen.getByRole("button", { name: "Previous cause" }) as HTMLButtonElement;
const nextButton = () => screen.getByRole("button", { name: "Next cause" }) as HTMLButtonElement;

describe("CardCarousel", () => {
  it("is the same component as the default export", () => {
    expect(DefaultCardCarousel).toBe(CardCarousel);
  });

  it("is a labelled carousel region whose slides read 'N of M'", () => {
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    const region = screen.getByRole("region", { name: "Our Causes" });
    expect(region.getAttribute("aria-roledescription")).toBe("carousel");
    const slides = within(region).getAllByRole("group");
    expect(slides).toHaveLength(6);
    expect(slides.map((s) => s.getAttribute("aria-label"))).toEqual([
      "1 of 6",
      "2 of 6",
      "3 of 6",
      "4 of 6",
      "5 of 6",
      "6 of 6",
    ]);
    for (const slide of slides) expect(slide.getAttribute("aria-roledescription")).toBe("slide");
  });

  it("server-renders every card, sized by CSS for 1/2/3/4 per view", () => {
    const html = renderToString(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const slides = doc.querySelectorAll("[aria-roledescription='slide']");
    expect(slides).toHaveLength(6);
    for (const cls of ["basis-full", "sm:basis-1/2", "md:basis-1/3", "lg:basis-1/4"]) {
      expect(slides[0]?.className.split(" ")).toContain(cls);
    }
    expect(doc.querySelectorAll("img")).toHaveLength(6);
    expect(doc.querySelector("img")?.getAttribute("loading")).toBe("lazy");
    // Before hydration: at the start, so only Previous is disabled.
    const buttons = doc.querySelectorAll("button");
    expect(buttons[0]?.hasAttribute("disabled")).toBe(true);
    expect(buttons[1]?.hasAttribute("disabled")).toBe(false);
  });

  it("shows a cause card's category, title, description and a donate link", () => {
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    const second = screen.getByRole("group", { name: "2 of 6" });
    const card = within(second);
    expect(card.getByText("Education")).toBeTruthy();
    expect(card.getByRole("heading", { level: 3, name: "Cause 2" })).toBeTruthy();
    expect(card.getByText("What cause 2 pays for.").className).toContain("line-clamp-3");
    const link = card.getByRole("link", { name: /Donate Now/ });
    expect(link.getAttribute("href")).toBe("/donate/");
    expect(link.textContent).toBe("Donate Now: Cause 2");
    // A cause without a category has no badge.
    expect(
      within(screen.getByRole("group", { name: "1 of 6" })).queryByText("Education"),
    ).toBeNull();
  });

  it("shows only photo, name and designation on a staff card", () => {
    render(<CardCarousel label="Our Board & Staff" variant="staff" items={staff} />);
    const card = screen.getByRole("group", { name: "1 of 2" });
    expect(within(card).getByRole("heading", { name: "Asha Rao" })).toBeTruthy();
    expect(within(card).getByText("Chairperson")).toBeTruthy();
    expect(within(card).getByRole("img").getAttribute("alt")).toBe("asha photo");
    expect(within(card).queryByRole("link")).toBeNull();
    expect(screen.getByRole("button", { name: "Next staff member" })).toBeTruthy();
  });

  it("moves one card per step and stops at both ends with 4 per view (desktop)", async () => {
    const user = userEvent.setup();
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    expect(prevButton().disabled).toBe(true);
    expect(nextButton().disabled).toBe(false);
    await user.click(nextButton());
    expect(prevButton().disabled).toBe(false);
    expect(nextButton().disabled).toBe(false);
    await user.click(nextButton());
    // 6 cards, 4 in view: the third step would leave a gap, so the end is index 2.
    expect(nextButton().disabled).toBe(true);
    await user.click(nextButton());
    expect(nextButton().disabled).toBe(true);
    await user.click(prevButton());
    await user.click(prevButton());
    expect(prevButton().disabled).toBe(true);
    expect(nextButton().disabled).toBe(false);
  });

  it.each([
    [375, 5],
    [700, 4],
    [900, 3],
    [1280, 2],
  ])("at %ipx it takes %i steps to reach the end", async (width, steps) => {
    media.setMedia({ width });
    const user = userEvent.setup();
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    for (let i = 0; i < steps; i++) {
      expect(nextButton().disabled, `step ${i}`).toBe(false);
      await user.click(nextButton());
    }
    expect(nextButton().disabled).toBe(true);
    expect(prevButton().disabled).toBe(false);
  });

  it("pulls back in bounds when the window widens", async () => {
    media.setMedia({ width: 375 });
    const user = userEvent.setup();
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    for (let i = 0; i < 5; i++) await user.click(nextButton());
    expect(nextButton().disabled).toBe(true);
    // Embla starts watching sizes one frame after it starts.
    await act(nextFrame);
    act(() => media.setMedia({ width: 1280 }));
    expect(nextButton().disabled).toBe(true);
    await user.click(prevButton());
    await user.click(prevButton());
    expect(prevButton().disabled).toBe(true);
  });

  it("follows a swipe on a touch screen, one card at a time", () => {
    // Embla animates on animation frames; fake ones let each swipe settle.
    vi.useFakeTimers();
    try {
      media.setMedia({ width: 375 });
      render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
      const card = screen.getByRole("group", { name: "1 of 6" });
      const swipe = (from: number, to: number) => {
        fireEvent.touchStart(card, { touches: [{ clientX: from, clientY: 200 }] });
        fireEvent.touchMove(card, { touches: [{ clientX: (from + to) / 2, clientY: 200 }] });
        fireEvent.touchMove(card, { touches: [{ clientX: to, clientY: 200 }] });
        fireEvent.touchEnd(card, { changedTouches: [{ clientX: to, clientY: 200 }] });
        act(() => vi.advanceTimersByTime(2000));
      };
      swipe(300, 50);
      expect(prevButton().disabled).toBe(false);
      expect(nextButton().disabled).toBe(false);
      // Four more reach the last card.
      for (let i = 0; i < 4; i++) swipe(300, 50);
      expect(nextButton().disabled).toBe(true);
      swipe(50, 300);
      expect(nextButton().disabled).toBe(false);
      expect(prevButton().disabled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it("brings a card into view when Tab reaches its link", async () => {
    media.setMedia({ width: 375 });
    const user = userEvent.setup();
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    act(() => screen.getByRole("link", { name: "Donate Now: Cause 1" }).focus());
    expect(prevButton().disabled).toBe(true);
    // Embla follows a focus only within 10 ms of the Tab key's keydown (by the clock), a
    // gap a busy machine can exceed between userEvent's keydown and focus: the clock
    // stands still for the key press.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await user.tab();
    } finally {
      vi.useRealTimers();
    }
    expect(document.activeElement).toBe(screen.getByRole("link", { name: "Donate Now: Cause 2" }));
    expect(prevButton().disabled).toBe(false);
  });

  it("hands keyboard focus to the other button when one becomes disabled", async () => {
    media.setMedia({ width: 900 });
    const user = userEvent.setup();
    render(<CardCarousel label="Our Causes" variant="cause" items={causes.slice(0, 4)} />);
    nextButton().focus();
    await user.keyboard("{Enter}");
    expect(nextButton().disabled).toBe(true);
    expect(document.activeElement).toBe(prevButton());
    await user.keyboard("{Enter}");
    expect(prevButton().disabled).toBe(true);
    expect(document.activeElement).toBe(nextButton());
  });

  it("disables both buttons, and hides them by CSS, when every card fits", () => {
    render(<CardCarousel label="Our Board & Staff" variant="staff" items={staff} />);
    const prev = screen.getByRole("button", { name: "Previous staff member" }) as HTMLButtonElement;
    const next = screen.getByRole("button", { name: "Next staff member" }) as HTMLButtonElement;
    expect(prev.disabled).toBe(true);
    expect(next.disabled).toBe(true);
    expect(prev.parentElement?.className).toContain("sm:hidden");
  });

  it("shows the empty state for an empty staff list", () => {
    render(<CardCarousel label="Our Board & Staff" variant="staff" items={[]} />);
    expect(screen.getByRole("heading", { name: EMPTY_STAFF_TITLE })).toBeTruthy();
    expect(screen.getByText(EMPTY_STAFF_TEXT)).toBeTruthy();
    expect(EMPTY_STAFF_TITLE).toBe("No Board Staff Members");
    expect(EMPTY_STAFF_TEXT).toBe(
      "Board staff members will appear here once added through the admin panel.",
    );
  });

  it("renders nothing for an empty cause list", () => {
    const { container } = render(<CardCarousel label="Our Causes" variant="cause" items={[]} />);
    expect(container.innerHTML).toBe("");
  });
});
