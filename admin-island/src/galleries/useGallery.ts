// A gallery's pictures and what can be done to them: add many at once (each with its
// own line of progress), reorder, describe (alt text), show, hide and delete, each
// undone from its toast. The words come from the definition.
import { useMemo, useState } from "react";
import type { ListOrder, Row } from "../api/rows.ts";
import type { GalleryDefinition } from "../content/resources/types.ts";
import { useContentWrites } from "../content/useContentWrites.ts";
import { useReorder } from "../content/useReorder.ts";
import { useContentRowActions } from "../content/useRowActions.ts";
import { useRows } from "../content/useRows.ts";
import { notifyBatch, notifyUndoable } from "../ui/notify.ts";
import type { FileChange, FileStatus } from "../uploads/uploads.ts";
import { uploads } from "../uploads/words.ts";

/** What describes a picture: its alt text (null: the site's default words), or none at all. */
export interface PictureDescription {
  image_alt: string | null;
  image_decorative: boolean;
}

/** One chosen file's line in the progress list. */
export interface FileProgress {
  key: string;
  name: string;
  /** From 0 to 1. */
  progress: number;
  status: FileStatus;
  message?: string;
}

const BY_SORT_ORDER: ListOrder = { column: "sort_order", ascending: true };

export function useGallery(gallery: GalleryDefinition) {
  const { texts } = gallery;
  const { state, reload, replace } = useRows(gallery.table, BY_SORT_ORDER, texts.loadError);
  // New pictures go after the ones there are, in the order chosen.
  const target = useMemo(() => ({ table: gallery.table, order: BY_SORT_ORDER }), [gallery.table]);
  const writes = useContentWrites(target);
  const { busyId, toggle, remove } = useContentRowActions(reload, writes, texts, state.rows);
  const reorder = useReorder({ rows: state.rows, replace, reload, writes });
  const [files, setFiles] = useState<FileProgress[]>([]);
  const [uploading, setUploading] = useState(false);
  /** The pictures the last upload added: they are offered a description. */
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());

  const change = (index: number, next: FileChange) =>
    setFiles((list) => list.map((item, i) => (i === index ? { ...item, ...next } : item)));

  async function addFiles(chosen: File[]) {
    if (chosen.length === 0 || uploading) return;
    setUploading(true);
    const known = new Set(state.rows.map((row) => row.id));
    setFiles(
      chosen.map((file) => ({
        key: crypto.randomUUID(),
        name: file.name,
        progress: 0,
        status: "waiting",
      })),
    );
    const result = await writes.addPictures(
      chosen,
      {
        folder: gallery.folder,
        record: (url) => ({ image_url: url, is_active: true }),
        onFile: change,
      },
      state.rows,
    );
    setUploading(false);
    notifyBatch(result, uploads.someFailed(result.failed.length));
    const rows = await reload();
    if (rows) setFresh(new Set(rows.filter((row) => !known.has(row.id)).map((row) => row.id)));
  }

  /** Saves a picture's description; throws when it could not be saved. */
  async function describe(row: Row, description: PictureDescription) {
    await writes.update(row, { ...description });
    notifyUndoable(
      texts.describe.saved,
      () => writes.putBack([row]),
      () => void reload(),
    );
    void reload();
  }

  return {
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
    move: reorder.move,
    reordering: reorder.saving,
  };
}
