// The team of administrators as the team function lists them: active ones first, then
// invitations not accepted yet, each by address; the signed-in one marked `you`.
import { useQuery } from "@tanstack/react-query";
import type { TeamList, TeamMember } from "../../../functions/_shared/team-replies.ts";
import { guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { teamKeys } from "./keys.ts";
import { callTeam } from "./team-function.ts";

export function getMembers(client: AdminClient): Promise<TeamMember[]> {
  return guarded(client, async () => (await callTeam<TeamList>(client)).members);
}

/** `enabled: false` waits (a screen that needs the team only in some cases). */
export function useMembersQuery({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useBackend();
  return useQuery({ queryKey: teamKeys.members(), queryFn: () => getMembers(client), enabled });
}
