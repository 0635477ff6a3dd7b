// Where the emailed links lead (a password reset, an invitation): supabase-js has taken
// the session from the address (client.ts, detectSessionInUrl), so the person is
// signed in and chooses a password, typed twice. A used or expired link says so, with
// a way to ask for a new one; so does the page opened without a link.
import { KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import type { AdminClient } from "../api/client.ts";
import { LOGIN_URL } from "../app/paths.ts";
import { AccountLine } from "./AccountLine.tsx";
import { type LinkState, setNewPassword } from "./auth.ts";
import { ForgotPasswordForm } from "./ForgotPasswordForm.tsx";
import { NewPasswordForm } from "./NewPasswordForm.tsx";
import { passwords as words } from "./words.ts";

interface SetPasswordScreenProps {
  client: AdminClient;
  /** What the link in the address brought, read before supabase-js cleared it. */
  link: LinkState;
  /** The signed-in account's email, when there is a session. */
  email: string | null;
  /** After the new password is saved. */
  onSaved: () => void;
}

function Card({
  title,
  children,
  back = true,
}: {
  title: string;
  children: ReactNode;
  /** 'Back to sign in' under the card (not once the link has signed them in). */
  back?: boolean;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <div className="mb-6 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100">
            <KeyRound aria-hidden="true" className="size-7 text-brand-800" />
          </span>
          <h1 className="mt-4 font-display text-2xl font-bold text-ink">{title}</h1>
        </div>
        {children}
        {back ? (
          <p className="mt-6 text-center text-sm">
            <a href={LOGIN_URL} className="font-medium text-brand-800 underline">
              {words.backToSignIn}
            </a>
          </p>
        ) : null}
      </div>
    </main>
  );
}

export function SetPasswordScreen({ client, link, email, onSaved }: SetPasswordScreenProps) {
  // A link that failed wins over an older session in this browser: it says what happened.
  if (link.kind === "expired" || email === null) {
    return (
      <Card title={link.kind === "expired" ? words.linkExpiredTitle : words.newTitle}>
        <p
          role={link.kind === "expired" ? "alert" : undefined}
          className={
            link.kind === "expired"
              ? "mb-5 rounded-lg border border-yellow-300 bg-yellow-50 px-3 py-2 text-sm font-medium text-yellow-900"
              : "mb-5 text-ink-muted"
          }
        >
          {link.kind === "expired" ? words.linkExpired : words.noLink}
        </p>
        <h2 className="mb-3 text-lg font-semibold text-ink">{words.askAgain}</h2>
        <ForgotPasswordForm client={client} />
      </Card>
    );
  }
  const invited = link.kind === "session" && link.purpose === "invite";
  return (
    <Card title={words.newTitle} back={false}>
      <p className="text-ink-muted">{invited ? words.newIntroInvite : words.newIntroRecovery}</p>
      <div className="mb-5 mt-3">
        <AccountLine email={email} />
      </div>
      <NewPasswordForm
        label={words.newTitle}
        username={email}
        submitLabel={words.save}
        wideSubmit
        onSubmit={(next) => setNewPassword(client, next)}
        onSaved={onSaved}
      />
    </Card>
  );
}
