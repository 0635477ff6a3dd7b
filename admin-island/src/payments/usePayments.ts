// The Donate screen's list, whose every write goes through change_payment_details so
// it says whether it applied or waits for a second administrator's approval (the
// changes waiting, and deciding them: usePendingChanges.ts). Each outcome is told as a
// toast; the data refreshes by key.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Row } from "../api/rows.ts";
import type { ResourceDefinition } from "../content/resources/types.ts";
import { useContentWrites } from "../content/useContentWrites.ts";
import type { ResourceList } from "../content/useResourceList.ts";
import { useRows } from "../content/useRows.ts";
import { forms } from "../content/words.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import { notifyError, notifySuccess, notifyUndoable } from "../ui/notify.ts";
import { refreshPaymentDetails } from "./keys.ts";
import {
  type PaymentWrite,
  usePaymentDetailsChangeMutation,
} from "./payment-details-change-mutation.ts";
import { approvalWords } from "./words.ts";

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
