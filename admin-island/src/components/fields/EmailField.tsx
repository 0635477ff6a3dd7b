// An email box with its label and error (forgot password, invite, where message
// alerts go).
import type { Ref } from "react";
import { input } from "../ui/ui.ts";
import { describedBy, FieldShell } from "./FieldShell.tsx";

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
