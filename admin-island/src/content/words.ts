// The generic content screens' words that no resource's definition owns: forms and
// their delete question (shared by every screen that deletes), and the last logo.

/** Forms: unsaved changes, refused values and the way back from a conflict. */
export const forms = {
  /** A number field left blank, or holding something that is not a whole number. */
  /** The form's banner when its refusals are not (only) required fields left blank. */
  fixFields: "Please fix the highlighted fields.",
  fillAndFix: "Please fill in all required fields and fix the highlighted fields.",
  /** The required fields left blank, by their labels: 'Please upload the Cause Image.' */
  missing: (fill: string[], upload: string[]) => {
    const list = (labels: string[]) =>
      labels.length < 2
        ? (labels[0] ?? "")
        : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
    const parts = [
      ...(fill.length ? [`fill in ${list(fill)}`] : []),
      ...(upload.length ? [`upload the ${list(upload)}`] : []),
    ];
    return `Please ${parts.join(" and ")}.`;
  },
  discardChanges: "You have unsaved changes. Discard them?",
  discard: "Discard",
  delete: "Delete",
  /** After a delete's question: where the item goes (the Trash screen, 30 days). */
  toTrash: "It goes to the Trash, where it can be restored for 30 days.",
  /** The heading of a delete's question, naming the item as its card does (none unnamed). */
  deleteTitle: (name: string | undefined) =>
    name?.trim() ? `Delete "${name.trim()}"?` : undefined,
  /** The title when many pictures are added at once. */
  bulkTitleHint: "Optional: without a title, each picture is titled with its file name.",
  reloadItem: "Reload this item",
  reloadSaved: "Reload the saved content",
} as const;

/** Leaving the site without a logo: the last active one deactivated or deleted. */
export const logoWords = {
  lastActive: "This is the only active logo: without it the site shows its default logo and name.",
  deactivateAnyway: "Deactivate it anyway?",
  noLogoTitle: "Leave the site without a logo?",
  deactivate: "Deactivate",
} as const;
