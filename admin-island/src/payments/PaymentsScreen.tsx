// The Donate screen: the second-admin approval setting, the changes waiting for
// approval, and the donation details themselves, all shown only (with why, and the
// way to set one up) to an administrator whose session verified no second factor. The
// list looks and works as every card list (ResourceManager), but each write goes
// through change_payment_details, so while approval is on a save is sent for approval
// instead of applied.
import { ShieldCheck } from "lucide-react";
import { SecondFactorNeeded, useSecondFactor } from "../account/SecondFactorNeeded.tsx";
import { ResourceManager } from "../content/ResourceManager.tsx";
import type { ResourceDefinition } from "../content/resources/types.ts";
import { Badge } from "../ui/Badge.tsx";
import { useConfirm } from "../ui/Confirm.tsx";
import { notifyError, notifySuccess } from "../ui/notify.ts";
import { button } from "../ui/styles.ts";
import { ApprovalStuck } from "./ApprovalStuck.tsx";
import { PendingChangesView } from "./PendingChanges.tsx";
import { type AdminSettings, useSettingsQuery } from "./settings-query.ts";
import { useSettingsSaveMutation } from "./settings-save-mutation.ts";
import { usePaymentList } from "./usePayments.ts";
import { usePendingChanges } from "./usePendingChanges.ts";
import { approvalWords as words } from "./words.ts";

/** The setting, with its state and the one thing an admin may do with it now. */
function ApprovalSetting({
  settings,
  offWaiting,
  readOnly,
}: {
  settings: AdminSettings | undefined;
  /** Turning approval off already waits for another administrator. */
  offWaiting: boolean;
  /** Shown only: this session verified no second factor. */
  readOnly: boolean;
}) {
  const confirm = useConfirm();
  const save = useSettingsSaveMutation();
  if (!settings) return null;
  const on = settings.require_payment_approval;
  const busy = save.isPending;

  const change = async () => {
    const question = on ? words.confirmTurnOff : words.confirmTurnOn;
    const label = on ? words.confirmTurnOffLabel : words.confirmTurnOnLabel;
    if (!(await confirm(question, { confirmLabel: label, danger: false }))) return;
    try {
      await save.mutateAsync({ require_payment_approval: !on });
      notifySuccess(on ? words.offRequested : words.turnedOn);
    } catch (error) {
      notifyError(words.settingError, error);
    }
  };

  return (
    <section
      aria-labelledby="approval-setting-heading"
      className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm sm:flex-row sm:items-center"
    >
      <ShieldCheck aria-hidden="true" className="hidden size-8 shrink-0 text-brand-700 sm:block" />
      <div className="min-w-0 flex-1">
        <h2 id="approval-setting-heading" className="text-lg font-semibold text-ink">
          {words.settingLabel}{" "}
          <Badge tone={on ? "green" : "grey"} className="ml-1 inline-block align-middle">
            {on ? words.on : words.off}
          </Badge>
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{words.settingHint}</p>
        {offWaiting ? (
          <p className="mt-2 text-sm font-medium text-yellow-900" role="status">
            {words.offWaiting}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className={`${button.secondary} w-full sm:w-auto`}
        disabled={busy || readOnly || (on && offWaiting)}
        onClick={() => void change()}
      >
        {on ? words.turnOff : words.turnOn}
      </button>
    </section>
  );
}

/** The Donate screen. */
export function PaymentsScreen({ definition }: { definition: ResourceDefinition }) {
  const settings = useSettingsQuery().data;
  const pending = usePendingChanges();
  const verified = useSecondFactor();
  const on = settings?.require_payment_approval === true;
  const changes = pending.query.data ?? [];
  return (
    <div className="flex flex-col gap-8">
      {verified ? null : <SecondFactorNeeded what={words.paymentDetails} />}
      <ApprovalStuck />
      <ApprovalSetting
        settings={settings}
        offWaiting={changes.some((change) => change.target === "admin_settings")}
        readOnly={!verified}
      />
      {on || changes.length > 0 ? (
        <PendingChangesView
          pending={pending}
          approvalOn={on || settings === undefined}
          readOnly={!verified}
        />
      ) : null}
      {on ? (
        <p className="rounded-lg bg-accent-50 px-4 py-3 text-sm text-ink" role="note">
          {words.pendingBanner}
        </p>
      ) : null}
      {/* The donation details: every card list's look and words, approval-aware writes. */}
      <ResourceManager definition={definition} useList={usePaymentList} readOnly={!verified} />
    </div>
  );
}
