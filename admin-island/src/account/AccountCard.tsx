// The card the account's own pages stand in, outside the admin's shell: the set-password
// screen an emailed link opens, and a session's code step (CodeGate). Its icon, its
// title, and 'Back to sign in' under it unless the person is signed in already.
import { KeyRound, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { LOGIN_URL } from "../app/paths.ts";
import { passwords as words } from "./words.ts";

export function AccountCard({
  title,
  children,
  icon: Icon = KeyRound,
  back = true,
}: {
  title: string;
  children: ReactNode;
  icon?: LucideIcon;
  /** 'Back to sign in' under the card (not once a link or a password signed them in). */
  back?: boolean;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl sm:p-8">
        <div className="mb-6 text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-100">
            <Icon aria-hidden="true" className="size-7 text-brand-800" />
          </span>
          <h1 className="mt-4 font-display text-2xl font-bold text-ink">{title}</h1>
        </div>
        {children}
        {back ? (
          <p className="mt-6 text-center text-sm">
            <a href={LOGIN_URL} className="font-medium text-brand-800 underline">
              {words.backToSignIn}
            </a>
          </p>
        ) : null}
      </div>
    </main>
  );
}
