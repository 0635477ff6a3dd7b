// Where the emailed links lead (a password reset, an invitation): supabase-js has taken
// the session from the address (client.ts, detectSessionInUrl), so the person is
// signed in and chooses a password, typed twice. A used or expired link says so, with
// a way to ask for a new one; so does the page opened without a link.
import type { AdminClient } from "../api/client.ts";
import { AccountCard } from "./AccountCard.tsx";
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

export function SetPasswordScreen({ client, link, email, onSaved }: SetPasswordScreenProps) {
  // A link that failed wins over an older session in this browser: it says what happened.
  if (link.kind === "expired" || email === null) {
    return (
      <AccountCard title={link.kind === "expired" ? words.linkExpiredTitle : words.newTitle}>
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
      </AccountCard>
    );
  }
  const invited = link.kind === "session" && link.purpose === "invite";
  return (
    <AccountCard title={words.newTitle} back={false}>
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
    </AccountCard>
  );
}
