import { qrPictureLabel } from "../../../functions/_shared/payment-words.ts";

/** Second-admin approval of the payment details (bank accounts and QR codes). */
export const approvalWords = {
  /** What a session without a second factor cannot change here (SecondFactorNeeded). */
  paymentDetails: "The payment details and their approval",
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
