// Before any admin page shows: a session whose account has an authenticator app, but
// which has not given a code from it (its tab was closed at the sign-in's code step, or
// it came from an emailed link), asks for the code first. Auth itself refuses such a
// session a password change, and the database the changes that move money.
import { Lock } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Loading } from "../ui/ListStates.tsx";
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
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 shadow-xl">
        <div className="mb-6 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100">
            <Lock aria-hidden="true" className="size-7 text-brand-800" />
          </span>
          <h1 className="mt-4 font-display text-2xl font-bold text-ink">{words.codeTitle}</h1>
        </div>
        <SecondFactorForm client={client} onOtherAccount={() => void signOut(client)} />
      </div>
    </main>
  );
}
