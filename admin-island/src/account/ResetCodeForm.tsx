// The code a password-reset email carries beside its link (Auth's default emails offer
// both), for a mail read on a phone after asking on a computer. The code signs this
// browser in as the link would, and the set-password screen follows.
import { type FormEvent, useId, useRef, useState } from "react";
import { describedBy, FieldShell } from "../fields/FieldShell.tsx";
import { button, input } from "../ui/styles.ts";
import { SET_PASSWORD_PATH, verifyResetCode } from "./auth.ts";
import type { AuthHolder } from "./auth-client.ts";
import { passwords as words } from "./words.ts";

/**
 * Sends the session the code makes to the set-password screen: the sign-in page sends
 * a new session to its `next` (app/AdminEntry.tsx), and the set-password screen itself
 * stays.
 * Answers how to put the address back if the code is refused.
 */
function leadToSetPassword(): () => void {
  const before = window.location.href;
  const url = new URL(before);
  if (url.pathname.replace(/\/+$/, "") !== SET_PASSWORD_PATH) {
    url.searchParams.set("next", SET_PASSWORD_PATH);
    window.history.replaceState(window.history.state, "", url);
  }
  return () => window.history.replaceState(window.history.state, "", before);
}

export function ResetCodeForm({
  client,
  email,
  onVerified,
}: {
  client: AuthHolder;
  email: string;
  /** After the code signed in (the app has gone on to the set-password screen). */
  onVerified?: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError(words.codeRequired);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const putBack = leadToSetPassword();
    const outcome = await verifyResetCode(client, email, code);
    if (outcome.ok) return onVerified?.();
    putBack();
    setBusy(false);
    setError(outcome.message);
    inputRef.current?.focus();
  }

  return (
    <form
      noValidate
      aria-label={words.codeHeading}
      onSubmit={(event) => void submit(event)}
      className="mt-6 flex flex-col gap-4 border-t border-surface-sunken pt-5"
    >
      <div>
        <h2 className="text-base font-semibold text-ink">{words.codeHeading}</h2>
        <p className="mt-1 text-sm text-ink-muted">{words.codeIntro}</p>
      </div>
      <FieldShell id={id} label={words.codeLabel} error={error ?? undefined}>
        <input
          id={id}
          ref={inputRef}
          className={`${input} font-mono tracking-widest`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={14}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, undefined, error ?? undefined)}
        />
      </FieldShell>
      <button type="submit" className={`${button.secondary} w-full`} disabled={busy}>
        {busy ? words.codeChecking : words.codeSubmit}
      </button>
    </form>
  );
}
