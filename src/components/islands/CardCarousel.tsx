import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import type { ResolvedImage } from "../../lib/image-types";
import { Picture } from "./Picture";
import { useCardsPerView, usePrefersReducedMotion } from "./useMediaQuery";
import { useStepper } from "./useStepper";

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

export type CardCarouselProps =
  | { label: string; variant: "cause"; items: CauseCard[] }
  | { label: string; variant: "staff"; items: StaffCard[] };

export const EMPTY_STAFF_TITLE = "No Board Staff Members";
export const EMPTY_STAFF_TEXT =
  "Board staff members will appear here once added through the admin panel.";

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
          Donate Now<span className="sr-only">: {item.title}</span>
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
  const { label, variant } = props;
  const count = props.items.length;
  const perView = useCardsPerView();
  const reducedMotion = usePrefersReducedMotion();
  const { index, maxIndex, canPrev, canNext, goTo, prev, next } = useStepper(count, perView);
  const trackId = useId();
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<HTMLButtonElement | null>(null);
  const [viewportRef, embla] = useEmblaCarousel({
    align: "start",
    containScroll: "trimSnaps",
    slidesToScroll: 1,
    duration: 25,
  });

  // Embla animates and handles swipes; the stepper owns the position and the bounds.
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => goTo(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla, goTo]);

  useEffect(() => {
    if (embla && embla.selectedScrollSnap() !== index) embla.scrollTo(index, reducedMotion);
  }, [embla, index, reducedMotion]);

  // A button that becomes disabled drops keyboard focus to the page; hand it to the other one.
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target && !target.disabled) target.focus();
  });

  const onPrev = () => {
    if (index - 1 <= 0 && document.activeElement === prevRef.current) {
      pendingFocus.current = nextRef.current;
    }
    prev();
  };
  const onNext = () => {
    if (index + 1 >= maxIndex && document.activeElement === nextRef.current) {
      pendingFocus.current = prevRef.current;
    }
    next();
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
          {props.variant === "cause"
            ? props.items.map((item, i) => slide(item.id, i, <CauseCardView item={item} />))
            : props.items.map((item, i) => slide(item.id, i, <StaffCardView item={item} />))}
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
          disabled={!canPrev}
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
          disabled={!canNext}
          onClick={onNext}
        >
          <ChevronRight aria-hidden="true" className="h-6 w-6" />
        </button>
      </div>
    </section>
  );
}

export default CardCarousel;
