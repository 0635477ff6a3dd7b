// Whose password is being set: the account's email on a line of its own, so a long
// address wraps whole rather than at its hyphens.
import { UserRound } from "lucide-react";
import { passwords as words } from "./words.ts";

export function AccountLine({ email }: { email: string }) {
  return (
    <p className="flex items-center gap-2 rounded-lg bg-surface-muted px-3 py-2 text-sm text-ink">
      <UserRound aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
      <span className="sr-only">{words.accountLabel}</span>
      <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{email}</span>
    </p>
  );
}
