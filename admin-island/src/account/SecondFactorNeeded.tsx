// Over a screen whose changes move money (the Donate screen, the team, where alerts go):
// an administrator whose session has not verified a second factor sees everything but
// changes nothing, and reads why, with the way to set one up. The database refuses
// such a session's changes anyway (private.has_aal2()); this says so before anyone types.
import { useStore } from "@nanostores/react";
import { ShieldAlert } from "lucide-react";
import { ACCOUNT_PATH } from "../app/paths.ts";
import { button } from "../ui/styles.ts";
import { $assurance } from "./second-factor.ts";
import { secondFactor as words } from "./words.ts";

/** Whether this session may make the changes that move money (it verified a code). */
export function useSecondFactor(): boolean {
  return useStore($assurance).verified;
}

/** The notice: `what` names what cannot be changed ('The payment details'). */
export function SecondFactorNeeded({ what }: { what: string }) {
  const { enrolled } = useStore($assurance);
  return (
    <div
      role="note"
      aria-labelledby="second-factor-needed"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:flex-row sm:items-start"
    >
      <ShieldAlert aria-hidden="true" className="size-7 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <h2 id="second-factor-needed" className="text-lg font-semibold">
          {words.neededTitle}
        </h2>
        <p className="mt-1">{enrolled ? words.neededSignIn : words.needed(what)}</p>
      </div>
      {enrolled ? null : (
        <a href={ACCOUNT_PATH} className={`${button.primary} shrink-0`}>
          {words.neededSetUp}
        </a>
      )}
    </div>
  );
}
