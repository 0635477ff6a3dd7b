import { useCallback, useState } from "react";

/** The last index a bounded carousel can start at: the last `perView` items fill the view. */
export function maxStepIndex(count: number, perView: number): number {
  return Math.max(0, count - Math.max(1, Math.floor(perView)));
}

export function clampStep(index: number, count: number, perView: number): number {
  return Math.min(Math.max(0, Math.trunc(index)), maxStepIndex(count, perView));
}

/** Wraps an index at both ends: -1 is the last item, `count` is the first. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((Math.trunc(index) % count) + count) % count;
}

export interface Stepper {
  /** Index of the first visible item. */
  index: number;
  maxIndex: number;
  canPrev: boolean;
  canNext: boolean;
  goTo: (index: number) => void;
  prev: () => void;
  next: () => void;
}

/**
 * Bounded, one-item-per-step position of a carousel showing `perView` items out of
 * `count`. When the view widens (more per view) the position is pulled back in bounds.
 */
export function useStepper(count: number, perView: number): Stepper {
  const [stored, setStored] = useState(0);
  const maxIndex = maxStepIndex(count, perView);
  const index = Math.min(stored, maxIndex);
  // Keep the stored position in bounds, so narrowing the view again does not jump back.
  if (stored !== index) setStored(index);

  const goTo = useCallback(
    (target: number) => setStored(clampStep(target, count, perView)),
    [count, perView],
  );
  const prev = useCallback(
    () => setStored((current) => clampStep(Math.min(current, maxIndex) - 1, count, perView)),
    [count, perView, maxIndex],
  );
  const next = useCallback(
    () => setStored((current) => clampStep(Math.min(current, maxIndex) + 1, count, perView)),
    [count, perView, maxIndex],
  );

  return { index, maxIndex, canPrev: index > 0, canNext: index < maxIndex, goTo, prev, next };
}
