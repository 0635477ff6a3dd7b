// Test-only helpers for the island tests (jsdom has no matchMedia, ResizeObserver or
// IntersectionObserver). Not imported by any island.
import { vi } from "vitest";
import type { ResolvedImage } from "../../lib/image-types";

export interface FakeMedia {
  width: number;
  reducedMotion: boolean;
}

/** A matchMedia that answers min-width and prefers-reduced-motion queries from `media`,
 * and notifies listeners when `setMedia` changes it. */
export function installMatchMedia(initial: Partial<FakeMedia> = {}) {
  const media: FakeMedia = { width: 1280, reducedMotion: false, ...initial };
  const listeners = new Set<{ query: string; fn: () => void }>();
  const evaluate = (query: string): boolean => {
    const minWidth = /min-width:\s*(\d+)px/.exec(query);
    if (minWidth) return media.width >= Number(minWidth[1]);
    if (query.includes("prefers-reduced-motion: reduce")) return media.reducedMotion;
    return false;
  };
  const matchMedia = vi.fn((query: string) => ({
    get matches() {
      return evaluate(query);
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, fn: () => void) => listeners.add({ query, fn }),
    removeEventListener: (_type: string, fn: () => void) => {
      for (const entry of listeners) if (entry.fn === fn) listeners.delete(entry);
    },
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
  Object.defineProperty(window, "matchMedia", {
    configurable: true,
    writable: true,
    value: matchMedia,
  });
  return {
    matchMedia,
    setMedia(next: Partial<FakeMedia>) {
      Object.assign(media, next);
      for (const entry of [...listeners]) entry.fn();
    },
  };
}

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/** Embla needs these to exist; in jsdom nothing has a size, so they never fire. */
export function installObservers() {
  for (const name of ["ResizeObserver", "IntersectionObserver"] as const) {
    if (!(name in window)) {
      Object.defineProperty(window, name, {
        configurable: true,
        writable: true,
        value: NoopObserver,
      });
    }
  }
}

export function fakeImage(name: string, alt = `${name} photo`): ResolvedImage {
  return {
    src: `/_astro/${name}.jpg`,
    srcset: `/_astro/${name}-400.jpg 400w, /_astro/${name}-800.jpg 800w`,
    sources: [
      {
        type: "image/avif",
        srcset: `/_astro/${name}-400.avif 400w, /_astro/${name}-800.avif 800w`,
      },
      {
        type: "image/webp",
        srcset: `/_astro/${name}-400.webp 400w, /_astro/${name}-800.webp 800w`,
      },
    ],
    sizes: "(min-width: 1024px) 25vw, 100vw",
    width: 800,
    height: 600,
    alt,
  };
}
