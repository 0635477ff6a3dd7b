// The admin's own words for what went wrong (and for the few outcomes every screen
// shares), in one place. A resource's or a gallery's words live in its definition;
// these are the ones no single definition owns.
import {
  MAX_UPLOAD_BYTES,
  megabytes,
  SMALL_PICTURE_MAX_BYTES,
} from "../../functions/_shared/media-rules.ts";
import { qrPictureLabel } from "../../functions/_shared/payment-words.ts";
import { formatCount } from "./messages/inbox-query.ts";

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
} as const;

/** Moving items of a list: the drag handle, what screen readers hear, the outcome. */
export const ordering = {
  /** Names an item's drag handle: 'Move Clean Water'. */
  handle: (name: string) => `Move ${name}`,
  instructions:
    "To move an item, press space or enter on its Move button, move it with the arrow keys, then press space or enter to drop it there, or escape to cancel.",
  pickedUp: (name: string, place: string) => `Picked up ${name}, ${place}.`,
  movedTo: (name: string, place: string) => `${name} is now ${place}.`,
  dropped: (name: string, place: string) => `${name} dropped, ${place}.`,
  cancelled: (name: string, place: string) => `Moving cancelled. ${name} is back, ${place}.`,
  /** An item's place, counting from 1: 'card 2 of 6'. */
  place: (unit: string, position: number, total: number) => `${unit} ${position} of ${total}`,
  saved: "New order saved.",
  failed: "The new order could not be saved. The list is back as it was.",
} as const;

/** Taking a change back from its toast. */
export const undoing = {
  action: "Undo",
  /** How long the toast offers it. */
  durationMs: 8000,
  done: "Change undone.",
  failed: "The change could not be undone.",
  nothingToUndo: "There is nothing to undo: the item has changed since.",
} as const;

/** A record's recorded changes, and restoring one of its versions. */
export const history = {
  button: "History",
  title: (name: string) => `History of ${name}`,
  intro: "Every saved change, newest first. Restoring a version is recorded as a new change.",
  loading: "Loading the history...",
  loadError: "Error loading the history. Please try again.",
  empty: "No changes are recorded for this item yet.",
  added: "Added",
  deleted: "Deleted",
  changed: "Changed",
  restored: "Version restored.",
  restoreError: "Error restoring the version. Please try again.",
  unchanged: "Saved without changes",
  /** Who made a change; nobody is named when the secret key made it. */
  who: (email: string | null) => email ?? "an automatic task",
  restore: "Restore this version",
  restoreEarlier: "Restore the version before this change",
  current: "This is the current version",
  confirmRestore: (when: string) =>
    `Restore the version from ${when}? It replaces the current content; the restore is recorded, so it can be undone.`,
  /** The version before a change, for the question above: 'before the change of Today 14:05'. */
  beforeChange: (when: string) => `before the change of ${when}`,
  listLabel: "Changes, newest first",
  by: "by",
  changedTo: "changed to",
  confirmLabel: "Restore",
  yes: "yes",
  no: "no",
  blank: "empty",
  picture: (state: "before" | "after") => (state === "before" ? "Picture before" : "Picture after"),
  noPicture: "No picture",
  items: (count: number) => (count === 1 ? "1 item" : `${count} items`),
  orderChanged: "order changed",
  removedText: "removed:",
  addedText: "added:",
  /** Names of columns no form shows. */
  columns: {
    is_active: "Shown on the site",
    sort_order: "Position",
    image_alt: "Alt text",
    image_decorative: "Decorative picture",
    image_url: "Picture",
  } as Record<string, string>,
} as const;

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

/** Why a chosen file was refused before it was sent. */
export const fileChecks = {
  notImage: "Please upload an image file",
  tooBig5: `File size must be less than ${megabytes(SMALL_PICTURE_MAX_BYTES)}MB`,
  tooBig10: `File size must be less than ${megabytes(MAX_UPLOAD_BYTES)}MB`,
  readFailed: "Error reading file. Please try again.",
  /** A file named as a picture whose bytes no browser can draw. */
  notPicture: "This file is not a picture (JPEG, PNG, GIF, WebP or AVIF).",
  notPdf: "Please upload a PDF file",
  /** A file that is no picture, in a batch of pictures: passed over, not refused. */
  skipped: "Skipped: not an image file",
} as const;

/** Uploads of one file or of many at once. */
export const uploads = {
  imageError: "Error uploading image. Please try again.",
  fileError: "Error uploading file. Please try again.",
  /** Every file of a batch failed. */
  allFailed: "Error uploading files. Please try again.",
  added: (count: number) => `${count} image(s) added successfully!`,
  someFailed: (count: number) => `${count} image(s) could not be added.`,
  notAdded: (names: string[]) => `These pictures could not be added: ${names.join(", ")}`,
} as const;

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

/** Signing in. */
export const signIn = {
  wrongCredentials: "Invalid username or password. Please try again.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a minute and try again.",
  failed: (reason: string) => `Sign-in failed: ${reason}`,
  unreachable: "The server could not be reached. Check the connection and try again.",
} as const;

/** Publishing, when the request for a build itself fails. */
export const publishing = {
  requestFailed: "The site could not be published. Please try again.",
  upToDate: "Already up to date",
} as const;

/** Searching, filtering and showing more of a long list (every list screen). */
export const listWords = {
  search: "Search",
  /** What the search box looks in, under it. */
  searchHint: (labels: readonly string[]) =>
    labels.length > 0
      ? `Type to find by ${joinWords(labels.map((label) => label.toLowerCase()))}.`
      : "Type to find by the name shown on each item.",
  allCategories: "All categories",
  category: (label: string, count: number) => `${label} (${formatCount(count)})`,
  /** How many items the search or filter leaves, or how many there are. */
  count: (matching: number, total: number, filtered: boolean) =>
    filtered
      ? `${formatCount(matching)} of ${formatCount(total)} match`
      : `${formatCount(total)} in total`,
  noResults: (query: string, category: string | null) => {
    const words = query.trim();
    if (words && category) return `No results for “${words}” in ${category}`;
    if (words) return `No results for “${words}”`;
    return `No results in ${category ?? "this category"}`;
  },
  noResultsHint: "Check the spelling, try fewer words, or clear the search.",
  clear: "Clear search",
  showing: (shown: number, total: number) =>
    `Showing ${formatCount(shown)} of ${formatCount(total)}`,
  showMore: (count: number) => `Show ${formatCount(count)} more`,
  allLoaded: (total: number) => `All ${formatCount(total)} loaded`,
  reorderOff:
    "Clear the search to reorder. Items can be moved only while the list is not searched or filtered.",
} as const;

/** Leaving the site without a logo: the last active one deactivated or deleted. */
export const logoWords = {
  lastActive: "This is the only active logo: without it the site shows its default logo and name.",
  deactivateAnyway: "Deactivate it anyway?",
  noLogoTitle: "Leave the site without a logo?",
  deactivate: "Deactivate",
} as const;

/** Which record a page shows, on screens whose table the site shows one record of. */
export const shownWords = {
  shown: "Shown on the site",
  notShown: "Active, but not shown: the site shows only the newest active one.",
} as const;

/** 'a, b and c'. */
function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The contact messages screen's words (it has no definition to hold them). */
export const inbox = {
  heading: "Contact Messages",
  loading: "Loading messages...",
  searching: "Searching...",
  empty: "No Messages Yet",
  emptyHint: "Messages sent through the contact page will appear here.",
  listLabel: "Messages",
  counts: (unread: number, total: number) =>
    `${formatCount(unread)} new, ${formatCount(total - unread)} handled`,
  search: "Search",
  searchLabel: "Search messages",
  searchHint: "Type a name, email address or words from the subject or message.",
  show: "Show",
  showOptions: [
    { value: "all", label: "All messages" },
    { value: "new", label: "New only" },
    { value: "handled", label: "Handled only" },
  ],
  noResults: (search: string) => `No results for “${search.trim()}”`,
  noResultsHint: "Check the spelling, or search for part of a name or email address.",
  noneNew: "No new messages. Everything has been handled.",
  noneHandled: "No handled messages yet.",
  clear: "Clear search",
  pages: "Pages",
  first: "First page",
  previous: "Previous",
  next: "Next",
  last: "Last page",
  page: (page: number, pages: number) => `Page ${formatCount(page)} of ${formatCount(pages)}`,
  loadError: "Error loading messages. Please try again.",
  markedNew: "Message marked as new.",
  markedHandled: "Message marked as handled.",
  updateError: "Error updating message. Please try again.",
  confirmDelete: "Are you sure you want to delete this message?",
  deleted: "Message deleted successfully!",
  deleteError: "Error deleting message. Please try again.",
} as const;

/** Forgotten passwords, setting a new one from an emailed link, and changing one's own. */
export const passwords = {
  forgotLink: "Forgot password?",
  forgotTitle: "Reset your password",
  forgotIntro:
    "Enter the email address you sign in with. If it has an account, we will email it a link to set a new password.",
  emailLabel: "Email address",
  emailRequired: "Please enter your email address",
  emailInvalid: "Please enter a valid email address",
  send: "Send reset link",
  sending: "Sending...",
  /** The same words whether or not the address has an account. */
  sent: "If an account exists for that address, we have sent a link to reset the password. It works once, for an hour. Check your inbox and your spam folder.",
  wait: "A link was asked for very recently. Please wait a minute before asking again.",
  backToSignIn: "Back to sign in",
  /** Under 'sent': the email's code, for a mail read on another device. */
  codeHeading: "Reading the email on another device?",
  codeIntro: "Enter the code from the email here instead of following its link.",
  codeLabel: "Code from the email",
  codeRequired: "Please enter the code from the email",
  codeInvalid: "The code is the 6 digits in the email.",
  codeWrong:
    "That code is not right, or it has expired or been used. Check the newest email, or ask for a new one.",
  codeSubmit: "Continue with the code",
  codeChecking: "Checking...",
  newTitle: "Set a new password",
  newIntroRecovery: "Choose a new password for your account.",
  newIntroInvite:
    "Welcome to the team. Choose a password: you will sign in with it and your email address.",
  /** Read before the account's email, which is shown on a line of its own. */
  accountLabel: "Account:",
  newLabel: "New password",
  repeatLabel: "Repeat the new password",
  newHint: (min: number) =>
    `At least ${min} characters, not a common password and not your email name. A few unrelated words are easy to remember and hard to guess.`,
  newRequired: "Please enter a new password",
  tooShort: (min: number) => `The password must be at least ${min} characters long.`,
  tooLong: "The password must be at most 72 characters long.",
  mismatch: "The two passwords are not the same.",
  common:
    "This password is too easy to guess: it is one of the most common passwords, or close to one. Try three or four unrelated words.",
  containsName: "The password must not contain the name of your email address.",
  checking: "Checking...",
  save: "Save the new password",
  saving: "Saving...",
  saved: "Your new password is saved.",
  weak: (min: number) =>
    `This password is too weak. Use at least ${min} characters, and avoid common words.`,
  samePassword: "The new password must be different from the current one.",
  linkExpiredTitle: "This link has expired",
  linkExpired:
    "The link has already been used, or it is more than an hour old. Ask for a new one below.",
  noLink:
    "Open the link in the email we sent you to set a new password, or ask for a new link below.",
  askAgain: "Ask for a new link",
  showPassword: "Show passwords",
  /** Changing one's own password from the Account screen. */
  accountHeading: "Change your password",
  accountIntro:
    "Enter your current password, then the new one twice. Other devices signed in to this account are signed out.",
  currentLabel: "Current password",
  currentRequired: "Please enter your current password",
  currentWrong: "The current password is not right.",
  change: "Change password",
  changed: "Your password has been changed.",
  failed: "The password could not be saved. Please try again.",
  unreachable: "The server could not be reached. Check the connection and try again.",
} as const;

/** The team of administrators (the Team screen and its dialogs). */
export const teamWords = {
  heading: "Administrators",
  intro:
    "Everyone here can manage the whole website. Invite people by email: they choose their own password from the link.",
  invite: "Invite",
  inviteTitle: "Invite an administrator",
  inviteIntro:
    "They receive an email with a link to choose a password. The link works once, for an hour; you can send a new one.",
  emailLabel: "Email address",
  emailRequired: "Please enter an email address",
  emailInvalid: "Please enter a valid email address",
  send: "Send invitation",
  sending: "Sending...",
  cancel: "Cancel",
  loading: "Loading the team...",
  loadError: "Error loading the team. Please try again.",
  listLabel: "Administrators",
  you: "You",
  active: "Active",
  invited: "Invited",
  lastSignIn: (when: string) => `Last signed in: ${when}`,
  neverSignedIn: "Has not signed in yet",
  invitedOn: (when: string) => `Invited: ${when} · not accepted yet`,
  resend: "Resend invite",
  remove: "Remove",
  onlyAdmin:
    "You are the only active administrator, so you cannot be removed. Invite someone first; once they have accepted, either of you can be removed.",
  confirmRemove: (email: string) =>
    `Remove ${email} from the team? They lose access to the admin at once, and their account is closed: to come back, they need a new invitation.`,
  /** Added to the question when the removal leaves one administrator with approval on. */
  approvalWarning:
    "Second-admin approval for payment details is on: with only one administrator left, no change to the donation details can be approved, and approval cannot be turned off, until another administrator joins.",
  confirmWithdraw: (email: string) =>
    `Withdraw the invitation to ${email}? The link in their email stops working.`,
  confirmRemoveLabel: "Remove",
  confirmWithdrawLabel: "Withdraw",
  confirmSelf:
    "Remove yourself from the team? You lose access to the admin at once and are signed out.",
  confirmSelfAgain: "Are you sure? Only another administrator can give you access again.",
  confirmSelfLabel: "Remove me",
  inviteSent: (email: string) => `Invitation sent to ${email}.`,
  resent: (email: string) => `A new invitation was sent to ${email}.`,
  removed: (email: string) => `${email} was removed from the team and their account closed.`,
  withdrawn: (email: string) => `The invitation to ${email} was withdrawn.`,
  removedSelf: "You have left the team. Signing you out...",
  /** What a refusal of the team function says, by its code. */
  refusals: {
    invalid_email: "Please enter a valid email address.",
    not_found: "This person is not on the team any more. Reload the list.",
    last_admin:
      "The last administrator cannot be removed: invite someone else, and remove this account once they have accepted.",
    confirm_self: "You are about to remove yourself. Confirm it to go on.",
    already_member: "This address is already on the team.",
    already_invited: "This address is already invited. Use 'Resend invite' to send a new email.",
    already_accepted: "This person has already accepted the invitation.",
    too_soon: "An email was sent to this address less than a minute ago. Please wait a minute.",
    too_many: "Too many emails have been sent recently. Please try again later.",
    mail_failed: "The email could not be sent. Please try again later.",
    not_recorded:
      "The change was made, but it could not be written to the log. Reload the list to see the team.",
    forbidden: "Only administrators can manage the team.",
  } as Record<string, string>,
  failed: "The team could not be changed. Please try again.",
} as const;

/** Where new-message alerts go: the Notifications section of the Messages screen. */
export const notificationWords = {
  heading: "Notifications",
  intro:
    "When someone writes through the contact form, an email says who wrote, the subject and the first lines, with a link to this inbox. When many arrive at once, the rest are gathered into one email an hour.",
  legend: "Send new-message alerts to",
  everyAdmin: "Every administrator",
  everyAdminHint: "Each administrator's own email address",
  oneAddress: "One address",
  oneAddressHint: "A shared mailbox, such as the office's",
  addressLabel: "Email address",
  addressInvalid: "Enter one email address, such as office@example.org.",
  save: "Save",
  saving: "Saving...",
  saved: "Notification settings saved.",
  unchanged: "Nothing to save: the settings are as they were.",
  saveError: "Error saving the notification settings. Please try again.",
  loading: "Loading the notification settings...",
  loadError: "Error loading the notification settings. Please try again.",
  paymentNote:
    "Alerts about the payment details and about these settings always go to every administrator as well.",
  noSettings: "The settings could not be found. Reload the page.",
  /** The Messages tile on the dashboard. */
  unread: (count: number) => (count === 1 ? "1 unread" : `${count} unread`),
} as const;

/** Second-admin approval of the payment details (bank accounts and QR codes). */
export const approvalWords = {
  settingLabel: "Require a second admin to approve payment-detail changes",
  settingHint:
    "While this is on, a change to the bank accounts or QR codes waits, and the website keeps showing the current details, until a different administrator approves it. Turning it off needs another administrator's approval too.",
  on: "On",
  off: "Off",
  turnOn: "Turn on",
  turnOff: "Ask to turn off",
  confirmTurnOn:
    "Turn on second-admin approval? Every change to the payment details will then wait for a different administrator, and turning it off again needs one too.",
  confirmTurnOnLabel: "Turn on",
  confirmTurnOff:
    "Ask to turn off second-admin approval? It stays on until a different administrator approves. Changes already waiting keep waiting after that: each is still applied only when a different administrator approves it.",
  confirmTurnOffLabel: "Ask to turn off",
  turnedOn: "Second-admin approval is on.",
  offRequested: "Asked to turn approval off: it stays on until another administrator approves.",
  offWaiting: "Turning this off is waiting for another administrator's approval.",
  settingError: "Error changing the approval setting. Please try again.",
  /** Approval on with fewer than two active administrators (ApprovalStuck). */
  stuckTitle: "No one can approve changes to the donation details.",
  stuck:
    "Second-admin approval is on, but there is only one active administrator, so changes to the bank accounts and QR codes, and turning approval off, wait with nobody to approve them. Invite another administrator; once they have accepted, they can approve.",
  stuckAction: "Invite an administrator",
  heading: "Waiting for approval",
  intro:
    "These changes do nothing until a different administrator approves them. The website keeps the current details meanwhile.",
  /** The intro while approval is off: these were proposed while it was on. */
  introOff:
    "Second-admin approval is off now, but these changes were proposed while it was on: they still do nothing until a different administrator approves them. To make yours at once instead, withdraw it and save it again.",
  empty: "Nothing is waiting for approval.",
  loading: "Loading the changes waiting for approval...",
  loadError: "Error loading the changes waiting for approval. Please try again.",
  listLabel: "Changes waiting for approval",
  /** One change's heading. */
  title: (target: string, action: string) =>
    target === "admin_settings"
      ? "Turn off second-admin approval"
      : action === "INSERT"
        ? "New donation details"
        : action === "DELETE"
          ? "Delete donation details"
          : "Change to the donation details",
  proposedBy: (who: string, when: string) => `Proposed by ${who}, ${when}`,
  someone: "an administrator",
  whatChanges: "What changes",
  now: "Before this change",
  proposed: "As proposed",
  /** A QR code's picture on a waiting change: 'QR code “Mobile Payment”, as proposed'. */
  qrPicture: qrPictureLabel,
  /** A side of a waiting change without QR codes, where the other side has some. */
  noQrCodes: "No QR code",
  yours: "You proposed this: a different administrator must approve it.",
  approve: "Approve",
  reject: "Reject",
  withdraw: "Withdraw",
  confirmApprove: "Approve this change? The website will show it once published.",
  confirmReject: "Reject this change? Nothing on the website changes.",
  confirmWithdraw: "Withdraw your change? Nothing on the website changes.",
  approved: "Change approved. The website is being updated.",
  rejected: "Change rejected.",
  withdrawn: "Change withdrawn.",
  decideError: "The change could not be approved or rejected. Please try again.",
  /** Why the database refused a decision, by its code. */
  refusals: {
    "42501": "A different administrator must approve this change.",
    "40001":
      "The donation details changed after this change was proposed, so it cannot be applied. Reject it, then make the change again.",
    P0001: "This change was already approved or rejected. Reload to see the current list.",
    P0002: "This change no longer exists. Reload to see the current list.",
  } as Record<string, string>,
  sentForApproval:
    "Change sent for approval. The website keeps the current details until another administrator approves it.",
  unchanged: "Nothing was changed.",
  pendingBanner:
    "Second-admin approval is on: saving a change sends it for approval instead of publishing it.",
  /** The Donate tile on the dashboard. */
  waiting: (count: number) =>
    count === 1 ? "1 waiting for approval" : `${count} waiting for approval`,
} as const;
