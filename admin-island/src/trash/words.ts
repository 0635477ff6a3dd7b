/** The trash: deleted records kept for 30 days. */
export const trashWords = {
  heading: "Deleted records",
  intro:
    "Deleted records stay here for 30 days and can be restored until then. After that they are removed for good.",
  loading: "Loading the trash...",
  loadError: "Error loading the trash. Please try again.",
  empty: "The trash is empty",
  emptyHint: "Records you delete appear here for 30 days, and can be restored until then.",
  listLabel: "Deleted records, newest first",
  deleted: (who: string, when: string) => `Deleted by ${who}, ${when}`,
  purge: (when: string) => `Removed for good on ${when}`,
  restore: "Restore",
  restored: (name: string) => `${name} restored.`,
  restoreError: "Error restoring the record. Please try again.",
  unknownRecord: "Deleted record",
} as const;
