// The messages visitors sent through the contact form, a page at a time, newest first,
// searched and filtered on the server: mark one handled (or new again), or delete it.
// The counts of new and handled messages come from the server too, so they stay right
// whatever page is shown. Messages are not on the site, so nothing is published.
import { useEffect, useRef, useState } from "react";
import { forms } from "../content/words.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import { notifyError, notifySuccess } from "../ui/notify.ts";
import { type InboxPage, type Message, useInboxPageQuery } from "./inbox-page-query.ts";
import { INBOX_PAGE_SIZE, lastPage, type MessageFilter, searchTerms } from "./inbox-query.ts";
import { useMessageCountsQuery } from "./message-counts-query.ts";
import { useMessageDeleteMutation } from "./message-delete-mutation.ts";
import { useMessageHandledMutation } from "./message-handled-mutation.ts";
import { inbox } from "./words.ts";

/** How long typing pauses before the search is sent. */
export const SEARCH_PAUSE_MS = 300;

/** The rows shown, and which page (from 0) they are: while another loads, the last one. */
interface Shown {
  rows: Message[];
  total: number;
  page: number;
}

export type InboxState =
  | ({ status: "loading" } & Shown)
  | ({ status: "error"; error: unknown } & Shown)
  | ({ status: "ready" } & Shown);

/** Tells each new failure once, whatever renders in between. */
function useOnNewError(error: unknown, tell: (error: unknown) => void) {
  const told = useRef<unknown>(null);
  useEffect(() => {
    if (!error || error === told.current) return;
    told.current = error;
    tell(error);
  }, [error, tell]);
}

const tellLoadError = (error: unknown) => notifyError(inbox.loadError, error);
const logCountError = (error: unknown) =>
  console.error("The messages could not be counted.", error);

export function useMessages(pageSize = INBOX_PAGE_SIZE) {
  const confirm = useConfirm();
  /** The search as typed, and as last sent (after a pause, or at once on Enter). */
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [show, setShowNow] = useState<MessageFilter>("all");
  const [page, setPage] = useState(0);
  const pageQuery = useInboxPageQuery({ page, pageSize, search, show });
  const countsQuery = useMessageCountsQuery();
  const handled = useMessageHandledMutation();
  const removal = useMessageDeleteMutation();

  const answer = pageQuery.data;
  const placeholder = pageQuery.isPlaceholderData;
  // A page past the last (its messages were deleted) goes to the last one there is.
  const pastTheEnd = !placeholder && answer !== undefined && answer.rows.length === 0 && page > 0;
  useEffect(() => {
    if (pastTheEnd && answer) setPage(Math.min(page - 1, lastPage(answer.total, pageSize)));
  }, [pastTheEnd, answer, page, pageSize]);

  // The answer to the page asked for is shown; until it comes, the last one shown stays.
  // A failed page shows no rows but its own: another page's would pass for its answer.
  const kept = useRef<{ page: number; answer: InboxPage } | undefined>(undefined);
  if (!placeholder && !pastTheEnd) kept.current = answer && { page, answer };
  const current = placeholder || pastTheEnd ? kept.current : answer && { page, answer };
  const shown: Shown = {
    rows: current?.answer.rows ?? [],
    total: current?.answer.total ?? 0,
    page: current?.page ?? page,
  };
  const state: InboxState =
    pageQuery.isFetching || pastTheEnd
      ? { status: "loading", ...shown }
      : pageQuery.isError
        ? { status: "error", error: pageQuery.error, ...shown }
        : { status: "ready", ...shown };
  useOnNewError(pageQuery.error, tellLoadError);
  useOnNewError(countsQuery.error, logCountError);

  // The search is sent once typing pauses, from the first page.
  const sent = useRef(search);
  sent.current = search;
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() === sent.current.trim()) return;
      setSearch(typed);
      setPage(0);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const pages = lastPage(state.total, pageSize) + 1;
  const busyId = handled.isPending
    ? handled.variables.id
    : removal.isPending
      ? removal.variables
      : null;

  /** Runs one action on a message with its outcome in a toast; answers whether it went through. */
  const act = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      notifySuccess(done);
      return true;
    } catch (error) {
      notifyError(failed, error);
      return false;
    }
  };

  return {
    state,
    reload: () => Promise.all([pageQuery.refetch(), countsQuery.refetch()]),
    counts: countsQuery.data ?? null,
    busyId,
    pageSize,
    /** Counted from 0. */
    page,
    pages,
    goTo(target: number) {
      setPage(Math.min(Math.max(0, target), pages - 1));
    },
    /** The search box's text. */
    typed,
    setTyped,
    /** The search the page shows the results of. */
    search,
    searching: searchTerms(search).length > 0,
    /** Sends the search now (Enter). */
    submitSearch() {
      if (typed.trim() !== search.trim()) setPage(0);
      setSearch(typed);
    },
    clearSearch() {
      setTyped("");
      setSearch("");
      setPage(0);
    },
    show,
    setShow(value: MessageFilter) {
      setShowNow(value);
      setPage(0);
    },
    toggleHandled: (row: Message) =>
      act(
        () => handled.mutateAsync({ id: row.id, handled: !row.handled }),
        row.handled ? inbox.markedNew : inbox.markedHandled,
        inbox.updateError,
      ),
    /** Deletes only once the person confirms; answers whether the message was deleted. */
    remove: async (row: Message) => {
      if (!(await confirm(inbox.confirmDelete, { confirmLabel: forms.delete }))) return false;
      return act(() => removal.mutateAsync(row.id), inbox.deleted, inbox.deleteError);
    },
  };
}
