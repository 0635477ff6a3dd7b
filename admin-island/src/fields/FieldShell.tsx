import type { ReactNode } from "react";
import { label as labelClass } from "../ui/styles.ts";

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
  /** For groups (radio sets, uploads) the label names a fieldset instead. */
  as?: "label" | "legend";
}

export function hintId(id: string) {
  return `${id}-hint`;
}
export function errorId(id: string) {
  return `${id}-error`;
}

/** A field's label, with a star (hidden from screen readers) when it is required. */
export function LabelText({ label, required }: { label: string; required?: boolean }) {
  return (
    <>
      {label}
      {required ? (
        <span className="text-red-700" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </>
  );
}

/** Label, control, hint and error of one field, tied together for screen readers. */
export function FieldShell({
  id,
  label,
  required,
  hint,
  error,
  children,
  as = "label",
}: FieldShellProps) {
  const text = <LabelText label={label} required={required} />;
  const body = (
    <>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </>
  );
  if (as === "legend") {
    return (
      <fieldset className="min-w-0">
        <legend className={`${labelClass} mb-1`}>{text}</legend>
        {body}
      </fieldset>
    );
  }
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={`${labelClass} mb-1`}>
        {text}
      </label>
      {body}
    </div>
  );
}

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

/** A field's hint and error under it, with the ids its control is described by. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId(id)} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(id)} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
    </>
  );
}
