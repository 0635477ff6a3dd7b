// Invites an address to the team as an editor or an administrator: an email naming the
// charity, with a link to choose a password on the set-password screen of the site at
// `origin`.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TeamDone, TeamRole } from "../../../functions/_shared/team-replies.ts";
import { guarded, useBackend } from "../api/backend.ts";
import type { AdminClient } from "../api/client.ts";
import { organisationName } from "../app/organisation.ts";
import { teamKeys } from "./keys.ts";
import { callTeam, setPasswordLink } from "./team-function.ts";

export interface Invitation {
  email: string;
  role: TeamRole;
}

export function inviteMember(
  client: AdminClient,
  { email, role }: Invitation,
  origin: string,
): Promise<void> {
  return guarded(client, async () => {
    // The invitation email names the charity as the admin shows it.
    await callTeam<TeamDone>(client, {
      action: "invite",
      email,
      role,
      redirectTo: setPasswordLink(origin),
      siteName: organisationName(),
    });
  });
}

export function useMemberInviteMutation() {
  const { client } = useBackend();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) =>
      inviteMember(client, invitation, window.location.origin),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.members() }),
  });
}
