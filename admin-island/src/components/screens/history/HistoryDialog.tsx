// A record's history: who changed what and when, newest first, each change field by
// field. Any version can be written back ('Restore this version'; for the oldest
// change also the version before it): it asks first, and the restore is a new change,
// recorded like any other and undone from its toast. The log itself never changes.
import { History as HistoryIcon, RotateCcw } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import type { AuditEntry, Row, TableName, VersionState } from "../../../data/data-layer.ts";
import { history as words } from "../../../data/messages.ts";
import { contentWrites } from "../../../data/writes.ts";
import type { Field } from "../../../resources/types.ts";
import { useData } from "../../hooks/useData.ts";
import { useConfirm } from "../../ui/Confirm.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { notifyError, notifyUndoable } from "../../ui/notify.ts";
import { button } from "../../ui/ui.ts";
import { when } from "../PublishHistory.tsx";
import { type Difference, describeChange } from "./changes.ts";

/** The record whose history is shown, as the list loaded it. */
export interface HistorySubject {
  table: TableName;
  row: Row;
  /** Names the record: 'Clean Water', 'Medical Gallery Image 2'. */
  name: string;
  /** The record's form fields, whose labels name the changes. */
  fields: readonly Field[];
}

interface HistoryDialogProps {
  subject: HistorySubject | null;
  onClose: () => void;
  /** A version was written back: the list reloads. */
  onRestored: () => void;
  returnFocusTo?: HTMLElement | null;
}

type Loaded =
  | { status: "loading" }
  | { status: "error" }
  | { status: "ready"; entries: AuditEntry[] };

export function HistoryDialog({ subject, onClose, onRestored, returnFocusTo }: HistoryDialogProps) {
  return (
    <Modal
      open={subject !== null}
      title={subject ? words.title(subject.name) : ""}
      onRequestClose={onClose}
      returnFocusTo={returnFocusTo}
    >
      {subject ? (
        <HistoryBody
          key={`${subject.table}:${subject.row.id}`}
          subject={subject}
          onClose={onClose}
          onRestored={onRestored}
        />
      ) : null}
    </Modal>
  );
}

function HistoryBody({
  subject,
  onClose,
  onRestored,
}: {
  subject: HistorySubject;
  onClose: () => void;
  onRestored: () => void;
}) {
  const data = useData();
  const confirm = useConfirm();
  const { table, row } = subject;
  const writes = useMemo(() => contentWrites(data, { table }), [data, table]);
  const [loaded, setLoaded] = useState<Loaded>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the history again
  useEffect(() => {
    let current = true;
    setLoaded({ status: "loading" });
    data.history(table, row.id).then(
      (entries) => current && setLoaded({ status: "ready", entries }),
      (error: unknown) => {
        if (!current) return;
        console.error(words.loadError, error);
        setLoaded({ status: "error" });
      },
    );
    return () => {
      current = false;
    };
  }, [data, table, row.id, attempt]);

  async function restore(entry: AuditEntry, state: VersionState) {
    const moment = when(entry.occurred_at);
    const question = words.confirmRestore(state === "after" ? moment : words.beforeChange(moment));
    if (!(await confirm(question, { confirmLabel: words.confirmLabel, danger: false }))) return;
    setBusy(true);
    try {
      await writes.restore(entry, state);
      notifyUndoable(words.restored, async () => {
        try {
          await writes.putBack([row]);
        } finally {
          onRestored();
        }
      });
      onRestored();
      onClose();
    } catch (error) {
      notifyError(words.restoreError, error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-label={words.title(subject.name)}
      tabIndex={-1}
      data-autofocus
      className="flex flex-col gap-4 pb-5 outline-none"
    >
      <p className="text-sm text-ink-muted">{words.intro}</p>
      {loaded.status === "loading" ? (
        <p role="status" className="py-6 text-center text-ink-muted">
          {words.loading}
        </p>
      ) : loaded.status === "error" ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-center">
          <p className="font-medium text-red-900">{words.loadError}</p>
          <button
            type="button"
            className={`${button.secondary} mt-3`}
            onClick={() => setAttempt((n) => n + 1)}
          >
            {words.retry}
          </button>
        </div>
      ) : loaded.entries.length === 0 ? (
        <p className="rounded-lg bg-surface-muted p-6 text-center text-ink">{words.empty}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={words.listLabel}>
          {loaded.entries.map((entry, index) => (
            <HistoryEntry
              key={entry.id}
              entry={entry}
              fields={subject.fields}
              newest={index === 0}
              oldest={index === loaded.entries.length - 1}
              busy={busy}
              onRestore={(state) => void restore(entry, state)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

const ACTION_TONE = {
  added: "bg-green-100 text-green-900",
  deleted: "bg-red-100 text-red-900",
  changed: "bg-blue-100 text-blue-900",
} as const;

function HistoryEntry({
  entry,
  fields,
  newest,
  oldest,
  busy,
  onRestore,
}: {
  entry: AuditEntry;
  fields: readonly Field[];
  newest: boolean;
  oldest: boolean;
  busy: boolean;
  onRestore: (state: VersionState) => void;
}) {
  const headingId = useId();
  const change = describeChange(entry, fields);
  const canRestoreAfter = entry.new_data !== null && !newest;
  const canRestoreBefore = oldest && entry.old_data !== null;
  return (
    <li className="rounded-lg border border-surface-sunken p-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1" id={headingId}>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${ACTION_TONE[change.action]}`}
        >
          {change.summary}
        </span>
        <span className="text-sm text-ink [overflow-wrap:anywhere]">
          {words.by} <span className="font-semibold">{words.who(entry.actor_email)}</span>
        </span>
        <time
          className="text-sm text-ink-muted"
          dateTime={entry.occurred_at}
          title={new Date(entry.occurred_at).toLocaleString()}
        >
          {when(entry.occurred_at)}
        </time>
      </div>
      {change.differences.length ? (
        <ul className="mt-3 flex flex-col gap-2 text-sm text-ink">
          {change.differences.map((difference) => (
            <DifferenceLine key={difference.column} difference={difference} />
          ))}
        </ul>
      ) : null}
      {newest && entry.new_data !== null ? (
        <p className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-green-900">
          <HistoryIcon aria-hidden="true" className="size-4" />
          {words.current}
        </p>
      ) : null}
      {canRestoreAfter || canRestoreBefore ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {canRestoreAfter ? (
            <button
              type="button"
              className={button.small}
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => onRestore("after")}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {words.restore}
            </button>
          ) : null}
          {canRestoreBefore ? (
            <button
              type="button"
              className={button.small}
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => onRestore("before")}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {words.restoreEarlier}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function PictureThumb({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="inline-flex h-12 w-20 items-center justify-center rounded border border-surface-sunken bg-gray-200 text-xs font-semibold text-gray-700">
        {src ? alt : words.noPicture}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      className="h-12 w-20 rounded border border-surface-sunken bg-surface-muted object-cover"
      onError={() => setFailed(true)}
    />
  );
}

function DifferenceLine({ difference }: { difference: Difference }) {
  if (difference.kind === "picture") {
    return (
      <li className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{difference.label}:</span>
        <PictureThumb src={difference.before} alt={words.picture("before")} />
        <span aria-hidden="true">→</span>
        <span className="sr-only">{words.changedTo}</span>
        <PictureThumb src={difference.after} alt={words.picture("after")} />
      </li>
    );
  }
  if (difference.kind === "words") {
    return (
      <li>
        <span className="font-semibold">{difference.label}:</span>{" "}
        <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">
          {difference.parts.map((part, index) =>
            part.change === "added" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one difference never reorder
              <ins key={index} className="rounded-sm bg-green-100 text-green-950 no-underline">
                <span className="sr-only">{words.addedText} </span>
                {part.value}
              </ins>
            ) : part.change === "removed" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one difference never reorder
              <del key={index} className="rounded-sm bg-red-100 text-red-950">
                <span className="sr-only">{words.removedText} </span>
                {part.value}
              </del>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one difference never reorder
              <span key={index}>{part.value}</span>
            ),
          )}
        </span>
      </li>
    );
  }
  return <li className="[overflow-wrap:anywhere]">{difference.text}</li>;
}
