// Describing a gallery picture for people who cannot see it: its alt text (at most
// ALT_TEXT_MAX characters; left empty the site uses its default words, so it is stored
// as null) or 'decorative' (screen readers skip it). Opens on the text.
import { useId, useState } from "react";
import type { Row } from "../api/rows.ts";
import { ALT_TEXT_MAX } from "../content/resources/galleries.ts";
import type { GalleryTexts } from "../content/resources/types.ts";
import { FormFailureAlert } from "../ui/FormFailure.tsx";
import { Modal } from "../ui/Modal.tsx";
import { button, input, label } from "../ui/styles.ts";
import type { PictureDescription } from "./useGallery.ts";

export interface Describing {
  row: Row;
  name: string;
  opener: HTMLElement;
}

interface DescribeDialogProps {
  describing: Describing | null;
  texts: GalleryTexts;
  onSave: (row: Row, description: PictureDescription) => Promise<void>;
  onClose: () => void;
}

export function DescribeDialog({ describing, texts, onSave, onClose }: DescribeDialogProps) {
  return (
    <Modal
      open={describing !== null}
      size="compact"
      title={describing ? texts.describe.title(describing.name) : ""}
      returnFocusTo={describing?.opener}
      onRequestClose={onClose}
    >
      {describing ? (
        <DescribeForm
          key={describing.row.id}
          row={describing.row}
          name={describing.name}
          texts={texts}
          onSave={onSave}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function DescribeForm({
  row,
  name,
  texts,
  onSave,
  onClose,
}: {
  row: Row;
  name: string;
  texts: GalleryTexts;
  onSave: DescribeDialogProps["onSave"];
  onClose: () => void;
}) {
  const id = useId();
  const words = texts.describe;
  const [alt, setAlt] = useState(typeof row.image_alt === "string" ? row.image_alt : "");
  const [decorative, setDecorative] = useState(row.image_decorative === true);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailed(false);
    try {
      const text = alt.trim();
      await onSave(row, { image_alt: text === "" ? null : text, image_decorative: decorative });
      onClose();
    } catch (error) {
      console.error(words.error, error);
      setFailed(true);
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
      aria-label={words.title(name)}
    >
      {failed ? <FormFailureAlert failure={{ message: words.error }} /> : null}
      {typeof row.image_url === "string" && row.image_url ? (
        <img
          src={row.image_url}
          alt={name}
          className="max-h-44 w-full rounded-lg bg-surface-muted object-contain"
        />
      ) : null}
      <div>
        <label htmlFor={`${id}-alt`} className={`${label} mb-1`}>
          {words.altLabel}
        </label>
        <textarea
          id={`${id}-alt`}
          data-autofocus={decorative ? undefined : true}
          rows={3}
          maxLength={ALT_TEXT_MAX}
          className={`${input} disabled:bg-surface-muted disabled:text-ink-muted`}
          value={alt}
          disabled={decorative}
          aria-describedby={`${id}-hint ${id}-count`}
          onChange={(event) => setAlt(event.target.value)}
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          {words.altHint}
        </p>
        <p id={`${id}-count`} className="mt-1 text-right text-xs text-ink-muted">
          {words.count(alt.length, ALT_TEXT_MAX)}
        </p>
      </div>
      <div>
        <div className="flex items-center gap-3">
          <input
            id={`${id}-decorative`}
            type="checkbox"
            className="size-5 shrink-0 accent-brand-700"
            checked={decorative}
            data-autofocus={decorative ? true : undefined}
            aria-describedby={`${id}-decorative-hint`}
            onChange={(event) => setDecorative(event.target.checked)}
          />
          <label htmlFor={`${id}-decorative`} className="text-sm font-semibold text-ink">
            {words.decorativeLabel}
          </label>
        </div>
        <p id={`${id}-decorative-hint`} className="mt-1 pl-8 text-sm text-ink-muted">
          {words.decorativeHint}
        </p>
      </div>
      <div className="-mx-5 flex flex-wrap justify-end gap-3 border-t border-surface-sunken px-5 py-4">
        <button type="button" className={button.secondary} onClick={onClose}>
          {words.cancel}
        </button>
        <button type="submit" className={button.primary} disabled={saving}>
          {words.save}
        </button>
      </div>
    </form>
  );
}
