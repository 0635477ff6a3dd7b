// Deciding a waiting change: approving applies it (a different administrator only),
// rejecting drops it (the proposer's own rejection is a withdrawal). An approved
// change to the donation details is a save like any other, and is published.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { contentKeys } from "../content/keys.ts";
import { signalSaved } from "../publishing/saves.ts";
import { paymentKeys } from "./keys.ts";
import type { PendingChange } from "./pending-changes-query.ts";

export async function decideChange(
  client: AdminClient,
  id: number,
  approve: boolean,
): Promise<void> {
  await guarded(client, async () =>
    dataOf(
      await client.rpc(approve ? "approve_payment_change" : "reject_payment_change", {
        p_change_id: id,
      }),
    ),
  );
}

export interface Decision {
  change: PendingChange;
  approve: boolean;
}

export function useChangeDecideMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, approve }: Decision) => decideChange(client, change.id, approve),
    onSuccess: (_, { change, approve }) => {
      if (!approve || change.target !== "donate_content") return;
      signalSaved();
      return queryClient.invalidateQueries({ queryKey: contentKeys.table("donate_content") });
    },
    // Refused or not, what waits may have changed meanwhile (decided by someone else).
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.approval }),
  });
}
