// The changes to the payment details (and turning approval off) waiting for a second
// administrator, oldest first, each saying whether the signed-in one proposed it.
import { useQuery } from "@tanstack/react-query";
import type { Database } from "../../../supabase/database.types.ts";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { paymentKeys } from "./keys.ts";

export type PendingChange =
  Database["public"]["Functions"]["pending_payment_changes"]["Returns"][number];

export function getPendingChanges(client: AdminClient): Promise<PendingChange[]> {
  return guarded(client, async () => dataOf(await client.rpc("pending_payment_changes")));
}

/** `enabled`: false for an editor, whom the database would refuse. */
export function usePendingChangesQuery({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useBackend();
  return useQuery({
    queryKey: paymentKeys.pending,
    queryFn: () => getPendingChanges(client),
    enabled,
  });
}
