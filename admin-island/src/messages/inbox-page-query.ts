// One page of the contact messages, newest first, searched and filtered on the server,
// with how many messages match in all (an exact count, not the rows read).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Tables } from "../../../supabase/database.types.ts";
import { dataOf, guarded, PAST_THE_END, succeeded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { type MessageQuery, pageRange, searchFilters } from "./inbox-query.ts";
import { messageKeys } from "./keys.ts";

export type Message = Tables<"contact_messages">;

export interface InboxPage {
  rows: Message[];
  /** How many messages match the query, on every page. */
  total: number;
}

export function getInboxPage(client: AdminClient, query: MessageQuery): Promise<InboxPage> {
  return guarded(client, async () => {
    const matching = (options: { count: "exact"; head?: boolean }) => {
      let request = client.from("contact_messages").select("*", options);
      if (query.show !== "all") request = request.eq("handled", query.show === "handled");
      for (const filter of searchFilters(query.search)) request = request.or(filter);
      return request;
    };
    const { from, to } = pageRange(query.page, query.pageSize);
    const answer = await matching({ count: "exact" })
      .order("created_at", { ascending: false })
      .order("id", { ascending: false })
      .range(from, to);
    if (answer.error?.code === PAST_THE_END) {
      // A page past the last (its messages were deleted): none, and how many there are.
      const counted = await matching({ count: "exact", head: true });
      succeeded(counted);
      return { rows: [], total: Number(counted.count ?? 0) };
    }
    return { rows: dataOf(answer), total: Number(answer.count ?? 0) };
  });
}

/** While another page or search loads, the page shown stays (marked as placeholder). */
export function useInboxPageQuery(query: MessageQuery) {
  const { client } = useBackend();
  return useQuery({
    queryKey: messageKeys.page(query),
    queryFn: () => getInboxPage(client, query),
    placeholderData: keepPreviousData,
  });
}
