// Marks a contact message handled, or new again. Only `handled` may change: the text
// stays as the sender wrote it. Messages are not on the site, so nothing is published.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { ConflictError } from "../api/errors.ts";
import type { Message } from "./inbox-page-query.ts";
import { messageKeys } from "./keys.ts";

export interface MessageHandled {
  id: string;
  handled: boolean;
}

/** Answers the message as stored; one deleted (or out of reach) meanwhile is a conflict. */
export function setMessageHandled(
  client: AdminClient,
  { id, handled }: MessageHandled,
): Promise<Message> {
  return guarded(client, async () => {
    const rows = dataOf(
      await client.from("contact_messages").update({ handled }).eq("id", id).select(),
    );
    const [row] = rows;
    if (row && rows.length === 1) return row;
    // Nothing matched: tell a concurrent change from a deleted message.
    const still = dataOf(await client.from("contact_messages").select("id").eq("id", id));
    throw new ConflictError(still.length === 0);
  });
}

/** The messages are read again whether or not the change went through. */
export function useMessageHandledMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: MessageHandled) => setMessageHandled(client, change),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}
