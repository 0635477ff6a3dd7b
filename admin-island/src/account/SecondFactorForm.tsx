// The sign-in's second step, for an account with an authenticator app: its password
// gave a session at aal1, and a code from the app raises it to aal2 (the session
// listener then goes on). With several apps, the person picks the one at hand.
import type { Factor } from "@supabase/auth-js";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { describedBy, FieldShell } from "../fields/FieldShell.tsx";
import { FormFailureAlert } from "../ui/FormFailure.tsx";
import { button, input, label } from "../ui/styles.ts";
import type { AuthHolder } from "./auth-client.ts";
import { cleanCode, factorRefusal, verifiedFactors, verifyCode } from "./second-factor.ts";
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
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let cancelled = false;
    verifiedFactors(client).then(
      (list) => {
        if (cancelled) return;
        setFactors(list);
        setFactorId(list[0]?.id ?? "");
      },
      (error: unknown) => {
        if (!cancelled) setFailure(factorRefusal(error as { status?: number; code?: string }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy || !factorId) return;
    setFailure(null);
    if (!cleanCode(code)) {
      setProblem(words.codeInvalid);
      codeRef.current?.focus();
      return;
    }
    setProblem(undefined);
    setBusy(true);
    const result = await verifyCode(client, factorId, code);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message);
      setCode("");
      codeRef.current?.focus();
    }
    // Verified: the session listener goes on to the admin.
  }

  const codeId = `${id}-code`;
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
                {factor.friendly_name || words.defaultName}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <FieldShell id={codeId} label={words.codeLabel} error={problem}>
        <input
          id={codeId}
          ref={codeRef}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          // biome-ignore lint/a11y/noAutofocus: the step exists to take this code.
          autoFocus
          className={`${input} text-center font-mono text-2xl tracking-[0.4em]`}
          value={code}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy(codeId, undefined, problem)}
          onChange={(event) => setCode(event.target.value)}
        />
      </FieldShell>
      <button
        type="submit"
        className={`${button.primary} w-full`}
        disabled={busy || factors === null || !factorId}
      >
        {busy ? words.verifying : words.verify}
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
