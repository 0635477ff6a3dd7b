// Over every screen once this session may no longer act (api/access.ts): the session
// ended (signed out elsewhere, or the password was changed on another device), or the
// account is no longer on the team. It cannot be dismissed: nothing on the screen
// could be saved any more. Unsaved forms stay as drafts, offered again after sign-in.

import { useStore } from "@nanostores/react";
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { $access, canAct } from "../api/access.ts";
import { accessWords as words } from "../api/words.ts";
import { button } from "../ui/styles.ts";

export function AccessNotice({ onLeave }: { onLeave: (ended: boolean) => void }) {
  const access = useStore($access);
  const ended = access === "ended";
  return (
    <AlertDialog.Root open={!canAct(access)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          className="fixed left-1/2 top-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-ink">
            {ended ? words.endedTitle : words.removedTitle}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-ink-muted">
            {ended ? words.ended : words.removed}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end">
            <AlertDialog.Action className={button.primary} onClick={() => onLeave(ended)}>
              {ended ? words.signInAgain : words.signOut}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
