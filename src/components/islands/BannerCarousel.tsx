import Autoplay from "embla-carousel-autoplay";
import Fade from "embla-carousel-fade";
import useEmblaCarousel, { type UseEmblaCarouselType } from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type FocusEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { ResolvedImage } from "../../lib/image-types";
import { Picture } from "./Picture";
import { usePrefersReducedMotion } from "./useMediaQuery";

export interface BannerSlide {
  id: string;
  title: string | null;
  subtitle: string | null;
  position: "left" | "center" | "right";
  image: ResolvedImage;
}

export interface BannerCarouselProps {
  slides: BannerSlide[];
  donateHref?: string;
  /** Auto-advance period: 6 s unless given. */
  intervalMs?: number;
  /** Cross-fade duration: 1 s unless given. */
  transitionMs?: number;
}

export const EMPTY_BANNERS_TEXT = "No banners configured. Please add banners in admin panel.";

// Complete class strings, so Tailwind finds them in this file.
const ALIGN: Record<BannerSlide["position"], { box: string; shade: string }> = {
  left: {
    box: "mr-auto items-start text-left",
    shade: "bg-linear-to-r from-black/75 via-black/45 to-black/10",
  },
  center: {
    box: "mx-auto items-center text-center",
    shade: "bg-linear-to-b from-black/40 via-black/55 to-black/70",
  },
  right: {
    box: "ml-auto items-end text-right",
    shade: "bg-linear-to-l from-black/75 via-black/45 to-black/10",
  },
};

const HEIGHT = "h-[68svh] min-h-[26rem] max-h-[56rem] sm:h-[75svh] lg:h-[85svh]";

/**
 * Embla's `duration` (its own unit, not milliseconds) for a cross-fade of about `ms`:
 * the Fade plugin brings the next slide to 99% opacity in about 30 ms per unit.
 */
export function fadeDuration(ms: number): number {
  return Math.max(1, Math.round(ms / 30));
}

type EmblaCarouselType = NonNullable<UseEmblaCarouselType[1]>;

/** How long after the carousel starts the next slide's picture begins to load. */
const WARM_NEXT_AFTER_MS = 3000;

const CONTROL =
  "inline-flex h-11 w-11 items-center justify-center rounded-pill bg-black/45 text-white backdrop-blur-sm transition-colors hover:bg-black/70";

export function BannerCarousel({
  slides,
  donateHref = "/donate/",
  intervalMs = 6000,
  transitionMs = 1000,
}: BannerCarouselProps) {
  const count = slides.length;
  const [active, setActive] = useState(0);
  // Embla has measured the slides and placed them for the fade.
  const [ready, setReady] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // "auto" pauses while hovered or focused; "stopped" and "playing" are the visitor's choice.
  const [mode, setMode] = useState<"auto" | "stopped" | "playing">("auto");
  // What a screen reader hears after the visitor changes slide (not on auto-advance).
  const [announcement, setAnnouncement] = useState("");
  // Set while a change the visitor made (a control, a swipe) is under way.
  const byVisitor = useRef(false);
  // Which slides' pictures load now: the first at once; the next one a moment after the
  // carousel starts, well before it fades in; all of them once the visitor reaches for
  // a control or swipes. The rest stay lazy, so the first view loads one picture.
  const [warmNext, setWarmNext] = useState(false);
  const [warmAll, setWarmAll] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const trackId = useId();

  const canRotate = count > 1 && !reducedMotion;
  const stopped = mode === "stopped";
  const rotating = canRotate && !stopped && (mode === "playing" || (!hovered && !focused));

  // Slides sit on top of each other and cross-fade; Embla turns swipes into changes.
  // Autoplay never starts or stops on its own: `rotating` decides.
  const plugins = useMemo(
    () => [
      Autoplay({
        delay: intervalMs,
        playOnInit: false,
        stopOnInteraction: true,
        stopOnFocusIn: false,
      }),
      Fade(),
    ],
    [intervalMs],
  );
  const [viewportRef, embla] = useEmblaCarousel(
    { loop: true, duration: fadeDuration(transitionMs), active: count > 1 },
    plugins,
  );

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      const index = embla.selectedScrollSnap();
      setActive(index);
      // Every change, automatic or not, gives the new slide the full interval.
      embla.plugins()?.autoplay?.reset();
      if (!byVisitor.current) return;
      const title = slides[index]?.title;
      setAnnouncement(`Slide ${index + 1} of ${count}${title ? `: ${title}` : ""}`);
    };
    const onPointerDown = () => {
      byVisitor.current = true;
      setWarmAll(true);
    };
    // Embla selects the slide a swipe lands on before it reports the pointer up.
    const onPointerUp = () => {
      byVisitor.current = false;
    };
    setReady(true);
    setActive(embla.selectedScrollSnap());
    embla.on("select", onSelect).on("pointerDown", onPointerDown).on("pointerUp", onPointerUp);
    return () => {
      embla.off("select", onSelect).off("pointerDown", onPointerDown).off("pointerUp", onPointerUp);
    };
  }, [embla, slides, count]);

  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setWarmNext(true), WARM_NEXT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  useEffect(() => {
    if (!embla) return;
    const apply = () => {
      // An inactive Embla (one slide) has no plugins, and Autoplay only starts with more
      // than one position to go to.
      const autoplay = embla.plugins()?.autoplay;
      if (!autoplay) return;
      if (rotating && embla.scrollSnapList().length > 1) autoplay.play();
      else autoplay.stop();
    };
    apply();
    // Autoplay stops itself when a swipe starts, and comes back stopped after Embla
    // re-measures (a resize): after either, `rotating` decides again.
    embla.on("pointerUp", apply).on("reInit", apply);
    return () => {
      embla.off("pointerUp", apply).off("reInit", apply);
    };
  }, [embla, rotating]);

  if (count === 0) {
    return (
      <section
        aria-label="Banners"
        className="flex min-h-[40vh] items-center justify-center bg-surface-muted px-4"
      >
        <p className="text-center text-lg text-ink-muted">{EMPTY_BANNERS_TEXT}</p>
      </section>
    );
  }

  /** Runs a move the visitor asked for; under reduced motion it jumps instead of fading. */
  const visit = (move: (api: EmblaCarouselType, jump: boolean) => void) => {
    if (!embla) return;
    byVisitor.current = true;
    try {
      move(embla, reducedMotion);
    } finally {
      byVisitor.current = false;
    }
  };
  // Embla wraps around (loop), unless there are too few slides to loop.
  const showPrev = () =>
    visit((api, jump) =>
      api.canScrollPrev() ? api.scrollPrev(jump) : api.scrollTo(count - 1, jump),
    );
  const showNext = () =>
    visit((api, jump) => (api.canScrollNext() ? api.scrollNext(jump) : api.scrollTo(0, jump)));
  const show = (index: number) => visit((api, jump) => api.scrollTo(index, jump));

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className={`relative isolate overflow-hidden bg-brand-950 ${HEIGHT}`}
      onMouseEnter={() => {
        setHovered(true);
        setWarmAll(true);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        setWarmAll(true);
      }}
      onBlur={onBlur}
    >
      <div ref={viewportRef} className="absolute inset-0 overflow-hidden">
        <div id={trackId} className="flex h-full touch-pan-y">
          {slides.map((slide, i) => {
            const isActive = i === active;
            const align = ALIGN[slide.position] ?? ALIGN.left;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group, not a form fieldset
              <div
                key={slide.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${count}`}
                aria-hidden={isActive ? undefined : true}
                inert={!isActive}
                data-active={isActive ? "" : undefined}
                // Before Embla places them, only the first slide shows; then the Fade
                // plugin sets each slide's opacity.
                className={`relative h-full min-w-0 shrink-0 grow-0 basis-full ${
                  isActive ? "z-10 opacity-100" : "z-0 opacity-0"
                }`}
              >
                <Picture
                  image={slide.image}
                  loading={
                    i === 0 || i === active || warmAll || (warmNext && i === (active + 1) % count)
                      ? "eager"
                      : "lazy"
                  }
                  fetchPriority={i === 0 ? "high" : undefined}
                  className="absolute inset-0 h-full w-full object-cover"
                />
                <div aria-hidden="true" className={`absolute inset-0 ${align.shade}`} />
                <div className="relative flex h-full items-center pt-8 pb-24 sm:pb-28">
                  <div className="container-page flex">
                    <div className={`flex max-w-2xl flex-col gap-5 ${align.box}`}>
                      {slide.title ? (
                        <h2 className="font-display text-3xl leading-tight font-bold text-balance text-white drop-shadow-md sm:text-5xl lg:text-6xl">
                          {slide.title}
                        </h2>
                      ) : null}
                      {slide.subtitle ? (
                        <p className="text-lg text-pretty text-white/95 drop-shadow sm:text-xl">
                          {slide.subtitle}
                        </p>
                      ) : null}
                      <a className="btn-donate px-7 py-3 text-base shadow-lg" href={donateHref}>
                        Donate Now
                      </a>
                    </div>
                  </div>
                </div>
              </div>
            );
          })}
        </div>
      </div>

      {count > 1 ? (
        <div className="absolute inset-x-0 bottom-5 z-20 flex items-center justify-center gap-2 px-4 sm:bottom-8 sm:gap-3">
          <button
            type="button"
            className={CONTROL}
            aria-label="Previous slide"
            aria-controls={trackId}
            onClick={showPrev}
          >
            <ChevronLeft aria-hidden="true" className="h-6 w-6" />
          </button>
          <ul className="flex items-center rounded-pill bg-black/35 px-1 backdrop-blur-sm">
            {slides.map((slide, i) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className="group flex h-8 min-w-6 items-center justify-center px-1"
                  aria-label={`Go to slide ${i + 1}`}
                  aria-current={i === active ? "true" : undefined}
                  aria-controls={trackId}
                  onClick={() => show(i)}
                >
                  <span
                    aria-hidden="true"
                    className={`block h-2.5 rounded-pill transition-all ${
                      i === active ? "w-6 bg-white" : "w-2.5 bg-white/55 group-hover:bg-white/85"
                    }`}
                  />
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className={CONTROL}
            aria-label="Next slide"
            aria-controls={trackId}
            onClick={showNext}
          >
            <ChevronRight aria-hidden="true" className="h-6 w-6" />
          </button>
          {canRotate ? (
            <button
              type="button"
              className={CONTROL}
              aria-label={stopped ? "Play slideshow" : "Pause slideshow"}
              onClick={() => setMode(stopped ? "playing" : "stopped")}
            >
              {stopped ? (
                <Play aria-hidden="true" className="h-5 w-5" />
              ) : (
                <Pause aria-hidden="true" className="h-5 w-5" />
              )}
            </button>
          ) : null}
        </div>
      ) : null}

      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </section>
  );
}

export default BannerCarousel;
