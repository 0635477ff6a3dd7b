// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { installMatchMedia } from "./testing";
import { cardsPerView, useCardsPerView, usePrefersReducedMotion } from "./useMediaQuery";

afterEach(cleanup);

describe("cards per view", () => {
  it("follows spec section 9: 1 below 640px, 2 below 768px, 3 below 1024px, 4 otherwise", () => {
    const media = installMatchMedia({ width: 375 });
    const { result } = renderHook(() => useCardsPerView());
    expect(result.current).toBe(1);
    for (const [width, expected] of [
      [639, 1],
      [640, 2],
      [767, 2],
      [768, 3],
      [1023, 3],
      [1024, 4],
      [1920, 4],
    ] as const) {
      act(() => media.setMedia({ width }));
      expect(result.current, `${width}px`).toBe(expected);
    }
    expect(cardsPerView(false, false, false)).toBe(1);
  });

  it("renders one card per view on the server, where there is no window to ask", () => {
    function Probe() {
      return <span>{useCardsPerView()}</span>;
    }
    expect(renderToString(<Probe />)).toBe("<span>1</span>");
  });
});

describe("usePrefersReducedMotion", () => {
  it("follows the media query, and is false without matchMedia", () => {
    const media = installMatchMedia({ reducedMotion: true });
    const { result } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(true);
    act(() => media.setMedia({ reducedMotion: false }));
    expect(result.current).toBe(false);
    // biome-ignore lint/suspicious/noExplicitAny: removing the browser API on purpose
    delete (window as any).matchMedia;
    const bare = renderHook(() => usePrefersReducedMotion());
    expect(bare.result.current).toBe(false);
  });
});
