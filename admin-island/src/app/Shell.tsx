// The frame of every signed-in screen: brand, title, Back to Dashboard, Account, Logout.
// On phones the three are icons with their names kept for screen readers (and as
// tooltips), so the header stays two short rows.

import { useStore } from "@nanostores/react";
import { ArrowLeft, LogOut, UserRound } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { button } from "../ui/styles.ts";
import { $organisationName } from "./organisation.ts";
import { ACCOUNT_PATH, DASHBOARD_PATH } from "./paths.ts";

interface ShellProps {
  title: string;
  onLogout: () => void;
  /** False on the dashboard itself. */
  back?: boolean;
  /** The publish status, shown under the title. */
  status?: ReactNode;
  /** False on the account page itself. */
  account?: boolean;
  children: ReactNode;
}

/** A header button's look: the words beside the icon from the small breakpoint on. */
const headerButton = `${button.secondary} max-sm:size-11 max-sm:px-0`;

function Label({ children }: { children: string }) {
  return <span className="max-sm:sr-only">{children}</span>;
}

export function Shell({
  title,
  onLogout,
  back = true,
  status,
  account = true,
  children,
}: ShellProps) {
  const name = useStore($organisationName);
  return (
    <div className="min-h-dvh bg-surface-muted">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 max-sm:gap-y-2 max-sm:py-3 sm:px-6">
          <div className="min-w-0 max-sm:flex-1">
            <p className="truncate text-xs font-medium text-brand-200 sm:text-sm">
              {name ? `${name} · Management` : "Management"}
            </p>
            <h1 className="font-display text-xl font-bold sm:text-2xl">{title}</h1>
          </div>
          {/* Grows into the room the title and buttons leave, its text wrapping inside, so
              a longer status never pushes the buttons onto a row of their own. */}
          {status ? <StatusPlace>{status}</StatusPlace> : null}
          <div className="flex flex-wrap gap-2">
            {back ? (
              <a href={DASHBOARD_PATH} className={headerButton} title="Back to Dashboard">
                <ArrowLeft aria-hidden="true" className="size-4" />
                <Label>Back to Dashboard</Label>
              </a>
            ) : null}
            {account ? (
              <a href={ACCOUNT_PATH} className={headerButton} title="Account">
                <UserRound aria-hidden="true" className="size-4" />
                <Label>Account</Label>
              </a>
            ) : null}
            <button type="button" className={headerButton} onClick={onLogout} title="Logout">
              <LogOut aria-hidden="true" className="size-4" />
              <Label>Logout</Label>
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}

/**
 * The publish status's place in the header. Once the header scrolls out of view (a long
 * form, any page on a phone) the status stays in sight at the top of the window, the
 * same element moved (one live region, never two), while its place keeps its height so
 * nothing below jumps.
 */
function StatusPlace({ children }: { children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [docked, setDocked] = useState<number | null>(null);
  useEffect(() => {
    const element = place.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      if (!entry) return;
      // Out of view above the window: dock, keeping the place's height.
      const above = !entry.isIntersecting && entry.boundingClientRect.bottom <= 0;
      setDocked(above ? entry.boundingClientRect.height : null);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={place}
      style={docked === null ? undefined : { minHeight: docked }}
      className="max-sm:order-last max-sm:w-full sm:flex sm:min-w-0 sm:flex-1 sm:basis-0 sm:justify-end"
    >
      <div
        data-docked={docked === null ? undefined : ""}
        className={
          docked === null
            ? "sm:flex sm:min-w-0 sm:justify-end"
            : "fixed inset-x-0 top-0 z-40 flex justify-center bg-brand-900/95 px-3 py-1.5 shadow-lg"
        }
      >
        {children}
      </div>
    </div>
  );
}
