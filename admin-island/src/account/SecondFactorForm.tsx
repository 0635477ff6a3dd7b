// The sign-in's second step, for an account with an authenticator app: its password
// gave a session at aal1, and a code from the app raises it to aal2 (the session
// listener then goes on). With several apps, the person picks the one at hand.
import type { Factor } from "@supabase/auth-js";
import { type FormEvent, useEffect, useId, useState } from "react";
import { FormFailureAlert } from "../ui/FormFailure.tsx";
import { button, input, label } from "../ui/styles.ts";
import type { AuthHolder } from "./auth-client.ts";
import { CodeField, useCodeEntry } from "./CodeField.tsx";
import { factorName, factorRefusal, verifiedFactors, verifyCode } from "./second-factor.ts";
import { secondFactor as words } from "./words.ts";

export function SecondFactorForm({
  client,
  onOtherAccount,
}: {
  client: AuthHolder;
  /** Signs this session out, back to the password form. */
  onOtherAccount: () => void;
}) {
  const id = useId();
  const [factors, setFactors] = useState<Factor[] | null>(null);
  const [factorId, setFactorId] = useState("");
  const [listFailure, setListFailure] = useState<string | null>(null);
  const entry = useCodeEntry();

  useEffect(() => {
    let cancelled = false;
    verifiedFactors(client).then(
      (list) => {
        if (cancelled) return;
        setFactors(list);
        setFactorId(list[0]?.id ?? "");
      },
      (error: unknown) => {
        if (!cancelled) setListFailure(factorRefusal(error as { status?: number; code?: string }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!factorId) return;
    // Verified: the session listener goes on to the admin.
    await entry.verify((code) => verifyCode(client, factorId, code));
  }

  const failure = entry.failure ?? listFailure;
  const appId = `${id}-app`;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={words.codeTitle}
      className="flex flex-col gap-5"
    >
      <p className="text-ink-muted">{words.codeIntro}</p>
      {failure ? <FormFailureAlert failure={{ message: failure }} /> : null}
      {factors && factors.length > 1 ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={appId} className={label}>
            {words.appLabel}
          </label>
          <select
            id={appId}
            className={input}
            value={factorId}
            onChange={(event) => setFactorId(event.target.value)}
          >
            {factors.map((factor) => (
              <option key={factor.id} value={factor.id}>
                {factorName(factor)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <CodeField id={`${id}-code`} field={entry.field} autoFocus large />
      <button
        type="submit"
        className={`${button.primary} w-full`}
        disabled={entry.busy || factors === null || !factorId}
      >
        {entry.busy ? words.verifying : words.verify}
      </button>
      <button
        type="button"
        className="min-h-11 text-sm font-medium text-brand-800 underline"
        onClick={onOtherAccount}
      >
        {words.otherAccount}
      </button>
    </form>
  );
}
