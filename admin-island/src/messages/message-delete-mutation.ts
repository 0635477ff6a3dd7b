// Deletes a contact message. Messages are not the site's content: no trash keeps them,
// and nothing is published.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { DataError } from "../api/errors.ts";
import { failures } from "../api/words.ts";
import { messageKeys } from "./keys.ts";

/** A delete that removed nothing (gone already, or out of reach) is a failure. */
export function deleteMessage(client: AdminClient, id: string): Promise<void> {
  return guarded(client, async () => {
    const rows = dataOf(await client.from("contact_messages").delete().eq("id", id).select("id"));
    if (rows.length === 0) throw new DataError(failures.nothingDeleted);
  });
}

/** The messages are read again whether or not the delete went through. */
export function useMessageDeleteMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMessage(client, id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}
