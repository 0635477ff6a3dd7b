// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import DefaultBannerCarousel, {
  BannerCarousel,
  type BannerSlide,
  EMPTY_BANNERS_TEXT,
} from "./BannerCarousel";
import { fakeImage, installLayout, installMatchMedia, installObservers } from "./testing";

const slides: BannerSlide[] = [
  {
    id: "a",
    title: "Every child deserves a home",
    subtitle: "Help us",
    position: "left",
    image: fakeImage("a"),
  },
  {
    id: "b",
    title: null,
    subtitle: "Care for our elders",
    position: "center",
    image: fakeImage("b"),
  },
  {
    id: "c",
    title: "Relief when it matters",
    subtitle: null,
    position: "right",
    image: fakeImage("c"),
  },
];

function activeSlide(): HTMLElement {
  const active = document.querySelector<HTMLElement>("[aria-roledescription='slide'][data-active]");
  if (!active) throw new Error("no active slide");
  return active;
}
const activeLabel = () => activeSlide().getAttribute("aria-label");
function slide(n: number): HTMLElement {
  const found = document.querySelector<HTMLElement>(
    `[aria-roledescription='slide'][aria-label^='${n} of ']`,
  );
  if (!found) throw new Error(`no slide ${n}`);
  return found;
}
/** A horizontal touch swipe across the banner, from one x to another. */
function swipe(from: number, to: number) {
  const target = activeSlide();
  fireEvent.touchStart(target, { touches: [{ clientX: from, clientY: 300 }] });
  fireEvent.touchMove(target, { touches: [{ clientX: (from + to) / 2, clientY: 300 }] });
  fireEvent.touchMove(target, { touches: [{ clientX: to, clientY: 300 }] });
  fireEvent.touchEnd(target, { changedTouches: [{ clientX: to, clientY: 300 }] });
}
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

let removeLayout: () => void;

// The real Embla with its Autoplay and Fade plugins, on fake timers and animation frames,
// measuring a fake layout in which each slide is as wide as the window.
beforeEach(() => {
  vi.useFakeTimers();
  installObservers();
  removeLayout = installLayout();
  // Testing Library waits for React with a setTimeout(0); under fake timers it only
  // advances them when it sees a `jest` global, so give it one backed by vitest.
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  installMatchMedia({ reducedMotion: false });
});
afterEach(() => {
  cleanup();
  removeLayout();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("BannerCarousel", () => {
  it("is the same component as the default export", () => {
    expect(DefaultBannerCarousel).toBe(BannerCarousel);
  });

  it("loads one picture at first, the next one before it fades in, and all once the visitor reaches for it", async () => {
    render(<BannerCarousel slides={slides} />);
    await advance(50);
    const loading = () =>
      [1, 2, 3].map((n) => slide(n).querySelector("img")?.getAttribute("loading"));
    expect(loading()).toEqual(["eager", "lazy", "lazy"]);
    await advance(3000);
    expect(loading()).toEqual(["eager", "eager", "lazy"]);
    fireEvent.mouseEnter(screen.getByRole("region", { name: "Highlights" }));
    expect(loading()).toEqual(["eager", "eager", "eager"]);
  });

  it("server-renders the first slide visible with an eager, high-priority image", () => {
    const html = renderToString(<BannerCarousel slides={slides} />);
    const doc = new DOMParser().parseFromString(html, "text/html");
    const groups = doc.querySelectorAll("[aria-roledescription='slide']");
    expect(groups).toHaveLength(3);
    expect(groups[0]?.className).toContain("opacity-100");
    expect(groups[0]?.hasAttribute("inert")).toBe(false);
    expect(groups[1]?.className).toContain("opacity-0");
    expect(groups[1]?.hasAttribute("inert")).toBe(true);
    expect(groups[1]?.getAttribute("aria-hidden")).toBe("true");
    const imgs = doc.querySelectorAll("img");
    expect(imgs[0]?.getAttribute("loading")).toBe("eager");
    expect(imgs[0]?.getAttribute("fetchpriority")).toBe("high");
    expect(imgs[1]?.getAttribute("loading")).toBe("lazy");
    expect(imgs[1]?.hasAttribute("fetchpriority")).toBe(false);
    expect(doc.querySelectorAll("picture source")).toHaveLength(6);
    expect(doc.querySelector("h2")?.textContent).toBe("Every child deserves a home");
  });

  it("shows the title and subtitle only when present, and a Donate Now link per slide", () => {
    render(<BannerCarousel slides={slides} donateHref="/donate/" />);
    const groups = screen.getAllByRole("group", { hidden: true });
    const second = groups.find((g) => g.getAttribute("aria-label") === "2 of 3");
    expect(second?.querySelector("h2")).toBeNull();
    expect(second?.textContent).toContain("Care for our elders");
    const first = within(activeSlide());
    expect(first.getByRole("heading", { level: 2 }).textContent).toBe(
      "Every child deserves a home",
    );
    expect(first.getByRole("link", { name: "Donate Now" }).getAttribute("href")).toBe("/donate/");
    expect(activeSlide().textContent).not.toContain("Untitled");
  });

  it("aligns the text per slide position", () => {
    render(<BannerCarousel slides={slides} />);
    const box = (label: string) =>
      document.querySelector(`[aria-label='${label}'] .max-w-2xl`)?.className ?? "";
    expect(box("1 of 3")).toContain("text-left");
    expect(box("2 of 3")).toContain("text-center");
    expect(box("3 of 3")).toContain("text-right");
  });

  it("auto-advances every interval and wraps from the last slide to the first", () => {
    render(<BannerCarousel slides={slides} intervalMs={6000} />);
    expect(activeLabel()).toBe("1 of 3");
    advance(5999);
    expect(activeLabel()).toBe("1 of 3");
    advance(1);
    expect(activeLabel()).toBe("2 of 3");
    advance(6000);
    expect(activeLabel()).toBe("3 of 3");
    advance(6000);
    expect(activeLabel()).toBe("1 of 3");
  });

  it("uses the default 6 s interval and the 1 s cross-fade", () => {
    render(<BannerCarousel slides={slides} />);
    const opacity = (n: number) => Number(slide(n).style.opacity);
    advance(6000);
    expect(activeLabel()).toBe("2 of 3");
    // Early in the fade both slides show, the first fading out as the second fades in.
    advance(200);
    expect(opacity(2)).toBeGreaterThan(0.2);
    expect(opacity(2)).toBeLessThan(0.8);
    expect(opacity(1) + opacity(2)).toBeCloseTo(1, 1);
    // A second after the change the fade is over.
    advance(800);
    expect(opacity(2)).toBeGreaterThanOrEqual(0.99);
    expect(opacity(1)).toBeLessThanOrEqual(0.01);
    expect(opacity(3)).toBe(0);
  });

  it("moves with previous and next, wrapping at both ends", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    render(<BannerCarousel slides={slides} />);
    await user.click(screen.getByRole("button", { name: "Previous slide" }));
    expect(activeLabel()).toBe("3 of 3");
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(activeLabel()).toBe("1 of 3");
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(activeLabel()).toBe("2 of 3");
  });

  it("jumps with the dots, marking the active one with aria-current", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    render(<BannerCarousel slides={slides} />);
    const dot = (n: number) => screen.getByRole("button", { name: `Go to slide ${n}` });
    expect(dot(1).getAttribute("aria-current")).toBe("true");
    expect(dot(2).hasAttribute("aria-current")).toBe(false);
    await user.click(dot(3));
    expect(activeLabel()).toBe("3 of 3");
    expect(dot(3).getAttribute("aria-current")).toBe("true");
    expect(dot(1).hasAttribute("aria-current")).toBe(false);
    expect(screen.getByText("Slide 3 of 3: Relief when it matters")).toBeTruthy();
  });

  it("follows a swipe on a touch screen, wrapping at both ends, and announces it", () => {
    const { container } = render(<BannerCarousel slides={slides} />);
    const live = container.querySelector("[aria-live='polite']");
    swipe(1000, 300);
    expect(activeLabel()).toBe("2 of 3");
    expect(live?.textContent).toBe("Slide 2 of 3");
    advance(2000);
    swipe(300, 1000);
    advance(2000);
    swipe(300, 1000);
    expect(activeLabel()).toBe("3 of 3");
    expect(live?.textContent).toBe("Slide 3 of 3: Relief when it matters");
  });

  it("gives the slide a swipe lands on the full interval, then rotates on", () => {
    render(<BannerCarousel slides={slides} />);
    advance(4000);
    swipe(1000, 300);
    expect(activeLabel()).toBe("2 of 3");
    advance(5900);
    expect(activeLabel()).toBe("2 of 3");
    advance(100);
    expect(activeLabel()).toBe("3 of 3");
  });

  it("stays paused after a swipe when the visitor paused it", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    render(<BannerCarousel slides={slides} />);
    await user.click(screen.getByRole("button", { name: "Pause slideshow" }));
    swipe(1000, 300);
    expect(activeLabel()).toBe("2 of 3");
    await user.unhover(screen.getByRole("region"));
    act(() => (document.activeElement as HTMLElement).blur());
    advance(20000);
    expect(activeLabel()).toBe("2 of 3");
  });

  it("pauses while the page is hidden and resumes when it is shown again", () => {
    render(<BannerCarousel slides={slides} />);
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    act(() => document.dispatchEvent(new Event("visibilitychange")));
    advance(20000);
    expect(activeLabel()).toBe("1 of 3");
    visibility.mockReturnValue("visible");
    act(() => document.dispatchEvent(new Event("visibilitychange")));
    advance(6000);
    expect(activeLabel()).toBe("2 of 3");
    visibility.mockRestore();
  });

  it("pauses while hovered and resumes when the pointer leaves", () => {
    render(<BannerCarousel slides={slides} />);
    const region = screen.getByRole("region", { name: "Highlights" });
    fireEvent.mouseEnter(region);
    advance(20000);
    expect(activeLabel()).toBe("1 of 3");
    fireEvent.mouseLeave(region);
    advance(6000);
    expect(activeLabel()).toBe("2 of 3");
  });

  it("pauses while focus is inside and resumes when it leaves", () => {
    render(
      <>
        <BannerCarousel slides={slides} />
        <button type="button">outside</button>
      </>,
    );
    act(() => screen.getByRole("button", { name: "Go to slide 2" }).focus());
    advance(20000);
    expect(activeLabel()).toBe("1 of 3");
    // Moving between controls inside keeps it paused.
    act(() => screen.getByRole("button", { name: "Next slide" }).focus());
    advance(20000);
    expect(activeLabel()).toBe("1 of 3");
    act(() => screen.getByRole("button", { name: "outside" }).focus());
    advance(6000);
    expect(activeLabel()).toBe("2 of 3");
  });

  it("stops and restarts with the pause control", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    render(<BannerCarousel slides={slides} />);
    await user.click(screen.getByRole("button", { name: "Pause slideshow" }));
    await user.unhover(screen.getByRole("region"));
    act(() => (document.activeElement as HTMLElement).blur());
    advance(20000);
    expect(activeLabel()).toBe("1 of 3");
    await user.click(screen.getByRole("button", { name: "Play slideshow" }));
    // An explicit Play rotates even with focus and pointer still on the control.
    advance(6000);
    expect(activeLabel()).toBe("2 of 3");
  });

  it("announces slide changes the visitor makes, but not automatic ones", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    const { container } = render(<BannerCarousel slides={slides} />);
    const live = container.querySelector("[aria-live='polite']");
    advance(6000);
    expect(live?.textContent).toBe("");
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(live?.textContent).toBe("Slide 3 of 3: Relief when it matters");
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(live?.textContent).toBe("Slide 1 of 3: Every child deserves a home");
  });

  it("does not auto-advance under prefers-reduced-motion, and offers no pause control", async () => {
    installMatchMedia({ reducedMotion: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    render(<BannerCarousel slides={slides} />);
    advance(60000);
    expect(activeLabel()).toBe("1 of 3");
    expect(screen.queryByRole("button", { name: /slideshow/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Next slide" }));
    expect(activeLabel()).toBe("2 of 3");
  });

  it("stops rotating when the visitor turns reduced motion on", () => {
    const media = installMatchMedia({ reducedMotion: false });
    render(<BannerCarousel slides={slides} />);
    act(() => media.setMedia({ reducedMotion: true }));
    advance(60000);
    expect(activeLabel()).toBe("1 of 3");
  });

  it("shows one slide without controls or rotation", () => {
    render(<BannerCarousel slides={slides.slice(0, 1)} />);
    expect(screen.queryAllByRole("button")).toHaveLength(0);
    advance(60000);
    expect(activeLabel()).toBe("1 of 1");
  });

  it("shows the empty-state text when there are no slides", () => {
    render(<BannerCarousel slides={[]} />);
    expect(screen.getByText(EMPTY_BANNERS_TEXT)).toBeTruthy();
    expect(EMPTY_BANNERS_TEXT).toBe("No banners configured. Please add banners in admin panel.");
  });
});
