// The buttons on a list's rows (show, hide, mark handled, delete): one action at a
// time per row, a toast for its outcome, and the list reloaded either way. An action
// on the site's content can be undone from its toast for a few seconds.
import { useCallback, useState } from "react";
import type { Row } from "../api/rows.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import { notifyError, notifySuccess, notifyUndoable } from "../ui/notify.ts";
import type { ResourceTexts } from "./resources/types.ts";
import { forms } from "./words.ts";
import type { ContentWrites } from "./writes.ts";

/** What an action on one row says when it went through, and when it failed. */
export interface ActionWords {
  done: string;
  failed: string;
}

/** Takes an action back; answered by an action that can be undone. */
export type Undo = () => Promise<unknown>;

/**
 * `act` runs one action on a row while its buttons wait; `remove` asks first. A `work`
 * that answers an Undo gets a toast offering it, and the list reloads after it.
 */
export function useRowActions(reload: () => Promise<unknown>) {
  const confirm = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);

  /** Answers whether the action went through. */
  const act = useCallback(
    async (
      row: Row,
      work: () => Promise<Undo | undefined>,
      words: ActionWords,
    ): Promise<boolean> => {
      setBusyId(row.id);
      try {
        const undo = await work();
        if (undo) {
          notifyUndoable(words.done, undo, () => void reload());
        } else {
          notifySuccess(words.done);
        }
        return true;
      } catch (error) {
        notifyError(words.failed, error);
        return false;
      } finally {
        setBusyId(null);
        void reload();
      }
    },
    [reload],
  );

  /**
   * Deletes only once the editor confirms `question`, asked about the item `name`;
   * answers whether the item was deleted.
   */
  const remove = useCallback(
    async (
      row: Row,
      question: string,
      work: () => Promise<Undo | undefined>,
      words: ActionWords,
      name?: string,
    ): Promise<boolean> => {
      const title = forms.deleteTitle(name);
      if (!(await confirm(question, { title, confirmLabel: forms.delete }))) return false;
      return act(row, work, words);
    },
    [act, confirm],
  );

  return { busyId, act, remove };
}

/** What showing, hiding and deleting a record of the site's content say. */
export type ContentActionWords = Pick<
  ResourceTexts,
  "activated" | "deactivated" | "statusError" | "confirmDelete" | "deleted" | "deleteError"
>;

/**
 * Show or hide a record of the site's content, or delete it once confirmed; either can
 * be undone from its toast, which puts the rows it changed back as they were loaded
 * (`rows`: the list as shown, for the logo a newly shown one replaced).
 */
export function useContentRowActions(
  reload: () => Promise<unknown>,
  writes: ContentWrites,
  words: ContentActionWords,
  rows: Row[] = [],
  /** The item's name as its card shows it, which a delete's question repeats. */
  nameOf?: (row: Row) => string,
  /** What deleting this row would cost beyond the row itself, said before the question. */
  deleteWarning?: (row: Row) => string | undefined,
) {
  const { busyId, act, remove } = useRowActions(reload);
  return {
    busyId,
    toggle: (row: Row) =>
      act(
        row,
        async () => {
          const changed = writes.affected(row, rows);
          await writes.toggle(row);
          return () => writes.putBack(changed);
        },
        {
          done: row.is_active ? words.deactivated : words.activated,
          failed: words.statusError,
        },
      ),
    remove: (row: Row) =>
      remove(
        row,
        [deleteWarning?.(row), words.confirmDelete, forms.toTrash].filter(Boolean).join(" "),
        async () => {
          await writes.remove(row);
          return () => writes.putBack([row]);
        },
        { done: words.deleted, failed: words.deleteError },
        nameOf?.(row),
      ),
  };
}
