// Entering a code from an authenticator app, as the sign-in's second step and the
// Account page's new app both ask for one: the box (digits, the browser offered the
// one-time code), its check before anything is sent, and what a refused code does (the
// words above the form, the box emptied and focused for the next code).
import { useRef, useState } from "react";
import { describedBy, FieldShell } from "../fields/FieldShell.tsx";
import { input } from "../ui/styles.ts";
import { cleanCode, type FactorOutcome } from "./second-factor.ts";
import { secondFactor as words } from "./words.ts";

export function useCodeEntry() {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLInputElement>(null);

  /** Runs `step` (busy meanwhile); a refusal is shown above the form. */
  async function attempt<T>(step: () => Promise<FactorOutcome<T>>): Promise<T | null> {
    setFailure(null);
    setBusy(true);
    const result = await step();
    setBusy(false);
    if (result.ok) return result.value;
    setFailure(result.message);
    return null;
  }

  /** Checks the code, then sends it with `send`: whether it was accepted. */
  async function verify(send: (code: string) => Promise<FactorOutcome>): Promise<boolean> {
    if (busy) return false;
    setFailure(null);
    if (!cleanCode(code)) {
      setProblem(words.codeInvalid);
      ref.current?.focus();
      return false;
    }
    setProblem(undefined);
    const done = (await attempt(() => send(code))) !== null;
    if (!done) {
      setCode("");
      ref.current?.focus();
    }
    return done;
  }

  const field = { code, setCode, problem, ref };
  return { field, failure, busy, attempt, verify, setProblem };
}

export function CodeField({
  id,
  field,
  autoFocus = false,
  large = false,
}: {
  id: string;
  field: ReturnType<typeof useCodeEntry>["field"];
  autoFocus?: boolean;
  /** The sign-in's box: wider, bigger digits. */
  large?: boolean;
}) {
  const { code, setCode, problem, ref } = field;
  return (
    <FieldShell id={id} label={words.codeLabel} error={problem}>
      <input
        id={id}
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={9}
        // biome-ignore lint/a11y/noAutofocus: the step exists to take this code.
        autoFocus={autoFocus}
        className={
          large
            ? `${input} text-center font-mono text-2xl tracking-[0.4em]`
            : `${input} max-w-[12rem] font-mono text-xl tracking-[0.3em]`
        }
        value={code}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy(id, undefined, problem)}
        onChange={(event) => setCode(event.target.value)}
      />
    </FieldShell>
  );
}
