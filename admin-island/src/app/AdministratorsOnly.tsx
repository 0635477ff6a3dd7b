// What an editor sees on a link to a page only administrators use (the payment
// details, the logo, the team): why, and the way back. The database would refuse their
// changes anyway; this says so before anything is typed.
import { ShieldAlert } from "lucide-react";
import { accessWords as words } from "../api/words.ts";
import { button } from "../ui/styles.ts";
import { DASHBOARD_PATH } from "./paths.ts";

export function AdministratorsOnly({ title }: { title: string }) {
  return (
    <section
      aria-labelledby="administrators-only"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 rounded-xl bg-white p-8 text-center shadow-sm"
    >
      <ShieldAlert aria-hidden="true" className="size-10 text-brand-700" />
      <h2 id="administrators-only" className="font-display text-2xl font-bold text-ink">
        {words.administratorsOnlyTitle}
      </h2>
      <p className="text-ink-muted">{words.administratorsOnly(title)}</p>
      <a href={DASHBOARD_PATH} className={button.primary}>
        {words.backToDashboard}
      </a>
    </section>
  );
}
