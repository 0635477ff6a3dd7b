// The frame of every signed-in screen: brand, title, Back to Dashboard, Logout.
import { ArrowLeft, LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { site } from "../../../src/lib/site.ts";
import { button } from "../components/ui.ts";
import { DASHBOARD_PATH } from "./routes.ts";

interface ShellProps {
  title: string;
  onLogout: () => void;
  /** False on the dashboard itself. */
  back?: boolean;
  /** The publish status, shown under the title. */
  status?: ReactNode;
  children: ReactNode;
}

export function Shell({ title, onLogout, back = true, status, children }: ShellProps) {
  return (
    <div className="min-h-dvh bg-surface-muted">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
          <div>
            <p className="text-sm font-medium text-brand-200">{site.name} · Management</p>
            <h1 className="font-display text-2xl font-bold">{title}</h1>
          </div>
          {status}
          <div className="flex flex-wrap gap-2">
            {back ? (
              <a href={DASHBOARD_PATH} className={button.secondary}>
                <ArrowLeft aria-hidden="true" className="size-4" />
                Back to Dashboard
              </a>
            ) : null}
            <button type="button" className={button.secondary} onClick={onLogout}>
              <LogOut aria-hidden="true" className="size-4" />
              Logout
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
