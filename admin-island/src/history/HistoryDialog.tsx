// A record's history: who changed what and when, newest first, each change field by
// field. Any version can be written back ('Restore this version'; for the oldest
// change also the version before it): it asks first, and the restore is a new change,
// recorded like any other and undone from its toast. The log itself never changes.
import { History as HistoryIcon, RotateCcw } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import type { Row, TableName } from "../api/rows.ts";
import type { Field } from "../content/resources/types.ts";
import { useContentWrites } from "../content/useContentWrites.ts";
import { Badge } from "../ui/Badge.tsx";
import { useConfirm } from "../ui/Confirm.tsx";
import { LoadError, Loading } from "../ui/ListStates.tsx";
import { Modal } from "../ui/Modal.tsx";
import { notifyError, notifyUndoable } from "../ui/notify.ts";
import { button } from "../ui/styles.ts";
import { when } from "../ui/when.ts";
import { type Difference, describeChange } from "./changes.ts";
import { type AuditEntry, useHistoryQuery } from "./history-query.ts";
import { useVersionRestoreMutation, type VersionState } from "./version-restore-mutation.ts";
import { history as words } from "./words.ts";

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
  const confirm = useConfirm();
  const { table, row } = subject;
  const target = useMemo(() => ({ table }), [table]);
  const writes = useContentWrites(target);
  const history = useHistoryQuery(table, row.id);
  const restoring = useVersionRestoreMutation();
  const entries = history.data;

  useEffect(() => {
    if (history.error) console.error(words.loadError, history.error);
  }, [history.error]);

  async function restore(entry: AuditEntry, state: VersionState) {
    const moment = when(entry.occurred_at);
    const question = words.confirmRestore(state === "after" ? moment : words.beforeChange(moment));
    if (!(await confirm(question, { confirmLabel: words.confirmLabel, danger: false }))) return;
    try {
      await restoring.mutateAsync({ table, id: row.id, entry: entry.id, state });
      notifyUndoable(words.restored, () => writes.putBack([row]), onRestored);
      onRestored();
      onClose();
    } catch (error) {
      notifyError(words.restoreError, error);
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
      {entries === undefined ? (
        history.isError ? (
          // Retry starts the history afresh, from its loading text.
          <LoadError text={words.loadError} onRetry={() => void history.refetch()} />
        ) : (
          <Loading text={words.loading} />
        )
      ) : entries.length === 0 ? (
        <p className="rounded-lg bg-surface-muted p-6 text-center text-ink">{words.empty}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={words.listLabel}>
          {entries.map((entry, index) => (
            <HistoryEntry
              key={entry.id}
              entry={entry}
              fields={subject.fields}
              newest={index === 0}
              oldest={index === entries.length - 1}
              busy={restoring.isPending}
              onRestore={(state) => void restore(entry, state)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

const ACTION_TONE = { added: "green", deleted: "red", changed: "blue" } as const;

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
        <Badge tone={ACTION_TONE[change.action]}>{change.summary}</Badge>
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
