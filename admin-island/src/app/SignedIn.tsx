// The signed-in admin: the shell, publishing, the session's access, and the screen a
// path shows. Loaded only once someone is signed in, and each feature's screen only
// when it opens, so the sign-in page carries none of them.
import { type ComponentType, lazy, Suspense, useEffect, useMemo } from "react";
import { $access, checkAccess } from "../api/access.ts";
import type { AdminClient } from "../api/client.ts";
import { PublishStatus } from "../publishing/PublishStatus.tsx";
import { createPublisher, supabasePublishApi } from "../publishing/publish.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import { Loading } from "../ui/ListStates.tsx";
import { AccessNotice } from "./AccessNotice.tsx";
import { Dashboard } from "./Dashboard.tsx";
import { leaveEnded, signOutAndLeave } from "./navigation.ts";
import { DASHBOARD_PATH, findRoute, type Screen } from "./routes.ts";
import { Shell } from "./Shell.tsx";

/** A feature's screen, fetched the first time it is drawn (its module's named export). */
function screen<Name extends string, Props>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const AccountScreen = screen(() => import("../account/AccountScreen.tsx"), "AccountScreen");
const HomeManagement = screen(() => import("../content/HomeManagement.tsx"), "HomeManagement");
const PagesScreen = screen(() => import("../content/PagesScreen.tsx"), "PagesScreen");
const ResourceManager = screen(() => import("../content/ResourceManager.tsx"), "ResourceManager");
const SingletonForm = screen(() => import("../content/SingletonForm.tsx"), "SingletonForm");
const GalleryManager = screen(() => import("../galleries/GalleryManager.tsx"), "GalleryManager");
const MessagesScreen = screen(() => import("../messages/MessagesScreen.tsx"), "MessagesScreen");
const PaymentsScreen = screen(() => import("../payments/PaymentsScreen.tsx"), "PaymentsScreen");
const TeamScreen = screen(() => import("../team/TeamScreen.tsx"), "TeamScreen");
const TrashScreen = screen(() => import("../trash/TrashScreen.tsx"), "TrashScreen");

export default function SignedIn({
  client,
  path,
  email,
}: {
  client: AdminClient;
  path: string;
  email: string;
}) {
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
        <Suspense fallback={<Loading text="Loading..." />}>
          <ScreenView
            screen={route.screen}
            client={client}
            email={email}
            onLeft={() => void signOutAndLeave(client)}
          />
        </Suspense>
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
