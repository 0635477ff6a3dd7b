import { ChevronLeft, ChevronRight, Expand, X } from "lucide-react";
import { type KeyboardEvent, type TouchEvent, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { ResolvedImage } from "../../lib/image-types";
import { Picture } from "./Picture";
import { wrapIndex } from "./useStepper";

export interface GalleryImage {
  id: string;
  title: string;
  thumb: ResolvedImage;
  full: ResolvedImage;
}

export interface GalleryViewerProps {
  images: GalleryImage[];
  emptyTitle?: string;
  emptyText?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

const VIEWER_BUTTON =
  "inline-flex h-12 w-12 items-center justify-center rounded-pill bg-white/10 text-white transition-colors hover:bg-white/25";

/** While the viewer is open: no page scroll behind it, and the rest of the page inert. */
function useModalPage(dialog: HTMLElement | null, returnFocusTo: HTMLElement | null) {
  useEffect(() => {
    if (!dialog) return;
    const { body, documentElement } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;

    const madeInert: Element[] = [];
    for (const child of Array.from(body.children)) {
      if (child !== dialog && !child.hasAttribute("inert")) {
        child.setAttribute("inert", "");
        madeInert.push(child);
      }
    }

    return () => {
      for (const child of madeInert) child.removeAttribute("inert");
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      returnFocusTo?.focus();
    };
  }, [dialog, returnFocusTo]);
}

interface ViewerProps {
  images: GalleryImage[];
  index: number;
  opener: HTMLElement | null;
  onChange: (index: number) => void;
  onClose: () => void;
}

function Viewer({ images, index, opener, onChange, onClose }: ViewerProps) {
  const [dialog, setDialog] = useState<HTMLDivElement | null>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<number | null>(null);
  const titleId = useId();
  const count = images.length;
  const image = images[index];

  useModalPage(dialog, opener);

  useEffect(() => {
    if (dialog) closeRef.current?.focus();
  }, [dialog]);

  if (!image) return null;

  const go = (step: number) => onChange(wrapIndex(index + step, count));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "Tab") {
      // Keep focus inside the viewer.
      const focusable = Array.from(event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const current = document.activeElement;
      const inside = current !== event.currentTarget && event.currentTarget.contains(current);
      if (event.shiftKey && (current === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (current === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  const onTouchStart = (event: TouchEvent) => {
    touchStart.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const end = event.changedTouches[0]?.clientX;
    touchStart.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < 50) return;
    go(end < start ? 1 : -1);
  };

  return createPortal(
    <div
      ref={setDialog}
      role="dialog"
      aria-modal="true"
      aria-label="Image viewer"
      aria-describedby={titleId}
      // Focusable itself, so a click on the picture keeps the keys working.
      tabIndex={-1}
      className="fixed inset-0 z-50 flex flex-col bg-black/95 text-white"
      onKeyDown={onKeyDown}
    >
      <div className="flex items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <p className="text-sm font-medium tabular-nums sm:text-base">
          {index + 1} / {count}
        </p>
        <button
          ref={closeRef}
          type="button"
          className={VIEWER_BUTTON}
          aria-label="Close viewer"
          onClick={onClose}
        >
          <X aria-hidden="true" className="h-6 w-6" />
        </button>
      </div>

      <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 sm:px-20">
        <figure
          className="flex h-full max-h-full w-full flex-col items-center justify-center gap-3"
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
        >
          <Picture
            key={image.id}
            image={image.full}
            loading="eager"
            sizes="100vw"
            className="max-h-[calc(100svh-10rem)] w-auto max-w-full rounded-lg object-contain"
          />
          <figcaption id={titleId} className="text-center text-sm text-white/85 sm:text-base">
            {image.title}
          </figcaption>
        </figure>
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${VIEWER_BUTTON} absolute top-1/2 left-2 -translate-y-1/2 sm:left-5`}
              aria-label="Previous image"
              onClick={() => go(-1)}
            >
              <ChevronLeft aria-hidden="true" className="h-7 w-7" />
            </button>
            <button
              type="button"
              className={`${VIEWER_BUTTON} absolute top-1/2 right-2 -translate-y-1/2 sm:right-5`}
              aria-label="Next image"
              onClick={() => go(1)}
            >
              <ChevronRight aria-hidden="true" className="h-7 w-7" />
            </button>
          </>
        ) : null}
      </div>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        Image {index + 1} of {count}: {image.title}
      </p>
    </div>,
    document.body,
  );
}

export function GalleryViewer({
  images,
  emptyTitle = "No Gallery Images",
  emptyText = "Images will appear here once uploaded through the admin panel.",
}: GalleryViewerProps) {
  const [open, setOpen] = useState<{ index: number; opener: HTMLElement } | null>(null);

  if (images.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-brand-200 bg-surface-muted px-6 py-12 text-center">
        <h3 className="font-display text-xl font-bold text-brand-900">{emptyTitle}</h3>
        <p className="mt-2 text-ink-muted">{emptyText}</p>
      </div>
    );
  }

  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {images.map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              aria-haspopup="dialog"
              aria-label={`View ${image.title}`}
              className="group relative block aspect-[4/3] w-full overflow-hidden rounded-card bg-surface-sunken shadow-sm"
              onClick={(event) => setOpen({ index: i, opener: event.currentTarget })}
            >
              <Picture
                image={image.thumb}
                alt=""
                className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
              <span
                aria-hidden="true"
                className="absolute inset-0 flex items-center justify-center bg-black/0 text-white opacity-0 transition group-hover:bg-black/30 group-hover:opacity-100 group-focus-visible:bg-black/30 group-focus-visible:opacity-100"
              >
                <Expand className="h-8 w-8" />
              </span>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <Viewer
          images={images}
          index={open.index}
          opener={open.opener}
          onChange={(index) => setOpen({ ...open, index })}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </>
  );
}

export default GalleryViewer;
