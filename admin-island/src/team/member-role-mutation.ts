// Gives a member another role (editor or administrator). The team function refuses to
// demote the last active administrator. Refused or not, the list is read again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamDone, TeamRole } from "../../../functions/_shared/team-replies.ts";
import { guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { teamKeys } from "./keys.ts";
import { callTeam } from "./team-function.ts";

export interface RoleChange {
  userId: string;
  role: TeamRole;
}

export function changeRole(client: AdminClient, { userId, role }: RoleChange): Promise<void> {
  return guarded(client, async () => {
    await callTeam<TeamDone>(client, { action: "role", userId, role });
  });
}

export function useMemberRoleMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: RoleChange) => changeRole(client, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}
