// One password field: its label, the input (shown as text while `shown`), a hint and
// an error, tied together for screen readers. The password managers' autocomplete
// names tell a new password from the current one.
import { type Ref, useId } from "react";
import { describedBy, FieldShell } from "../fields/FieldShell.tsx";
import { input } from "../ui/styles.ts";

interface PasswordInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: "new-password" | "current-password";
  shown: boolean;
  hint?: string;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

export function PasswordInput({
  label,
  value,
  onChange,
  autoComplete,
  shown,
  hint,
  error,
  inputRef,
}: PasswordInputProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error ?? undefined}>
      <input
        id={id}
        ref={inputRef}
        type={shown ? "text" : "password"}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        className={input}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error ?? undefined)}
      />
    </FieldShell>
  );
}
