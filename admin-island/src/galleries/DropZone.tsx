// Where pictures come in: dropped on the zone, or chosen with the button (the keyboard
// path). The input is emptied after each batch, so the same files can be chosen again.
import { ImagePlus } from "lucide-react";
import { useId, useState } from "react";
import type { GalleryTexts } from "../content/resources/types.ts";
import { button } from "../ui/styles.ts";

interface DropZoneProps {
  texts: GalleryTexts;
  uploading: boolean;
  onFiles: (files: File[]) => Promise<void>;
}

export function DropZone({ texts, uploading, onFiles }: DropZoneProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping files is a pointer shortcut; the Choose Images button is the keyboard path
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
        void onFiles([...event.dataTransfer.files]);
      }}
    >
      <ImagePlus aria-hidden="true" className="mx-auto size-10 text-brand-700" />
      <p className="mt-2 font-semibold text-ink">{uploading ? texts.uploading : texts.dropHint}</p>
      <label
        htmlFor={inputId}
        className={`${button.primary} mt-3 cursor-pointer has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500`}
      >
        {texts.chooseButton}
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/*"
          className="sr-only"
          disabled={uploading}
          onChange={(event) => {
            const input = event.target;
            void onFiles([...(input.files ?? [])]).finally(() => {
              input.value = "";
            });
          }}
        />
      </label>
      <p className="mt-2 text-sm text-ink-muted">{texts.fileHint}</p>
    </div>
  );
}
