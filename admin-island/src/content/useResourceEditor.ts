// The add/edit form of a card list: which record is open, its draft, the failure of
// the last save (with a way to reload after a conflict), and closing with a question
// when there are unsaved changes.
import { useCallback, useRef, useState } from "react";
import { ConflictError } from "../api/errors.ts";
import type { Row } from "../api/rows.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import type { FormFailure } from "../ui/FormFailure.tsx";
import { notifyError } from "../ui/notify.ts";
import { saveFailure } from "../ui/save-failure.ts";
import { uploads } from "../uploads/words.ts";
import { clearDraft } from "./drafts.ts";
import { rowToForm } from "./form-values.ts";
import type { FormValues, ResourceDefinition } from "./resources/types.ts";
import type { ResourceList } from "./useResourceList.ts";
import { forms } from "./words.ts";

export interface Editing {
  mode: "create" | "edit";
  row: Row | null;
  initial: FormValues;
  /** Bumped to remount the form with fresh values after a reload. */
  version: number;
}

export function useResourceEditor(
  definition: ResourceDefinition,
  list: ResourceList,
  /** Told the id of a record just created (its card takes focus once it shows). */
  onCreated?: (id: string) => void,
) {
  const confirm = useConfirm();
  const { texts } = definition;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const dirty = useRef(false);
  const draftKey = editing ? `${definition.key}:${editing.row?.id ?? "new"}` : "";

  const setDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const open = (next: Editing) => {
    setFailure(null);
    setEditing(next);
  };

  /** Closes the form and forgets its draft. */
  const finish = useCallback(() => {
    if (draftKey) clearDraft(draftKey);
    dirty.current = false;
    setEditing(null);
  }, [draftKey]);

  const close = useCallback(async () => {
    if (dirty.current) {
      const leave = await confirm(forms.discardChanges, { confirmLabel: forms.discard });
      if (!leave) return;
    }
    finish();
    setFailure(null);
  }, [confirm, finish]);

  const reloadEditedRow = async () => {
    if (!editing?.row) return;
    const rows = await list.reload();
    if (!rows) return;
    const fresh = rows.find((row) => row.id === editing.row?.id);
    if (draftKey) clearDraft(draftKey);
    if (!fresh) {
      setEditing(null);
      notifyError(new ConflictError(true).message);
      return;
    }
    open({
      mode: "edit",
      row: fresh,
      initial: rowToForm(definition, fresh),
      version: editing.version + 1,
    });
  };

  const save = async (values: Record<string, unknown>, files: File[] = []) => {
    if (!editing) return;
    setFailure(null);
    if (files.length > 0) {
      const { failed } = await list.addPictures(values, files);
      if (failed.length > 0) setFailure({ message: uploads.notAdded(failed) });
      else finish();
      return;
    }
    try {
      if (editing.row) {
        // Not saved after all: the form stays open with what was typed.
        if (!(await list.update(editing.row, values))) return;
        finish();
      } else {
        const id = await list.create(values);
        finish();
        if (id) onCreated?.(id);
      }
    } catch (error) {
      setFailure(
        saveFailure(error, texts.saveError, (conflict) =>
          conflict.deleted
            ? undefined
            : { label: forms.reloadItem, run: () => void reloadEditedRow() },
        ),
      );
    }
  };

  return {
    editing,
    failure,
    draftKey,
    openCreate: () => open({ mode: "create", row: null, initial: list.newValues(), version: 0 }),
    openEdit: (row: Row) =>
      open({ mode: "edit", row, initial: rowToForm(definition, row), version: 0 }),
    close,
    save,
    setDirty,
  };
}
