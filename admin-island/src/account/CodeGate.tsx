// Before any admin page shows: a session whose account has an authenticator app, but
// which has not given a code from it (its tab was closed at the sign-in's code step, or
// it came from an emailed link), asks for the code first. Auth itself refuses such a
// session a password change, and the database the changes that move money.
import { Lock } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Loading } from "../ui/ListStates.tsx";
import { AccountCard } from "./AccountCard.tsx";
import { signOut } from "./auth.ts";
import type { AuthHolder } from "./auth-client.ts";
import { SecondFactorForm } from "./SecondFactorForm.tsx";
import { codeNeeded } from "./second-factor.ts";
import { secondFactor as words } from "./words.ts";

/** `session`: the session's access token, so a new one is looked at again. */
export function CodeGate({
  client,
  session,
  children,
}: {
  client: AuthHolder;
  session: string;
  children: ReactNode;
}) {
  const [state, setState] = useState<"checking" | "code" | "done">("checking");
  useEffect(() => {
    let cancelled = false;
    // `session` changes with every token; its check is local (no request).
    void session;
    codeNeeded(client).then(
      (needed) => {
        if (!cancelled) setState(needed ? "code" : "done");
      },
      () => {
        if (!cancelled) setState("done");
      },
    );
    return () => {
      cancelled = true;
    };
  }, [client, session]);

  if (state === "checking") return <Loading text="Loading..." />;
  if (state === "done") return children;
  return (
    <AccountCard title={words.codeTitle} icon={Lock} back={false}>
      <SecondFactorForm client={client} onOtherAccount={() => void signOut(client)} />
    </AccountCard>
  );
}
