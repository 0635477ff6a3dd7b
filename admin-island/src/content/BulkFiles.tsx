// The one place a bulk add's pictures come from: one or more chosen files (a preview of
// the first six and '+N more'), or else one image address.
import { useEffect, useId, useState } from "react";
import { FieldInput } from "../fields/Fields.tsx";
import { button } from "../ui/styles.ts";

const PREVIEWS = 6;

export function BulkFiles({
  files,
  onChange,
  addressField,
}: {
  files: File[];
  onChange: (files: File[]) => void;
  /** The form's image field, which takes the one image address. */
  addressField: string;
}) {
  const id = useId();
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => {
    const urls = files.slice(0, PREVIEWS).map((file) => URL.createObjectURL(file));
    setPreviews(urls);
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [files]);
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-surface-sunken p-4">
      <legend className="px-1 text-base font-semibold text-ink">Pictures</legend>
      <p className="text-sm text-ink-muted">
        Choose one or more pictures: each becomes a gallery image. Or enter one image address
        instead.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={id}
          className={`${button.small} cursor-pointer has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-500`}
        >
          Choose Images
          <input
            id={id}
            type="file"
            multiple
            accept="image/*"
            className="sr-only"
            onChange={(event) =>
              onChange(
                [...(event.target.files ?? [])].filter((file) => file.type.startsWith("image/")),
              )
            }
          />
        </label>
        {files.length > 0 ? (
          <>
            <p className="text-sm font-medium text-ink" role="status">
              {files.length} picture(s) chosen
            </p>
            <button type="button" className={button.small} onClick={() => onChange([])}>
              Clear
            </button>
          </>
        ) : null}
      </div>
      {files.length > 0 ? (
        <>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Chosen pictures">
            {previews.map((url, index) => (
              <li key={url}>
                <img
                  src={url}
                  alt={files[index]?.name ?? ""}
                  className="aspect-square w-full rounded object-cover"
                />
              </li>
            ))}
          </ul>
          {files.length > PREVIEWS ? (
            <p className="text-sm text-ink-muted">+{files.length - PREVIEWS} more</p>
          ) : null}
        </>
      ) : (
        <FieldInput
          field={{
            kind: "text",
            name: addressField,
            label: "Or an image address",
            inputType: "url",
            placeholder: "https://",
          }}
          path={addressField}
        />
      )}
    </fieldset>
  );
}
