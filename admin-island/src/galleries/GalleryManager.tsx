// The programme galleries: a drop zone for many pictures at once (each resized and
// stripped of metadata, uploaded with its own progress, stored with consecutive
// sort orders), statistics, a search by description, and a grid of tiles (the first
// ones, then more on request) to reorder by dragging, describe, see the history of,
// show, hide or delete. A picture is named by its place in the whole gallery, also
// in a search's results.
import { useRef, useState } from "react";
import { canReorder } from "../content/list-view.ts";
import type { GalleryDefinition } from "../content/resources/types.ts";
import { useListView } from "../content/useListView.ts";
import { HistoryDialog, type HistorySubject } from "../history/HistoryDialog.tsx";
import { ListStates } from "../ui/ListStates.tsx";
import { FilteredList } from "../ui/ListView.tsx";
import { SortableList } from "../ui/Sortable.tsx";
import { useCardFocus } from "../ui/useCardFocus.ts";
import { DescribeDialog, type Describing } from "./DescribeDialog.tsx";
import { DropZone } from "./DropZone.tsx";
import { GalleryStats } from "./GalleryStats.tsx";
import { GalleryTile } from "./GalleryTile.tsx";
import { UploadProgress } from "./UploadProgress.tsx";
import { useGallery } from "./useGallery.ts";

export function GalleryManager({ gallery }: { gallery: GalleryDefinition }) {
  const { texts } = gallery;
  const {
    state,
    reload,
    busyId,
    files,
    uploading,
    addFiles,
    toggle,
    remove,
    describe,
    fresh,
    move,
    reordering,
  } = useGallery(gallery);
  const rows = state.rows;
  const heading = useRef<HTMLHeadingElement>(null);
  const focus = useCardFocus(rows, heading);
  const [describing, setDescribing] = useState<Describing | null>(null);
  const [historyOf, setHistoryOf] = useState<{
    subject: HistorySubject;
    opener: HTMLElement;
  } | null>(null);
  const nameAt = (index: number) => `${gallery.noun} ${index + 1}`;
  const view = useListView(rows, gallery.search);
  const sortable = canReorder(true, view.filtered);
  const names = new Map(view.shown.map(({ row, index }) => [row.id, nameAt(index)]));

  const tiles = (
    <ul
      ref={view.listRef}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
      aria-label={texts.listLabel}
    >
      {view.shown.map(({ row, index }) => {
        const name = nameAt(index);
        return (
          <GalleryTile
            key={row.id}
            row={row}
            name={name}
            texts={texts}
            busy={busyId === row.id}
            fresh={fresh.has(row.id)}
            sortable={sortable}
            onToggle={() => void toggle(row)}
            onDelete={async () => {
              if (await remove(row))
                focus.focusAfterDelete(
                  view.shown.map((entry) => entry.row),
                  row.id,
                );
            }}
            onDescribe={(opener) => setDescribing({ row, name, opener })}
            onHistory={(opener) =>
              setHistoryOf({
                subject: { table: gallery.table, row, name, fields: [] },
                opener,
              })
            }
          />
        );
      })}
    </ul>
  );

  return (
    <section aria-labelledby={`${gallery.key}-heading`} className="flex flex-col gap-6">
      <h2
        ref={heading}
        id={`${gallery.key}-heading`}
        tabIndex={-1}
        className="font-display text-2xl font-bold text-ink"
      >
        {gallery.heading}
      </h2>
      <DropZone texts={texts} uploading={uploading} onFiles={addFiles} />
      <UploadProgress files={files} texts={texts} />
      <GalleryStats rows={rows} texts={texts} />
      <ListStates
        state={state}
        loading={texts.loading}
        loadError={texts.loadError}
        onRetry={() => void reload()}
        empty={
          <div className="rounded-xl bg-white p-10 text-center shadow-sm">
            <p className="text-xl font-semibold text-ink">{gallery.empty}</p>
            <p className="mt-2 text-ink-muted">{texts.emptyHint}</p>
          </div>
        }
      >
        <FilteredList view={view} search={gallery.search} reorderable>
          {sortable ? (
            <SortableList
              ids={view.shown.map(({ row }) => row.id)}
              nameOf={(id) => names.get(id) ?? ""}
              unit={texts.moveUnit}
              total={rows.length}
              layout="grid"
              disabled={reordering}
              onMove={(from, to) => void move(from, to)}
            >
              {tiles}
            </SortableList>
          ) : (
            tiles
          )}
        </FilteredList>
      </ListStates>

      <DescribeDialog
        describing={describing}
        texts={texts}
        onSave={describe}
        onClose={() => setDescribing(null)}
      />
      <HistoryDialog
        subject={historyOf?.subject ?? null}
        returnFocusTo={historyOf?.opener}
        onClose={() => setHistoryOf(null)}
        onRestored={() => void reload()}
      />
    </section>
  );
}
