// Brings a deleted record back from the trash, as it was when deleted, with its id: the
// version before its deletion is restored (a recorded change, published like any save).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import type { Row } from "../api/rows.ts";
import { contentKeys } from "../content/keys.ts";
import { restoreVersion } from "../history/version-restore-mutation.ts";
import { signalSaved } from "../publishing/saves.ts";
import { trashKeys } from "./keys.ts";
import type { TrashEntry } from "./trash-query.ts";

export function restoreFromTrash(client: AdminClient, entry: TrashEntry): Promise<Row> {
  return restoreVersion(client, entry.entry_id, "before");
}

export function useTrashRestoreMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entry: TrashEntry) => restoreFromTrash(client, entry),
    // The trash is read again before the restore is over: the next record is focused in it.
    onSuccess: (_row, entry) => {
      signalSaved();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: trashKeys.all }),
        // The deleted record's table, as the log names it (contentKeys.table).
        queryClient.invalidateQueries({ queryKey: [...contentKeys.all, entry.table_name] }),
      ]);
    },
  });
}
