// The recent publishes on the dashboard: when each was asked for, how it ended and,
// for a failed one, why. Read with the publish status (see publishing/publish.ts).
import { useStore } from "@nanostores/react";
import { when } from "../ui/when.ts";
import type { Publisher, PublishRun } from "./publish.ts";

const LABELS: Record<PublishRun["status"], { text: string; tone: string }> = {
  queued: { text: "Waiting", tone: "bg-surface-sunken text-ink" },
  building: { text: "Publishing", tone: "bg-blue-100 text-blue-900" },
  succeeded: { text: "Published", tone: "bg-green-100 text-green-900" },
  failed: { text: "Failed", tone: "bg-red-100 text-red-900" },
};

function took(run: PublishRun): string | null {
  const start = Date.parse(run.started_at ?? run.requested_at);
  const end = run.finished_at ? Date.parse(run.finished_at) : Number.NaN;
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return null;
  const seconds = Math.round((end - start) / 1000);
  return seconds < 90 ? `${seconds} s` : `${Math.round(seconds / 60)} min`;
}

export function PublishHistory({
  publisher,
  limit = 10,
}: {
  publisher: Publisher;
  limit?: number;
}) {
  const runs = useStore(publisher.$runs);
  return (
    <section aria-labelledby="publishes-heading" className="rounded-xl bg-white p-6 shadow-sm">
      <h2 id="publishes-heading" className="font-display text-2xl font-bold text-ink">
        Recent publishes
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Each time you save, the site is rebuilt and published. The newest is first.
      </p>
      {runs === null ? (
        <p className="mt-4 text-ink-muted">Loading recent publishes...</p>
      ) : runs.length === 0 ? (
        <p className="mt-4 text-ink-muted">Nothing has been published from the admin yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-surface-sunken">
          {runs.slice(0, limit).map((run) => {
            const label = LABELS[run.status];
            const duration = took(run);
            return (
              <li key={run.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-3">
                <span
                  className={`inline-flex min-w-24 justify-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${label.tone}`}
                >
                  {label.text}
                </span>
                <span className="text-ink">
                  Asked {when(run.requested_at)}
                  {run.finished_at && run.status !== "queued" ? (
                    <>
                      , finished {when(run.finished_at)}
                      {duration ? ` (took ${duration})` : ""}
                    </>
                  ) : null}
                </span>
                {run.status === "failed" && run.error ? (
                  <span className="basis-full text-sm text-red-800">{run.error}</span>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
