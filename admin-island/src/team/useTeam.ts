// The team of administrators: the TeamApi the admin app gives (a fake in component
// tests), and the Team screen's state: the list, what is busy, and each change with
// its outcome told as a toast.
import { createContext, useCallback, useContext, useState } from "react";
import { DataError, type TeamApi, type TeamMember } from "../api/data-layer.ts";
import { type Loaded, useLoaded } from "../api/useLoaded.ts";
import { notifyError, notifySuccess } from "../ui/notify.ts";
import { teamWords as words } from "../words.ts";

export const TeamContext = createContext<TeamApi | null>(null);

export function useTeamApi(): TeamApi {
  const api = useContext(TeamContext);
  if (!api) throw new Error("useTeamApi needs a <TeamContext.Provider> above it");
  return api;
}

export interface Team {
  state: Loaded<TeamMember[]>;
  /** The member a change is under way for, if any. */
  busyId: string | null;
  reload(): Promise<void>;
  /** Invites an address: null when the invitation went, else the words of the refusal. */
  invite(email: string): Promise<string | null>;
  resend(member: TeamMember): Promise<void>;
  /** Removes a member (yourself with `confirmSelf`); answers whether you left. */
  remove(member: TeamMember): Promise<{ removedSelf: boolean } | null>;
}

export function useTeam(): Team {
  const api = useTeamApi();
  const load = useCallback(() => api.list(), [api]);
  const { state, reload } = useLoaded(load, {
    onError: (error) => notifyError(words.loadError, error),
  });
  const [busyId, setBusyId] = useState<string | null>(null);

  async function change<T>(member: TeamMember, run: () => Promise<T>, done: string) {
    setBusyId(member.id);
    let left = false;
    try {
      const result = await run();
      left = member.you;
      notifySuccess(done);
      return result;
    } catch (error) {
      notifyError(words.failed, error);
      return null;
    } finally {
      setBusyId(null);
      // Someone who left the team may no longer read it.
      if (!left) await reload();
    }
  }

  return {
    state,
    busyId,
    reload,
    async invite(email) {
      try {
        await api.invite(email);
      } catch (error) {
        console.error(words.failed, error);
        return error instanceof DataError ? error.message : words.failed;
      }
      notifySuccess(words.inviteSent(email));
      await reload();
      return null;
    },
    async resend(member) {
      await change(member, () => api.resend(member.id), words.resent(member.email));
    },
    async remove(member) {
      const done = member.you
        ? words.removedSelf
        : member.status === "invited"
          ? words.withdrawn(member.email)
          : words.removed(member.email);
      return change(member, () => api.remove(member.id, member.you), done);
    },
  };
}
