/** The team of editors and administrators (the Team screen and its dialogs). */
export const teamWords = {
  heading: "Editors and administrators",
  intro:
    "Editors change the website's content and read the messages. Administrators can also change the payment details, the team, the alert settings and the logo. Invite people by email: they choose their own password from the link.",
  invite: "Invite",
  inviteTitle: "Invite someone to the team",
  roleLabel: "Role",
  roleOf: (email: string) => `Role of ${email}`,
  roles: { editor: "Editor", admin: "Administrator" },
  roleHints: {
    editor: "Changes the website's content and reads the messages.",
    admin: "Also changes the payment details, the team, the alert settings and the logo.",
  },
  confirmPromote: (email: string) =>
    `Make ${email} an administrator? They can then change the payment details, the team, the alert settings and the logo.`,
  confirmDemote: (email: string) =>
    `Make ${email} an editor? They can no longer change the payment details, the team, the alert settings or the logo.`,
  confirmDemoteSelf:
    "Make yourself an editor? You can no longer change the payment details, the team, the alert settings or the logo, and only another administrator can make you one again.",
  confirmRoleLabel: "Change role",
  roleChanged: (email: string, role: "admin" | "editor") =>
    `${email} is now ${role === "admin" ? "an administrator" : "an editor"}.`,
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
  listLabel: "Team members",
  you: "You",
  active: "Active",
  invited: "Invited",
  lastSignIn: (when: string) => `Last signed in: ${when}`,
  neverSignedIn: "Has not signed in yet",
  invitedOn: (when: string) => `Invited: ${when} · not accepted yet`,
  resend: "Resend invite",
  secondFactor: "Two-step sign-in",
  removeFactors: "Remove two-step sign-in",
  removeFactorsOf: (email: string) => `Remove two-step sign-in of ${email}`,
  confirmRemoveFactors: (email: string) =>
    `Remove the authenticator apps of ${email}? Do this when they have lost their phone: until they set up a new app, they sign in with their password alone and cannot change the payment details or the team. Everyone on the team is told by email.`,
  confirmRemoveFactorsLabel: "Remove their apps",
  factorsRemoved: (email: string) =>
    `The authenticator apps of ${email} were removed. Everyone on the team was told by email.`,
  remove: "Remove",
  onlyAdmin:
    "You are the only active administrator, so you cannot be removed or made an editor. Invite another administrator first; once they have accepted, either of you can be.",
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
    invalid_role: "Choose Editor or Administrator.",
    second_factor_required:
      "Changing the team needs two-step sign-in: set up an authenticator app on your Account page, then sign in again with its code.",
    not_yourself: "Remove your own authenticator apps on your Account page.",
    not_found: "This person is not on the team any more. Reload the list.",
    last_admin:
      "The team needs an administrator: make someone else an administrator first (an invited one must have accepted), then this account can be removed or made an editor.",
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
