// The signed-in admin: the shell, publishing, the session's access (its role: an
// editor sees neither the tiles nor the screens only administrators use), and the
// screen a path shows: its registry entry's view. Loaded only once someone is signed in, and
// each feature's screen only when it opens, so the sign-in page carries none of them.
import { useStore } from "@nanostores/react";
import { Suspense, useEffect, useMemo, useState } from "react";
import type { TeamRole } from "../../../functions/_shared/team-replies.ts";
import { $access, canAct, checkAccess } from "../api/access.ts";
import type { AdminClient } from "../api/client.ts";
import { PublishStatus } from "../publishing/PublishStatus.tsx";
import { createPublisher, supabasePublishApi } from "../publishing/publish.ts";
import { useConfirm } from "../ui/Confirm.tsx";
import { Loading } from "../ui/ListStates.tsx";
import { AccessNotice } from "./AccessNotice.tsx";
import { AdministratorsOnly } from "./AdministratorsOnly.tsx";
import { Dashboard } from "./Dashboard.tsx";
import { leaveEnded, signOutAndLeave } from "./navigation.ts";
import { DASHBOARD_PATH } from "./paths.ts";
import { findRoute } from "./routes.ts";
import { Shell } from "./Shell.tsx";

export default function SignedIn({
  client,
  path,
  email,
  role,
}: {
  client: AdminClient;
  path: string;
  email: string;
  /** The role the session names; the database's answer (checkAccess) follows. */
  role: TeamRole;
}) {
  const confirm = useConfirm();
  useState(() => $access.set(role));
  const access = useStore($access);
  /** An editor is shown what editors do; the role after a change is the database's. */
  const administrator = access === "admin";
  const publisher = useMemo(
    () => createPublisher(supabasePublishApi(client, window.location.origin)),
    [client],
  );
  useEffect(() => {
    void publisher.start();
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
      if (!canAct(access)) publisher.stop();
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
        <Dashboard email={email} publisher={publisher} administrator={administrator} />
        {notice}
      </Shell>
    );
  }
  const route = findRoute(path);
  const View = route?.screen.view;
  return (
    <Shell
      title={route?.title ?? "Page not found"}
      status={status}
      account={route?.screen.kind !== "account"}
      onLogout={() => void logout()}
    >
      {route?.administrators && !administrator ? (
        <AdministratorsOnly title={route.title} />
      ) : View ? (
        <Suspense fallback={<Loading text="Loading..." />}>
          <View client={client} email={email} onLeft={() => void signOutAndLeave(client)} />
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
