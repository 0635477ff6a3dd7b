// A write to the donation details (the change_payment_details RPC) that says what
// became of it: applied at once, held for a second administrator's approval, or
// nothing to change. Written over a record as loaded, a newer change elsewhere (or its
// deletion) is a conflict. A write that applied is published like any save.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dataOf, guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { ConflictError, DataError } from "../api/errors.ts";
import { isJson, isJsonObject, isRow } from "../api/json.ts";
import { failures } from "../api/words.ts";
import { signalSaved } from "../publishing/saves.ts";

import { refreshPaymentDetails } from "./keys.ts";

export interface PaymentChange {
  action: "INSERT" | "UPDATE" | "DELETE";
  /** The record changed; none for a new one. */
  id?: string;
  /** The values written; none for a delete. */
  values?: Record<string, unknown>;
  /** When the record was loaded (its updated_at): a newer change is a conflict. */
  loadedAt?: string;
}

/** What became of a write: `id` is the record's, as applied. */
export type PaymentWrite =
  | { status: "applied"; id: string | undefined }
  | { status: "pending"; changeId: number }
  | { status: "unchanged" };

export function changePaymentDetails(
  client: AdminClient,
  { action, id, values, loadedAt }: PaymentChange,
): Promise<PaymentWrite> {
  return guarded(client, async () => {
    if (values !== undefined && !isJson(values)) {
      throw new DataError(failures.unexplained, "not_json", "values that JSON cannot carry");
    }
    const answer = dataOf(
      await client.rpc("change_payment_details", {
        p_action: action,
        p_row_id: id,
        p_values: values ?? null,
        p_loaded_at: loadedAt,
      }),
    );
    const said = isJsonObject(answer) ? answer : {};
    switch (said.status) {
      case "applied": {
        return { status: "applied", id: isRow(said.row) ? said.row.id : undefined };
      }
      case "pending":
        return { status: "pending", changeId: Number(said.change_id) };
      case "conflict":
        throw new ConflictError(false);
      case "gone":
        throw new ConflictError(true);
      default:
        return { status: "unchanged" };
    }
  });
}

export function usePaymentDetailsChangeMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PaymentChange) => changePaymentDetails(client, change),
    onSuccess: (result) => {
      if (result.status === "applied") signalSaved();
      return refreshPaymentDetails(queryClient);
    },
  });
}
