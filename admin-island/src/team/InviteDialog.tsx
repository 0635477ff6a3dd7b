// Inviting someone to the team by email, as an editor (the default: the fewer rights,
// the better) or an administrator: the address is checked here, then sent to the team
// function; a refusal (already on the team, wait a minute) stays in the dialog.
import { Send } from "lucide-react";
import { useId, useState } from "react";
import { TEAM_ROLES, type TeamRole } from "../../../functions/_shared/team-replies.ts";
import { EmailField, useEmailForm } from "../fields/EmailField.tsx";
import { FormFailureAlert } from "../ui/FormFailure.tsx";
import { Modal } from "../ui/Modal.tsx";
import { button } from "../ui/styles.ts";
import { teamWords as words } from "./words.ts";

interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
  /** Sends the invitation: null when it went, else the words of the refusal. */
  onInvite: (email: string, role: TeamRole) => Promise<string | null>;
}

export function InviteDialog({ open, onClose, onInvite }: InviteDialogProps) {
  return (
    <Modal open={open} title={words.inviteTitle} size="compact" onRequestClose={onClose}>
      {open ? <InviteForm onClose={onClose} onInvite={onInvite} /> : null}
    </Modal>
  );
}

function InviteForm({ onClose, onInvite }: Omit<InviteDialogProps, "open">) {
  const id = useId();
  const emailId = `${id}-email`;
  const [role, setRole] = useState<TeamRole>("editor");
  const { field, outcome, busy, submit } = useEmailForm({
    words,
    send: async (address) => {
      const refusal = await onInvite(address, role);
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
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-ink">{words.roleLabel}</legend>
        {TEAM_ROLES.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-ink-soft/40 p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name={`${id}-role`}
              value={option}
              checked={role === option}
              onChange={() => setRole(option)}
              aria-describedby={`${id}-${option}-hint`}
              className="mt-1 size-4 accent-brand-700"
            />
            <span>
              <span className="block font-medium text-ink">{words.roles[option]}</span>
              <span id={`${id}-${option}-hint`} className="block text-sm text-ink-muted">
                {words.roleHints[option]}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
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
