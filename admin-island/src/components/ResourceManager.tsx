// The generic card-list screen: header with the add button, loading, error, empty
// and list states, and the add/edit modal. Everything it says comes from the
// resource definition.
import { Plus } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { ConflictError, type Row, SessionExpiredError } from "../data/data-layer.ts";
import { checkImageFile, objectPath, prepareImage, TEN_MB } from "../data/images.ts";
import { nextSortOrder } from "../data/rows-store.ts";
import { signalSaved } from "../data/saves.ts";
import type { FormValues, ResourceDefinition } from "../resources/types.ts";
import { ResourceCard } from "./Cards.tsx";
import { useConfirm } from "./Confirm.tsx";
import { useData } from "./DataContext.tsx";
import { rowToForm } from "./form-values.ts";
import { ListStates } from "./ListStates.tsx";
import { Modal } from "./Modal.tsx";
import { notifyError, notifySuccess } from "./notify.ts";
import { clearDraft, ResourceForm } from "./ResourceForm.tsx";
import { button } from "./ui.ts";
import { useRows } from "./useRows.ts";

interface Editing {
  mode: "create" | "edit";
  row: Row | null;
  initial: FormValues;
  /** Bumped to remount the form with fresh values after a reload. */
  version: number;
}

type Failure = { message: string; action?: { label: string; run: () => void } } | null;

export function ResourceManager({
  definition,
  headingLevel = 2,
}: {
  definition: ResourceDefinition;
  headingLevel?: 2 | 3;
}) {
  const data = useData();
  const confirm = useConfirm();
  const { texts } = definition;
  const { state, reload } = useRows(definition.table, definition.order, texts.loadError);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [failure, setFailure] = useState<Failure>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const dirty = useRef(false);
  const Heading = headingLevel === 2 ? "h2" : "h3";

  const draftKey = editing ? `${definition.key}:${editing.row?.id ?? "new"}` : "";

  const openCreate = () => {
    const initial = definition.defaults();
    if (definition.newSortOrder && "sort_order" in initial) {
      initial.sort_order = nextSortOrder(state.rows, definition.newSortOrder);
    }
    setFailure(null);
    setEditing({ mode: "create", row: null, initial, version: 0 });
  };

  const openEdit = (row: Row) => {
    setFailure(null);
    setEditing({ mode: "edit", row, initial: rowToForm(definition, row), version: 0 });
  };

  const close = useCallback(
    async (discard: boolean) => {
      if (!discard && dirty.current) {
        const leave = await confirm("You have unsaved changes. Discard them?", {
          confirmLabel: "Discard",
        });
        if (!leave) return;
      }
      if (draftKey) clearDraft(draftKey);
      dirty.current = false;
      setEditing(null);
      setFailure(null);
    },
    [confirm, draftKey],
  );

  const reloadEditedRow = async () => {
    if (!editing?.row) return;
    const rows = await reload();
    if (!rows) return;
    const fresh = rows.find((row) => row.id === editing.row?.id);
    if (draftKey) clearDraft(draftKey);
    if (!fresh) {
      setEditing(null);
      notifyError(new ConflictError(true).message);
      return;
    }
    setFailure(null);
    setEditing({
      mode: "edit",
      row: fresh,
      initial: rowToForm(definition, fresh),
      version: editing.version + 1,
    });
  };

  /** Makes a saved logo the active one; a failure here must not undo the save. */
  const activate = async (id: string) => {
    try {
      await data.activateLogo(id);
    } catch (error) {
      notifyError(texts.statusError, error);
    }
  };

  /** A bulk add: each file resized, uploaded and stored as its own record, in order. */
  const saveMany = async (values: Record<string, unknown>, files: File[]) => {
    const bulk = definition.bulk;
    if (!bulk) return;
    let order = nextSortOrder(state.rows, definition.newSortOrder ?? "count");
    const title = String(values[bulk.titleField] ?? "").trim();
    const failed: string[] = [];
    let added = 0;
    for (const file of files) {
      let url: string | undefined;
      try {
        checkImageFile(file, TEN_MB);
        const prepared = await prepareImage(file);
        url = await data.upload(objectPath(bulk.folder, prepared.extension), prepared.blob);
        const name = file.name.replace(/\.[^.]+$/, "").slice(0, 200) || "Untitled";
        await data.insert(definition.table, [
          {
            ...values,
            [bulk.imageField]: url,
            [bulk.titleField]: title || name,
            sort_order: order,
          },
        ]);
        order += 1;
        added += 1;
      } catch (error) {
        failed.push(file.name);
        console.error("Error uploading image. Please try again.", error);
        // Stored but not recorded: nothing refers to the file, so it goes again.
        if (url) data.removeUpload(url).catch(() => {});
      }
    }
    if (added > 0) {
      notifySuccess(`${added} image(s) added successfully!`);
      signalSaved();
    }
    void reload();
    if (failed.length > 0) {
      notifyError(
        added > 0
          ? "Error uploading image. Please try again."
          : "Error uploading files. Please try again.",
      );
      setFailure({ message: `These pictures could not be added: ${failed.join(", ")}` });
      return;
    }
    clearDraft(draftKey);
    dirty.current = false;
    setEditing(null);
  };

  const save = async (values: Record<string, unknown>, files: File[] = []) => {
    if (!editing) return;
    setFailure(null);
    if (files.length > 0) {
      await saveMany(values, files);
      return;
    }
    try {
      if (editing.mode === "create") {
        const payload = { ...values };
        if (definition.newSortOrder && !("sort_order" in payload)) {
          payload.sort_order = nextSortOrder(state.rows, definition.newSortOrder);
        }
        // Only one logo may be active: a new active logo is stored inactive, then
        // takes over atomically.
        const activating = definition.activation === "logo" && payload.is_active === true;
        if (activating) payload.is_active = false;
        const [created] = await data.insert(definition.table, [payload]);
        if (activating && created) await activate(created.id);
        notifySuccess(texts.added);
      } else if (editing.row) {
        const payload = { ...values };
        const activating =
          definition.activation === "logo" && payload.is_active && !editing.row.is_active;
        if (activating) payload.is_active = false;
        await data.update(definition.table, editing.row.id, payload, editing.row.updated_at);
        if (activating) await activate(editing.row.id);
        notifySuccess(texts.updated);
      }
      signalSaved();
      clearDraft(draftKey);
      dirty.current = false;
      setEditing(null);
      void reload();
    } catch (error) {
      if (error instanceof ConflictError) {
        setFailure({
          message: error.message,
          action: error.deleted
            ? undefined
            : { label: "Reload this item", run: () => void reloadEditedRow() },
        });
        return;
      }
      // The draft stays, so nothing typed is lost, whatever happened.
      setFailure({
        message: error instanceof SessionExpiredError ? error.message : texts.saveError,
      });
      notifyError(texts.saveError, error);
    }
  };

  const toggle = async (row: Row) => {
    setBusyId(row.id);
    try {
      if (definition.activation === "logo" && !row.is_active) {
        await data.activateLogo(row.id);
      } else {
        await data.update(definition.table, row.id, { is_active: !row.is_active }, row.updated_at);
      }
      notifySuccess(row.is_active ? texts.deactivated : texts.activated);
      signalSaved();
    } catch (error) {
      notifyError(texts.statusError, error);
    } finally {
      setBusyId(null);
      void reload();
    }
  };

  const remove = async (row: Row) => {
    if (!(await confirm(texts.confirmDelete, { confirmLabel: "Delete" }))) return;
    setBusyId(row.id);
    try {
      await data.remove(definition.table, row.id);
      notifySuccess(texts.deleted);
      signalSaved();
    } catch (error) {
      notifyError(texts.deleteError, error);
    } finally {
      setBusyId(null);
      void reload();
    }
  };

  const rows = state.rows;
  return (
    <section aria-labelledby={`${definition.key}-heading`} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading
          id={`${definition.key}-heading`}
          className="font-display text-2xl font-bold text-ink"
        >
          {texts.heading}
        </Heading>
        <button type="button" className={button.primary} onClick={openCreate}>
          <Plus aria-hidden="true" className="size-5" />
          {texts.addButton}
        </button>
      </div>

      <ListStates
        state={state}
        loading={texts.loading}
        loadError={texts.loadError}
        onRetry={() => void reload()}
        empty={
          <div className="rounded-xl border-2 border-dashed border-surface-sunken p-10 text-center">
            <p className="text-xl font-semibold text-ink">{texts.empty}</p>
            <p className="mt-2 text-ink-muted">{texts.emptyHint}</p>
            <button type="button" className={`${button.primary} mt-6`} onClick={openCreate}>
              <Plus aria-hidden="true" className="size-5" />
              {texts.emptyAction}
            </button>
          </div>
        }
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label={texts.heading}>
          {rows.map((row) => (
            <ResourceCard
              key={row.id}
              row={row}
              view={definition.card(row)}
              busy={busyId === row.id}
              onToggle={() => void toggle(row)}
              onEdit={() => openEdit(row)}
              onDelete={() => void remove(row)}
            />
          ))}
        </ul>
      </ListStates>

      <Modal
        open={editing !== null}
        title={editing?.mode === "edit" ? texts.editTitle : texts.addTitle}
        wide={definition.modal === "wide"}
        onRequestClose={() => void close(false)}
      >
        {editing ? (
          <ResourceForm
            key={`${draftKey}:${editing.version}`}
            definition={definition}
            mode={editing.mode}
            initial={editing.initial}
            draftKey={draftKey}
            failure={failure}
            onSubmit={save}
            onCancel={() => void close(false)}
            onDirtyChange={(value) => {
              dirty.current = value;
            }}
          />
        ) : null}
      </Modal>
    </section>
  );
}
