// The team of editors and administrators: who they are, their role, whether they have
// accepted their invitation and when they last signed in; Invite (as an editor or an
// administrator), a role to choose, Resend invite and Remove (with confirmation, twice
// for yourself). The only active administrator can be neither removed nor made an
// editor, and the team function refuses it too. Changing the team needs a session that
// verified a second factor: without one the list is shown only, with why.
import { MailPlus, RotateCw, ShieldOff, UserMinus, UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  TEAM_ROLES,
  type TeamMember,
  type TeamRole,
} from "../../../functions/_shared/team-replies.ts";
import { SecondFactorNeeded, useSecondFactor } from "../account/SecondFactorNeeded.tsx";
import { checkAccess } from "../api/access.ts";
import { useBackend } from "../api/backend.ts";
import { DataError } from "../api/errors.ts";
import { useSettingsQuery } from "../payments/settings-query.ts";
import { Badge } from "../ui/Badge.tsx";
import { useConfirm } from "../ui/Confirm.tsx";
import { LoadError, Loading } from "../ui/ListStates.tsx";
import { notifyError, notifySuccess } from "../ui/notify.ts";
import { button } from "../ui/styles.ts";
import { when } from "../ui/when.ts";
import { InviteDialog } from "./InviteDialog.tsx";
import { useInvitationResendMutation } from "./invitation-resend-mutation.ts";
import { useMemberFactorsMutation } from "./member-factors-mutation.ts";
import { useMemberInviteMutation } from "./member-invite-mutation.ts";
import { useMemberRemoveMutation } from "./member-remove-mutation.ts";
import { useMemberRoleMutation } from "./member-role-mutation.ts";
import { useMembersQuery } from "./members-query.ts";
import { teamWords as words } from "./words.ts";

function seen(member: TeamMember): string {
  if (member.status === "invited") {
    return words.invitedOn(when(member.invitedAt ?? member.createdAt));
  }
  return member.lastSignInAt ? words.lastSignIn(when(member.lastSignInAt)) : words.neverSignedIn;
}

/** `onLeft`: the signed-in admin removed themselves (they are signed out). */
export function TeamScreen({ onLeft }: { onLeft: () => void }) {
  const team = useMembersQuery();
  const settings = useSettingsQuery();
  const invitation = useMemberInviteMutation();
  const resending = useInvitationResendMutation();
  const removing = useMemberRemoveMutation();
  const roleChange = useMemberRoleMutation();
  const factorRemoval = useMemberFactorsMutation();
  const { client } = useBackend();
  const verified = useSecondFactor();
  const confirm = useConfirm();
  const [inviting, setInviting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const members = team.data ?? [];
  /** Active administrators: the team always keeps one. */
  const active = members.filter(
    (member) => member.status === "active" && member.role === "admin",
  ).length;
  /** The member a change is under way for, if any. */
  const busyId = resending.isPending
    ? resending.variables
    : removing.isPending
      ? removing.variables.userId
      : roleChange.isPending
        ? roleChange.variables.userId
        : factorRemoval.isPending
          ? factorRemoval.variables
          : null;
  /** Nothing may change now: a change is under way, or the session verified no second factor. */
  const locked = busyId !== null || !verified;

  // Every failed read of the list is told, the list shown before staying in place.
  useEffect(() => {
    if (team.error) notifyError(words.loadError, team.error);
  }, [team.error]);

  /**
   * What removing an active member leaves: with approval on and one administrator left,
   * nothing could be approved any more, which the question says.
   */
  async function warning(member: TeamMember): Promise<string> {
    if (member.status !== "active" || active > 2) return "";
    const { data } = await settings.refetch();
    return data?.require_payment_approval ? ` ${words.approvalWarning}` : "";
  }

  /** Runs a change and tells its outcome: its answer, or null when it failed. */
  async function change<T>(run: () => Promise<T>, done: string): Promise<T | null> {
    try {
      const result = await run();
      notifySuccess(done);
      return result;
    } catch (error) {
      notifyError(words.failed, error);
      return null;
    }
  }

  /** Sends an invitation: null when it went, else the words of the refusal. */
  async function invite(email: string, role: TeamRole): Promise<string | null> {
    try {
      await invitation.mutateAsync({ email, role });
    } catch (error) {
      console.error(words.failed, error);
      return error instanceof DataError ? error.message : words.failed;
    }
    notifySuccess(words.inviteSent(email));
    return null;
  }

  async function resend(member: TeamMember) {
    await change(() => resending.mutateAsync(member.id), words.resent(member.email));
  }

  async function changeRole(member: TeamMember, role: TeamRole) {
    const question =
      role === "admin"
        ? words.confirmPromote(member.email)
        : member.you
          ? words.confirmDemoteSelf
          : words.confirmDemote(member.email);
    if (!(await confirm(question, { confirmLabel: words.confirmRoleLabel, danger: false }))) {
      return;
    }
    const done = await change(
      () => roleChange.mutateAsync({ userId: member.id, role }),
      words.roleChanged(member.email, role),
    );
    // Someone who made themselves an editor is shown an editor's admin from here on.
    if (done !== null && member.you) await checkAccess(client);
  }

  async function removeFactors(member: TeamMember) {
    if (
      !(await confirm(words.confirmRemoveFactors(member.email), {
        confirmLabel: words.confirmRemoveFactorsLabel,
      }))
    ) {
      return;
    }
    await change(() => factorRemoval.mutateAsync(member.id), words.factorsRemoved(member.email));
    heading.current?.focus();
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
    const done = member.you
      ? words.removedSelf
      : member.status === "invited"
        ? words.withdrawn(member.email)
        : words.removed(member.email);
    const result = await change(
      () => removing.mutateAsync({ userId: member.id, confirmSelf: member.you }),
      done,
    );
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
        {verified ? (
          <button
            type="button"
            className={`${button.primary} w-full sm:w-auto`}
            onClick={() => setInviting(true)}
          >
            <UserPlus aria-hidden="true" className="size-4" />
            {words.invite}
          </button>
        ) : null}
      </div>
      {verified ? null : <SecondFactorNeeded what={words.heading} />}
      {team.data === undefined ? (
        team.isError ? (
          <LoadError text={words.loadError} onRetry={() => void team.refetch()} />
        ) : (
          <Loading text={words.loading} />
        )
      ) : (
        <ul className="flex flex-col gap-3" aria-label={words.listLabel}>
          {members.map((member) => {
            const lastOne = member.status === "active" && member.role === "admin" && active <= 1;
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
                    {member.secondFactor ? <Badge tone="blue">{words.secondFactor}</Badge> : null}
                  </div>
                  <p className="mt-0.5 text-sm text-ink-muted">{seen(member)}</p>
                  {lastOne ? (
                    <p id={noteId} className="mt-1 text-sm text-ink">
                      {words.onlyAdmin}
                    </p>
                  ) : null}
                </div>
                <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:flex-nowrap sm:justify-end">
                  <select
                    className={`${button.small} grow pr-8 sm:grow-0`}
                    value={member.role}
                    disabled={locked || lastOne}
                    aria-label={words.roleOf(member.email)}
                    aria-describedby={lastOne ? noteId : undefined}
                    onChange={(event) => void changeRole(member, event.target.value as TeamRole)}
                  >
                    {TEAM_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {words.roles[role]}
                      </option>
                    ))}
                  </select>
                  {member.status === "invited" ? (
                    <button
                      type="button"
                      className={`${button.small} grow sm:grow-0`}
                      disabled={locked}
                      aria-label={`${words.resend} ${member.email}`}
                      onClick={() => void resend(member)}
                    >
                      {busyId === member.id ? (
                        <RotateCw aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                      ) : (
                        <MailPlus aria-hidden="true" className="size-4" />
                      )}
                      {words.resend}
                    </button>
                  ) : null}
                  {member.secondFactor && !member.you ? (
                    <button
                      type="button"
                      className={`${button.small} grow sm:grow-0`}
                      disabled={locked}
                      aria-label={words.removeFactorsOf(member.email)}
                      onClick={() => void removeFactors(member)}
                    >
                      <ShieldOff aria-hidden="true" className="size-4" />
                      {words.removeFactors}
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className={`${button.smallDanger} grow sm:grow-0`}
                    disabled={locked || lastOne}
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
      <InviteDialog open={inviting} onClose={() => setInviting(false)} onInvite={invite} />
    </section>
  );
}
