import { useCallback, useSyncExternalStore } from "react";

function canMatch(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function";
}

/**
 * Whether a media query matches, kept up to date. The server (and a browser without
 * matchMedia) gets `serverValue`, so the first render is the same on both sides.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (canMatch() ? window.matchMedia(query).matches : serverValue),
    () => serverValue,
  );
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)");
}

/** Cards per view (spec section 9): 1 below 640px, 2 below 768px, 3 below 1024px, 4 otherwise. */
export function cardsPerView(sm: boolean, md: boolean, lg: boolean): number {
  if (lg) return 4;
  if (md) return 3;
  if (sm) return 2;
  return 1;
}

/** The same breakpoints as Tailwind's sm, md and lg, which size the cards in CSS. */
export function useCardsPerView(): number {
  const sm = useMediaQuery("(min-width: 640px)");
  const md = useMediaQuery("(min-width: 768px)");
  const lg = useMediaQuery("(min-width: 1024px)");
  return cardsPerView(sm, md, lg);
}
