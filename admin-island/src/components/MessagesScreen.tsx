// Beyond the spec: the messages visitors sent through the contact form, newest first.
import { Check, Mail, Trash2, Undo2 } from "lucide-react";
import { useState } from "react";
import type { Row } from "../data/data-layer.ts";
import { useConfirm } from "./Confirm.tsx";
import { useData } from "./DataContext.tsx";
import { ListStates } from "./ListStates.tsx";
import { mailtoHref } from "./mailto.ts";
import { notifyError, notifySuccess } from "./notify.ts";
import { badgeTone, button } from "./ui.ts";
import { useRows } from "./useRows.ts";

const LOAD_ERROR = "Error loading messages. Please try again.";
const INQUIRY_LABELS: Record<string, string> = {
  general: "General Inquiry",
  volunteer: "Volunteer",
  donation: "Donation",
  services: "Services",
  partnership: "Partnership",
  emergency: "Emergency",
};

export function MessagesScreen() {
  const data = useData();
  const confirm = useConfirm();
  const { state, reload } = useRows(
    "contact_messages",
    { column: "created_at", ascending: false },
    LOAD_ERROR,
  );
  const [busyId, setBusyId] = useState<string | null>(null);
  const rows = state.rows;

  const setHandled = async (row: Row) => {
    setBusyId(row.id);
    try {
      await data.update("contact_messages", row.id, { handled: !row.handled });
      notifySuccess(row.handled ? "Message marked as new." : "Message marked as handled.");
    } catch (error) {
      notifyError("Error updating message. Please try again.", error);
    } finally {
      setBusyId(null);
      void reload();
    }
  };

  const remove = async (row: Row) => {
    if (
      !(await confirm("Are you sure you want to delete this message?", { confirmLabel: "Delete" }))
    )
      return;
    setBusyId(row.id);
    try {
      await data.remove("contact_messages", row.id);
      notifySuccess("Message deleted successfully!");
    } catch (error) {
      notifyError("Error deleting message. Please try again.", error);
    } finally {
      setBusyId(null);
      void reload();
    }
  };

  const open = rows.filter((row) => !row.handled).length;
  return (
    <section aria-labelledby="messages-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="messages-heading" className="font-display text-2xl font-bold text-ink">
          Contact Messages
        </h2>
        {state.status === "ready" ? (
          <p className="text-ink-muted">
            {open} new, {rows.length - open} handled
          </p>
        ) : null}
      </div>
      <ListStates
        state={state}
        loading="Loading messages..."
        loadError={LOAD_ERROR}
        onRetry={() => void reload()}
        empty={
          <div className="rounded-xl bg-white p-10 text-center shadow-sm">
            <p className="text-xl font-semibold text-ink">No Messages Yet</p>
            <p className="mt-2 text-ink-muted">
              Messages sent through the contact page will appear here.
            </p>
          </div>
        }
      >
        <ul className="flex flex-col gap-4" aria-label="Messages">
          {rows.map((row) => (
            <li key={row.id} className="rounded-xl bg-white p-5 shadow-sm">
              <article aria-label={`Message from ${row.name}: ${row.subject}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${row.handled ? badgeTone.grey : badgeTone.yellow}`}
                  >
                    {row.handled ? "Handled" : "New"}
                  </span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${badgeTone.blue}`}
                  >
                    {INQUIRY_LABELS[String(row.inquiry_type)] ?? String(row.inquiry_type)}
                  </span>
                  <time className="text-sm text-ink-muted" dateTime={String(row.created_at)}>
                    {new Date(String(row.created_at)).toLocaleString()}
                  </time>
                </div>
                <h3 className="mt-2 text-lg font-semibold text-ink [overflow-wrap:anywhere]">
                  {String(row.subject)}
                </h3>
                <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">
                  {String(row.name)} ·{" "}
                  <a
                    className="font-medium text-brand-800 underline"
                    href={mailtoHref(String(row.email))}
                  >
                    {String(row.email)}
                  </a>
                  {row.phone ? ` · ${String(row.phone)}` : ""}
                </p>
                <p className="mt-3 whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">
                  {String(row.message)}
                </p>
                <div className="mt-4 flex flex-wrap gap-2">
                  <a
                    className={button.small}
                    href={mailtoHref(String(row.email), `Re: ${String(row.subject)}`)}
                  >
                    <Mail aria-hidden="true" className="size-4" />
                    Reply
                  </a>
                  <button
                    type="button"
                    className={button.small}
                    disabled={busyId === row.id}
                    onClick={() => void setHandled(row)}
                  >
                    {row.handled ? (
                      <Undo2 aria-hidden="true" className="size-4" />
                    ) : (
                      <Check aria-hidden="true" className="size-4" />
                    )}
                    {row.handled ? "Mark as new" : "Mark as handled"}
                  </button>
                  <button
                    type="button"
                    className={button.smallDanger}
                    disabled={busyId === row.id}
                    onClick={() => void remove(row)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </ListStates>
    </section>
  );
}
