// The island of the /admin/ page. The page is rendered ahead with the sign-in form, so
// the form paints before any script runs; this island then takes it over with Auth's
// own client alone (no database, screens or registry), which keeps the sign-in page
// small. Hosts also answer other admin paths with this page (the rewrite of /admin/*
// to /admin/; Cloudflare Pages applies it even where a path has a page of its own):
// there the whole app is loaded instead, and the page's inline script has already
// hidden the form so that it never shows.
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { signOut } from "../account/auth.ts";
import { signInClient } from "../account/auth-client.ts";
import { LoginScreen } from "../account/LoginScreen.tsx";
import { codeNeeded } from "../account/second-factor.ts";
import { useHydrated } from "../ui/useHydrated.ts";
import type { AdminAppProps } from "./AdminApp.tsx";
import { go } from "./navigation.ts";
import { isLoginPath, pathAfterSignIn } from "./paths.ts";

const AdminApp = lazy(() => import("./AdminApp.tsx"));

/** On to the page the person was sent away from, or the dashboard. */
function onwards() {
  go(pathAfterSignIn(window.location.search));
}

export default function AdminEntry(props: AdminAppProps) {
  // Rendered ahead as the sign-in page; in the browser, what the address asks for.
  const elsewhere = useHydrated() && !isLoginPath(window.location.pathname);
  if (elsewhere) {
    return (
      <Suspense fallback={null}>
        <AdminApp {...props} />
      </Suspense>
    );
  }
  return <SignInPage {...props} />;
}

function SignInPage({ supabaseUrl, publishableKey }: AdminAppProps) {
  const client = useMemo(
    () => signInClient({ supabaseUrl, publishableKey }),
    [supabaseUrl, publishableKey],
  );
  // The account has an authenticator app and this session has not given its code yet.
  const [codeStep, setCodeStep] = useState(false);
  // Someone already signed in (earlier, or in another tab) goes on to where they were
  // going, and so does a session made here: by the form, or by the code of a reset
  // email (ResetCodeForm, which sets `next` to the set-password screen). The app there
  // tells an account that is not on the team so. A session still owing its code (the
  // app sends one here too) stays for the code step.
  useEffect(() => {
    // Any event with a session: the first (INITIAL_SESSION), signing in (SIGNED_IN), a
    // reset email's code (PASSWORD_RECOVERY) or a verified code (MFA_CHALLENGE_VERIFIED).
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      if (!session) {
        setCodeStep(false);
        return;
      }
      // Not in the listener itself: auth-js waits for it before answering other calls.
      setTimeout(async () => {
        if (!isLoginPath(window.location.pathname)) return;
        if (await codeNeeded(client)) setCodeStep(true);
        else onwards();
      }, 0);
    });
    return () => data.subscription.unsubscribe();
  }, [client]);

  return (
    <LoginScreen client={client} codeStep={codeStep} onOtherAccount={() => void signOut(client)} />
  );
}
