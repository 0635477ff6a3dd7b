// The Messages screen's Notifications section: where the email about a new message
// goes, every administrator or one address (the settings record's alert_address).
// Changing it needs a session that verified a second factor; without one it is shown
// only, with why.
import { BellRing } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { isEmail } from "../../../functions/_shared/email-rules.ts";
import { SecondFactorNeeded, useSecondFactor } from "../account/SecondFactorNeeded.tsx";
import { EmailField } from "../fields/EmailField.tsx";
import { useSettingsQuery } from "../payments/settings-query.ts";
import { useSettingsSaveMutation } from "../payments/settings-save-mutation.ts";
import { LoadError, Loading } from "../ui/ListStates.tsx";
import { notifyError, notifySuccess } from "../ui/notify.ts";
import { button, label } from "../ui/styles.ts";
import { notificationWords as words } from "./words.ts";

type Target = "admins" | "address";

export function NotificationSettings() {
  const settings = useSettingsQuery();
  const save = useSettingsSaveMutation();
  const verified = useSecondFactor();
  const id = useId();
  const [target, setTarget] = useState<Target>("admins");
  const [address, setAddress] = useState("");
  const [invalid, setInvalid] = useState(false);
  const loaded = settings.data !== undefined;
  const stored = settings.data?.alert_address ?? null;

  // The form starts from what is stored, and again whenever that changes.
  useEffect(() => {
    if (!loaded) return;
    setTarget(stored ? "address" : "admins");
    setAddress(stored ?? "");
    setInvalid(false);
  }, [loaded, stored]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const wanted = target === "address" ? address.trim() : null;
    if (wanted !== null && !isEmail(wanted)) {
      setInvalid(true);
      document.getElementById(`${id}-address`)?.focus();
      return;
    }
    setInvalid(false);
    if (wanted === stored) {
      notifySuccess(words.unchanged);
      return;
    }
    try {
      await save.mutateAsync({ alert_address: wanted });
      notifySuccess(words.saved);
    } catch (error) {
      notifyError(words.saveError, error);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl bg-white p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <BellRing aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-700" />
        <div className="min-w-0">
          <h2 id={`${id}-heading`} className="font-display text-xl font-bold text-ink">
            {words.heading}
          </h2>
          <p className="mt-1 text-ink-muted">{words.intro}</p>
        </div>
      </div>
      {!loaded && settings.isError ? (
        <div className="mt-4">
          <LoadError text={words.loadError} onRetry={() => void settings.refetch()} />
        </div>
      ) : !loaded ? (
        <Loading text={words.loading} />
      ) : (
        <form
          noValidate
          onSubmit={(event) => void submit(event)}
          className="mt-4 flex flex-col gap-4"
        >
          {verified ? null : <SecondFactorNeeded what={words.heading} />}
          <fieldset className="flex flex-col gap-3" disabled={!verified}>
            <legend className={`${label} mb-2`}>{words.legend}</legend>
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="radio"
                name={`${id}-target`}
                className="mt-1 size-4 accent-brand-700"
                checked={target === "admins"}
                onChange={() => setTarget("admins")}
              />
              <span>
                <span className="block font-medium text-ink">{words.everyAdmin}</span>
                <span className="block text-sm text-ink-muted">{words.everyAdminHint}</span>
              </span>
            </label>
            <label className="flex cursor-pointer items-start gap-3">
              <input
                type="radio"
                name={`${id}-target`}
                className="mt-1 size-4 accent-brand-700"
                checked={target === "address"}
                onChange={() => setTarget("address")}
              />
              <span>
                <span className="block font-medium text-ink">{words.oneAddress}</span>
                <span className="block text-sm text-ink-muted">{words.oneAddressHint}</span>
              </span>
            </label>
            {target === "address" ? (
              <div className="pl-7">
                <div className="max-w-md">
                  <EmailField
                    id={`${id}-address`}
                    label={words.addressLabel}
                    value={address}
                    onChange={setAddress}
                    error={invalid ? words.addressInvalid : null}
                    autoComplete="email"
                  />
                </div>
              </div>
            ) : null}
          </fieldset>
          <p className="text-sm text-ink-muted">{words.paymentNote}</p>
          {verified ? (
            <div>
              <button type="submit" className={button.primary} disabled={save.isPending}>
                {save.isPending ? words.saving : words.save}
              </button>
            </div>
          ) : null}
        </form>
      )}
    </section>
  );
}
