// Test-only: a TeamApi over a list in memory, for the screens that read the team.
import { vi } from "vitest";
import type { TeamApi, TeamMember } from "../api/data-layer.ts";

/** The signed-in administrator, alone on the team unless a test says otherwise. */
export const YOU: TeamMember = {
  id: "00000000-0000-4000-8000-00000000000a",
  email: "ana@example.org",
  status: "active",
  invitedAt: null,
  lastSignInAt: "2026-11-20T09:00:00Z",
  createdAt: "2026-11-01T00:00:00Z",
  you: true,
};

export function fakeTeam(initial: TeamMember[] = [YOU]) {
  let members = [...initial];
  const api = {
    list: vi.fn(async () => members.map((m) => ({ ...m }))),
    invite: vi.fn(async (email: string) => {
      members.push({
        ...YOU,
        id: `new-${members.length}`,
        email,
        status: "invited",
        invitedAt: new Date().toISOString(),
        lastSignInAt: null,
        you: false,
      });
    }),
    resend: vi.fn(async () => {}),
    remove: vi.fn(async (id: string, confirmSelf: boolean) => {
      const removed = members.find((m) => m.id === id);
      members = members.filter((m) => m.id !== id);
      return { removedSelf: Boolean(removed?.you && confirmSelf) };
    }),
  } satisfies TeamApi;
  return api;
}
