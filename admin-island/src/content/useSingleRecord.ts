// A table that holds one record (the home page's about section): the record, and a
// save that creates it the first time and updates it after (undone from its toast).
import { useState } from "react";
import type { FormFailure } from "../ui/FormFailure.tsx";
import { notifySuccess, notifyUndoable } from "../ui/notify.ts";
import { saveFailure } from "../ui/save-failure.ts";
import { clearDraft } from "./drafts.ts";
import type { ResourceDefinition } from "./resources/types.ts";
import { useContentWrites } from "./useContentWrites.ts";
import { useRows } from "./useRows.ts";
import { forms } from "./words.ts";

export function useSingleRecord(definition: ResourceDefinition) {
  const { texts } = definition;
  const { state, reload } = useRows(definition.table, definition.order, texts.loadError);
  const writes = useContentWrites(definition);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  /** Bumped to remount the form with the record as saved. */
  const [version, setVersion] = useState(0);
  const row = state.rows[0] ?? null;
  const draftKey = `${definition.key}:single`;

  const reloadSaved = () => {
    clearDraft(draftKey);
    setFailure(null);
    void reload().then(() => setVersion((v) => v + 1));
  };

  const save = async (values: Record<string, unknown>) => {
    setFailure(null);
    try {
      if (row) await writes.update(row, values);
      else await writes.create(values, state.rows);
      clearDraft(draftKey);
      if (row) {
        notifyUndoable(
          texts.updated,
          () => writes.putBack([row]),
          async () => {
            await reload();
            setVersion((v) => v + 1);
          },
        );
      } else {
        notifySuccess(texts.updated);
      }
      await reload();
      setVersion((v) => v + 1);
    } catch (error) {
      setFailure(
        saveFailure(error, texts.saveError, () => ({
          label: forms.reloadSaved,
          run: reloadSaved,
        })),
      );
    }
  };

  return { state, reload, row, failure, version, draftKey, save };
}
