// The messages visitors sent through the contact form, a page at a time, newest first,
// searched and filtered on the server: mark one handled (or new again), or delete it.
// The counts of new and handled messages come from the server too, so they stay right
// whatever page is shown. Messages are not on the site, so nothing is published.
import { useCallback, useEffect, useRef, useState } from "react";
import type { MessageCounts, Row } from "../api/data-layer.ts";
import { useData } from "../api/useData.ts";
import { useRowActions } from "../content/useRowActions.ts";
import { notifyError } from "../ui/notify.ts";
import { inbox } from "../words.ts";
import { INBOX_PAGE_SIZE, lastPage, type MessageFilter, searchTerms } from "./inbox-query.ts";

/** How long typing pauses before the search is sent. */
export const SEARCH_PAUSE_MS = 300;

export type InboxState =
  | { status: "loading"; rows: Row[]; total: number }
  | { status: "error"; rows: Row[]; total: number; error: unknown }
  | { status: "ready"; rows: Row[]; total: number };

export function useMessages(pageSize = INBOX_PAGE_SIZE) {
  const data = useData();
  /** The search as typed, and as last sent (after a pause, or at once on Enter). */
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  const [show, setShowNow] = useState<MessageFilter>("all");
  const [page, setPage] = useState(0);
  const [state, setState] = useState<InboxState>({ status: "loading", rows: [], total: 0 });
  const [counts, setCounts] = useState<MessageCounts | null>(null);
  // Only the answer to the latest request is shown.
  const latest = useRef(0);
  /** Which page, search and filter the rows shown are the answer to. */
  const shownFor = useRef("");

  const loadPage = useCallback(async () => {
    const ticket = ++latest.current;
    const asked = JSON.stringify([page, pageSize, search, show]);
    setState((now) => ({ status: "loading", rows: now.rows, total: now.total }));
    try {
      const answer = await data.messages({ page, pageSize, search, show });
      if (ticket !== latest.current) return;
      // A page past the last (its messages were deleted) goes to the last one there is.
      if (answer.rows.length === 0 && page > 0) {
        setPage(Math.min(page - 1, lastPage(answer.total, pageSize)));
        return;
      }
      shownFor.current = asked;
      setState({ status: "ready", rows: answer.rows, total: answer.total });
    } catch (error) {
      if (ticket !== latest.current) return;
      // Rows of another page or search would pass for its answer: they go.
      const kept = shownFor.current === asked;
      setState((now) => ({
        status: "error",
        rows: kept ? now.rows : [],
        total: kept ? now.total : 0,
        error,
      }));
      notifyError(inbox.loadError, error);
    }
  }, [data, page, pageSize, search, show]);

  const loadCounts = useCallback(async () => {
    try {
      setCounts(await data.messageCounts());
    } catch (error) {
      console.error("The messages could not be counted.", error);
    }
  }, [data]);

  useEffect(() => {
    void loadPage();
  }, [loadPage]);
  useEffect(() => {
    void loadCounts();
  }, [loadCounts]);

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

  const reload = useCallback(() => Promise.all([loadPage(), loadCounts()]), [loadPage, loadCounts]);
  const { busyId, act, remove } = useRowActions(reload);
  const pages = lastPage(state.total, pageSize) + 1;

  return {
    state,
    reload,
    counts,
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
    toggleHandled: (row: Row) =>
      act(
        row,
        async () => {
          await data.update("contact_messages", row.id, { handled: !row.handled });
          return undefined;
        },
        {
          done: row.handled ? inbox.markedNew : inbox.markedHandled,
          failed: inbox.updateError,
        },
      ),
    remove: (row: Row) =>
      remove(
        row,
        inbox.confirmDelete,
        async () => {
          await data.remove("contact_messages", row.id);
          return undefined;
        },
        { done: inbox.deleted, failed: inbox.deleteError },
      ),
  };
}
