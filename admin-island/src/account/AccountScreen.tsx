// The signed-in member's own account: change the password (the current one first, then
// the new one twice; Auth signs the account out on every other device), and two-step
// sign-in with an authenticator app.

import { useMemo } from "react";
import { useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { notifySuccess } from "../ui/notify.ts";
import { AccountLine } from "./AccountLine.tsx";
import { changePassword } from "./auth.ts";
import { checkingClient } from "./auth-client.ts";
import { NewPasswordForm } from "./NewPasswordForm.tsx";
import { SecondFactors } from "./SecondFactors.tsx";
import { passwords as words } from "./words.ts";

export function AccountScreen({ client, email }: { client: AdminClient; email: string }) {
  const { url, publishableKey } = useBackend();
  const checker = useMemo(
    () => checkingClient({ supabaseUrl: url, publishableKey }),
    [url, publishableKey],
  );
  return (
    <section aria-labelledby="account-heading" className="mx-auto flex max-w-xl flex-col gap-6">
      <div>
        <h2 id="account-heading" className="font-display text-2xl font-bold text-ink">
          {words.accountHeading}
        </h2>
        <p className="mt-1 text-ink-muted">{words.accountIntro}</p>
      </div>
      <div className="rounded-xl bg-white p-5 shadow-sm sm:p-6">
        <div className="mb-5">
          <AccountLine email={email} />
        </div>
        <NewPasswordForm
          label={words.accountHeading}
          username={email}
          withCurrent
          submitLabel={words.change}
          onSubmit={(next, current) => changePassword(client, checker, email, current, next)}
          onSaved={() => notifySuccess(words.changed)}
        />
      </div>
      <SecondFactors client={client} />
    </section>
  );
}
