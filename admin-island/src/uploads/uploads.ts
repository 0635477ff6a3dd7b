// Files into the media bucket: one picture or PDF for a form's field, or many pictures
// at once, each stored as a record of its own. Pictures are checked, then resized and
// re-encoded (images.ts) before they leave the browser; progress is reported as the
// bytes go out.
import { MAX_UPLOAD_BYTES } from "../../../functions/_shared/media-rules.ts";
import type { Backend } from "../api/backend.ts";
import type { TableName } from "../api/rows.ts";
import { failures } from "../api/words.ts";
import { insertRows } from "../content/row-create-mutation.ts";
import { signalSaved } from "../publishing/saves.ts";
import { checkImageFile, ImageCheckError, objectPath, prepareImage } from "./images.ts";
import { removeUpload, type UploadProgress, uploadMedia } from "./media-upload-mutation.ts";
import { fileChecks, uploads } from "./words.ts";

export interface UploadTarget {
  /** Storage folder, e.g. 'gallery/medical'. */
  folder: string;
  maxBytes: number;
}

/** Uploads one picture and answers its public URL; refusals throw an ImageCheckError. */
export async function uploadImage(
  backend: Backend,
  file: File,
  target: UploadTarget,
  onProgress?: UploadProgress,
): Promise<string> {
  checkImageFile(file, target.maxBytes);
  const prepared = await prepareImage(file);
  onProgress?.(0);
  return uploadMedia(
    backend,
    objectPath(target.folder, prepared.extension),
    prepared.blob,
    onProgress,
  );
}

/** Uploads one PDF as it is and answers its public URL. */
export async function uploadDocument(
  backend: Backend,
  file: File,
  target: UploadTarget,
  onProgress?: UploadProgress,
): Promise<string> {
  if (file.type !== "application/pdf" && !file.name.toLowerCase().endsWith(".pdf")) {
    throw new ImageCheckError(fileChecks.notPdf);
  }
  if (file.size > target.maxBytes) throw new ImageCheckError(fileChecks.tooBig10);
  onProgress?.(0);
  return uploadMedia(
    backend,
    objectPath(target.folder, "pdf"),
    new Blob([file], { type: "application/pdf" }),
    onProgress,
  );
}

export type FileStatus = "waiting" | "uploading" | "done" | "failed" | "skipped";

/** What changed about one file of a batch: its status, its progress (0 to 1), why it failed. */
export interface FileChange {
  status?: FileStatus;
  progress?: number;
  message?: string;
}

export interface UploadManyOptions {
  table: TableName;
  folder: string;
  maxBytes?: number;
  /** The sort_order of the first new record; the others follow in the order given. */
  firstOrder: number;
  /** The record stored for one uploaded picture (its sort_order is added). */
  record: (url: string, file: File) => Record<string, unknown>;
  /** Called as each file moves on, with its index in the list given. */
  onFile?: (index: number, change: FileChange) => void;
}

export interface UploadManyResult {
  added: number;
  /** The names of the pictures that could not be added. */
  failed: string[];
}

/**
 * Stores many pictures, one record each, in the order given: files that are no pictures
 * are skipped; a picture that fails takes no place in the order; a picture stored
 * without its record is removed again. Signals one save when any record was added.
 */
export async function uploadMany(
  backend: Backend,
  files: File[],
  options: UploadManyOptions,
): Promise<UploadManyResult> {
  const { onFile = () => {} } = options;
  const pictures = files.map((file) => file.type.startsWith("image/"));
  for (const [index, picture] of pictures.entries()) {
    if (!picture) onFile(index, { status: "skipped", message: fileChecks.skipped });
  }
  let order = options.firstOrder;
  const failed: string[] = [];
  let added = 0;
  for (const [index, file] of files.entries()) {
    if (!pictures[index]) continue;
    onFile(index, { status: "uploading" });
    let url: string | undefined;
    try {
      url = await uploadImage(
        backend,
        file,
        { folder: options.folder, maxBytes: options.maxBytes ?? MAX_UPLOAD_BYTES },
        (progress) => onFile(index, { progress }),
      );
      await insertRows(backend.client, options.table, [
        { ...options.record(url, file), sort_order: order },
      ]);
      order += 1;
      added += 1;
      onFile(index, { status: "done", progress: 1 });
    } catch (error) {
      failed.push(file.name);
      const checked = error instanceof ImageCheckError;
      onFile(index, { status: "failed", message: checked ? error.message : uploads.imageError });
      if (!checked) console.error(uploads.imageError, error);
      // Stored but not recorded: nothing refers to the file, so it goes again.
      if (url) {
        removeUpload(backend, url).catch((cleanup: unknown) => {
          console.error(failures.unusedUploadKept, cleanup);
        });
      }
    }
  }
  if (added > 0) signalSaved();
  return { added, failed };
}

/** A stored picture's title from its file name: without the extension, at most 200 letters. */
export function titleFromFileName(file: File): string {
  return file.name.replace(/\.[^.]+$/, "").slice(0, 200) || "Untitled";
}

/** A picture added by its address is titled by the address's file name, as a file is. */
export function titleFromAddress(address: string): string {
  let name = "";
  try {
    name =
      decodeURIComponent(new URL(address, "https://example.invalid").pathname).split("/").pop() ??
      "";
  } catch {
    name = "";
  }
  return name.replace(/\.[^.]+$/, "").slice(0, 200) || "Untitled";
}
