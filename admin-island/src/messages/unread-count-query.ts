// How many contact messages are not marked handled yet (the dashboard's Messages tile).
import { useQuery } from "@tanstack/react-query";
import { guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { messageKeys } from "./keys.ts";
import { countMessages } from "./message-counts-query.ts";

export function getUnreadCount(client: AdminClient): Promise<number> {
  return guarded(client, () => countMessages(client, true));
}

export function useUnreadCountQuery() {
  const { client } = useBackend();
  return useQuery({
    queryKey: messageKeys.unread,
    queryFn: () => getUnreadCount(client),
  });
}
