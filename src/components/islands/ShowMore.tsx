// 'Show more' under an island's long list (gallery pictures, projects): the button, how
// many are shown, and a readable failure; and focus moved to the first item a batch
// brought. /certifications, which has no island, does the same in ShowMore.astro.
import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";

interface ShowMoreControlsProps {
  /** More items remain: the button and the count are shown. */
  more: boolean;
  loading: boolean;
  failed: boolean;
  /** What the list holds, plural: 'pictures', 'projects'. */
  what: string;
  /** 'n of m … shown', which the button is described by. */
  count: ReactNode;
  onMore: () => void;
}

export function ShowMoreControls({
  more,
  loading,
  failed,
  what,
  count,
  onMore,
}: ShowMoreControlsProps) {
  const countId = useId();
  return (
    <>
      {more ? (
        <>
          <button
            type="button"
            className="btn-primary px-6 py-3 text-base"
            aria-describedby={countId}
            aria-disabled={loading || undefined}
            onClick={onMore}
          >
            {loading ? `Loading more ${what}…` : `Show more ${what}`}
          </button>
          <p id={countId} className="text-sm text-ink-muted">
            {count}
          </p>
        </>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          More {what} could not be loaded. Please try again.
        </p>
      ) : null}
    </>
  );
}

/**
 * After 'Show more', focus moves to the first item it brought: set the returned ref to
 * that item's index (its `data-index` inside `container`) before the render that
 * draws it.
 */
export function useFocusArrival(container: RefObject<HTMLElement | null>) {
  const next = useRef<number | null>(null);
  useEffect(() => {
    const index = next.current;
    if (index === null) return;
    next.current = null;
    container.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
  });
  return next;
}
