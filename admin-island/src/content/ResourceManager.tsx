// The generic card-list screen: header with the add button, loading, error, empty
// and list states, a search (and category filter) over the loaded records with the
// first ones shown and more on request, the add/edit modal and each record's history.
// A list ordered by sort_order is reordered by dragging its cards' handles while no
// search or filter leaves records out. Everything it says comes from the definition.
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { HistoryDialog, type HistorySubject } from "../history/HistoryDialog.tsx";
import { ResourceCard } from "../ui/Cards.tsx";
import { ListStates } from "../ui/ListStates.tsx";
import { FilteredList } from "../ui/ListView.tsx";
import { Modal } from "../ui/Modal.tsx";
import { NoticeBar } from "../ui/NoticeBar.tsx";
import { SortableList } from "../ui/Sortable.tsx";
import { button } from "../ui/styles.ts";
import { useCardFocus } from "../ui/useCardFocus.ts";
import { canReorder } from "./list-view.ts";
import { ResourceForm } from "./ResourceForm.tsx";
import type { ResourceDefinition } from "./resources/types.ts";
import { useListView } from "./useListView.ts";
import { useResourceEditor } from "./useResourceEditor.ts";
import { type ResourceList, useResourceList } from "./useResourceList.ts";

/** What one card is called when its place is read out: 'card 2 of 6'. */
const CARD_UNIT = "card";

export function ResourceManager({
  definition,
  headingLevel = 2,
  useList = useResourceList,
  readOnly = false,
}: {
  definition: ResourceDefinition;
  headingLevel?: 2 | 3;
  /** Shown only: nothing to add, change, order or restore (the screen says why). */
  readOnly?: boolean;
  /**
   * How the screen reads and writes its records: the table's own calls, or another
   * path with the same shape (the donation details go through change_payment_details).
   * Fixed for the screen's lifetime, as a hook must be.
   */
  useList?: (definition: ResourceDefinition) => ResourceList;
}) {
  const list = useList(definition);
  const addButton = useRef<HTMLButtonElement>(null);
  const focus = useCardFocus(list.state.rows, addButton);
  const editor = useResourceEditor(definition, list, (id) => focus.focusCard(id, "edit"));
  const { texts } = definition;
  const { editing } = editor;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const [historyOf, setHistoryOf] = useState<{
    subject: HistorySubject;
    opener: HTMLElement;
  } | null>(null);
  const rows = list.state.rows;
  const shownList = useListView(rows, definition.search, (row) => definition.card(row).title);
  const shown = shownList.shown.map((entry) => entry.row);
  // The rows shown are the first of the whole list when nothing is left out, so their
  // places are the places in the whole list, and a move saves the whole new order.
  const sortable = !readOnly && canReorder(list.sortable, shownList.filtered);
  const titles = new Map(shown.map((row) => [row.id, definition.card(row).title]));
  // The list is in the site's order, so the record the site shows is its first active one.
  const shownId = definition.showsOne ? rows.find((row) => row.is_active)?.id : undefined;

  const cards = shown.map((row) => {
    const view = definition.card(row);
    return (
      <ResourceCard
        key={row.id}
        row={row}
        view={view}
        busy={list.busyId === row.id}
        onSite={
          shownId === undefined || !row.is_active
            ? undefined
            : row.id === shownId
              ? "shown"
              : "not-shown"
        }
        sortable={sortable}
        readOnly={readOnly}
        onToggle={() => void list.toggle(row)}
        onEdit={() => editor.openEdit(row)}
        onDelete={async () => {
          if (await list.remove(row)) focus.focusAfterDelete(shown, row.id);
        }}
        onHistory={(opener) =>
          setHistoryOf({
            subject: { table: definition.table, row, name: view.title, fields: definition.fields },
            opener,
          })
        }
      />
    );
  });
  const cardList = (
    <ul
      ref={shownList.listRef}
      className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
      aria-label={texts.heading}
    >
      {cards}
    </ul>
  );

  return (
    <section aria-labelledby={`${definition.key}-heading`} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading
          id={`${definition.key}-heading`}
          className="font-display text-2xl font-bold text-ink"
        >
          {texts.heading}
        </Heading>
        {readOnly ? null : (
          <button
            ref={addButton}
            type="button"
            className={button.primary}
            onClick={editor.openCreate}
          >
            <Plus aria-hidden="true" className="size-5" />
            {texts.addButton}
          </button>
        )}
      </div>

      {definition.notice ? <NoticeBar notice={definition.notice} /> : null}

      <ListStates
        state={list.state}
        loading={texts.loading}
        loadError={texts.loadError}
        onRetry={() => void list.reload()}
        empty={
          <div className="rounded-xl border-2 border-dashed border-surface-sunken p-10 text-center">
            <p className="text-xl font-semibold text-ink">{texts.empty}</p>
            <p className="mt-2 text-ink-muted">{texts.emptyHint}</p>
            {readOnly ? null : (
              <button
                type="button"
                className={`${button.primary} mt-6`}
                onClick={editor.openCreate}
              >
                <Plus aria-hidden="true" className="size-5" />
                {texts.emptyAction}
              </button>
            )}
          </div>
        }
      >
        <FilteredList view={shownList} search={definition.search} reorderable={list.sortable}>
          {sortable ? (
            <SortableList
              ids={shown.map((row) => row.id)}
              nameOf={(id) => titles.get(id) ?? ""}
              unit={CARD_UNIT}
              total={rows.length}
              layout="grid"
              disabled={list.reordering}
              onMove={(from, to) => void list.move(from, to)}
            >
              {cardList}
            </SortableList>
          ) : (
            cardList
          )}
        </FilteredList>
      </ListStates>

      <HistoryDialog
        subject={historyOf?.subject ?? null}
        returnFocusTo={historyOf?.opener}
        onClose={() => setHistoryOf(null)}
        onRestored={list.restored}
      />

      <Modal
        open={editing !== null}
        title={editing?.mode === "edit" ? texts.editTitle : texts.addTitle}
        wide={definition.modal === "wide"}
        onRequestClose={() => void editor.close()}
      >
        {editing ? (
          <ResourceForm
            key={`${editor.draftKey}:${editing.version}`}
            definition={definition}
            mode={editing.mode}
            initial={editing.initial}
            draftKey={editor.draftKey}
            failure={editor.failure}
            onSubmit={editor.save}
            onCancel={() => void editor.close()}
            onDirtyChange={editor.setDirty}
          />
        ) : null}
      </Modal>
    </section>
  );
}
