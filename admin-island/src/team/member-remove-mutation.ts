// Removes an administrator, or withdraws an invitation: the account is closed. Removing
// oneself needs `confirmSelf`. Refused or not, the list is read again, except by
// someone who left the team, who may no longer read it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamRemoved } from "../../../functions/_shared/team-replies.ts";
import { guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { teamKeys } from "./keys.ts";
import { callTeam } from "./team-function.ts";

export interface MemberRemoval {
  userId: string;
  confirmSelf: boolean;
}

export function removeMember(
  client: AdminClient,
  { userId, confirmSelf }: MemberRemoval,
): Promise<{ removedSelf: boolean }> {
  return guarded(client, async () => {
    const answer = await callTeam<TeamRemoved>(client, { action: "remove", userId, confirmSelf });
    return { removedSelf: answer.removedSelf === true };
  });
}

export function useMemberRemoveMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (removal: MemberRemoval) => removeMember(client, removal),
    onSettled: async (answer) => {
      if (!answer?.removedSelf) {
        await queryClient.invalidateQueries({ queryKey: teamKeys.members() });
      }
    },
  });
}
