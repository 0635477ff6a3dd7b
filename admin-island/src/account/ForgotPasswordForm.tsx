// 'Forgot password?': asks Auth to email a link to the set-password screen. The answer
// is the same words whether or not the address has an account, so the form tells
// nobody who has one; only Auth's wait between two links is said as such. Once sent,
// the email's code can be entered here instead (ResetCodeForm).
import { useId } from "react";
import { EmailField, useEmailForm } from "../fields/EmailField.tsx";
import { FormFailureAlert } from "../ui/FormFailure.tsx";
import { button } from "../ui/styles.ts";
import { requestPasswordReset } from "./auth.ts";
import type { AuthHolder } from "./auth-client.ts";
import { ResetCodeForm } from "./ResetCodeForm.tsx";
import { passwords as words } from "./words.ts";

interface ForgotPasswordFormProps {
  client: AuthHolder;
  initialEmail?: string;
  /** Shows 'Back to sign in', which calls this. */
  onBack?: () => void;
}

export function ForgotPasswordForm({ client, initialEmail = "", onBack }: ForgotPasswordFormProps) {
  const emailId = `${useId()}-email`;
  const { field, outcome, busy, submit } = useEmailForm({
    words,
    initial: initialEmail,
    send: async (address) => {
      const result = await requestPasswordReset(client, address, window.location.origin);
      return result.ok ? { ok: true, message: words.sent } : result;
    },
  });

  return (
    <>
      <form
        noValidate
        aria-label={words.forgotTitle}
        onSubmit={submit}
        className="flex flex-col gap-5"
      >
        <p className="text-sm text-ink-muted">{words.forgotIntro}</p>
        <EmailField id={emailId} label={words.emailLabel} autoComplete="username" {...field} />
        <div role="status" className="empty:-mt-5">
          {outcome?.ok ? (
            <p className="rounded-lg border border-green-300 bg-green-50 px-3 py-2 text-sm font-medium text-green-900">
              {outcome.message}
            </p>
          ) : null}
        </div>
        {outcome && !outcome.ok ? <FormFailureAlert failure={outcome} /> : null}
        <button type="submit" className={`${button.primary} w-full`} disabled={busy}>
          {busy ? words.sending : words.send}
        </button>
        {onBack ? (
          <button
            type="button"
            className="-my-2 min-h-11 self-center text-sm font-medium text-brand-800 underline"
            onClick={onBack}
          >
            {words.backToSignIn}
          </button>
        ) : null}
      </form>
      {outcome?.ok ? <ResetCodeForm client={client} email={field.value.trim()} /> : null}
    </>
  );
}
