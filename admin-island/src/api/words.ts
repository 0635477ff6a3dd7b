// The admin's words for what went wrong in any request, whichever feature sent it, and
// for a session that may no longer act. A feature's own outcomes live in its words.ts.

/** Conflicts, sessions and connections: the causes any write may meet. */
export const failures = {
  changedElsewhere:
    "Someone else changed this item after you opened it. Reload it to see their changes, then make yours again.",
  deletedElsewhere: "This item was deleted by someone else. Reload to see the current list.",
  sessionEnded: "Your session has ended. Please sign in again.",
  accessRemoved:
    "Your administrator access was removed by another administrator, so this account can no longer change the website.",
  unreachable: "The server could not be reached. Check your connection.",
  /** A refusal the server gave in its own terms: its words go to the log, not to editors. */
  unexplained: "The server could not complete the request.",
  nothingDeleted: "Nothing was deleted: the item is gone or you may not delete it.",
  uploadUnreachable: "The upload could not reach the server.",
  uploadFailed: (status: number) => `Upload failed (HTTP ${status})`,
  unusedUploadKept: "An unused upload could not be removed.",
  listChanged:
    "The list has changed since it was loaded: someone added or removed an item. Reload it and try again.",
  purgeFailed: "The trash could not purge its expired deletions; the next visit tries again.",
  positionTaken:
    "Another item already has this position. Choose a free position, or move the item by dragging it in the list.",
} as const;

/** When this session may no longer act (api/access.ts, app/AccessNotice.tsx). */
export const accessWords = {
  endedTitle: "Your session has ended",
  ended:
    "This device was signed out: the password was changed, or the account signed out everywhere, on another device. Nothing more can be saved here until you sign in again. Forms you had not saved are kept for you.",
  removedTitle: "Your access was removed",
  removed: failures.accessRemoved,
  signInAgain: "Sign in again",
  signOut: "Sign out",
  /** Above the sign-in form after a session ended. */
  signInNotice: failures.sessionEnded,
  /** An editor on a page only administrators use (app/AdministratorsOnly.tsx). */
  administratorsOnlyTitle: "Only administrators can change this",
  administratorsOnly: (title: string) =>
    `${title} is changed by the charity's administrators. You are signed in as an editor: you can change the website's content and read the messages. If something here needs changing, ask an administrator.`,
  backToDashboard: "Back to the dashboard",
} as const;
