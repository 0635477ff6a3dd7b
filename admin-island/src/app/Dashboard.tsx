import { ChevronRight } from "lucide-react";
import { PublishHistory } from "../components/PublishHistory.tsx";
import type { Publisher } from "../data/publish.ts";
import { adminRoutes } from "./routes.ts";

export function Dashboard({ email, publisher }: { email: string; publisher: Publisher }) {
  return (
    <div className="flex flex-col gap-8">
      <div className="rounded-xl bg-white p-6 shadow-sm">
        <h2 className="text-xl font-semibold text-ink">Welcome to the Admin Dashboard</h2>
        <p className="mt-1 text-ink-muted">
          Signed in as <span className="font-medium text-ink">{email}</span>. Manage the content of
          your website from here: every change you save is published to the site.
        </p>
      </div>
      <section aria-labelledby="options-heading">
        <h2 id="options-heading" className="mb-4 font-display text-2xl font-bold text-ink">
          Management Options
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {adminRoutes.map((route) => (
            <li key={route.path}>
              <a
                href={route.path}
                className="group flex h-full items-center gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-surface-sunken hover:ring-brand-600"
              >
                <span className="min-w-0 flex-1">
                  <span className="block text-lg font-semibold text-ink">{route.title}</span>
                  <span className="block text-sm text-ink-muted">{route.description}</span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-5 shrink-0 text-brand-700 group-hover:translate-x-0.5"
                />
              </a>
            </li>
          ))}
        </ul>
      </section>
      <PublishHistory publisher={publisher} />
    </div>
  );
}
