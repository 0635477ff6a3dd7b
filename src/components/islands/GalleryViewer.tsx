import { ChevronLeft, ChevronRight, Expand, X } from "lucide-react";
import {
  type KeyboardEvent,
  type TouchEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
import { galleryEmpty, galleryViewerLabels } from "../../lib/copy/home";
import type { ResolvedImage } from "../../lib/image-types";
import { ChunkedList } from "./chunks";
import { Picture } from "./Picture";
import { ShowMoreControls, useFocusArrival } from "./ShowMore";

export interface GalleryImage {
  id: string;
  title: string;
  /** What the picture shows, for visitors who cannot see it ('' when decorative). */
  alt: string;
  thumb: ResolvedImage;
  full: ResolvedImage;
}

/** The picture's description when it says more than its title, else null. */
function description(image: GalleryImage): string | null {
  return image.alt && image.alt !== image.title ? image.alt : null;
}

export interface GalleryViewerProps {
  /** The first pictures (all of them in a short gallery). */
  images: GalleryImage[];
  /** Pictures in the whole gallery, when the rest come in batches from `moreUrl`. */
  total?: number;
  /** Pictures per batch; `images` is the first. */
  batch?: number;
  /** Where batch n (from 2) is: `${moreUrl}${n}.json` (src/pages/data/gallery/). */
  moreUrl?: string;
  emptyTitle?: string;
  emptyText?: string;
}

/** The thumbnails' rendered width: one, two or three columns of the page. */
export const THUMB_SIZES = "(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw";

const VIEWER_BUTTON =
  "inline-flex h-12 w-12 items-center justify-center rounded-pill bg-white/10 text-white transition-colors hover:bg-white/25";

interface ViewerProps {
  /** The picture at `index`, or undefined while its batch loads. */
  image: GalleryImage | undefined;
  /** Pictures in the gallery. */
  count: number;
  /** Its batch could not be loaded. */
  failed: boolean;
  index: number;
  opener: HTMLElement | null;
  onChange: (index: number) => void;
  /** Called once the viewer should close; the parent then unmounts it. */
  onClose: () => void;
}

function Viewer({ image, count, failed, index, opener, onChange, onClose }: ViewerProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const touchStart = useRef<number | null>(null);
  const titleId = useId();

  // A modal <dialog>: the browser makes the rest of the page inert, keeps Tab inside, and
  // turns Escape into a `cancel` event. The page behind must not scroll either.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const { body, documentElement } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = "hidden";
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;

    // Escape: close through the parent, so the state and the dialog stay in step.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    // A close the page did not ask for (a browser may close a modal on a repeated
    // Escape without a cancelable `cancel`).
    const onClosed = () => onClose();
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onClosed);
    dialog.showModal();
    closeRef.current?.focus();

    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onClosed);
      if (dialog.open) dialog.close();
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      opener?.focus();
    };
  }, [opener, onClose]);

  // Wraps at both ends: before the first is the last, after the last the first.
  const go = (step: number) => onChange((index + step + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
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
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-label="Image viewer"
      aria-describedby={titleId}
      // Focusable itself, so a click on the picture keeps the keys working.
      tabIndex={-1}
      // Fills the screen: no UA margin, border, padding or size limits.
      className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none flex-col border-0 bg-black/95 p-0 text-white open:flex"
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
          {image ? (
            <Picture
              key={image.id}
              image={image.full}
              alt={image.alt}
              loading="eager"
              sizes="100vw"
              className="max-h-[calc(100svh-10rem)] w-auto max-w-full rounded-lg object-contain"
            />
          ) : (
            <p className="text-white/85">
              {failed ? galleryViewerLabels.failed : galleryViewerLabels.loading}
            </p>
          )}
          <figcaption id={titleId} className="text-center text-sm text-white/85 sm:text-base">
            {image?.title ?? `Picture ${index + 1}`}
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
        Image {index + 1} of {count}: {image?.title ?? "loading"}
        {image && description(image) ? <span>. {description(image)}</span> : null}
      </p>
    </dialog>,
    document.body,
  );
}

export function GalleryViewer({
  images,
  total,
  batch,
  moreUrl,
  emptyTitle = galleryEmpty.title,
  emptyText = galleryEmpty.text,
}: GalleryViewerProps) {
  const list = useMemo(
    () =>
      new ChunkedList(images, {
        total: total ?? images.length,
        batch: batch ?? Math.max(1, images.length),
        url: moreUrl ? (page) => `${moreUrl}${page}.json` : null,
      }),
    [images, total, batch, moreUrl],
  );
  // Bumped when a batch arrives, so what it brought is drawn.
  const [, setLoaded] = useState(0);
  const [shown, setShown] = useState(images.length);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [open, setOpen] = useState<{ index: number; opener: HTMLElement } | null>(null);
  const [viewerFailed, setViewerFailed] = useState(false);
  const gridRef = useRef<HTMLUListElement>(null);
  const focusNext = useFocusArrival(gridRef);
  // Stable, so the open viewer keeps its dialog while the visitor moves between images.
  const close = useCallback(() => setOpen(null), []);
  const descriptionId = useId();
  const count = list.total;
  const openIndex = open?.index ?? null;

  // The viewer's picture and its neighbours, when their batches are not loaded yet.
  useEffect(() => {
    if (openIndex === null) return;
    let live = true;
    setViewerFailed(false);
    const wrap = (i: number) => (i + count) % count;
    const wanted = [openIndex, wrap(openIndex + 1), wrap(openIndex - 1)];
    Promise.all(wanted.map((i) => list.load(i, i + 1))).then(
      () => live && setLoaded((n) => n + 1),
      () => live && setViewerFailed(!list.has(openIndex)),
    );
    return () => {
      live = false;
    };
  }, [openIndex, count, list]);

  if (images.length === 0) {
    return (
      <div className="rounded-card border border-dashed border-brand-200 bg-surface-muted px-6 py-12 text-center">
        <h3 className="font-display text-xl font-bold text-brand-900">{emptyTitle}</h3>
        <p className="mt-2 text-ink-muted">{emptyText}</p>
      </div>
    );
  }

  const visible = list.slice(0, shown);
  const showMore = async () => {
    if (loadingMore) return;
    const next = Math.min(count, shown + list.batch);
    setLoadingMore(true);
    setMoreFailed(false);
    try {
      await list.load(shown, next);
    } catch {
      setMoreFailed(true);
      setLoadingMore(false);
      return;
    }
    focusNext.current = shown;
    setShown(next);
    setLoadingMore(false);
    setAnnouncement(`Showing ${next} of ${count} pictures.`);
  };

  return (
    <>
      <ul ref={gridRef} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {visible.map((image, i) => (
          <li key={image.id}>
            <button
              type="button"
              data-index={i}
              aria-haspopup="dialog"
              aria-label={`View ${image.title}`}
              // The button is named by the title; what the picture shows describes it.
              aria-describedby={description(image) ? `${descriptionId}-${i}` : undefined}
              className="group relative block aspect-[4/3] w-full overflow-hidden rounded-card bg-surface-sunken shadow-sm"
              onClick={(event) => setOpen({ index: i, opener: event.currentTarget })}
            >
              <Picture
                image={image.thumb}
                alt=""
                sizes={image.thumb.sizes || THUMB_SIZES}
                className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
              <span
                aria-hidden="true"
                className="absolute inset-0 flex items-center justify-center bg-black/0 text-white opacity-0 transition group-hover:bg-black/30 group-hover:opacity-100 group-focus-visible:bg-black/30 group-focus-visible:opacity-100"
              >
                <Expand className="h-8 w-8" />
              </span>
            </button>
            {description(image) ? (
              <span id={`${descriptionId}-${i}`} hidden>
                {description(image)}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {shown < count ? (
        <div className="mt-8 flex flex-col items-center gap-2">
          <ShowMoreControls
            more
            loading={loadingMore}
            failed={moreFailed}
            what="pictures"
            count={`${visible.length} of ${count} pictures shown`}
            onMore={() => void showMore()}
          />
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {open ? (
        <Viewer
          image={list.get(open.index)}
          count={count}
          failed={viewerFailed}
          index={open.index}
          opener={open.opener}
          onChange={(index) => setOpen({ ...open, index })}
          onClose={close}
        />
      ) : null}
    </>
  );
}

export default GalleryViewer;
