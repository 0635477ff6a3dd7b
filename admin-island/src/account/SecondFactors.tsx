// Two-step sign-in on the Account screen: the account's authenticator apps, adding one
// (a name, then the QR code and the key as text, then a code from the app to prove it
// works) and removing one (asked first; the last one's removal says what it turns off).
// The list is server state: read and refreshed through TanStack Query.
import type { Factor } from "@supabase/auth-js";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, ShieldCheck, Smartphone, Trash2 } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import type { AdminClient } from "../api/client.ts";
import { describedBy, FieldShell } from "../fields/FieldShell.tsx";
import { useConfirm } from "../ui/Confirm.tsx";
import { FormFailureAlert } from "../ui/FormFailure.tsx";
import { LoadError, Loading } from "../ui/ListStates.tsx";
import { notifyError, notifySuccess } from "../ui/notify.ts";
import { button, input } from "../ui/styles.ts";
import { when } from "../ui/when.ts";
import { CodeField, useCodeEntry } from "./CodeField.tsx";
import {
  type Enrolment,
  enrol,
  factorName,
  unenrol,
  verifiedFactors,
  verifyCode,
} from "./second-factor.ts";
import { secondFactor as words } from "./words.ts";

const factorKeys = { verified: ["account", "factors"] as const };

/** A name no app of the account has yet: 'Authenticator app', then '... 2', '... 3'. */
function freeName(factors: Factor[]): string {
  const taken = new Set(factors.map(factorName));
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? words.defaultName : `${words.defaultName} ${n}`;
    if (!taken.has(name)) return name;
  }
}

export function SecondFactors({ client }: { client: AdminClient }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const factors = useQuery({
    queryKey: factorKeys.verified,
    queryFn: () => verifiedFactors(client),
  });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const list = factors.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: factorKeys.verified });

  async function remove(factor: Factor) {
    const name = factorName(factor);
    const question =
      list.length === 1
        ? `${words.confirmRemove(name)} ${words.confirmRemoveLast}`
        : words.confirmRemove(name);
    if (!(await confirm(question, { confirmLabel: words.remove }))) return;
    setRemoving(factor.id);
    const result = await unenrol(client, factor.id);
    setRemoving(null);
    if (result.ok) notifySuccess(words.removed(name));
    else notifyError(result.message);
    await refresh();
    heading.current?.focus();
  }

  return (
    <section
      aria-labelledby="second-factor-heading"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-1 size-6 shrink-0 text-brand-700" />
        <div>
          <h2
            id="second-factor-heading"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-ink outline-none"
          >
            {words.heading}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{words.intro}</p>
        </div>
      </div>
      {factors.data === undefined ? (
        factors.isError ? (
          <LoadError text={words.failed} onRetry={() => void factors.refetch()} />
        ) : (
          <Loading text="Loading..." />
        )
      ) : list.length === 0 ? (
        <p className="font-medium text-ink">{words.none}</p>
      ) : (
        <>
          <p className="font-medium text-ink">{words.on}</p>
          <ul className="flex flex-col gap-2" aria-label={words.listLabel}>
            {list.map((factor) => (
              <li
                key={factor.id}
                className="flex flex-wrap items-center gap-3 rounded-lg border border-ink-soft/30 p-3"
              >
                <Smartphone aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-ink [overflow-wrap:anywhere]">
                    {factorName(factor)}
                  </span>
                  <span className="block text-sm text-ink-muted">
                    {words.added(when(factor.created_at))}
                  </span>
                </span>
                <button
                  type="button"
                  className={button.smallDanger}
                  disabled={removing !== null}
                  aria-label={words.removeLabel(factorName(factor))}
                  onClick={() => void remove(factor)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  {words.remove}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {adding ? (
        <AddFactor
          client={client}
          suggested={freeName(list)}
          first={list.length === 0}
          onDone={async (added) => {
            setAdding(false);
            if (added) await refresh();
            heading.current?.focus();
          }}
        />
      ) : factors.data !== undefined ? (
        <button
          type="button"
          className={`${button.primary} w-full sm:w-auto sm:self-start`}
          onClick={() => setAdding(true)}
        >
          <Smartphone aria-hidden="true" className="size-4" />
          {list.length === 0 ? words.setUp : words.addAnother}
        </button>
      ) : null}
    </section>
  );
}

/** Adding an app: its name, then the QR code or key, then a code from it. */
function AddFactor({
  client,
  suggested,
  first,
  onDone,
}: {
  client: AdminClient;
  suggested: string;
  /** The account's first app: verifying it turns two-step sign-in on. */
  first: boolean;
  onDone: (added: boolean) => void;
}) {
  const id = useId();
  const [name, setName] = useState(suggested);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const entry = useCodeEntry();
  const { busy, failure } = entry;
  const [nameProblem, setNameProblem] = useState<string | undefined>(undefined);

  async function start(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setNameProblem(words.nameRequired);
      return;
    }
    setNameProblem(undefined);
    const started = await entry.attempt(() => enrol(client, name));
    if (started) setEnrolment(started);
  }

  async function finish(event: FormEvent) {
    event.preventDefault();
    if (!enrolment) return;
    if (!(await entry.verify((code) => verifyCode(client, enrolment.factorId, code)))) return;
    notifySuccess(first ? words.enabled : words.appAdded);
    onDone(true);
  }

  async function cancel() {
    // An app never verified goes again at once (Auth would clear it after a while).
    if (enrolment) await unenrol(client, enrolment.factorId);
    onDone(false);
  }

  async function copySecret() {
    if (!enrolment) return;
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      notifySuccess(words.copied);
    } catch {
      // Nothing to copy with: the key stays on the screen to read.
    }
  }

  const nameId = `${id}-name`;
  /** Cancel, and the step's own button (`working` while busy). */
  const actions = (idle: string, working: string) => (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" className={button.secondary} onClick={() => void cancel()}>
        {words.cancel}
      </button>
      <button type="submit" className={button.primary} disabled={busy}>
        {busy ? working : idle}
      </button>
    </div>
  );

  if (!enrolment) {
    return (
      <form
        noValidate
        aria-label={words.setUp}
        onSubmit={(event) => void start(event)}
        className="flex flex-col gap-4 border-t border-surface-sunken pt-4"
      >
        {failure ? <FormFailureAlert failure={{ message: failure }} /> : null}
        <FieldShell id={nameId} label={words.nameLabel} hint={words.nameHint} error={nameProblem}>
          <input
            id={nameId}
            className={input}
            value={name}
            maxLength={60}
            // biome-ignore lint/a11y/noAutofocus: opened by the person to type this name.
            autoFocus
            aria-invalid={nameProblem ? true : undefined}
            aria-describedby={describedBy(nameId, words.nameHint, nameProblem)}
            onChange={(event) => setName(event.target.value)}
          />
        </FieldShell>
        {actions(words.start, words.starting)}
      </form>
    );
  }

  return (
    <form
      noValidate
      aria-label={words.scanTitle}
      onSubmit={(event) => void finish(event)}
      className="flex flex-col gap-4 border-t border-surface-sunken pt-4"
    >
      <h3 className="font-semibold text-ink">{words.scanTitle}</h3>
      <p className="text-sm text-ink-muted">{words.scanIntro}</p>
      <img
        src={enrolment.qrCode}
        alt={words.qrAlt}
        width={200}
        height={200}
        className="size-[200px] self-center rounded-lg border border-ink-soft/30 bg-white p-2"
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-semibold text-ink">{words.secretLabel}</span>
        <div className="flex flex-wrap items-center gap-2">
          <code className="min-w-0 flex-1 rounded-lg bg-surface-muted px-3 py-2 font-mono text-sm tracking-wider text-ink [overflow-wrap:anywhere]">
            {enrolment.secret.replace(/(.{4})(?=.)/g, "$1 ")}
          </code>
          <button type="button" className={button.small} onClick={() => void copySecret()}>
            <Copy aria-hidden="true" className="size-4" />
            {words.copy}
          </button>
        </div>
      </div>
      <p className="text-sm text-ink">{words.confirmIntro}</p>
      {failure ? <FormFailureAlert failure={{ message: failure }} /> : null}
      <CodeField id={`${id}-code`} field={entry.field} />
      {actions(words.finish, words.verifying)}
    </form>
  );
}
