// Inviting an administrator by email: the address is checked here, then sent to the
// team function; a refusal (already on the team, wait a minute) stays in the dialog.
import { Send } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { teamWords as words } from "../../../data/messages.ts";
import { EmailField } from "../../fields/EmailField.tsx";
import { emailProblem } from "../../fields/email.ts";
import { FormFailureAlert } from "../../ui/FormFailure.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { button } from "../../ui/ui.ts";

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
  const id = useId();
  const emailId = `${id}-email`;
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const address = email.trim();
    const problem = emailProblem(address, words);
    setError(problem);
    setFailure(null);
    if (problem) {
      emailRef.current?.focus();
      return;
    }
    setBusy(true);
    const refusal = await onInvite(address);
    setBusy(false);
    if (refusal === null) onClose();
    else setFailure(refusal);
  }

  return (
    <form
      noValidate
      aria-label={words.inviteTitle}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-5 pb-5"
    >
      <p className="text-ink-muted">{words.inviteIntro}</p>
      {failure ? <FormFailureAlert failure={{ message: failure }} /> : null}
      <EmailField
        id={emailId}
        label={words.emailLabel}
        value={email}
        onChange={setEmail}
        error={error}
        autoComplete="off"
        inputRef={emailRef}
        autoFocus
      />
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
