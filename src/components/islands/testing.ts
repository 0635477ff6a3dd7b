// Test-only helpers for the island tests. jsdom lays nothing out and has no matchMedia,
// ResizeObserver, IntersectionObserver or modal <dialog>; these stand in for them, so
// the islands run with the real Embla. Not imported by any island.
import { vi } from "vitest";
import type { ResolvedImage } from "../../lib/image-types";

export interface FakeMedia {
  width: number;
  reducedMotion: boolean;
}

/** The media the fake matchMedia, the fake layout and the fake ResizeObserver share. */
let currentMedia: FakeMedia = { width: 1280, reducedMotion: false };

/** A matchMedia that answers min-width and prefers-reduced-motion queries from `media`.
 * `setMedia` changes it, notifies the media-query listeners, and reports a resize to
 * every fake ResizeObserver, as a browser window being resized would. */
export function installMatchMedia(initial: Partial<FakeMedia> = {}) {
  const media: FakeMedia = { width: 1280, reducedMotion: false, ...initial };
  currentMedia = media;
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
      reportResize();
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

const resizeObservers = new Set<FakeResizeObserver>();

/** Reports every observed element as resized; the observer's owner measures it again. */
class FakeResizeObserver {
  private readonly targets = new Set<Element>();
  private readonly callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    this.targets.add(target);
    resizeObservers.add(this);
  }
  unobserve(target: Element) {
    this.targets.delete(target);
  }
  disconnect() {
    this.targets.clear();
    resizeObservers.delete(this);
  }
  takeRecords() {
    return [];
  }
  report() {
    if (this.targets.size === 0) return;
    const entries = [...this.targets].map((target) => ({ target }) as ResizeObserverEntry);
    this.callback(entries, this as unknown as ResizeObserver);
  }
}

function reportResize() {
  for (const observer of [...resizeObservers]) observer.report();
}

/** A ResizeObserver that reports when `setMedia` resizes the window, and an
 * IntersectionObserver that never fires (in jsdom nothing is ever in view). */
export function installObservers() {
  resizeObservers.clear();
  for (const [name, value] of [
    ["ResizeObserver", FakeResizeObserver],
    ["IntersectionObserver", NoopObserver],
  ] as const) {
    Object.defineProperty(window, name, { configurable: true, writable: true, value });
  }
}

/** Resolves after the next animation frame (Embla starts observing sizes on one). */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

const BREAKPOINT_MIN_WIDTH: Record<string, number> = { sm: 640, md: 768, lg: 1024, xl: 1280 };

/** The share of its parent's width a Tailwind `basis-full` / `md:basis-1/3` element takes
 * at the current width, or null without such a class. */
function basisShare(element: Element): number | null {
  let best: { min: number; share: number } | null = null;
  for (const name of element.classList) {
    const match = /^(?:(sm|md|lg|xl):)?basis-(?:(full)|(\d+)\/(\d+))$/.exec(name);
    if (!match) continue;
    const min = match[1] ? (BREAKPOINT_MIN_WIDTH[match[1]] ?? 0) : 0;
    if (currentMedia.width < min || (best && best.min > min)) continue;
    best = { min, share: match[2] ? 1 : Number(match[3]) / Number(match[4]) };
  }
  return best?.share ?? null;
}

function widthOf(element: Element | null): number {
  if (!element || element === document.documentElement) return currentMedia.width;
  const parentWidth = widthOf(element.parentElement);
  const share = basisShare(element);
  return share === null ? parentWidth : parentWidth * share;
}

function isFlexRow(element: Element | null): boolean {
  return !!element?.classList.contains("flex") && !element.classList.contains("flex-col");
}

/**
 * Just enough layout for Embla to measure snaps and follow a drag: the window is the
 * fake media's width, a block is as wide as its parent, an element with Tailwind
 * `basis-*` classes takes that share of its parent at the current width, and the
 * children of a `flex` row sit side by side. Every element's offset parent is its
 * parent; tops and heights are 0. Returns a function that removes the layout again.
 */
export function installLayout(): () => void {
  const proto = HTMLElement.prototype;
  const names = ["offsetWidth", "offsetLeft", "offsetParent"] as const;
  const originals = names.map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)]);
  Object.defineProperties(proto, {
    offsetWidth: {
      configurable: true,
      get(this: HTMLElement) {
        return this.isConnected ? widthOf(this) : 0;
      },
    },
    offsetParent: {
      configurable: true,
      get(this: HTMLElement) {
        return this.isConnected && this !== document.body ? this.parentElement : null;
      },
    },
    offsetLeft: {
      configurable: true,
      get(this: HTMLElement) {
        if (!this.isConnected || !isFlexRow(this.parentElement)) return 0;
        let left = 0;
        for (
          let sibling = this.previousElementSibling;
          sibling;
          sibling = sibling.previousElementSibling
        ) {
          left += widthOf(sibling);
        }
        return left;
      },
    },
  });
  return () => {
    for (const [name, descriptor] of originals) {
      if (descriptor)
        Object.defineProperty(proto, name as string, descriptor as PropertyDescriptor);
    }
  };
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * jsdom knows <dialog> but not its modal behaviour. This models what a browser does:
 * `showModal()` opens the dialog, focuses its first focusable element and makes the
 * rest of the page inert (marked here with the `inert` attribute, which jsdom does not
 * enforce, so Tab is kept inside the dialog by this model too); Escape fires a
 * cancelable `cancel` and closes the dialog unless it is cancelled; `close()` closes it
 * and fires `close` a task later. Returns a function that removes the model.
 */
export function installDialogModel(): () => void {
  const proto = HTMLDialogElement.prototype;
  const modals: { dialog: HTMLDialogElement; madeInert: Element[] }[] = [];
  const top = () => modals[modals.length - 1]?.dialog;

  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) throw new DOMException("The dialog is already open.", "InvalidStateError");
    this.setAttribute("open", "");
    const madeInert: Element[] = [];
    for (const child of Array.from(document.body.children)) {
      if (!child.contains(this) && !child.hasAttribute("inert")) {
        child.setAttribute("inert", "");
        madeInert.push(child);
      }
    }
    modals.push({ dialog: this, madeInert });
    this.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute("open");
    const at = modals.findIndex((entry) => entry.dialog === this);
    if (at >= 0) {
      for (const element of modals[at]?.madeInert ?? []) element.removeAttribute("inert");
      modals.splice(at, 1);
    }
    setTimeout(() => this.dispatchEvent(new Event("close")), 0);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const dialog = top();
    if (!dialog || event.defaultPrevented) return;
    if (event.key === "Escape") {
      const cancel = new Event("cancel", { cancelable: true });
      dialog.dispatchEvent(cancel);
      if (!cancel.defaultPrevented) dialog.close();
    } else if (event.key === "Tab") {
      const focusable = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      // From the dialog itself (after a click on its content) Tab goes to the first
      // element and Shift+Tab to the last; past either end it wraps.
      const at = focusable.indexOf(document.activeElement as HTMLElement);
      const next = event.shiftKey
        ? at <= 0
          ? last
          : focusable[at - 1]
        : at === -1 || at === focusable.length - 1
          ? first
          : focusable[at + 1];
      event.preventDefault();
      next?.focus();
    }
  };
  document.addEventListener("keydown", onKeyDown);

  return () => {
    document.removeEventListener("keydown", onKeyDown);
    // biome-ignore lint/suspicious/noExplicitAny: removing what this model added
    delete (proto as any).showModal;
    // biome-ignore lint/suspicious/noExplicitAny: removing what this model added
    delete (proto as any).close;
    for (const { madeInert } of modals.splice(0)) {
      for (const element of madeInert) element.removeAttribute("inert");
    }
  };
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
