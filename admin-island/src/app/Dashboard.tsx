import { ChevronRight } from "lucide-react";
import { useEffect } from "react";
import { useSecondFactor } from "../account/SecondFactorNeeded.tsx";
import { useUnreadCountQuery } from "../messages/unread-count-query.ts";
import { notificationWords } from "../messages/words.ts";
import { ApprovalStuck } from "../payments/ApprovalStuck.tsx";
import { PendingChangesView } from "../payments/PendingChanges.tsx";
import { usePendingChanges } from "../payments/usePendingChanges.ts";
import { approvalWords } from "../payments/words.ts";
import { PublishHistory } from "../publishing/PublishHistory.tsx";
import type { Publisher } from "../publishing/publish.ts";
import { Badge, type BadgeTone } from "../ui/Badge.tsx";
import { type AdminRoute, dashboardRoutes } from "./routes.ts";

/** How many messages are not handled yet; null until known (or when it cannot be). */
function useUnreadMessages(): number | null {
  const { data, error } = useUnreadCountQuery();
  useEffect(() => {
    if (error) console.error("The unread messages could not be counted.", error);
  }, [error]);
  return data ?? null;
}

/**
 * `administrator`: false for an editor, who sees no tile of what only administrators
 * change, and neither the payment changes waiting for approval nor approval's warning.
 */
export function Dashboard({
  email,
  publisher,
  administrator,
}: {
  email: string;
  publisher: Publisher;
  administrator: boolean;
}) {
  const unread = useUnreadMessages();
  const verified = useSecondFactor();
  const pending = usePendingChanges({ enabled: administrator });
  const waiting = pending.query.data?.length ?? 0;
  /** What a tile says beside its description: unread messages, changes waiting. */
  const badge = (route: AdminRoute): { text: string; tone: BadgeTone } | null => {
    if (route.screen.kind === "messages" && unread) {
      return { text: notificationWords.unread(unread), tone: "blue" };
    }
    if (route.screen.kind === "cards" && route.screen.payments && waiting > 0) {
      return { text: approvalWords.waiting(waiting), tone: "yellow" };
    }
    return null;
  };
  return (
    <div className="flex flex-col gap-8">
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <h2 className="text-xl font-semibold text-ink">Welcome to the Admin Dashboard</h2>
        <p className="mt-1 text-ink-muted">
          Signed in as <span className="font-medium text-ink">{email}</span>. Manage the content of
          your website from here: every change you save is published to the site.
        </p>
      </div>
      {administrator ? (
        <>
          <ApprovalStuck />
          <PendingChangesView pending={pending} hideWhenEmpty readOnly={!verified} />
        </>
      ) : null}
      <section aria-labelledby="options-heading">
        <h2 id="options-heading" className="mb-4 font-display text-2xl font-bold text-ink">
          Management Options
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {dashboardRoutes
            .filter((route) => administrator || !route.administrators)
            .map((route) => {
              const note = badge(route);
              return (
                <li key={route.path}>
                  <a
                    href={route.path}
                    className="group flex h-full items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-surface-sunken hover:ring-brand-600"
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block text-lg font-semibold text-ink">{route.title}</span>
                      <span className="block text-sm text-ink-muted">{route.description}</span>
                      {note ? (
                        <Badge tone={note.tone} className="mt-2 inline-block">
                          {note.text}
                        </Badge>
                      ) : null}
                    </span>
                    <ChevronRight
                      aria-hidden="true"
                      className="size-5 shrink-0 text-brand-700 group-hover:translate-x-0.5"
                    />
                  </a>
                </li>
              );
            })}
        </ul>
      </section>
      <PublishHistory publisher={publisher} />
    </div>
  );
}
