// The payment details' safety, as the screens use it: the changes waiting for a second
// administrator (with Approve, Reject and Withdraw), and the Donate screen's list,
// whose every write goes through change_payment_details so it says whether it applied
// or waits for approval. Each outcome is told as a toast; the data refreshes by key.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DataError } from "../api/errors.ts";
import type { Row } from "../api/rows.ts";
import type { ResourceDefinition } from "../content/resources/types.ts";
import { useContentWrites } from "../content/useContentWrites.ts";
import type { ResourceList } from "../content/useResourceList.ts";
import { useRows } from "../content/useRows.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import { notifyError, notifySuccess, notifyUndoable } from "../ui/notify.ts";
import { approvalWords, forms } from "../words.ts";
import { useChangeDecideMutation } from "./change-decide-mutation.ts";
import { refreshPaymentDetails } from "./keys.ts";
import {
  type PaymentWrite,
  usePaymentDetailsChangeMutation,
} from "./payment-details-change-mutation.ts";
import { type PendingChange, usePendingChangesQuery } from "./pending-changes-query.ts";

/** The changes waiting for approval, and deciding one. */
export function usePendingChanges() {
  const query = usePendingChangesQuery();
  const decision = useChangeDecideMutation();
  const confirm = useConfirm();

  const decide = async (change: PendingChange, approve: boolean) => {
    const question = approve
      ? approvalWords.confirmApprove
      : change.proposed_by_me
        ? approvalWords.confirmWithdraw
        : approvalWords.confirmReject;
    const label = approve
      ? approvalWords.approve
      : change.proposed_by_me
        ? approvalWords.withdraw
        : approvalWords.reject;
    if (!(await confirm(question, { confirmLabel: label, danger: !approve }))) return;
    try {
      await decision.mutateAsync({ change, approve });
      if (approve) notifySuccess(approvalWords.approved);
      else notifySuccess(change.proposed_by_me ? approvalWords.withdrawn : approvalWords.rejected);
    } catch (error) {
      const refusal =
        error instanceof DataError && error.code ? approvalWords.refusals[error.code] : undefined;
      if (refusal) {
        console.error(refusal, error);
        notifyError(refusal);
      } else {
        notifyError(approvalWords.decideError, error);
      }
    }
  };

  return { query, busy: decision.isPending, decide };
}

export type PendingChanges = ReturnType<typeof usePendingChanges>;

/**
 * The Donate screen's list: every card list's shape, but each write goes through
 * change_payment_details. A write that applied is a normal save (published, with Undo
 * on its toast); one held for approval says so and shows in the waiting list.
 */
export function usePaymentList(definition: ResourceDefinition): ResourceList {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const { texts } = definition;
  const { state, reload } = useRows(definition.table, definition.order, texts.loadError);
  const writes = useContentWrites(definition);
  const change = usePaymentDetailsChangeMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  /** The list and what waits, as they now are (a restore may be held for approval). */
  const refresh = () => refreshPaymentDetails(queryClient);

  const settle = (result: PaymentWrite, done: string, changed?: Row[]) => {
    if (result.status === "pending") notifySuccess(approvalWords.sentForApproval);
    else if (result.status === "unchanged") notifySuccess(approvalWords.unchanged);
    else if (changed) notifyUndoable(done, () => writes.putBack(changed), refresh);
    else notifySuccess(done);
  };

  /** Answers whether the work went through (`work` says whether it applied at once). */
  const act = async (row: Row, work: () => Promise<boolean>, failed: string) => {
    setBusyId(row.id);
    try {
      return await work();
    } catch (error) {
      notifyError(failed, error);
      void reload();
      return false;
    } finally {
      setBusyId(null);
    }
  };

  return {
    state,
    reload,
    busyId,
    newValues: () => writes.prefill(definition.defaults(), state.rows),
    create: async (values: Record<string, unknown>): Promise<string | undefined> => {
      const result = await change.mutateAsync({ action: "INSERT", values });
      settle(result, texts.added);
      return result.status === "applied" ? result.id : undefined;
    },
    update: async (row: Row, values: Record<string, unknown>): Promise<boolean> => {
      const result = await change.mutateAsync({
        action: "UPDATE",
        id: row.id,
        values,
        loadedAt: row.updated_at,
      });
      settle(result, texts.updated, [row]);
      return true;
    },
    addPictures: async () => ({ added: 0, failed: [] }),
    toggle: (row: Row) =>
      act(
        row,
        async () => {
          const result = await change.mutateAsync({
            action: "UPDATE",
            id: row.id,
            values: { is_active: !row.is_active },
            loadedAt: row.updated_at,
          });
          settle(result, row.is_active ? texts.deactivated : texts.activated, [row]);
          return true;
        },
        texts.statusError,
      ),
    /** Answers whether the record is gone (a change waiting for approval leaves it). */
    remove: async (row: Row): Promise<boolean> => {
      const title = forms.deleteTitle(definition.card(row).title);
      const question = `${texts.confirmDelete} ${forms.toTrash}`;
      if (!(await confirm(question, { title, confirmLabel: forms.delete }))) return false;
      return act(
        row,
        async () => {
          const result = await change.mutateAsync({
            action: "DELETE",
            id: row.id,
            loadedAt: row.updated_at,
          });
          settle(result, texts.deleted, [row]);
          return result.status === "applied";
        },
        texts.deleteError,
      );
    },
    // The donation details are listed newest first, never in an order of the editors'.
    sortable: false,
    move: async () => {},
    reordering: false,
    /** After a restored version (held for approval while approval is on). */
    restored: () => void refresh(),
  };
}
