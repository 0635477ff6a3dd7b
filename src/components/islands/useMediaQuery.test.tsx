// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { installMatchMedia } from "./testing";
import { useMediaQuery, usePrefersReducedMotion } from "./useMediaQuery";

afterEach(cleanup);

describe("useMediaQuery", () => {
  it("follows the query's changes", () => {
    const media = installMatchMedia({ width: 375 });
    const { result } = renderHook(() => useMediaQuery("(min-width: 640px)"));
    expect(result.current).toBe(false);
    act(() => media.setMedia({ width: 640 }));
    expect(result.current).toBe(true);
  });

  it("renders the server value on the server, where there is no window to ask", () => {
    function Probe() {
      return <span>{String(useMediaQuery("(min-width: 640px)", true))}</span>;
    }
    expect(renderToString(<Probe />)).toBe("<span>true</span>");
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
