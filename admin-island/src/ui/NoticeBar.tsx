// A plain sentence at the top of a screen (where its records appear, or do not), with
// a link onward when there is one.
import type { ScreenNotice } from "../content/resources/types.ts";

export function NoticeBar({ notice }: { notice: ScreenNotice }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <span>{notice.text}</span>
      {notice.link ? (
        <a
          href={notice.link.href}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {notice.link.label}
        </a>
      ) : null}
    </p>
  );
}
