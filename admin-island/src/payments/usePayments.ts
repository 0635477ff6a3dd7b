// The payment details' safety: the changes waiting for a second administrator (with
// Approve, Reject and Withdraw), the settings record (approval on or off, where
// message alerts go), and the Donate screen's list, whose every write goes through
// change_payment_details so it says whether it applied or waits for approval.
import { useStore } from "@nanostores/react";
import { useCallback, useMemo, useState } from "react";
import {
  type AdminSettings,
  DataError,
  type PaymentWrite,
  type PendingChange,
  type Row,
  type SettingsValues,
} from "../api/data-layer.ts";
import { useData } from "../api/useData.ts";
import { useLoaded } from "../api/useLoaded.ts";
import type { ResourceDefinition } from "../content/resources/types.ts";
import { type ResourceList, useResourceList } from "../content/useResourceList.ts";
import { contentWrites } from "../content/writes.ts";
import { signalSaved } from "../publishing/saves.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import { notifyError, notifySuccess, notifyUndoable } from "../ui/notify.ts";
import { approvalWords, forms } from "../words.ts";
import { $paymentChanges, signalPaymentChange } from "./payments.ts";

/** Loads `load` on mount and whenever a payment change is signalled. */
function usePaymentLoaded<T>(load: () => Promise<T>) {
  return useLoaded(load, { again: useStore($paymentChanges) });
}

/** The changes waiting for approval, and deciding one. */
export function usePendingChanges() {
  const data = useData();
  const confirm = useConfirm();
  const load = useCallback(() => data.pendingChanges(), [data]);
  const { state, reload } = usePaymentLoaded<PendingChange[]>(load);
  const [busyId, setBusyId] = useState<number | null>(null);

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
    setBusyId(change.id);
    try {
      await data.decideChange(change.id, approve);
      if (approve) {
        // Applied as a normal save: published like one.
        if (change.target === "donate_content") signalSaved();
        notifySuccess(approvalWords.approved);
      } else {
        notifySuccess(change.proposed_by_me ? approvalWords.withdrawn : approvalWords.rejected);
      }
    } catch (error) {
      const refusal =
        error instanceof DataError && error.code ? approvalWords.refusals[error.code] : undefined;
      if (refusal) {
        console.error(refusal, error);
        notifyError(refusal);
      } else {
        notifyError(approvalWords.decideError, error);
      }
    } finally {
      setBusyId(null);
      signalPaymentChange();
    }
  };

  return { state, reload, busyId, decide };
}

/** The settings record, and saving it. */
export function useAdminSettings() {
  const data = useData();
  const load = useCallback(() => data.settings(), [data]);
  const { state, reload } = usePaymentLoaded<AdminSettings>(load);
  const save = async (values: SettingsValues): Promise<AdminSettings> => {
    const saved = await data.saveSettings(values);
    signalPaymentChange();
    return saved;
  };
  return { state, reload, save };
}

/**
 * The Donate screen's list: the generic list, but each write goes through
 * change_payment_details. A write that applied is a normal save (published, with Undo
 * on its toast); one held for approval says so and shows in the waiting list.
 */
export function usePaymentList(definition: ResourceDefinition): ResourceList {
  const data = useData();
  const confirm = useConfirm();
  const base = useResourceList(definition);
  const writes = useMemo(() => contentWrites(data, definition), [data, definition]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const { texts } = definition;
  const { reload } = base;

  const settle = (result: PaymentWrite, done: string, changed?: Row[]) => {
    if (result.status === "pending") {
      notifySuccess(approvalWords.sentForApproval);
    } else if (result.status === "unchanged") {
      notifySuccess(approvalWords.unchanged);
    } else {
      signalSaved();
      if (changed) {
        notifyUndoable(
          done,
          () => writes.putBack(changed),
          () => void reload(),
        );
      } else {
        notifySuccess(done);
      }
    }
    signalPaymentChange();
    void reload();
  };

  /** Answers whether the work went through (`work` says whether it applied at once). */
  const act = async (
    row: Row,
    work: () => Promise<boolean | undefined>,
    failed: string,
  ): Promise<boolean> => {
    setBusyId(row.id);
    try {
      return (await work()) !== false;
    } catch (error) {
      notifyError(failed, error);
      void reload();
      return false;
    } finally {
      setBusyId(null);
    }
  };

  return {
    ...base,
    busyId: busyId ?? base.busyId,
    create: async (values: Record<string, unknown>): Promise<string | undefined> => {
      const result = await data.changePaymentDetails("INSERT", null, values);
      settle(result, texts.added);
      return result.status === "applied" ? result.row?.id : undefined;
    },
    update: async (row: Row, values: Record<string, unknown>): Promise<boolean> => {
      settle(
        await data.changePaymentDetails("UPDATE", row.id, values, row.updated_at),
        texts.updated,
        [row],
      );
      return true;
    },
    toggle: (row: Row) =>
      act(
        row,
        async () => {
          settle(
            await data.changePaymentDetails(
              "UPDATE",
              row.id,
              { is_active: !row.is_active },
              row.updated_at,
            ),
            row.is_active ? texts.deactivated : texts.activated,
            [row],
          );
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
          const result = await data.changePaymentDetails("DELETE", row.id, null, row.updated_at);
          settle(result, texts.deleted, [row]);
          return result.status === "applied";
        },
        texts.deleteError,
      );
    },
  };
}
