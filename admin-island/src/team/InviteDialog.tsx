// Inviting an administrator by email: the address is checked here, then sent to the
// team function; a refusal (already on the team, wait a minute) stays in the dialog.
import { Send } from "lucide-react";
import { useId } from "react";
import { EmailField, useEmailForm } from "../fields/EmailField.tsx";
import { FormFailureAlert } from "../ui/FormFailure.tsx";
import { Modal } from "../ui/Modal.tsx";
import { button } from "../ui/styles.ts";
import { teamWords as words } from "./words.ts";

interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sends the invitation: null when it went, else the words of the refusal. */
  onInvite: (email: string) => Promise<string | null>;
}

export function InviteDialog({ open, onClose, onInvite }: InviteDialogProps) {
  return (
    <Modal open={open} title={words.inviteTitle} size="compact" onRequestClose={onClose}>
      {open ? <InviteForm onClose={onClose} onInvite={onInvite} /> : null}
    </Modal>
  );
}

function InviteForm({ onClose, onInvite }: Omit<InviteDialogProps, "open">) {
  const emailId = `${useId()}-email`;
  const { field, outcome, busy, submit } = useEmailForm({
    words,
    send: async (address) => {
      const refusal = await onInvite(address);
      if (refusal === null) {
        onClose();
        return null;
      }
      return { ok: false, message: refusal };
    },
  });

  return (
    <form
      noValidate
      aria-label={words.inviteTitle}
      onSubmit={submit}
      className="flex flex-col gap-5 pb-5"
    >
      <p className="text-ink-muted">{words.inviteIntro}</p>
      {outcome ? <FormFailureAlert failure={outcome} /> : null}
      <EmailField id={emailId} label={words.emailLabel} autoComplete="off" autoFocus {...field} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={button.secondary} onClick={onClose}>
          {words.cancel}
        </button>
        <button type="submit" className={button.primary} disabled={busy}>
          <Send aria-hidden="true" className="size-4" />
          {busy ? words.sending : words.send}
        </button>
      </div>
    </form>
  );
}
