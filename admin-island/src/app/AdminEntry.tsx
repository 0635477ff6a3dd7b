// The island of the /admin/ page. The page is rendered ahead with the sign-in form, so
// the form paints before any script runs; this island then takes it over with Auth's
// own client alone (no database, screens or registry), which keeps the sign-in page
// small. Hosts also answer other admin paths with this page (the rewrite of /admin/*
// to /admin/; Cloudflare Pages applies it even where a path has a page of its own):
// there the whole app is loaded instead, and the page's inline script has already
// hidden the form so that it never shows.
import { lazy, Suspense, useEffect, useMemo } from "react";
import { signInClient } from "../account/auth-client.ts";
import { LoginScreen } from "../account/LoginScreen.tsx";
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
  // Someone already signed in (earlier, or in another tab) goes on to where they were
  // going, and so does a session made here: by the form, or by the code of a reset
  // email (ResetCodeForm, which sets `next` to the set-password screen). The app there
  // tells an account that is not an administrator so.
  useEffect(() => {
    // Any event with a session: the first (INITIAL_SESSION), signing in (SIGNED_IN), or
    // a reset email's code (PASSWORD_RECOVERY).
    const { data } = client.auth.onAuthStateChange((_event, session) => {
      if (session && isLoginPath(window.location.pathname)) onwards();
    });
    return () => data.subscription.unsubscribe();
  }, [client]);

  return <LoginScreen client={client} />;
}
