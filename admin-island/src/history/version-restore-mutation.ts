// Writes a recorded version of a record back (the restore_version RPC): the record as it
// was before or after one change of the log, itself recorded as a new change.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { DataError } from "../api/errors.ts";
import { isRow } from "../api/json.ts";
import type { Row, TableName } from "../api/rows.ts";
import { failures } from "../api/words.ts";
import { contentKeys } from "../content/keys.ts";
import { signalSaved } from "../publishing/saves.ts";
import { historyKeys } from "./keys.ts";

/** A recorded version: the record before an entry's change, or after it. */
export type VersionState = "before" | "after";

/** Answers the record as the restore left it. */
export function restoreVersion(
  client: AdminClient,
  entry: number,
  state: VersionState,
): Promise<Row> {
  return guarded(client, async () => {
    const restored = dataOf(await client.rpc("restore_version", { entry, state }));
    if (!isRow(restored)) throw new DataError(failures.unexplained, "not_a_row");
    return restored;
  });
}

export interface VersionToRestore {
  table: TableName;
  /** The record's id. */
  id: string;
  /** The log entry whose version is written back. */
  entry: number;
  state: VersionState;
}

export function useVersionRestoreMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, state }: VersionToRestore) => restoreVersion(client, entry, state),
    onSuccess: (_row, { table, id }) => {
      signalSaved();
      // Refreshed behind the screen: whoever restored moves on at once.
      void queryClient.invalidateQueries({ queryKey: contentKeys.table(table) });
      void queryClient.invalidateQueries({ queryKey: historyKeys.row(table, id) });
    },
  });
}
