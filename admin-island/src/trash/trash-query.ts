// The trash: deletions of the last 30 days whose record has not come back, newest first
// (the trash_entries RPC).
import { useQuery } from "@tanstack/react-query";
import type { Database } from "../../../supabase/database.types.ts";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { isJsonObject, type JsonObject } from "../api/json.ts";
import { trashKeys } from "./keys.ts";

type Listed = Database["public"]["Functions"]["trash_entries"]["Returns"][number];

export type TrashEntry = Omit<Listed, "data" | "deleted_by"> & {
  /** The record as it was when deleted. */
  data: JsonObject;
  /** Who deleted it; null for the secret key (a schedule or a script). */
  deleted_by: string | null;
};

/** The entry with the record it deleted; none for a deletion that kept no record. */
function trashEntry(entry: Listed): TrashEntry[] {
  const { data } = entry;
  return isJsonObject(data) ? [{ ...entry, data }] : [];
}

export function getTrash(client: AdminClient): Promise<TrashEntry[]> {
  return guarded(client, async () => dataOf(await client.rpc("trash_entries")).flatMap(trashEntry));
}

export function useTrashQuery() {
  const { client } = useBackend();
  return useQuery({ queryKey: trashKeys.entries(), queryFn: () => getTrash(client) });
}
