// How many pictures a gallery has, how many are shown, and the share shown.
import type { Row } from "../api/rows.ts";
import type { GalleryTexts } from "../content/resources/types.ts";

export function galleryStats(rows: Row[]) {
  const total = rows.length;
  const active = rows.filter((row) => row.is_active).length;
  return {
    total,
    active,
    inactive: total - active,
    rate: total ? Math.round((active / total) * 100) : 0,
  };
}

/** Nothing when the gallery is empty. */
export function GalleryStats({ rows, texts }: { rows: Row[]; texts: GalleryTexts }) {
  const stats = galleryStats(rows);
  if (stats.total === 0) return null;
  const terms: [string, string | number][] = [
    [texts.stats.total, stats.total],
    [texts.stats.active, stats.active],
    [texts.stats.inactive, stats.inactive],
    [texts.stats.rate, `${stats.rate}%`],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {terms.map(([term, value]) => (
        <div key={term} className="rounded-xl bg-white p-4 text-center shadow-sm">
          <dt className="text-sm text-ink-muted">{term}</dt>
          <dd className="text-2xl font-bold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
