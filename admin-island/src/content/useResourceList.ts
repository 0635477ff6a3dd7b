import type { Row } from "../api/rows.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import { notifyBatch, notifyError, notifySuccess, notifyUndoable } from "../ui/notify.ts";
import { titleFromFileName, type UploadManyResult } from "../uploads/uploads.ts";
import { uploads } from "../uploads/words.ts";
import type { FormValues, ResourceDefinition } from "./resources/types.ts";
import { useContentWrites } from "./useContentWrites.ts";
import { useReorder } from "./useReorder.ts";
import { useContentRowActions } from "./useRowActions.ts";
import { useRows } from "./useRows.ts";
import { logoWords } from "./words.ts";
import type { Saved } from "./writes.ts";

export type ResourceList = ReturnType<typeof useResourceList>;

export function useResourceList(definition: ResourceDefinition) {
  const { texts } = definition;
  const { state, reload, replace } = useRows(definition.table, definition.order, texts.loadError);
  const writes = useContentWrites(definition);
  const rows = state.rows;
  const confirm = useConfirm();
  /** The site would be left without a logo if this one stopped being shown. */
  const onlyActiveLogo = (row: Row) => writes.lastActive(row, rows);
  const agreeToNoLogo = () =>
    confirm(`${logoWords.lastActive} ${logoWords.deactivateAnyway}`, {
      title: logoWords.noLogoTitle,
      confirmLabel: logoWords.deactivate,
    });
  const { busyId, toggle, remove } = useContentRowActions(
    reload,
    writes,
    texts,
    rows,
    (row) => definition.card(row).title,
    (row) => (onlyActiveLogo(row) ? logoWords.lastActive : undefined),
  );
  const reorder = useReorder({ rows, replace, reload, writes });

  /**
   * A save stands even when the logo it should have activated stays inactive. With
   * `changed` (the rows it changed, as loaded) its toast offers to put them back.
   */
  const saved = (outcome: Saved, message: string, changed?: Row[]) => {
    if (outcome.activationError !== undefined) {
      notifyError(texts.statusError, outcome.activationError);
    }
    if (changed) {
      notifyUndoable(
        message,
        () => writes.putBack(changed),
        () => void reload(),
      );
    } else {
      notifySuccess(message);
    }
    void reload();
  };

  return {
    state,
    reload,
    busyId,
    /** A new record's form values: the definition's defaults, in their place in the order. */
    newValues: (): FormValues => writes.prefill(definition.defaults(), rows),
    /** Answers the new record's id; throws when it could not be stored (the form says why). */
    create: async (values: Record<string, unknown>): Promise<string | undefined> => {
      const outcome = await writes.create(values, rows);
      saved(outcome, texts.added);
      return outcome.id;
    },
    /**
     * Answers false when the editor chose not to save after all (the last active logo
     * made inactive); throws when the record could not be saved, a ConflictError among others.
     */
    update: async (row: Row, values: Record<string, unknown>): Promise<boolean> => {
      if (onlyActiveLogo(row) && values.is_active === false && !(await agreeToNoLogo()))
        return false;
      const changed = writes.affected(row, rows, values);
      saved(await writes.update(row, values), texts.updated, changed);
      return true;
    },
    /** Many pictures at once (a definition with `bulk`), each its own record. */
    addPictures: async (
      values: Record<string, unknown>,
      files: File[],
    ): Promise<UploadManyResult> => {
      const bulk = definition.bulk;
      if (!bulk) return { added: 0, failed: [] };
      const title = String(values[bulk.titleField] ?? "").trim();
      const result = await writes.addPictures(
        files,
        {
          folder: bulk.folder,
          record: (url, file) => ({
            ...values,
            [bulk.imageField]: url,
            [bulk.titleField]: title || titleFromFileName(file),
          }),
        },
        rows,
      );
      notifyBatch(result, uploads.imageError);
      void reload();
      return result;
    },
    /** Answers whether the record was shown or hidden. */
    toggle: async (row: Row): Promise<boolean> => {
      if (onlyActiveLogo(row) && !(await agreeToNoLogo())) return false;
      return toggle(row);
    },
    remove,
    /** Whether the list's order is the editor's to change: it is ordered by sort_order. */
    sortable: definition.order.column === "sort_order",
    /** Moves the row at `from` to `to` and saves the whole order. */
    move: reorder.move,
    reordering: reorder.saving,
    /** After a restored version: the list as it now is, published like any save. */
    restored: () => void reload(),
  };
}
