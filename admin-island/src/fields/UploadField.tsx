// An image or document field: upload a file (images are resized and stripped of their
// metadata first) or paste an address, with a live preview for images.
import { ImageOff, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { PICTURE_MIME_TYPES } from "../../../functions/_shared/media-rules.ts";
import { useBackend } from "../api/backend.ts";
import { SessionExpiredError } from "../api/errors.ts";
import type { DocumentField, ImageField } from "../content/resources/types.ts";
import { notifyError } from "../ui/notify.ts";
import { button, input } from "../ui/styles.ts";
import { ImageCheckError } from "../uploads/images.ts";
import { useUploadSession } from "../uploads/upload-session.ts";
import { uploadDocument, uploadImage } from "../uploads/uploads.ts";
import { uploads } from "../uploads/words.ts";
import { describedBy, FieldShell } from "./FieldShell.tsx";

interface UploadFieldProps {
  field: ImageField | DocumentField;
  name: string;
  error?: string;
}

export function UploadField({ field, name, error }: UploadFieldProps) {
  const backend = useBackend();
  const session = useUploadSession();
  const { control } = useFormContext();
  const { field: control_ } = useController({ name, control });
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  const value = typeof control_.value === "string" ? control_.value : "";
  const isImage = field.kind === "image";
  const shownError = uploadError ?? error;

  async function onFile(file: File) {
    setUploadError(null);
    try {
      const upload = isImage ? uploadImage : uploadDocument;
      const url = await upload(backend, file, field, setProgress);
      session?.record(url);
      setPreviewFailed(false);
      control_.onChange(url);
    } catch (failure) {
      if (failure instanceof ImageCheckError) {
        setUploadError(failure.message);
      } else {
        const message = isImage ? uploads.imageError : uploads.fileError;
        setUploadError(message);
        if (!(failure instanceof SessionExpiredError)) notifyError(message, failure);
        else notifyError(failure.message);
      }
    } finally {
      setProgress(null);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  const uploading = progress !== null;
  const urlId = `${id}-url`;

  return (
    <FieldShell
      id={urlId}
      label={field.label}
      required={field.required}
      hint={field.hint}
      error={shownError}
      as="legend"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        {isImage ? (
          <div className="flex h-28 w-40 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-surface-sunken bg-gray-200 text-sm font-semibold text-gray-600">
            {value && !previewFailed ? (
              <img
                src={value}
                alt={`Preview of ${field.label.toLowerCase()}`}
                className="size-full object-contain"
                onError={() => setPreviewFailed(true)}
              />
            ) : value && previewFailed ? (
              <span className="flex flex-col items-center gap-1">
                <ImageOff aria-hidden="true" className="size-5" />
                {(field as ImageField).placeholder ?? "No preview"}
              </span>
            ) : (
              <span>{(field as ImageField).placeholder ?? "No image"}</span>
            )}
          </div>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              className={button.small}
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
            >
              <Upload aria-hidden="true" className="size-4" />
              {isImage ? "Upload Image" : "Upload PDF"}
            </button>
            <input
              ref={fileInput}
              type="file"
              className="sr-only"
              tabIndex={-1}
              aria-label={`${isImage ? "Image" : "PDF"} file for ${field.label}`}
              accept={isImage ? PICTURE_MIME_TYPES.join(",") : "application/pdf,.pdf"}
              disabled={uploading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void onFile(file);
              }}
            />
            {uploading ? (
              <span className="flex items-center gap-2 text-sm text-ink-muted" role="status">
                Uploading... {Math.round((progress ?? 0) * 100)}%
                <progress className="h-2 w-24" max={1} value={progress ?? 0} />
              </span>
            ) : null}
          </div>
          <label htmlFor={urlId} className="text-sm text-ink-muted">
            {isImage ? "or paste an image address" : "or paste the PDF's address"}
          </label>
          <input
            id={urlId}
            type="url"
            inputMode="url"
            className={input}
            placeholder="https://"
            value={value}
            name={control_.name}
            ref={control_.ref}
            onBlur={control_.onBlur}
            aria-invalid={shownError ? true : undefined}
            aria-describedby={describedBy(urlId, field.hint, shownError)}
            onChange={(event) => {
              setUploadError(null);
              setPreviewFailed(false);
              control_.onChange(event.target.value);
            }}
          />
          {!isImage && value ? (
            <a
              className="text-sm font-medium text-brand-800 underline"
              href={value}
              target="_blank"
              rel="noopener"
            >
              Open the current PDF
            </a>
          ) : null}
        </div>
      </div>
    </FieldShell>
  );
}
