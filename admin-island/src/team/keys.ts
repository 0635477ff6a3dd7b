// The query keys of the team of administrators: every change to the team refreshes
// the members' list, and nothing else.
export const teamKeys = {
  all: ["team"] as const,
  members: () => ["team", "members"] as const,
};
