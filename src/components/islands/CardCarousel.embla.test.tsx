// @vitest-environment jsdom
// The wiring between the carousel and Embla's API: the buttons call scrollPrev and
// scrollNext (jumping under reduced motion), and the buttons' state follows Embla's
// 'select' events, whatever moved it. Embla is replaced by a fake whose position the
// test sets and whose events it fires.
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CardCarousel, type CauseCard } from "./CardCarousel";
import { fakeImage, installMatchMedia } from "./testing";

const fake = vi.hoisted(() => {
  const listeners = new Map<string, Set<() => void>>();
  const api = {
    selected: 0,
    /** How many positions Embla measured: one per card at one card per view. */
    snaps: 6,
    selectedScrollSnap: () => api.selected,
    scrollSnapList: () => Array.from({ length: api.snaps }, (_, i) => -i),
    canScrollPrev: () => api.selected > 0,
    canScrollNext: () => api.selected < api.snaps - 1,
    scrollTo: (index: number, _jump?: boolean) => {
      api.calls.push([index, _jump ?? false]);
      const target = Math.min(Math.max(index, 0), api.snaps - 1);
      if (target === api.selected) return;
      api.selected = target;
      api.emit("select");
    },
    scrollPrev: (jump?: boolean) => api.scrollTo(api.selected - 1, jump),
    scrollNext: (jump?: boolean) => api.scrollTo(api.selected + 1, jump),
    calls: [] as [number, boolean][],
    on: (event: string, fn: () => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(fn);
      return api;
    },
    off: (event: string, fn: () => void) => {
      listeners.get(event)?.delete(fn);
      return api;
    },
    emit: (event: string) => {
      for (const fn of listeners.get(event) ?? []) fn();
    },
    reset: () => {
      api.selected = 0;
      api.snaps = 6;
      api.calls = [];
      listeners.clear();
    },
  };
  return api;
});

vi.mock("embla-carousel-react", () => ({
  default: () => [() => {}, fake],
}));

const causes: CauseCard[] = Array.from({ length: 6 }, (_, i) => ({
  id: `c${i + 1}`,
  title: `Cause ${i + 1}`,
  description: "",
  category: null,
  image: fakeImage(`c${i + 1}`),
  href: "/donate/",
}));

const prevButton = () =>
  screen.getByRole("button", { name: "Previous cause" }) as HTMLButtonElement;
const nextButton = () => screen.getByRole("button", { name: "Next cause" }) as HTMLButtonElement;

beforeEach(() => fake.reset());
afterEach(cleanup);

describe("CardCarousel with Embla", () => {
  it("asks Embla to animate to each step", async () => {
    installMatchMedia({ width: 375 });
    const user = userEvent.setup();
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    await user.click(nextButton());
    await user.click(nextButton());
    await user.click(prevButton());
    expect(fake.calls).toEqual([
      [1, false],
      [2, false],
      [1, false],
    ]);
  });

  it("jumps without animation under prefers-reduced-motion", async () => {
    installMatchMedia({ width: 375, reducedMotion: true });
    const user = userEvent.setup();
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    await user.click(nextButton());
    expect(fake.calls).toEqual([[1, true]]);
  });

  it("follows a swipe: Embla's selected snap becomes the position, bounds included", () => {
    installMatchMedia({ width: 1280 });
    // 6 cards, 4 in view: Embla measured 3 positions.
    fake.snaps = 3;
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    act(() => {
      fake.selected = 2;
      fake.emit("select");
    });
    expect(nextButton().disabled).toBe(true);
    expect(prevButton().disabled).toBe(false);
    act(() => {
      fake.selected = 0;
      fake.emit("select");
    });
    expect(prevButton().disabled).toBe(true);
    expect(nextButton().disabled).toBe(false);
    // Following Embla never sends it back a scroll it already made.
    expect(fake.calls).toEqual([]);
  });

  it("follows Embla's 'reInit' after a resize changes the positions", () => {
    installMatchMedia({ width: 375 });
    render(<CardCarousel label="Our Causes" variant="cause" items={causes} />);
    act(() => {
      fake.selected = 3;
      fake.emit("select");
    });
    expect(nextButton().disabled).toBe(false);
    act(() => {
      // Wider: 4 cards in view, 3 positions, and Embla keeps the position in bounds.
      fake.snaps = 3;
      fake.selected = 2;
      fake.emit("reInit");
    });
    expect(nextButton().disabled).toBe(true);
    expect(prevButton().disabled).toBe(false);
  });
});
