// The changes to the payment details waiting for a second administrator: what each
// changes in words (bank accounts and QR codes added, removed or changed), who proposed
// it and when, the details now and as proposed, and Approve / Reject for the other
// administrators (Withdraw for the one who proposed it). Shown on the dashboard and on
// the Donate screen.
import { Check, ShieldAlert, Undo2, X } from "lucide-react";
import {
  describePaymentChange,
  describeSettingsChange,
  type PaymentRecord,
  paymentDetails,
  qrCodePictures,
} from "../../../functions/_shared/payment-words.ts";
import type { Json } from "../../../supabase/database.types.ts";
import { isJsonObject, type JsonObject } from "../api/json.ts";
import { LoadError, Loading } from "../ui/ListStates.tsx";
import { button } from "../ui/styles.ts";
import { when } from "../ui/when.ts";
import type { PendingChange } from "./pending-changes-query.ts";
import type { PendingChanges } from "./usePendingChanges.ts";
import { approvalWords as words } from "./words.ts";

/** A side of a change as a record: none for a new one's before or a deleted one's after. */
function recordOf(data: Json): JsonObject | null {
  return isJsonObject(data) ? data : null;
}

/** What a change does, in words. */
function changeLines(change: PendingChange): string[] {
  const before = recordOf(change.old_data);
  const after = recordOf(change.new_data);
  if (change.target === "admin_settings") return describeSettingsChange(before, after);
  return describePaymentChange(before, after, "proposed");
}

/** Lines with a key each: the text, numbered when it repeats. */
function keyed(lines: string[]): [string, string][] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const n = (seen.get(line) ?? 0) + 1;
    seen.set(line, n);
    return [`${line}#${n}`, line];
  });
}

/** One QR code's picture, large enough to scan, with its title under it. */
function QrFigure({ qr, side, className }: { qr: QrPicture; side: string; className: string }) {
  return (
    <li className="rounded-md bg-white p-2 shadow-sm">
      <figure className={`flex flex-col gap-1 ${className}`}>
        <img
          src={qr.url}
          alt={words.qrPicture(qr.title, side)}
          className="aspect-square w-full object-contain"
          loading="lazy"
        />
        <figcaption className="text-xs text-ink-muted [overflow-wrap:anywhere]">
          {qr.title || "(untitled)"}
        </figcaption>
      </figure>
    </li>
  );
}

type QrPicture = ReturnType<typeof qrCodePictures>[number];

function QrFigures({
  side,
  qrCodes,
  className,
}: {
  side: string;
  qrCodes: QrPicture[];
  className: string;
}) {
  return keyed(qrCodes.map((qr) => `${qr.url} ${qr.title}`)).map(([key], place) => (
    <QrFigure key={key} qr={qrCodes[place] as QrPicture} side={side} className={className} />
  ));
}

/**
 * One side of a change: its details in words and, from a tablet's width up, its QR
 * codes as pictures, large enough to scan, so an approver sees the very code donors
 * would pay into. (On a phone the pictures of both sides sit side by side above.)
 */
function Details({ heading, record }: { heading: string; record: PaymentRecord | null }) {
  const qrCodes = qrCodePictures(record);
  return (
    <div className="min-w-0 flex-1 rounded-lg bg-surface-muted p-3">
      <h4 className="text-sm font-semibold text-ink">{heading}</h4>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-ink [overflow-wrap:anywhere]">
        {keyed(paymentDetails(record, "proposed")).map(([key, line]) => (
          <li key={key}>{line}</li>
        ))}
      </ul>
      {qrCodes.length > 0 ? (
        <ul className="mt-3 hidden flex-wrap gap-3 md:flex">
          <QrFigures side={heading} qrCodes={qrCodes} className="w-40" />
        </ul>
      ) : null}
    </div>
  );
}

/** On a phone: both sides' QR pictures in two columns, before beside as proposed. */
function PicturesSideBySide({
  before,
  after,
}: {
  before: PaymentRecord | null;
  after: PaymentRecord | null;
}) {
  const sides = [
    [words.now, qrCodePictures(before)],
    [words.proposed, qrCodePictures(after)],
  ] as const;
  if (sides.every(([, qrCodes]) => qrCodes.length === 0)) return null;
  return (
    <div className="mt-3 grid grid-cols-2 gap-3 md:hidden">
      {sides.map(([side, qrCodes]) => (
        <div key={side} className="min-w-0 rounded-lg bg-surface-muted p-2">
          <h4 className="text-xs font-semibold text-ink">{side}</h4>
          {qrCodes.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-2">
              <QrFigures side={side} qrCodes={qrCodes} className="w-full" />
            </ul>
          ) : (
            <p className="mt-2 text-xs text-ink-muted">{words.noQrCodes}</p>
          )}
        </div>
      ))}
    </div>
  );
}

function ChangeCard({
  change,
  busy,
  onDecide,
}: {
  change: PendingChange;
  busy: boolean;
  onDecide: (approve: boolean) => void;
}) {
  const title = words.title(change.target, change.action);
  const who = change.proposed_by_email ?? words.someone;
  return (
    <li className="rounded-xl border border-yellow-300 bg-white p-4 shadow-sm sm:p-5">
      <article aria-label={`${title}, ${words.proposedBy(who, when(change.proposed_at))}`}>
        <div className="flex items-start gap-3">
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-yellow-700" />
          <div className="min-w-0 flex-1">
            <h3 className="text-lg font-semibold text-ink">{title}</h3>
            <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">
              {words.proposedBy(who, when(change.proposed_at))}
            </p>
          </div>
        </div>
        <h4 className="mt-3 text-sm font-semibold text-ink">{words.whatChanges}</h4>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-ink [overflow-wrap:anywhere]">
          {keyed(changeLines(change)).map(([key, line]) => (
            <li key={key}>{line}</li>
          ))}
        </ul>
        {change.target === "donate_content" ? (
          <>
            <PicturesSideBySide
              before={recordOf(change.old_data)}
              after={recordOf(change.new_data)}
            />
            <div className="mt-3 flex flex-col gap-3 md:flex-row">
              <Details heading={words.now} record={recordOf(change.old_data)} />
              <Details heading={words.proposed} record={recordOf(change.new_data)} />
            </div>
          </>
        ) : null}
        {change.proposed_by_me ? (
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <p className="text-sm font-medium text-ink">{words.yours}</p>
            <button
              type="button"
              className={button.small}
              disabled={busy}
              aria-label={`${words.withdraw}: ${title}`}
              onClick={() => onDecide(false)}
            >
              <Undo2 aria-hidden="true" className="size-4" />
              {words.withdraw}
            </button>
          </div>
        ) : (
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={button.primary}
              disabled={busy}
              aria-label={`${words.approve}: ${title}`}
              onClick={() => onDecide(true)}
            >
              <Check aria-hidden="true" className="size-4" />
              {words.approve}
            </button>
            <button
              type="button"
              className={button.secondary}
              disabled={busy}
              aria-label={`${words.reject}: ${title}`}
              onClick={() => onDecide(false)}
            >
              <X aria-hidden="true" className="size-4" />
              {words.reject}
            </button>
          </div>
        )}
      </article>
    </li>
  );
}

/**
 * The waiting changes, under their own heading, as the screen showing them loads them
 * (usePendingChanges). `hideWhenEmpty`: nothing at all while nothing waits (the
 * dashboard); otherwise an empty note.
 */
export function PendingChangesView({
  pending,
  hideWhenEmpty = false,
  approvalOn = true,
  readOnly = false,
}: {
  pending: PendingChanges;
  hideWhenEmpty?: boolean;
  /** Shown only: this session may not decide (it verified no second factor). */
  readOnly?: boolean;
  /** Whether approval is on now; when off, the changes still waiting say why. */
  approvalOn?: boolean;
}) {
  const { query, busy, decide } = pending;
  const changes = query.data;
  if (hideWhenEmpty && !changes?.length) return null;
  return (
    <section aria-labelledby="pending-changes-heading" className="flex flex-col gap-3">
      <div>
        <h2 id="pending-changes-heading" className="font-display text-2xl font-bold text-ink">
          {words.heading}
        </h2>
        <p className="mt-1 text-ink-muted">{approvalOn ? words.intro : words.introOff}</p>
      </div>
      {changes === undefined ? (
        query.isError ? (
          <LoadError text={words.loadError} onRetry={() => void query.refetch()} />
        ) : (
          <Loading text={words.loading} />
        )
      ) : changes.length === 0 ? (
        <p className="rounded-xl bg-white p-5 text-ink-muted shadow-sm">{words.empty}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={words.listLabel}>
          {changes.map((change) => (
            <ChangeCard
              key={change.id}
              change={change}
              busy={busy || readOnly}
              onDecide={(approve) => void decide(change, approve)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
