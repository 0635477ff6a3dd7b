import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { type FocusEvent, useEffect, useId, useState } from "react";
import type { ResolvedImage } from "../../lib/image-types";
import { Picture } from "./Picture";
import { usePrefersReducedMotion } from "./useMediaQuery";
import { wrapIndex } from "./useStepper";

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
  /** Auto-advance period (spec: 6 s). */
  intervalMs?: number;
  /** Cross-fade duration (spec: 1 s). */
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

const CONTROL =
  "inline-flex h-11 w-11 items-center justify-center rounded-pill bg-black/45 text-white backdrop-blur-sm transition-colors hover:bg-black/70";

export function BannerCarousel({
  slides,
  donateHref = "/donate",
  intervalMs = 6000,
  transitionMs = 1000,
}: BannerCarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  // "auto" pauses while hovered or focused; "stopped" and "playing" are the visitor's choice.
  const [mode, setMode] = useState<"auto" | "stopped" | "playing">("auto");
  // What a screen reader hears after the visitor changes slide (not on auto-advance).
  const [announcement, setAnnouncement] = useState("");
  const reducedMotion = usePrefersReducedMotion();
  const trackId = useId();

  const active = wrapIndex(index, count);
  const canRotate = count > 1 && !reducedMotion;
  const stopped = mode === "stopped";
  const rotating = canRotate && !stopped && (mode === "playing" || (!hovered && !focused));

  useEffect(() => {
    if (!rotating) return;
    // One timer per shown slide, so a manual change also restarts the full interval.
    const timer = window.setTimeout(() => setIndex(wrapIndex(active + 1, count)), intervalMs);
    return () => window.clearTimeout(timer);
  }, [rotating, active, intervalMs, count]);

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

  const show = (target: number) => {
    const next = wrapIndex(target, count);
    const slide = slides[next];
    setIndex(next);
    setAnnouncement(`Slide ${next + 1} of ${count}${slide?.title ? `: ${slide.title}` : ""}`);
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      className={`relative isolate overflow-hidden bg-brand-950 ${HEIGHT}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <div id={trackId} className="absolute inset-0">
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
              className={`absolute inset-0 transition-opacity ease-in-out ${
                isActive ? "z-10 opacity-100" : "z-0 opacity-0"
              }`}
              style={{ transitionDuration: `${transitionMs}ms` }}
            >
              <Picture
                image={slide.image}
                loading={i === 0 ? "eager" : "lazy"}
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

      {count > 1 ? (
        <div className="absolute inset-x-0 bottom-5 z-20 flex items-center justify-center gap-2 px-4 sm:bottom-8 sm:gap-3">
          <button
            type="button"
            className={CONTROL}
            aria-label="Previous slide"
            aria-controls={trackId}
            onClick={() => show(active - 1)}
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
            onClick={() => show(active + 1)}
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
