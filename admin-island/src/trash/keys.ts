// The query keys of the trash: the deletions that can still be restored.
export const trashKeys = {
  all: ["trash"] as const,
  entries: () => ["trash", "entries"] as const,
};
