// @vitest-environment jsdom
import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clampStep, maxStepIndex, useStepper, wrapIndex } from "./useStepper";

afterEach(cleanup);

describe("stepper maths", () => {
  it("bounds the start index so the last cards fill the view", () => {
    expect(maxStepIndex(6, 4)).toBe(2);
    expect(maxStepIndex(6, 1)).toBe(5);
    expect(maxStepIndex(3, 4)).toBe(0);
    expect(maxStepIndex(0, 1)).toBe(0);
    expect(maxStepIndex(5, 0)).toBe(4);
    expect(clampStep(-1, 6, 4)).toBe(0);
    expect(clampStep(9, 6, 4)).toBe(2);
    expect(clampStep(1, 6, 4)).toBe(1);
  });

  it("wraps at both ends", () => {
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(7, 3)).toBe(1);
    expect(wrapIndex(-4, 3)).toBe(2);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});

describe("useStepper", () => {
  it("moves one step at a time and stops at both ends", () => {
    const { result } = renderHook(() => useStepper(5, 3));
    expect(result.current).toMatchObject({ index: 0, maxIndex: 2, canPrev: false, canNext: true });
    act(() => result.current.prev());
    expect(result.current.index).toBe(0);
    act(() => result.current.next());
    expect(result.current).toMatchObject({ index: 1, canPrev: true, canNext: true });
    act(() => result.current.next());
    expect(result.current).toMatchObject({ index: 2, canPrev: true, canNext: false });
    act(() => result.current.next());
    expect(result.current.index).toBe(2);
    act(() => result.current.goTo(-3));
    expect(result.current.index).toBe(0);
    act(() => result.current.goTo(99));
    expect(result.current.index).toBe(2);
  });

  it("pulls the position back in bounds when more cards fit, and keeps it there", () => {
    const { result, rerender } = renderHook(({ perView }) => useStepper(6, perView), {
      initialProps: { perView: 1 },
    });
    act(() => result.current.goTo(5));
    expect(result.current.index).toBe(5);
    rerender({ perView: 4 });
    expect(result.current).toMatchObject({ index: 2, maxIndex: 2, canNext: false });
    rerender({ perView: 1 });
    expect(result.current).toMatchObject({ index: 2, maxIndex: 5, canNext: true });
  });

  it("has nothing to step through when everything fits", () => {
    const { result } = renderHook(() => useStepper(2, 4));
    expect(result.current).toMatchObject({ index: 0, maxIndex: 0, canPrev: false, canNext: false });
  });
});
