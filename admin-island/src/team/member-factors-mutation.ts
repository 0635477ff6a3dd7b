// Removes another member's authenticator apps (they lost their phone): they sign in with
// their password alone until they set up a new app. The team function records it and
// everyone on the team is mailed. Refused or not, the list is read again.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamDone } from "../../../functions/_shared/team-replies.ts";
import { guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { teamKeys } from "./keys.ts";
import { callTeam } from "./team-function.ts";

export function removeFactors(client: AdminClient, userId: string): Promise<void> {
  return guarded(client, async () => {
    await callTeam<TeamDone>(client, { action: "factors", userId });
  });
}

export function useMemberFactorsMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeFactors(client, userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}
