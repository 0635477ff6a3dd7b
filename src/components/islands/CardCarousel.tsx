import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { homeBoard } from "../../lib/copy/home";
import { siteLabels } from "../../lib/copy/labels";
import type { ResolvedImage } from "../../lib/image-types";
import { ChunkedList } from "./chunks";
import { Picture } from "./Picture";
import { usePrefersReducedMotion } from "./useMediaQuery";

export interface CauseCard {
  id: string;
  title: string;
  description: string;
  category: string | null;
  image: ResolvedImage;
  /** Where the card's donate link goes (/donate). */
  href: string;
}

export interface StaffCard {
  id: string;
  name: string;
  designation: string;
  image: ResolvedImage;
}

/**
 * A long carousel: `items` are its first cards, and the rest come in batches from
 * `${moreUrl}${n}.json` (n from 2) as a visitor nears the end of those loaded.
 */
interface Batches {
  /** Cards in all (more than `items` when the rest come in batches). */
  total?: number;
  batch?: number;
  moreUrl?: string;
}

export type CardCarouselProps =
  | ({ label: string; variant: "cause"; items: CauseCard[] } & Batches)
  | ({ label: string; variant: "staff"; items: StaffCard[] } & Batches);

type Card = CauseCard | StaffCard;

export const EMPTY_STAFF_TITLE = homeBoard.emptyTitle;
export const EMPTY_STAFF_TEXT = homeBoard.emptyText;

/**
 * Hides the controls by CSS when every card fits at that width, so the server HTML
 * is right before any script runs. Indexed by the number of cards (1 to 4).
 */
const HIDE_CONTROLS_WHEN_ALL_FIT = ["hidden", "hidden", "sm:hidden", "md:hidden", "lg:hidden"];

const STEP_BUTTON =
  "inline-flex h-11 w-11 items-center justify-center rounded-pill border border-brand-200 bg-surface text-brand-800 shadow-sm transition-colors hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-surface-sunken disabled:bg-surface-muted disabled:text-ink-soft disabled:shadow-none";

function CauseCardView({ item }: { item: CauseCard }) {
  return (
    <article className="relative flex h-full flex-col overflow-hidden rounded-card border border-surface-sunken bg-surface shadow-sm">
      <div className="relative aspect-[4/3] overflow-hidden bg-surface-sunken">
        <Picture image={item.image} className="h-full w-full object-cover" />
        {item.category ? (
          <span className="absolute top-3 left-3 rounded-pill bg-surface/95 px-3 py-1 text-xs font-semibold text-brand-800 shadow-sm">
            {item.category}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 className="font-display text-xl font-bold text-brand-900">{item.title}</h3>
        <p className="line-clamp-3 text-sm text-ink-muted">{item.description}</p>
        <a className="btn-donate mt-auto self-start" href={item.href}>
          {siteLabels.donateNow}
          <span className="sr-only">: {item.title}</span>
        </a>
      </div>
    </article>
  );
}

function StaffCardView({ item }: { item: StaffCard }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-card border border-surface-sunken bg-surface text-center shadow-sm">
      <div className="aspect-[4/5] overflow-hidden bg-surface-sunken">
        <Picture image={item.image} className="h-full w-full object-cover object-top" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-5">
        <h3 className="font-display text-lg font-bold text-brand-900">{item.name}</h3>
        <p className="text-sm font-medium text-accent-700">{item.designation}</p>
      </div>
    </article>
  );
}

export function CardCarousel(props: CardCarouselProps) {
  const { label, variant, items, total, batch, moreUrl } = props;
  const list = useMemo(
    () =>
      new ChunkedList<Card>(items, {
        total: total ?? items.length,
        batch: batch ?? Math.max(1, items.length),
        url: moreUrl ? (page) => `${moreUrl}${page}.json` : null,
      }),
    [items, total, batch, moreUrl],
  );
  const count = list.total;
  const [loadedCount, setLoadedCount] = useState(items.length);
  const loaded = list.slice(0, loadedCount);
  // Next was pressed at the end of the loaded cards: step once the next ones are in.
  const stepWhenLoaded = useRef(false);
  const reducedMotion = usePrefersReducedMotion();
  const trackId = useId();
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  // The step button that had keyboard focus when it was pressed.
  const pressed = useRef<HTMLButtonElement | null>(null);
  // Embla measures the cards, which CSS sizes per breakpoint, and owns the position: one
  // snap per card, trimmed so the last cards fill the view (6 cards, 4 in view: 3 snaps).
  const [viewportRef, embla] = useEmblaCarousel({
    align: "start",
    containScroll: "trimSnaps",
    slidesToScroll: 1,
    duration: 25,
  });
  // Until Embla has measured (and on the server) the carousel is at its start.
  const [edges, setEdges] = useState({ canPrev: false, canNext: count > 1 });
  const more = loadedCount < count;

  /** Fetches the next batch of cards; Embla takes the new slides in (watchSlides). */
  const loadMore = useRef<() => void>(() => {});
  loadMore.current = () => {
    if (loadedCount >= count) return;
    list.load(loadedCount, loadedCount + list.batch).then(
      () => setLoadedCount(list.loadedPrefix()),
      () => {
        // Next stays available; the next press asks again.
        stepWhenLoaded.current = false;
      },
    );
  };

  useEffect(() => {
    if (!embla) return;
    const update = () => {
      const canPrev = embla.canScrollPrev();
      const canNext = embla.canScrollNext() || more;
      setEdges((current) =>
        current.canPrev === canPrev && current.canNext === canNext ? current : { canPrev, canNext },
      );
      // Within a view of the last loaded card: fetch the next ones ahead of need.
      const snaps = embla.scrollSnapList().length;
      if (more && embla.selectedScrollSnap() >= snaps - 2) loadMore.current();
    };
    const reInit = () => {
      update();
      if (stepWhenLoaded.current && embla.canScrollNext()) {
        stepWhenLoaded.current = false;
        embla.scrollNext();
      }
    };
    update();
    // 'select' follows buttons, swipes and focus; 'reInit' a resize that changes the
    // snaps, or new cards.
    embla.on("select", update).on("reInit", reInit);
    return () => {
      embla.off("select", update).off("reInit", reInit);
    };
  }, [embla, more]);

  // A focused button that becomes disabled drops keyboard focus to the page; hand it to
  // the other one.
  useEffect(() => {
    const button = pressed.current;
    pressed.current = null;
    if (!button?.disabled) return;
    const other = button === prevRef.current ? nextRef.current : prevRef.current;
    const active = document.activeElement;
    if (other && !other.disabled && (active === button || active === document.body)) other.focus();
  });

  // One card per press; under reduced motion Embla jumps instead of scrolling.
  const onPrev = () => {
    pressed.current = document.activeElement === prevRef.current ? prevRef.current : null;
    embla?.scrollPrev(reducedMotion);
  };
  const onNext = () => {
    pressed.current = document.activeElement === nextRef.current ? nextRef.current : null;
    if (embla && !embla.canScrollNext() && more) {
      stepWhenLoaded.current = true;
      loadMore.current();
      return;
    }
    embla?.scrollNext(reducedMotion);
  };
  const noun = variant === "cause" ? "cause" : "staff member";

  if (count === 0) {
    if (variant !== "staff") return null;
    return (
      <div className="rounded-card border border-dashed border-brand-200 bg-surface-muted px-6 py-12 text-center">
        <h3 className="font-display text-xl font-bold text-brand-900">{EMPTY_STAFF_TITLE}</h3>
        <p className="mt-2 text-ink-muted">{EMPTY_STAFF_TEXT}</p>
      </div>
    );
  }

  const slideClass =
    "flex min-w-0 shrink-0 grow-0 basis-full pl-4 sm:basis-1/2 md:basis-1/3 lg:basis-1/4";
  const slide = (key: string, i: number, card: ReactNode) => (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group, not a form fieldset
    <div
      key={key}
      role="group"
      aria-roledescription="slide"
      aria-label={`${i + 1} of ${count}`}
      className={slideClass}
    >
      {card}
    </div>
  );

  return (
    <section aria-roledescription="carousel" aria-label={label} className="relative">
      <div ref={viewportRef} className="relative overflow-hidden">
        <div id={trackId} className="-ml-4 flex touch-pan-y py-2">
          {variant === "cause"
            ? (loaded as CauseCard[]).map((item, i) =>
                slide(item.id, i, <CauseCardView item={item} />),
              )
            : (loaded as StaffCard[]).map((item, i) =>
                slide(item.id, i, <StaffCardView item={item} />),
              )}
        </div>
      </div>
      <div
        className={`mt-6 flex items-center justify-center gap-3 ${
          HIDE_CONTROLS_WHEN_ALL_FIT[count] ?? ""
        }`}
      >
        <button
          ref={prevRef}
          type="button"
          className={STEP_BUTTON}
          aria-label={`Previous ${noun}`}
          aria-controls={trackId}
          disabled={!edges.canPrev}
          onClick={onPrev}
        >
          <ChevronLeft aria-hidden="true" className="h-6 w-6" />
        </button>
        <button
          ref={nextRef}
          type="button"
          className={STEP_BUTTON}
          aria-label={`Next ${noun}`}
          aria-controls={trackId}
          disabled={!edges.canNext}
          onClick={onNext}
        >
          <ChevronRight aria-hidden="true" className="h-6 w-6" />
        </button>
      </div>
    </section>
  );
}

export default CardCarousel;
