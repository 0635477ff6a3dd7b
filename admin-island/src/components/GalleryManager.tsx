// The programme galleries: a drop zone for many pictures at once (each resized and
// stripped of metadata, uploaded with its own progress, stored with consecutive
// sort orders), statistics, and a grid of tiles to show, hide or delete.
import { Eye, EyeOff, ImagePlus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { Row } from "../data/data-layer.ts";
import {
  checkImageFile,
  ImageCheckError,
  objectPath,
  prepareImage,
  TEN_MB,
} from "../data/images.ts";
import { nextSortOrder } from "../data/rows-store.ts";
import { signalSaved } from "../data/saves.ts";
import type { GalleryDefinition } from "../resources/types.ts";
import { Thumbnail } from "./Cards.tsx";
import { useConfirm } from "./Confirm.tsx";
import { useData } from "./DataContext.tsx";
import { ListStates } from "./ListStates.tsx";
import { notifyError, notifySuccess } from "./notify.ts";
import { badgeTone, button } from "./ui.ts";
import { useRows } from "./useRows.ts";

interface FileProgress {
  key: string;
  name: string;
  progress: number;
  status: "waiting" | "uploading" | "done" | "failed" | "skipped";
  message?: string;
}

export function galleryStats(rows: Row[]) {
  const total = rows.length;
  const active = rows.filter((row) => row.is_active).length;
  return {
    total,
    active,
    inactive: total - active,
    rate: total ? Math.round((active / total) * 100) : 0,
  };
}

const LOAD_ERROR = "Error loading gallery images. Please try again.";

export function GalleryManager({ gallery }: { gallery: GalleryDefinition }) {
  const data = useData();
  const confirm = useConfirm();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { state, reload } = useRows(
    gallery.table,
    { column: "sort_order", ascending: true },
    LOAD_ERROR,
  );
  const [files, setFiles] = useState<FileProgress[]>([]);
  const [uploading, setUploading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const rows = state.rows;

  const update = (index: number, change: Partial<FileProgress>) =>
    setFiles((list) => list.map((item, i) => (i === index ? { ...item, ...change } : item)));

  async function addFiles(chosen: File[]) {
    if (chosen.length === 0 || uploading) return;
    setUploading(true);
    const images = chosen.map((file) => ({ file, image: file.type.startsWith("image/") }));
    setFiles(
      images.map(({ file, image }) => ({
        key: crypto.randomUUID(),
        name: file.name,
        progress: 0,
        status: image ? "waiting" : "skipped",
        message: image ? undefined : "Skipped: not an image file",
      })),
    );
    // Consecutive orders after the current last picture, in the order chosen.
    let order = nextSortOrder(rows, "count");
    let added = 0;
    let failed = 0;
    for (const [index, { file, image }] of images.entries()) {
      if (!image) continue;
      update(index, { status: "uploading" });
      try {
        checkImageFile(file, TEN_MB);
        const prepared = await prepareImage(file);
        const url = await data.upload(
          objectPath(gallery.folder, prepared.extension),
          prepared.blob,
          (progress) => update(index, { progress }),
        );
        await data.insert(gallery.table, [{ image_url: url, sort_order: order, is_active: true }]);
        order += 1;
        added += 1;
        update(index, { status: "done", progress: 1 });
      } catch (error) {
        failed += 1;
        const message =
          error instanceof ImageCheckError
            ? error.message
            : "Error uploading image. Please try again.";
        update(index, { status: "failed", message });
        if (!(error instanceof ImageCheckError)) console.error(message, error);
      }
    }
    setUploading(false);
    if (input.current) input.current.value = "";
    if (added > 0) {
      notifySuccess(`${added} image(s) added successfully!`);
      signalSaved();
    }
    if (failed > 0)
      notifyError(
        added > 0
          ? `${failed} image(s) could not be added.`
          : "Error uploading files. Please try again.",
      );
    void reload();
  }

  const toggle = async (row: Row) => {
    setBusyId(row.id);
    try {
      await data.update(gallery.table, row.id, { is_active: !row.is_active }, row.updated_at);
      notifySuccess(row.is_active ? "Image hidden from the site." : "Image shown on the site.");
      signalSaved();
    } catch (error) {
      notifyError("Error updating gallery image status. Please try again.", error);
    } finally {
      setBusyId(null);
      void reload();
    }
  };

  const remove = async (row: Row) => {
    if (!(await confirm("Are you sure you want to delete this image?", { confirmLabel: "Delete" })))
      return;
    setBusyId(row.id);
    try {
      await data.remove(gallery.table, row.id);
      notifySuccess("Gallery image deleted successfully!");
      signalSaved();
    } catch (error) {
      notifyError("Error deleting gallery image. Please try again.", error);
    } finally {
      setBusyId(null);
      void reload();
    }
  };

  const stats = galleryStats(rows);
  return (
    <section aria-labelledby={`${gallery.key}-heading`} className="flex flex-col gap-6">
      <h2 id={`${gallery.key}-heading`} className="font-display text-2xl font-bold text-ink">
        {gallery.heading}
      </h2>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a pointer shortcut; the Choose Images button is the keyboard path */}
      <div
        className={`rounded-xl border-2 border-dashed p-8 text-center transition-colors ${
          dragging ? "border-brand-600 bg-brand-50" : "border-ink-soft/40 bg-surface-muted"
        }`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void addFiles([...event.dataTransfer.files]);
        }}
      >
        <ImagePlus aria-hidden="true" className="mx-auto size-10 text-brand-700" />
        <p className="mt-2 font-semibold text-ink">
          {uploading ? "Uploading Images..." : "Drop pictures here, or"}
        </p>
        <label
          htmlFor={inputId}
          className={`${button.primary} mt-3 cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500`}
        >
          Choose Images
          <input
            id={inputId}
            ref={input}
            type="file"
            multiple
            accept="image/*"
            className="sr-only"
            disabled={uploading}
            onChange={(event) => void addFiles([...(event.target.files ?? [])])}
          />
        </label>
        <p className="mt-2 text-sm text-ink-muted">PNG, JPG, GIF or WebP, up to 10MB each</p>
      </div>

      {files.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Upload progress">
          {files.map((file) => (
            <li
              key={file.key}
              className="flex flex-wrap items-center gap-3 rounded-lg bg-white px-3 py-2 text-sm shadow-sm"
            >
              <span className="min-w-0 flex-1 truncate font-medium text-ink">{file.name}</span>
              {file.status === "uploading" || file.status === "waiting" ? (
                <progress
                  className="h-2 w-32"
                  max={1}
                  value={file.progress}
                  aria-label={`Uploading ${file.name}`}
                />
              ) : null}
              <span
                className={
                  file.status === "failed" || file.status === "skipped"
                    ? "font-medium text-red-800"
                    : "text-ink-muted"
                }
              >
                {file.status === "done"
                  ? "Added"
                  : file.status === "uploading"
                    ? `${Math.round(file.progress * 100)}%`
                    : file.status === "waiting"
                      ? "Waiting"
                      : file.message}
              </span>
            </li>
          ))}
        </ul>
      ) : null}

      {stats.total > 0 ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {[
            ["Total Images", stats.total],
            ["Active Images", stats.active],
            ["Inactive Images", stats.inactive],
            ["Active Rate", `${stats.rate}%`],
          ].map(([term, value]) => (
            <div key={term} className="rounded-xl bg-white p-4 text-center shadow-sm">
              <dt className="text-sm text-ink-muted">{term}</dt>
              <dd className="text-2xl font-bold text-ink">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <ListStates
        state={state}
        loading="Loading gallery images..."
        loadError={LOAD_ERROR}
        onRetry={() => void reload()}
        empty={
          <div className="rounded-xl bg-white p-10 text-center shadow-sm">
            <p className="text-xl font-semibold text-ink">{gallery.empty}</p>
            <p className="mt-2 text-ink-muted">Choose images above to start the gallery.</p>
          </div>
        }
      >
        <ul
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
          aria-label="Gallery images"
        >
          {rows.map((row, index) => {
            const name = `${gallery.noun} ${index + 1}`;
            return (
              <li key={row.id} className="overflow-hidden rounded-xl bg-white shadow-sm">
                <div className="relative">
                  <Thumbnail src={row.image_url as string} alt={name} />
                  <span
                    className={`absolute left-2 top-2 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                      row.is_active ? badgeTone.green : badgeTone.grey
                    }`}
                  >
                    {row.is_active ? "Active" : "Inactive"}
                  </span>
                  <span
                    className={`absolute right-2 top-2 rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTone.brand}`}
                  >
                    #{Number(row.sort_order ?? 0) + 1}
                  </span>
                </div>
                <div className="flex gap-2 p-3">
                  <button
                    type="button"
                    className={button.small}
                    disabled={busyId === row.id}
                    onClick={() => void toggle(row)}
                    aria-label={`${row.is_active ? "Hide" : "Show"} ${name}`}
                  >
                    {row.is_active ? (
                      <EyeOff aria-hidden="true" className="size-4" />
                    ) : (
                      <Eye aria-hidden="true" className="size-4" />
                    )}
                    {row.is_active ? "Hide" : "Show"}
                  </button>
                  <button
                    type="button"
                    className={button.smallDanger}
                    disabled={busyId === row.id}
                    onClick={() => void remove(row)}
                    aria-label={`Delete ${name}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </ListStates>
    </section>
  );
}
