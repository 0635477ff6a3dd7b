// How many contact messages there are and how many are new (not handled yet): counted
// by the server, without reading them, so they are right whatever page is shown.
import { useQuery } from "@tanstack/react-query";
import { guarded, succeeded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { messageKeys } from "./keys.ts";

export interface MessageCounts {
  total: number;
  unread: number;
}

/** How many messages there are; only the new ones with `unreadOnly`. */
export async function countMessages(client: AdminClient, unreadOnly: boolean): Promise<number> {
  let request = client.from("contact_messages").select("id", { count: "exact", head: true });
  if (unreadOnly) request = request.eq("handled", false);
  const answer = await request;
  succeeded(answer);
  return Number(answer.count ?? 0);
}

export function getMessageCounts(client: AdminClient): Promise<MessageCounts> {
  return guarded(client, async () => {
    const [total, unread] = await Promise.all([
      countMessages(client, false),
      countMessages(client, true),
    ]);
    return { total, unread };
  });
}

export function useMessageCountsQuery() {
  const { client } = useBackend();
  return useQuery({
    queryKey: messageKeys.counts,
    queryFn: () => getMessageCounts(client),
  });
}
