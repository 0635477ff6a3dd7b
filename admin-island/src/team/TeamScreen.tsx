// The team of administrators: who they are, whether they have accepted their
// invitation and when they last signed in; Invite, Resend invite and Remove (with
// confirmation, twice for yourself). The only active administrator cannot be removed,
// and the team function refuses it too.
import { MailPlus, RotateCw, UserMinus, UserPlus } from "lucide-react";
import { useRef, useState } from "react";
import type { TeamMember } from "../api/data-layer.ts";
import { useData } from "../api/useData.ts";
import { Badge } from "../ui/Badge.tsx";
import { useConfirm } from "../ui/Confirm.tsx";
import { LoadError, Loading } from "../ui/ListStates.tsx";
import { button } from "../ui/styles.ts";
import { when } from "../ui/when.ts";
import { teamWords as words } from "../words.ts";
import { InviteDialog } from "./InviteDialog.tsx";
import { useTeam } from "./useTeam.ts";

function seen(member: TeamMember): string {
  if (member.status === "invited") {
    return words.invitedOn(when(member.invitedAt ?? member.createdAt));
  }
  return member.lastSignInAt ? words.lastSignIn(when(member.lastSignInAt)) : words.neverSignedIn;
}

/** `onLeft`: the signed-in admin removed themselves (they are signed out). */
export function TeamScreen({ onLeft }: { onLeft: () => void }) {
  const team = useTeam();
  const confirm = useConfirm();
  const data = useData();
  const [inviting, setInviting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const members = team.state.status === "ready" ? team.state.value : [];
  const active = members.filter((member) => member.status === "active").length;

  /**
   * What removing an active member leaves: with approval on and one administrator left,
   * nothing could be approved any more, which the question says.
   */
  async function warning(member: TeamMember): Promise<string> {
    if (member.status !== "active" || active > 2) return "";
    const settings = await data.settings().catch(() => null);
    return settings?.require_payment_approval ? ` ${words.approvalWarning}` : "";
  }

  async function remove(member: TeamMember) {
    const warn = await warning(member);
    if (member.you) {
      const sure =
        (await confirm(`${words.confirmSelf}${warn}`, { confirmLabel: words.confirmSelfLabel })) &&
        (await confirm(words.confirmSelfAgain, { confirmLabel: words.confirmSelfLabel }));
      if (!sure) return;
    } else if (member.status === "invited") {
      if (
        !(await confirm(words.confirmWithdraw(member.email), {
          confirmLabel: words.confirmWithdrawLabel,
        }))
      )
        return;
    } else if (
      !(await confirm(`${words.confirmRemove(member.email)}${warn}`, {
        confirmLabel: words.confirmRemoveLabel,
      }))
    ) {
      return;
    }
    const result = await team.remove(member);
    if (result?.removedSelf) onLeft();
    else heading.current?.focus();
  }

  return (
    <section aria-labelledby="team-heading" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0 max-w-2xl">
          <h2
            id="team-heading"
            ref={heading}
            tabIndex={-1}
            className="font-display text-2xl font-bold text-ink outline-none"
          >
            {words.heading}
          </h2>
          <p className="mt-1 text-ink-muted">{words.intro}</p>
        </div>
        <button
          type="button"
          className={`${button.primary} w-full sm:w-auto`}
          onClick={() => setInviting(true)}
        >
          <UserPlus aria-hidden="true" className="size-4" />
          {words.invite}
        </button>
      </div>
      {team.state.status === "loading" ? (
        <Loading text={words.loading} />
      ) : team.state.status === "error" ? (
        <LoadError text={words.loadError} onRetry={() => void team.reload()} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={words.listLabel}>
          {members.map((member) => {
            const lastOne = member.status === "active" && active <= 1;
            const noteId = `team-note-${member.id}`;
            return (
              <li
                key={member.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-3 rounded-xl bg-white p-4 shadow-sm sm:flex-nowrap"
              >
                <span
                  aria-hidden="true"
                  className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-100 text-lg font-bold uppercase text-brand-900 max-sm:hidden"
                >
                  {member.email.charAt(0)}
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-ink [overflow-wrap:anywhere]">
                      {member.email}
                    </h3>
                    {member.you ? <Badge tone="brand">{words.you}</Badge> : null}
                    {member.status === "active" ? (
                      <Badge tone="green">{words.active}</Badge>
                    ) : (
                      <Badge tone="yellow">{words.invited}</Badge>
                    )}
                  </div>
                  <p className="mt-0.5 text-sm text-ink-muted">{seen(member)}</p>
                  {lastOne ? (
                    <p id={noteId} className="mt-1 text-sm text-ink">
                      {words.onlyAdmin}
                    </p>
                  ) : null}
                </div>
                <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-nowrap sm:justify-end">
                  {member.status === "invited" ? (
                    <button
                      type="button"
                      className={`${button.small} grow sm:grow-0`}
                      disabled={team.busyId !== null}
                      aria-label={`${words.resend} ${member.email}`}
                      onClick={() => void team.resend(member)}
                    >
                      {team.busyId === member.id ? (
                        <RotateCw aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                      ) : (
                        <MailPlus aria-hidden="true" className="size-4" />
                      )}
                      {words.resend}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={`${button.smallDanger} grow sm:grow-0`}
                    disabled={team.busyId !== null || lastOne}
                    aria-label={`${words.remove} ${member.email}`}
                    aria-describedby={lastOne ? noteId : undefined}
                    onClick={() => void remove(member)}
                  >
                    <UserMinus aria-hidden="true" className="size-4" />
                    {words.remove}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvite={(email) => team.invite(email)}
      />
    </section>
  );
}
