// Keeps a keyboard user's place in a card list: after an action, focus goes back to a
// control of the card acted on (a new card once it shows, the next card after a
// delete, the list's own add button when no card is left), never to the page body.
// Cards carry data-card (their record's id) and their buttons data-control.
import { type RefObject, useCallback, useEffect, useRef } from "react";
import type { Row } from "../api/rows.ts";

export type CardControl = "toggle" | "edit" | "history" | "delete" | "describe";

interface Wanted {
  /** The card to focus; null: the fallback (the list's add button). */
  id: string | null;
  control: CardControl;
}

/** That card's control (the card itself when it has none such), if it is on the page. */
function controlOf(id: string, control: CardControl): HTMLElement | null {
  const card = document.querySelector<HTMLElement>(`[data-card="${CSS.escape(id)}"]`);
  if (!card) return null;
  return card.querySelector<HTMLElement>(`[data-control="${control}"]`) ?? card;
}

/**
 * `focusCard(id, control)` focuses that card's control now, or as soon as the card is
 * rendered (a record just created shows after the list reloads). `focusAfterDelete`
 * picks the card after the deleted one in `shown` (else the one before it).
 */
export function useCardFocus(rows: readonly Row[], fallback: RefObject<HTMLElement | null>) {
  const wanted = useRef<Wanted | null>(null);

  /** Focuses what is wanted once it is on the page (the fallback at once). */
  const apply = useCallback(() => {
    const want = wanted.current;
    if (!want) return;
    const target = want.id === null ? fallback.current : controlOf(want.id, want.control);
    if (want.id !== null && !target) return;
    wanted.current = null;
    target?.focus();
  }, [fallback]);

  // Rows that arrive later may bring the card asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the rows change
  useEffect(() => {
    apply();
  }, [rows, apply]);

  const focusCard = useCallback(
    (id: string | null, control: CardControl) => {
      wanted.current = { id, control };
      apply();
    },
    [apply],
  );

  const focusAfterDelete = useCallback(
    (shown: readonly Row[], deletedId: string) => {
      const index = shown.findIndex((row) => row.id === deletedId);
      const next = shown[index + 1] ?? shown[index - 1] ?? null;
      focusCard(next?.id ?? null, "delete");
    },
    [focusCard],
  );

  return { focusCard, focusAfterDelete };
}
