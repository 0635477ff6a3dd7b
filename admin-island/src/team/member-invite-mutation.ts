// Invites an address to the team: an email naming the charity, with a link to choose
// a password on the set-password screen of the site at `origin`, and the admin role.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamDone } from "../../../functions/_shared/team-replies.ts";
import { guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { organisationName } from "../app/organisation.ts";
import { teamKeys } from "./keys.ts";
import { callTeam, setPasswordLink } from "./team-function.ts";

export function inviteMember(client: AdminClient, email: string, origin: string): Promise<void> {
  return guarded(client, async () => {
    // The invitation email names the charity as the admin shows it.
    await callTeam<TeamDone>(client, {
      action: "invite",
      email,
      redirectTo: setPasswordLink(origin),
      siteName: organisationName(),
    });
  });
}

export function useMemberInviteMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => inviteMember(client, email, window.location.origin),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}
