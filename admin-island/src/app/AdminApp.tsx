// The admin app, mounted client-only by every /admin/* shell. It decides, from the
// session, what this path may show: the sign-in form, a 'not an admin' notice, or
// the screen. The database's RLS decides what any request may actually do.
import { useStore } from "@nanostores/react";
import type { Session } from "@supabase/supabase-js";
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Toaster } from "sonner";
import { AccountScreen } from "../account/AccountScreen.tsx";
import { isAdmin, type LinkState, readLink, signOut } from "../account/auth.ts";
import { LoginScreen } from "../account/LoginScreen.tsx";
import { SetPasswordScreen } from "../account/SetPasswordScreen.tsx";
import { $access, checkAccess, guardAccess } from "../api/access.ts";
import { BackendContext } from "../api/backend.ts";
import { type AdminClient, getClient } from "../api/client.ts";
import { createQueryClient } from "../api/query-client.ts";
import { supabaseDataLayer, supabaseTeamApi } from "../api/supabase-data.ts";
import { DataContext } from "../api/useData.ts";
import { HomeManagement } from "../content/HomeManagement.tsx";
import { PagesScreen } from "../content/PagesScreen.tsx";
import { ResourceManager } from "../content/ResourceManager.tsx";
import { SingletonForm } from "../content/SingletonForm.tsx";
import { GalleryManager } from "../galleries/GalleryManager.tsx";
import { MessagesScreen } from "../messages/MessagesScreen.tsx";
import { PaymentsScreen } from "../payments/PaymentsScreen.tsx";
import { PublishStatus } from "../publishing/PublishStatus.tsx";
import { createPublisher, supabasePublishApi } from "../publishing/publish.ts";
import { TeamScreen } from "../team/TeamScreen.tsx";
import { TeamContext } from "../team/useTeam.ts";
import { TrashScreen } from "../trash/TrashScreen.tsx";
import { ConfirmProvider, useConfirm } from "../ui/Confirm.tsx";
import { TOAST_COLORS, TOAST_POSITION } from "../ui/notify.ts";
import { button } from "../ui/styles.ts";
import { AccessNotice } from "./AccessNotice.tsx";
import { Dashboard } from "./Dashboard.tsx";
import { $organisationName, followOrganisationName } from "./organisation.ts";
import {
  adminTitle,
  DASHBOARD_PATH,
  findRoute,
  LOGIN_PATH,
  LOGIN_URL,
  normalisePath,
  type Screen,
} from "./routes.ts";
import { Shell } from "./Shell.tsx";

export interface AdminAppProps {
  supabaseUrl: string;
  publishableKey: string;
}

type AuthState = { status: "checking" } | { status: "ready"; session: Session | null };

// Set once this page is navigating away, so the guard does not send the user elsewhere
// while, for example, signing out is already taking them to /admin/.
let leaving = false;

function go(path: string) {
  leaving = true;
  window.location.assign(path);
}

/** Signs out, then goes to the sign-in page (the guard stays out of the way). */
async function signOutAndLeave(client: AdminClient) {
  leaving = true;
  await signOut(client);
  go(LOGIN_URL);
}

/**
 * Leaves a session that may no longer act: signs it out here, then to the sign-in page
 * (back to this page after, when the session only ended).
 */
async function leaveEnded(client: AdminClient, path: string, ended: boolean) {
  leaving = true;
  await signOut(client);
  go(ended ? `${LOGIN_URL}?next=${encodeURIComponent(path)}&ended=1` : LOGIN_URL);
}

/** Where to go after signing in: the page the user was sent away from, if it is ours. */
function nextPath(): string {
  const next = new URLSearchParams(window.location.search).get("next");
  return next && findRoute(next) ? next : DASHBOARD_PATH;
}

export default function AdminApp({ supabaseUrl, publishableKey }: AdminAppProps) {
  // What an emailed link brought (a session, or Auth's refusal), read before
  // supabase-js takes the session and clears the address.
  const [link] = useState<LinkState>(() => readLink(window.location.href));
  const client = useMemo(
    () => getClient({ supabaseUrl, publishableKey }),
    [supabaseUrl, publishableKey],
  );
  // Every request is held to this session's access (api/access.ts).
  const data = useMemo(
    () => guardAccess(supabaseDataLayer(client, supabaseUrl, publishableKey), client),
    [client, supabaseUrl, publishableKey],
  );
  const backend = useMemo(
    () => ({ client, url: supabaseUrl.replace(/\/+$/, ""), publishableKey }),
    [client, supabaseUrl, publishableKey],
  );
  const [queryClient] = useState(createQueryClient);
  const team = useMemo(
    () => guardAccess(supabaseTeamApi(client, window.location.origin), client),
    [client],
  );
  const [auth, setAuth] = useState<AuthState>({ status: "checking" });
  const path = normalisePath(window.location.pathname);
  // Open routes (the set-password screen) show without a session too.
  const route = findRoute(path);
  const open = route?.open === true;

  // The charity's name is content: read from its record, not built into the shells.
  const siteName = useStore($organisationName);
  useEffect(() => followOrganisationName(data), [data]);
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
  const onLogin = path === LOGIN_PATH;
  // A session this page had, gone without the person signing out here: it ended
  // elsewhere (supabase-js drops it once Auth refuses to renew it).
  const hadSession = useRef(false);
  if (session) hadSession.current = true;

  useEffect(() => {
    if (auth.status !== "ready" || leaving) return;
    if (!session && !onLogin && !open) {
      // Unsaved forms are kept as drafts in this tab, and offered again after sign-in.
      const ended = hadSession.current ? "&ended=1" : "";
      go(`${LOGIN_URL}?next=${encodeURIComponent(path)}${ended}`);
    } else if (session && isAdmin(session) && onLogin) {
      go(nextPath());
    }
  }, [auth.status, session, onLogin, open, path]);

  let body: React.ReactNode;
  if (
    auth.status === "checking" ||
    (!session && !onLogin && !open) ||
    (session && isAdmin(session) && onLogin)
  ) {
    body = (
      <p role="status" className="flex min-h-dvh items-center justify-center text-ink-muted">
        Loading...
      </p>
    );
  } else if (route?.screen.kind === "set-password") {
    body = (
      <SetPasswordScreen
        client={client}
        link={link}
        email={session?.user.email ?? null}
        // Signed in by the link: on to the dashboard (which tells a non-admin so).
        onSaved={() => go(DASHBOARD_PATH)}
      />
    );
  } else if (!session) {
    body = <LoginScreen client={client} onSignedIn={() => undefined} />;
  } else if (!isAdmin(session)) {
    body = <NotAdmin client={client} email={session.user.email ?? ""} />;
  } else {
    body = <SignedIn client={client} path={path} email={session.user.email ?? ""} />;
  }

  return (
    <QueryClientProvider client={queryClient}>
      <BackendContext.Provider value={backend}>
        <DataContext.Provider value={data}>
          <TeamContext.Provider value={team}>
            <ConfirmProvider>
              {body}
              <Toaster
                richColors
                closeButton
                position={TOAST_POSITION}
                style={TOAST_COLORS}
                toastOptions={{ duration: 6000 }}
              />
            </ConfirmProvider>
          </TeamContext.Provider>
        </DataContext.Provider>
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

function SignedIn({ client, path, email }: { client: AdminClient; path: string; email: string }) {
  const confirm = useConfirm();
  const publisher = useMemo(
    () => createPublisher(supabasePublishApi(client, window.location.origin)),
    [client],
  );
  useEffect(() => {
    void publisher.refresh();
    return () => publisher.stop();
  }, [publisher]);
  // The session is asked about when the page opens and whenever it comes back into
  // view, so a device signed out elsewhere learns it before anything is typed; once it
  // may no longer act, publishing stops following (its reads would be refused).
  useEffect(() => {
    void checkAccess(client);
    const onVisible = () => {
      if (document.visibilityState === "visible") void checkAccess(client);
    };
    document.addEventListener("visibilitychange", onVisible);
    const unsubscribe = $access.subscribe((access) => {
      if (access !== "admin") publisher.stop();
    });
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      unsubscribe();
    };
  }, [client, publisher]);
  const status = <PublishStatus publisher={publisher} />;
  const notice = <AccessNotice onLeave={(ended) => void leaveEnded(client, path, ended)} />;
  const logout = async () => {
    if (
      !(await confirm("Are you sure you want to logout?", {
        confirmLabel: "Logout",
        danger: false,
      }))
    )
      return;
    await signOutAndLeave(client);
  };

  if (path === DASHBOARD_PATH) {
    return (
      <Shell title="Admin Dashboard" back={false} status={status} onLogout={() => void logout()}>
        <Dashboard email={email} publisher={publisher} />
        {notice}
      </Shell>
    );
  }
  const route = findRoute(path);
  return (
    <Shell
      title={route?.title ?? "Page not found"}
      status={status}
      account={route?.screen.kind !== "account"}
      onLogout={() => void logout()}
    >
      {route ? (
        <ScreenView
          screen={route.screen}
          client={client}
          email={email}
          onLeft={() => void signOutAndLeave(client)}
        />
      ) : (
        <p className="rounded-xl bg-white p-10 text-center text-ink shadow-sm">
          There is no admin page at {path}.
        </p>
      )}
      {notice}
    </Shell>
  );
}

interface ScreenViewProps {
  screen: Screen;
  client: AdminClient;
  email: string;
  /** The admin removed themselves from the team. */
  onLeft: () => void;
}

function ScreenView({ screen, client, email, onLeft }: ScreenViewProps) {
  switch (screen.kind) {
    case "cards":
      return screen.payments ? (
        <PaymentsScreen definition={screen.resource} />
      ) : (
        <ResourceManager definition={screen.resource} />
      );
    case "single":
      return <SingletonForm definition={screen.resource} />;
    case "gallery":
      return <GalleryManager gallery={screen.gallery} />;
    case "home":
      return <HomeManagement />;
    case "pages":
      return <PagesScreen />;
    case "messages":
      return <MessagesScreen />;
    case "trash":
      return <TrashScreen />;
    case "team":
      return <TeamScreen onLeft={onLeft} />;
    case "account":
      return <AccountScreen client={client} email={email} />;
    case "set-password":
      // Shown outside the shell, before any of this (AdminApp).
      return null;
  }
}
