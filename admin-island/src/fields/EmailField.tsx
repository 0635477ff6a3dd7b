// An email box with its label and error (forgot password, invite, where message
// alerts go).
import { type FormEvent, type Ref, useRef, useState } from "react";
import { input } from "../ui/styles.ts";
import { emailProblem } from "./email.ts";
import { describedBy, FieldShell } from "./FieldShell.tsx";

/** How sending went, in the form's words: shown above the button (or nothing to show). */
export interface EmailOutcome {
  ok: boolean;
  message: string;
}

/**
 * A form of one email box (forgot password, invite): the address is trimmed and checked
 * before `send` gets it, a refusal under the box takes focus, and the last outcome is
 * cleared by the next try.
 */
export function useEmailForm(options: {
  words: { emailRequired: string; emailInvalid: string };
  send: (address: string) => Promise<EmailOutcome | null>;
  initial?: string;
}) {
  const [email, setEmail] = useState(options.initial ?? "");
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<EmailOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    const problem = emailProblem(address, options.words);
    setError(problem);
    setOutcome(null);
    if (problem) {
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await options.send(address);
    setBusy(false);
    setOutcome(result);
  }

  return {
    field: { value: email, onChange: setEmail, error, inputRef },
    outcome,
    busy,
    submit: (event: FormEvent) => void submit(event),
  };
}

interface EmailFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /**
   * 'username' where a password manager should offer the account's address; 'email'
   * where the browser may offer the addresses it knows.
   */
  autoComplete: "username" | "email" | "off";
  inputRef?: Ref<HTMLInputElement>;
  /** The dialog opens on this field. */
  autoFocus?: boolean;
}

export function EmailField({
  id,
  label,
  value,
  onChange,
  error,
  autoComplete,
  inputRef,
  autoFocus,
}: EmailFieldProps) {
  return (
    <FieldShell id={id} label={label} error={error ?? undefined}>
      <input
        id={id}
        ref={inputRef}
        data-autofocus={autoFocus ? true : undefined}
        type="email"
        autoComplete={autoComplete}
        inputMode="email"
        className={input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error ?? undefined)}
      />
    </FieldShell>
  );
}
