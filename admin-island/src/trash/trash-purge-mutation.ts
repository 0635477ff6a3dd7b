// Asks the trash function to purge the deletions past their 30 days. Best effort: a
// failure is logged and never shown, and the next opening of the trash asks again. What
// it purges was no longer listed, so nothing is refreshed.
import { useMutation } from "@tanstack/react-query";
import { guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { failures } from "../api/words.ts";

/** The Edge Function that purges the trash's expired deletions (functions/trash). */
export const TRASH_FUNCTION = "trash";

export async function purgeTrash(client: AdminClient): Promise<void> {
  try {
    await guarded(client, async () => {
      const { error } = await client.functions.invoke(TRASH_FUNCTION, {
        body: { action: "purge" },
      });
      if (error) console.warn(failures.purgeFailed, error);
    });
  } catch (error) {
    console.warn(failures.purgeFailed, error);
  }
}

export function useTrashPurgeMutation() {
  const { client } = useBackend();
  return useMutation({ mutationFn: () => purgeTrash(client) });
}
