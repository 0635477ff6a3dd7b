// A small rounded label beside what it describes: a status (Active, New, Handled), a
// place (#3), a count (2 unread), a change (Added, Deleted).
import type { ReactNode } from "react";
import { badgeTone } from "./styles.ts";

export type BadgeTone = keyof typeof badgeTone;

export function Badge({
  tone,
  as: Tag = "span",
  className,
  children,
}: {
  tone: BadgeTone;
  /** 'li' for a badge that is an item of a list of badges. */
  as?: "span" | "li";
  /** Where it sits: its margin or position. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Tag
      className={`${className ? `${className} ` : ""}rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTone[tone]}`}
    >
      {children}
    </Tag>
  );
}
