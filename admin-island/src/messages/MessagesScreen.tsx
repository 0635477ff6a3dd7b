// The messages visitors sent through the contact form, newest first, a page at a time,
// with a search over names, addresses, subjects and messages, and a choice of all, new
// or handled messages: each with a reply link and buttons to mark it handled (or new
// again) and to delete it. Below them, where the email about each new message goes
// (Notifications). After moving to another page, focus goes to the line that says
// which messages are shown.

import { useStore } from "@nanostores/react";
import {
  Check,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  ChevronsRight,
  Mail,
  Trash2,
  Undo2,
  X,
} from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { inquiryTypeBadge } from "../../../functions/_shared/contact-rules.ts";
import { $access } from "../api/access.ts";
import { Badge } from "../ui/Badge.tsx";
import { LoadError, LoadErrorBar, Loading } from "../ui/ListStates.tsx";
import { SearchField } from "../ui/ListView.tsx";
import { SmallButton } from "../ui/SmallButton.tsx";
import { button, input, label } from "../ui/styles.ts";
import { when } from "../ui/when.ts";
import type { Message } from "./inbox-page-query.ts";
import { type MessageFilter, pageSummary } from "./inbox-query.ts";
import { mailtoHref } from "./mailto.ts";
import { NotificationSettings } from "./NotificationSettings.tsx";
import { useMessages } from "./useInbox.ts";
import { inbox } from "./words.ts";

export function MessagesScreen() {
  const access = useStore($access);
  const messages = useMessages();
  const { state, counts, page, pages, pageSize, searching, show } = messages;
  const rows = state.rows;
  const id = useId();
  const summary = useRef<HTMLParagraphElement>(null);
  /** A page was asked for: its summary line takes focus once it is shown. */
  const paged = useRef(false);
  useEffect(() => {
    if (paged.current && state.status === "ready") {
      paged.current = false;
      summary.current?.focus();
    }
  }, [state.status]);
  const goTo = (target: number) => {
    paged.current = true;
    messages.goTo(target);
  };

  // Before the first message there is nothing to search or page through.
  const inboxEmpty = counts
    ? counts.total === 0
    : rows.length === 0 && !searching && show === "all";
  const busy = state.status === "loading";

  const summaryText =
    busy && searching
      ? inbox.searching
      : state.status === "error" && rows.length === 0
        ? ""
        : pageSummary(state.page, pageSize, rows.length, state.total);

  let body: ReactNode;
  if (rows.length === 0 && state.status === "loading") {
    body = <Loading text={searching ? inbox.searching : inbox.loading} />;
  } else if (rows.length === 0 && state.status === "error") {
    body = <LoadError text={inbox.loadError} onRetry={() => void messages.reload()} />;
  } else if (rows.length === 0) {
    body = searching ? (
      <div className="rounded-xl border-2 border-dashed border-surface-sunken p-8 text-center">
        <p className="text-lg font-semibold text-ink [overflow-wrap:anywhere]">
          {inbox.noResults(messages.search)}
        </p>
        <p className="mt-2 text-ink-muted">{inbox.noResultsHint}</p>
        <button
          type="button"
          className={`${button.secondary} mt-5`}
          onClick={() => {
            messages.clearSearch();
            document.getElementById(`${id}-search`)?.focus();
          }}
        >
          <X aria-hidden="true" className="size-4" />
          {inbox.clear}
        </button>
      </div>
    ) : show !== "all" ? (
      <p className="rounded-xl bg-white p-8 text-center text-lg font-semibold text-ink shadow-sm">
        {show === "new" ? inbox.noneNew : inbox.noneHandled}
      </p>
    ) : (
      <div className="rounded-xl bg-white p-10 text-center shadow-sm">
        <p className="text-xl font-semibold text-ink">{inbox.empty}</p>
        <p className="mt-2 text-ink-muted">{inbox.emptyHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        {state.status === "error" ? (
          <LoadErrorBar text={inbox.loadError} onRetry={() => void messages.reload()} />
        ) : null}
        <ul
          className={`flex flex-col gap-4 ${busy ? "opacity-60" : ""}`}
          aria-label={inbox.listLabel}
          aria-busy={busy}
        >
          {rows.map((row) => (
            <MessageItem
              key={row.id}
              row={row}
              busy={messages.busyId === row.id}
              onToggle={() => void messages.toggleHandled(row)}
              onDelete={() => void messages.remove(row)}
            />
          ))}
        </ul>
        {pages > 1 ? (
          <nav
            aria-label={inbox.pages}
            className="flex flex-wrap items-center justify-center gap-2"
          >
            <button
              type="button"
              className={button.secondary}
              disabled={page === 0}
              onClick={() => goTo(0)}
            >
              <ChevronsLeft aria-hidden="true" className="size-4" />
              {inbox.first}
            </button>
            <button
              type="button"
              className={button.secondary}
              disabled={page === 0}
              onClick={() => goTo(page - 1)}
            >
              <ChevronLeft aria-hidden="true" className="size-4" />
              {inbox.previous}
            </button>
            <span className="px-2 text-sm font-medium text-ink">{inbox.page(page + 1, pages)}</span>
            <button
              type="button"
              className={button.secondary}
              disabled={page >= pages - 1}
              onClick={() => goTo(page + 1)}
            >
              {inbox.next}
              <ChevronRight aria-hidden="true" className="size-4" />
            </button>
            <button
              type="button"
              className={button.secondary}
              disabled={page >= pages - 1}
              onClick={() => goTo(pages - 1)}
            >
              {inbox.last}
              <ChevronsRight aria-hidden="true" className="size-4" />
            </button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="messages-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="messages-heading" className="font-display text-2xl font-bold text-ink">
          {inbox.heading}
        </h2>
        {counts ? (
          <p className="text-ink-muted">{inbox.counts(counts.unread, counts.total)}</p>
        ) : null}
      </div>
      {!inboxEmpty ? (
        <search aria-label={inbox.searchLabel}>
          <form
            className="flex flex-wrap items-start gap-x-4 gap-y-3 rounded-xl bg-white p-4 shadow-sm"
            onSubmit={(event) => {
              event.preventDefault();
              messages.submitSearch();
            }}
          >
            <SearchField
              id={`${id}-search`}
              label={inbox.search}
              hint={inbox.searchHint}
              value={messages.typed}
              onChange={messages.setTyped}
              onClear={messages.clearSearch}
            />
            <div className="w-full sm:w-48">
              <label htmlFor={`${id}-show`} className={label}>
                {inbox.show}
              </label>
              <select
                id={`${id}-show`}
                className={`${input} mt-1`}
                value={show}
                onChange={(event) => messages.setShow(event.target.value as MessageFilter)}
              >
                {inbox.showOptions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <p
              ref={summary}
              tabIndex={-1}
              role="status"
              className="w-full rounded text-sm font-medium text-ink-muted"
            >
              {summaryText}
            </p>
          </form>
        </search>
      ) : null}
      {body}
      {/* Where alerts go is an administrator's setting; editors read the messages only. */}
      {access === "admin" ? <NotificationSettings /> : null}
    </section>
  );
}

function MessageItem({
  row,
  busy,
  onToggle,
  onDelete,
}: {
  row: Message;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="rounded-xl bg-white p-5 shadow-sm">
      <article aria-label={`Message from ${row.name}: ${row.subject}`}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone={row.handled ? "grey" : "yellow"}>{row.handled ? "Handled" : "New"}</Badge>
          <Badge tone="blue">{inquiryTypeBadge(row.inquiry_type)}</Badge>
          <time
            className="text-sm text-ink-muted"
            dateTime={row.created_at}
            title={new Date(row.created_at).toLocaleString()}
          >
            {when(row.created_at)}
          </time>
        </div>
        <h3 className="mt-2 text-lg font-semibold text-ink [overflow-wrap:anywhere]">
          {row.subject}
        </h3>
        <p className="text-sm text-ink-muted [overflow-wrap:anywhere]">
          {row.name} ·{" "}
          <a className="font-medium text-brand-800 underline" href={mailtoHref(row.email)}>
            {row.email}
          </a>
          {row.phone ? ` · ${row.phone}` : ""}
        </p>
        <p className="mt-3 whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">{row.message}</p>
        <div className="mt-4 flex flex-wrap gap-2">
          <a className={button.small} href={mailtoHref(row.email, `Re: ${row.subject}`)}>
            <Mail aria-hidden="true" className="size-4" />
            Reply
          </a>
          <SmallButton
            icon={row.handled ? Undo2 : Check}
            label={row.handled ? "Mark as new" : "Mark as handled"}
            disabled={busy}
            onClick={onToggle}
          />
          <SmallButton icon={Trash2} label="Delete" danger disabled={busy} onClick={onDelete} />
        </div>
      </article>
    </li>
  );
}
