// One line per chosen file: a bar while it waits or uploads, then Added or why not.
import type { GalleryTexts } from "../content/resources/types.ts";
import type { FileProgress } from "./useGallery.ts";

function statusText(file: FileProgress, texts: GalleryTexts): string | undefined {
  switch (file.status) {
    case "done":
      return texts.fileAdded;
    case "uploading":
      return `${Math.round(file.progress * 100)}%`;
    case "waiting":
      return texts.fileWaiting;
    default:
      return file.message;
  }
}

export function UploadProgress({ files, texts }: { files: FileProgress[]; texts: GalleryTexts }) {
  if (files.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={texts.progressLabel}>
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
              aria-label={texts.fileProgress(file.name)}
            />
          ) : null}
          <span
            className={
              file.status === "failed" || file.status === "skipped"
                ? "font-medium text-red-800"
                : "text-ink-muted"
            }
          >
            {statusText(file, texts)}
          </span>
        </li>
      ))}
    </ul>
  );
}
