// The changes to the payment details waiting for a second administrator, and deciding
// one (Approve, Reject, or Withdraw one's own), each asked first and told as a toast.
// The dashboard shows them too, so this loads without the Donate screen's list.
import { DataError } from "../api/errors.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import { notifyError, notifySuccess } from "../ui/notify.ts";
import { useChangeDecideMutation } from "./change-decide-mutation.ts";
import { type PendingChange, usePendingChangesQuery } from "./pending-changes-query.ts";
import { approvalWords } from "./words.ts";

/** The changes waiting for approval, and deciding one (not read while `enabled` is false). */
export function usePendingChanges({ enabled = true }: { enabled?: boolean } = {}) {
  const query = usePendingChangesQuery({ enabled });
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
