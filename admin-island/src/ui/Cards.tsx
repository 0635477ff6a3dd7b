import { ExternalLink, Eye, EyeOff, History, Pencil, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { Row } from "../api/rows.ts";
import type { CardView } from "../content/resources/types.ts";
import { history } from "../history/words.ts";
import { Badge } from "./Badge.tsx";
import { SmallButton } from "./SmallButton.tsx";
import { DragHandle, SortableItem } from "./Sortable.tsx";
import { shownWords } from "./words.ts";

export function Thumbnail({
  src,
  placeholder,
  alt,
  fit = "cover",
}: {
  src?: string | null;
  placeholder?: string;
  alt: string;
  fit?: "cover" | "contain";
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
      className={`aspect-[16/10] w-full bg-surface-muted ${fit === "contain" ? "object-contain p-2" : "object-cover"}`}
      onError={() => setFailed(true)}
    />
  );
}

interface CardProps {
  row: Row;
  view: CardView;
  busy: boolean;
  /** The card is an item of a SortableList, moved by its handle. */
  sortable?: boolean;
  /** Shown only: no Activate, Edit or Delete (the person may not change it now). */
  readOnly?: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Opens the record's history; the button is passed so focus can return to it. */
  onHistory?: (button: HTMLElement) => void;
  /**
   * Where the site shows one record of the list: 'shown' on that one, 'not-shown' on
   * the other active ones.
   */
  onSite?: "shown" | "not-shown";
}

const CARD_CLASS =
  "flex flex-col overflow-hidden rounded-xl border border-surface-sunken bg-white shadow-sm";

/** A list item, or a sortable one when the list's order can be changed now. */
export function CardItem({
  id,
  sortable,
  className = CARD_CLASS,
  children,
}: {
  id: string;
  sortable?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return sortable ? (
    <SortableItem id={id} className={className}>
      {children}
    </SortableItem>
  ) : (
    <li className={className} data-card={id}>
      {children}
    </li>
  );
}

export function ResourceCard({
  row,
  view,
  busy,
  sortable,
  readOnly,
  onToggle,
  onEdit,
  onDelete,
  onHistory,
  onSite,
}: CardProps) {
  const active = Boolean(row.is_active);
  const badges = [
    ...(onSite === "shown" ? [{ label: shownWords.shown, tone: "green" as const }] : []),
    ...(view.badges ?? []),
  ];
  return (
    <CardItem id={row.id} sortable={sortable}>
      {view.image !== undefined ? (
        <Thumbnail
          src={view.image}
          placeholder={view.imagePlaceholder}
          alt=""
          fit={view.imageFit}
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        {badges.length || sortable ? (
          <div className="flex items-start justify-between gap-2">
            {badges.length ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Status">
                {badges.map((badge) => (
                  <Badge key={badge.label} as="li" tone={badge.tone}>
                    {badge.label}
                  </Badge>
                ))}
              </ul>
            ) : (
              <span />
            )}
            <DragHandle name={view.title} className="-mr-1 -mt-1" />
          </div>
        ) : null}
        <h3 className="text-lg font-semibold text-ink [overflow-wrap:anywhere]">{view.title}</h3>
        {onSite === "not-shown" ? (
          <p className="rounded-md bg-yellow-50 px-2.5 py-1.5 text-sm text-yellow-900">
            {shownWords.notShown}
          </p>
        ) : null}
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
        {readOnly ? null : (
          <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
            <SmallButton
              icon={active ? EyeOff : Eye}
              label={active ? "Deactivate" : "Activate"}
              target={view.title}
              control="toggle"
              busy={busy}
              onClick={onToggle}
            />
            <SmallButton
              icon={Pencil}
              label="Edit"
              target={view.title}
              control="edit"
              busy={busy}
              onClick={onEdit}
            />
            {onHistory ? (
              <SmallButton
                icon={History}
                label={history.button}
                target={view.title}
                control="history"
                busy={busy}
                onClick={(event) => onHistory(event.currentTarget)}
              />
            ) : null}
            <SmallButton
              icon={Trash2}
              label="Delete"
              target={view.title}
              danger
              control="delete"
              busy={busy}
              onClick={onDelete}
            />
          </div>
        )}
      </div>
    </CardItem>
  );
}
