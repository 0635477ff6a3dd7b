import { ExternalLink, Eye, EyeOff, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Row } from "../data/data-layer.ts";
import type { CardView } from "../resources/types.ts";
import { badgeTone, button } from "./ui.ts";

export function Thumbnail({
  src,
  placeholder,
  alt,
}: {
  src?: string | null;
  placeholder?: string;
  alt: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="flex aspect-[16/10] w-full items-center justify-center bg-gray-200 text-sm font-semibold text-gray-600">
        {placeholder ?? "No image"}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      className="aspect-[16/10] w-full bg-surface-muted object-cover"
      onError={() => setFailed(true)}
    />
  );
}

interface CardProps {
  row: Row;
  view: CardView;
  busy: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function ResourceCard({ row, view, busy, onToggle, onEdit, onDelete }: CardProps) {
  const active = Boolean(row.is_active);
  return (
    <li className="flex flex-col overflow-hidden rounded-xl border border-surface-sunken bg-white shadow-sm">
      {view.image !== undefined ? (
        <Thumbnail src={view.image} placeholder={view.imagePlaceholder} alt="" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        {view.badges?.length ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Status">
            {view.badges.map((badge) => (
              <li
                key={badge.label}
                className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTone[badge.tone]}`}
              >
                {badge.label}
              </li>
            ))}
          </ul>
        ) : null}
        <h3 className="text-lg font-semibold text-ink [overflow-wrap:anywhere]">{view.title}</h3>
        {view.subtitle ? (
          <p className="line-clamp-3 text-sm text-ink-muted [overflow-wrap:anywhere]">
            {view.subtitle}
          </p>
        ) : null}
        {view.lines?.length ? (
          <ul className="text-sm text-ink-muted">
            {view.lines.map((line, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: lines may repeat; the list never reorders
                key={`${index}:${line}`}
                className="[overflow-wrap:anywhere]"
              >
                {line}
              </li>
            ))}
          </ul>
        ) : null}
        {view.link ? (
          <a
            href={view.link.href}
            target="_blank"
            rel="noopener"
            className="inline-flex items-center gap-1 text-sm font-semibold text-brand-800 underline"
          >
            {view.link.label}
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <button
            type="button"
            className={button.small}
            onClick={onToggle}
            disabled={busy}
            aria-label={`${active ? "Deactivate" : "Activate"} ${view.title}`}
          >
            {active ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
            {active ? "Deactivate" : "Activate"}
          </button>
          <button
            type="button"
            className={button.small}
            onClick={onEdit}
            disabled={busy}
            aria-label={`Edit ${view.title}`}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
          <button
            type="button"
            className={button.smallDanger}
            onClick={onDelete}
            disabled={busy}
            aria-label={`Delete ${view.title}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      </div>
    </li>
  );
}
