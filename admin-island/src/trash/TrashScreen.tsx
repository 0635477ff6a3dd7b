// The trash: records deleted in the last 30 days, newest first, each as its own screen
// shows it (its card), with who deleted it and when, when it goes for good, and
// Restore (it comes back with its id, as a recorded change, and is published like any
// save). Opening the screen asks the trash function to purge what is past its 30 days.
import { ImageOff, RotateCcw, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { recordView } from "../app/registry-definitions.ts";
import { history } from "../history/words.ts";
import { LoadError, Loading } from "../ui/ListStates.tsx";
import { notifyError, notifySuccess } from "../ui/notify.ts";
import { button } from "../ui/styles.ts";
import { when } from "../ui/when.ts";
import { useTrashPurgeMutation } from "./trash-purge-mutation.ts";
import { type TrashEntry, useTrashQuery } from "./trash-query.ts";
import { useTrashRestoreMutation } from "./trash-restore-mutation.ts";
import { trashWords as words } from "./words.ts";

/** A day in words: '25 Dec 2026'. */
function day(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ""
    : date.toLocaleDateString([], { day: "numeric", month: "short", year: "numeric" });
}

/** The deleted record's picture, small: the words beside it say what it was. */
function TrashThumb({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  const box = "h-16 w-24 shrink-0 rounded-lg sm:h-20 sm:w-32";
  if (!src || failed) {
    return (
      <span className={`${box} flex items-center justify-center bg-surface-muted text-ink-soft`}>
        <ImageOff aria-hidden="true" className="size-6" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      className={`${box} border border-surface-sunken bg-surface-muted object-cover`}
      onError={() => setFailed(true)}
    />
  );
}

export function TrashScreen() {
  const heading = useRef<HTMLHeadingElement>(null);
  const purged = useRef(false);
  const { mutate: purge } = useTrashPurgeMutation();
  const trash = useTrashQuery();
  const restoring = useTrashRestoreMutation();

  useEffect(() => {
    // Best effort, once per opening: the function logs its own failure.
    if (!purged.current) {
      purged.current = true;
      purge();
    }
  }, [purge]);

  useEffect(() => {
    if (trash.error) notifyError(words.loadError, trash.error);
  }, [trash.error]);

  async function restore(entry: TrashEntry, name: string, index: number) {
    try {
      await restoring.mutateAsync(entry);
      notifySuccess(words.restored(name));
      // The restored record has left the list: focus moves on to the next one's Restore.
      requestAnimationFrame(() => {
        const buttons = document.querySelectorAll<HTMLButtonElement>("[data-trash-restore]");
        (buttons[Math.min(index, buttons.length - 1)] ?? heading.current)?.focus();
      });
    } catch (error) {
      notifyError(words.restoreError, error);
    }
  }

  return (
    <section aria-labelledby="trash-heading" className="flex flex-col gap-6">
      <div>
        <h2
          id="trash-heading"
          ref={heading}
          tabIndex={-1}
          className="font-display text-2xl font-bold text-ink outline-none"
        >
          {words.heading}
        </h2>
        <p className="mt-1 text-ink-muted">{words.intro}</p>
      </div>
      {trash.isPending ? (
        <Loading text={words.loading} />
      ) : trash.isError ? (
        // A failed reload shows the failure, not the list it may have changed.
        <LoadError text={words.loadError} onRetry={() => void trash.refetch()} />
      ) : trash.data.length === 0 ? (
        <div className="rounded-xl border-2 border-dashed border-surface-sunken bg-white p-10 text-center">
          <Trash2 aria-hidden="true" className="mx-auto size-10 text-ink-soft" />
          <p className="mt-3 text-xl font-semibold text-ink">{words.empty}</p>
          <p className="mt-2 text-ink-muted">{words.emptyHint}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={words.listLabel}>
          {trash.data.map((entry, index) => {
            const { place, view } = recordView(entry.table_name, entry.data, words.unknownRecord);
            return (
              <li
                key={entry.entry_id}
                className="flex flex-wrap items-start gap-x-4 gap-y-3 rounded-xl bg-white p-4 shadow-sm sm:flex-nowrap sm:items-center"
              >
                {view.image !== undefined ? <TrashThumb src={view.image} /> : null}
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-brand-800">{place}</p>
                  <h3 className="text-lg font-semibold text-ink [overflow-wrap:anywhere]">
                    {view.title}
                  </h3>
                  {view.subtitle ? (
                    <p className="line-clamp-2 text-sm text-ink-muted [overflow-wrap:anywhere]">
                      {view.subtitle}
                    </p>
                  ) : null}
                  <p className="mt-1 text-sm text-ink [overflow-wrap:anywhere]">
                    {words.deleted(history.who(entry.deleted_by), when(entry.deleted_at))}
                  </p>
                  <p className="text-sm text-ink-muted">{words.purge(day(entry.purge_at))}</p>
                </div>
                <button
                  type="button"
                  data-trash-restore
                  className={`${button.secondary} w-full sm:w-auto`}
                  disabled={restoring.isPending}
                  aria-label={`${words.restore} ${view.title}`}
                  onClick={() => void restore(entry, view.title, index)}
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {words.restore}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
