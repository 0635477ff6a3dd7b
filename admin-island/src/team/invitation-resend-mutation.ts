// Sends an invitation not accepted yet again: a new link, to the set-password screen of
// the site at `origin`. Refused or not, the list is read again (a refusal may mean the
// person accepted or left meanwhile).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamDone } from "../../../functions/_shared/team-replies.ts";
import { guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { teamKeys } from "./keys.ts";
import { callTeam, setPasswordLink } from "./team-function.ts";

export function resendInvitation(
  client: AdminClient,
  userId: string,
  origin: string,
): Promise<void> {
  return guarded(client, async () => {
    await callTeam<TeamDone>(client, {
      action: "resend",
      userId,
      redirectTo: setPasswordLink(origin),
    });
  });
}

export function useInvitationResendMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => resendInvitation(client, userId, window.location.origin),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}
