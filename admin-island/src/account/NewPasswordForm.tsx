// Choosing a new password: typed twice (and, when changing one's own, the current one
// first), checked here against Auth's own rules (its minimum length, bcrypt's 72
// bytes) and refused when easily guessed (strength.ts) before anything is sent, with
// one Show button for every field.
import { Eye, EyeOff } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { FormFailureAlert } from "../ui/FormFailure.tsx";
import { button } from "../ui/styles.ts";
import { type AuthOutcome, MIN_PASSWORD_LENGTH, newPasswordProblem } from "./auth.ts";
import { PasswordInput } from "./PasswordInput.tsx";
import { guessablePassword } from "./strength.ts";
import { passwords as words } from "./words.ts";

interface NewPasswordFormProps {
  /** Names the form for screen readers. */
  label: string;
  /** The account's email, for password managers to save the new password under. */
  username?: string;
  /** Ask for the current password too (changing one's own). */
  withCurrent?: boolean;
  submitLabel: string;
  /** The submit button spans the form (a narrow card), else it sits on the right. */
  wideSubmit?: boolean;
  /** Saves the password; answers how that went. */
  onSubmit: (next: string, current: string) => Promise<AuthOutcome>;
  /** After a save that worked (the fields are emptied). */
  onSaved: () => void;
}

interface Errors {
  current?: string;
  next?: string;
  repeat?: string;
}

export function NewPasswordForm({
  label,
  username,
  withCurrent = false,
  wideSubmit = false,
  submitLabel,
  onSubmit,
  onSaved,
}: NewPasswordFormProps) {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [repeat, setRepeat] = useState("");
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);
  const repeatRef = useRef<HTMLInputElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const found: Errors = {};
    if (withCurrent && !current) found.current = words.currentRequired;
    const problem = newPasswordProblem(next, repeat);
    if (problem === words.mismatch) found.repeat = problem;
    else if (problem) found.next = problem;
    setErrors(found);
    if (found.current) return currentRef.current?.focus();
    if (found.next) return nextRef.current?.focus();
    if (found.repeat) return repeatRef.current?.focus();

    setBusy(true);
    const guessable = await guessablePassword(next, username).catch(() => null);
    if (guessable) {
      setBusy(false);
      setErrors({ next: guessable });
      return nextRef.current?.focus();
    }
    const outcome = await onSubmit(next, current);
    setBusy(false);
    if (outcome.ok) {
      setCurrent("");
      setNext("");
      setRepeat("");
      onSaved();
      return;
    }
    setFailure(outcome.message);
  }

  // A refusal is read out and takes focus once it is on the screen.
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-5"
    >
      {username ? (
        <input type="email" autoComplete="username" value={username} readOnly hidden />
      ) : null}
      {failure ? <FormFailureAlert failure={{ message: failure }} focusRef={alertRef} /> : null}
      {withCurrent ? (
        <PasswordInput
          label={words.currentLabel}
          value={current}
          onChange={setCurrent}
          autoComplete="current-password"
          shown={shown}
          error={errors.current}
          inputRef={currentRef}
        />
      ) : null}
      <PasswordInput
        label={words.newLabel}
        value={next}
        onChange={setNext}
        autoComplete="new-password"
        shown={shown}
        hint={words.newHint(MIN_PASSWORD_LENGTH)}
        error={errors.next}
        inputRef={nextRef}
      />
      <PasswordInput
        label={words.repeatLabel}
        value={repeat}
        onChange={setRepeat}
        autoComplete="new-password"
        shown={shown}
        error={errors.repeat}
        inputRef={repeatRef}
      />
      <button
        type="button"
        className={`${button.small} self-start`}
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
        {words.showPassword}
      </button>
      <button
        type="submit"
        className={`${button.primary} ${wideSubmit ? "w-full" : "w-full sm:w-auto sm:self-end"}`}
        disabled={busy}
      >
        {busy ? words.saving : submitLabel}
      </button>
    </form>
  );
}
