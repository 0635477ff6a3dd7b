// A new order for a list, saved in one call: the list shows it at once (each row's
// sort_order its new place, so the numbers shown follow), a failed save puts the list
// back and says so, and a saved one can be undone from its toast (the old order is
// written back). The list reloads after either, so the next edit starts from what the
// database holds.
import { useCallback, useRef, useState } from "react";
import type { Row } from "../api/rows.ts";
import { notifyError, notifyUndoable } from "../ui/notify.ts";
import { moved } from "../ui/Sortable.tsx";
import { ordering } from "../ui/words.ts";
import type { ContentWrites } from "./writes.ts";

interface ReorderOptions {
  rows: Row[];
  replace: (rows: Row[]) => void;
  reload: () => Promise<unknown>;
  writes: Pick<ContentWrites, "reorder">;
}

export function useReorder({ rows, replace, reload, writes }: ReorderOptions) {
  const [saving, setSaving] = useState(false);
  // The rows as shown, also between a move and the next render.
  const shown = useRef(rows);
  shown.current = rows;

  const move = useCallback(
    async (from: number, to: number) => {
      if (from === to) return;
      const before = shown.current;
      const after = moved(before, from, to).map((row, place) => ({ ...row, sort_order: place }));
      shown.current = after;
      replace(after);
      setSaving(true);
      try {
        await writes.reorder(after);
        notifyUndoable(
          ordering.saved,
          () => writes.reorder(before),
          () => void reload(),
        );
      } catch (error) {
        shown.current = before;
        replace(before);
        notifyError(ordering.failed, error);
      } finally {
        setSaving(false);
        void reload();
      }
    },
    [replace, reload, writes],
  );

  return { move, saving };
}
