// The query keys of the payment details' safety. What waits for approval and the
// settings record sit under one key, since a change to either may change the other
// (turning approval off waits for approval; an approval may turn it off).
import type { QueryClient } from "@tanstack/react-query";
import { contentKeys } from "../content/keys.ts";

export const paymentKeys = {
  all: ["payments"] as const,
  /** The settings and the changes waiting: refreshed together after any of their writes. */
  approval: ["payments", "approval"] as const,
  settings: ["payments", "approval", "settings"] as const,
  pending: ["payments", "approval", "pending"] as const,
};

/** The donation details and what waits for approval, after a write that may change both. */
export function refreshPaymentDetails(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contentKeys.table("donate_content") }),
    queryClient.invalidateQueries({ queryKey: paymentKeys.approval }),
  ]);
}
