// Second-admin approval needs a second administrator (editors cannot approve). While it
// is on and fewer than two administrators are active, no change to the donation details can be approved, and
// approval cannot be turned off either (that needs an approval too): this says so, with
// the way out, on the Donate screen and the dashboard.
import { AlertTriangle } from "lucide-react";
import { useMembersQuery } from "../team/members-query.ts";
import { useSettingsQuery } from "./settings-query.ts";
import { approvalWords as words } from "./words.ts";

/**
 * Whether approval is on with fewer than two active administrators. A failed read
 * says nothing: the screen's own reads report their failures.
 */
export function useApprovalStuck(): boolean {
  const on = useSettingsQuery().data?.require_payment_approval === true;
  const { data: members } = useMembersQuery({ enabled: on });
  return (
    on &&
    members !== undefined &&
    members.filter(({ status, role }) => status === "active" && role === "admin").length < 2
  );
}

export function ApprovalStuck() {
  if (!useApprovalStuck()) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <p>
        <strong>{words.stuckTitle}</strong> {words.stuck}{" "}
        <a href="/admin/team" className="font-semibold text-brand-800 underline underline-offset-2">
          {words.stuckAction}
        </a>
      </p>
    </div>
  );
}
