// A tile of a menu screen (Home Management, Pages): an icon, the section's title and
// what it holds, and a line more when there is one; it opens the section by its hash.
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export function SectionTile({
  id,
  icon: Icon,
  title,
  description,
  extra,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: string;
  extra?: ReactNode;
}) {
  return (
    <li>
      <a
        href={`#${id}`}
        className="flex h-full gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-surface-sunken hover:ring-brand-600"
      >
        <Icon aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
        <span>
          <span className="block text-lg font-semibold text-ink">{title}</span>
          <span className="block text-sm text-ink-muted">{description}</span>
          {extra ? (
            <span className="mt-1 block text-sm font-medium text-brand-800">{extra}</span>
          ) : null}
        </span>
      </a>
    </li>
  );
}
