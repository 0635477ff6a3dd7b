// One picture of a gallery: its status, place and description, a handle to move it,
// and buttons to describe it, see its history, show, hide or delete it. A picture
// just added without a description gently offers to describe it.
import { Eye, EyeOff, History, MessageSquareText, Trash2 } from "lucide-react";
import { useRef } from "react";
import type { Row } from "../api/rows.ts";
import { activeBadge, orderBadge } from "../content/resources/common.ts";
import type { GalleryTexts } from "../content/resources/types.ts";
import { Badge } from "../ui/Badge.tsx";
import { CardItem, Thumbnail } from "../ui/Cards.tsx";
import { SmallButton } from "../ui/SmallButton.tsx";
import { DragHandle } from "../ui/Sortable.tsx";

interface GalleryTileProps {
  row: Row;
  /** Names the picture, e.g. 'Medical Gallery Image 2'. */
  name: string;
  texts: GalleryTexts;
  busy: boolean;
  /** Just added: offer a description when it has none. */
  fresh?: boolean;
  /** The tile is an item of a SortableList, moved by its handle (while nothing is searched). */
  sortable?: boolean;
  onToggle: () => void;
  onDelete: () => void;
  /** The button that was used is passed, so focus can return to it. */
  onDescribe?: (button: HTMLElement) => void;
  onHistory?: (button: HTMLElement) => void;
}

export function GalleryTile({
  row,
  name,
  texts,
  busy,
  fresh,
  sortable = true,
  onToggle,
  onDelete,
  onDescribe,
  onHistory,
}: GalleryTileProps) {
  const active = Boolean(row.is_active);
  const alt = typeof row.image_alt === "string" ? row.image_alt.trim() : "";
  const decorative = row.image_decorative === true;
  // The prompt goes once the picture is described, so focus comes back to Describe.
  const describeButton = useRef<HTMLButtonElement>(null);
  const status = activeBadge({ is_active: active }, [texts.activeBadge, texts.inactiveBadge]);
  const place = orderBadge({ sort_order: Number(row.sort_order ?? 0) });
  return (
    <CardItem
      id={row.id}
      sortable={sortable}
      className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm"
    >
      <div className="relative">
        <Thumbnail src={row.image_url as string} alt={name} />
        <Badge tone={status.tone} className="absolute left-2 top-2">
          {status.label}
        </Badge>
        <Badge tone={place.tone} className="absolute right-2 top-2">
          {place.label}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-3">
        <div className="flex items-center gap-2">
          <DragHandle name={name} />
          <div className="min-w-0 flex-1 text-sm">
            {decorative ? (
              <Badge tone="grey">{texts.describe.decorativeBadge}</Badge>
            ) : alt ? (
              <p className="line-clamp-2 text-ink-muted [overflow-wrap:anywhere]">
                {texts.describe.shown(alt)}
              </p>
            ) : fresh && onDescribe ? (
              <button
                type="button"
                className="rounded text-left font-medium text-brand-800 underline decoration-dotted underline-offset-2 hover:decoration-solid"
                aria-label={`${texts.describe.prompt}: ${name}`}
                onClick={(event) => onDescribe(describeButton.current ?? event.currentTarget)}
              >
                {texts.describe.prompt}
              </button>
            ) : (
              <p className="italic text-ink-muted">{texts.describe.none}</p>
            )}
          </div>
        </div>
        <div className="mt-auto grid grid-cols-2 gap-2">
          {onDescribe ? (
            <SmallButton
              icon={MessageSquareText}
              label={texts.describe.button}
              target={name}
              buttonRef={describeButton}
              control="describe"
              busy={busy}
              onClick={(event) => onDescribe(event.currentTarget)}
            />
          ) : null}
          {onHistory ? (
            <SmallButton
              icon={History}
              label={texts.history}
              target={name}
              control="history"
              busy={busy}
              onClick={(event) => onHistory(event.currentTarget)}
            />
          ) : null}
          <SmallButton
            icon={active ? EyeOff : Eye}
            label={active ? texts.hide : texts.show}
            target={name}
            control="toggle"
            busy={busy}
            onClick={onToggle}
          />
          <SmallButton
            icon={Trash2}
            label={texts.delete}
            target={name}
            danger
            control="delete"
            busy={busy}
            onClick={onDelete}
          />
        </div>
      </div>
    </CardItem>
  );
}
