// The admin app, mounted client-only by the shell of every admin path but the sign-in
// page's (app/AdminEntry.tsx). It decides, from the session, what this path may show:
// the set-password screen, a 'not an admin' notice, or the screen; without a session
// it sends the browser to the sign-in page, and back here after. The database's RLS
// decides what any request may actually do.
import { useStore } from "@nanostores/react";
import type { Session } from "@supabase/supabase-js";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { Toaster } from "sonner";
import { type LinkState, readLink, roleOf } from "../account/auth.ts";
import { CodeGate } from "../account/CodeGate.tsx";
import { SetPasswordScreen } from "../account/SetPasswordScreen.tsx";
import { BackendContext } from "../api/backend.ts";
import { type AdminClient, getClient } from "../api/client.ts";
import { createQueryClient } from "../api/query-client.ts";
import { ConfirmProvider } from "../ui/Confirm.tsx";
import { Loading } from "../ui/ListStates.tsx";
import { TOAST_COLORS, TOAST_POSITION } from "../ui/notify.ts";
import { button } from "../ui/styles.ts";
import { go, isLeaving, signOutAndLeave } from "./navigation.ts";
import { $organisationName, FollowOrganisationName } from "./organisation.ts";
import { DASHBOARD_PATH, LOGIN_URL, normalisePath } from "./paths.ts";
import { adminTitle, findRoute } from "./routes.ts";

const SignedIn = lazy(() => import("./SignedIn.tsx"));

export interface AdminAppProps {
  supabaseUrl: string;
  publishableKey: string;
}

type AuthState = { status: "checking" } | { status: "ready"; session: Session | null };

export default function AdminApp({ supabaseUrl, publishableKey }: AdminAppProps) {
  // What an emailed link brought (a session, or Auth's refusal), read before
  // supabase-js takes the session and clears the address.
  const [link] = useState<LinkState>(() => readLink(window.location.href));
  const client = useMemo(
    () => getClient({ supabaseUrl, publishableKey }),
    [supabaseUrl, publishableKey],
  );
  const backend = useMemo(
    () => ({ client, url: supabaseUrl.replace(/\/+$/, ""), publishableKey }),
    [client, supabaseUrl, publishableKey],
  );
  const [queryClient] = useState(createQueryClient);
  const [auth, setAuth] = useState<AuthState>({ status: "checking" });
  const path = normalisePath(window.location.pathname);
  // Open routes (the set-password screen) show without a session too.
  const route = findRoute(path);
  const open = route?.open === true;

  // The charity's name is content: read from its record, not built into the shells.
  const siteName = useStore($organisationName);
  useEffect(() => {
    document.title = adminTitle(path, siteName);
  }, [path, siteName]);

  useEffect(() => {
    let cancelled = false;
    client.auth.getSession().then(({ data: result }) => {
      if (!cancelled) setAuth({ status: "ready", session: result.session });
    });
    const { data: subscription } = client.auth.onAuthStateChange((event, session) => {
      if (event === "INITIAL_SESSION") return;
      setAuth({ status: "ready", session });
    });
    return () => {
      cancelled = true;
      subscription.subscription.unsubscribe();
    };
  }, [client]);

  const session = auth.status === "ready" ? auth.session : null;
  // A session this page had, gone without the person signing out here: it ended
  // elsewhere (supabase-js drops it once Auth refuses to renew it).
  const hadSession = useRef(false);
  if (session) hadSession.current = true;

  useEffect(() => {
    if (auth.status !== "ready" || isLeaving()) return;
    if (!session && !open) {
      // Unsaved forms are kept as drafts in this tab, and offered again after sign-in.
      const ended = hadSession.current ? "&ended=1" : "";
      go(`${LOGIN_URL}?next=${encodeURIComponent(path)}${ended}`);
    }
  }, [auth.status, session, open, path]);

  let body: React.ReactNode;
  if (auth.status === "checking" || (!session && !open)) {
    body = (
      <p role="status" className="flex min-h-dvh items-center justify-center text-ink-muted">
        Loading...
      </p>
    );
  } else if (route?.screen.kind === "set-password") {
    const screen = (
      <SetPasswordScreen
        client={client}
        link={link}
        email={session?.user.email ?? null}
        // Signed in by the link: on to the dashboard (which tells a non-admin so).
        onSaved={() => go(DASHBOARD_PATH)}
      />
    );
    // An account with an authenticator app gives its code before a new password (Auth
    // refuses the change without it).
    body = session ? (
      <CodeGate client={client} session={session.access_token}>
        {screen}
      </CodeGate>
    ) : (
      screen
    );
  } else if (!session) {
    // An open route without a session (the set-password screen is handled above).
    body = null;
  } else if (!roleOf(session)) {
    body = <NotAdmin client={client} email={session.user.email ?? ""} />;
  } else {
    body = (
      <CodeGate client={client} session={session.access_token}>
        <Suspense fallback={<Loading text="Loading..." />}>
          <SignedIn
            client={client}
            path={path}
            email={session.user.email ?? ""}
            role={roleOf(session) ?? "editor"}
          />
        </Suspense>
      </CodeGate>
    );
  }

  return (
    <QueryClientProvider client={queryClient}>
      <BackendContext.Provider value={backend}>
        <ConfirmProvider>
          <FollowOrganisationName />
          {body}
          <Toaster
            richColors
            closeButton
            position={TOAST_POSITION}
            style={TOAST_COLORS}
            toastOptions={{ duration: 6000 }}
          />
        </ConfirmProvider>
      </BackendContext.Provider>
    </QueryClientProvider>
  );
}

function NotAdmin({ client, email }: { client: AdminClient; email: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-surface-muted px-4">
      <div className="max-w-md rounded-2xl bg-white p-8 text-center shadow-xl">
        <h1 className="font-display text-2xl font-bold text-ink">Not an administrator</h1>
        <p role="alert" className="mt-3 text-ink-muted">
          You are signed in as {email}, but this account is not an administrator, so it cannot
          manage the website. Sign out and sign in with an administrator's account.
        </p>
        <button
          type="button"
          className={`${button.primary} mt-6`}
          onClick={() => void signOutAndLeave(client)}
        >
          Sign out
        </button>
      </div>
    </main>
  );
}
