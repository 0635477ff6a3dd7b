// Signing in and the password screens.

/** Signing in. */
export const signIn = {
  wrongCredentials: "Invalid username or password. Please try again.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a minute and try again.",
  failed: (reason: string) => `Sign-in failed: ${reason}`,
  unreachable: "The server could not be reached. Check the connection and try again.",
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

/** Two-step sign-in with an authenticator app (second-factor.ts and its screens). */
export const secondFactor = {
  /** The sign-in page's second step. */
  codeTitle: "Enter your code",
  codeIntro: "Open your authenticator app and enter the 6-digit code it shows for this website.",
  codeLabel: "Code from the app",
  appLabel: "Authenticator app",
  verify: "Verify",
  verifying: "Checking...",
  otherAccount: "Sign in with another account",
  codeInvalid: "The code is the 6 digits your authenticator app shows.",
  wrongCode: "That code is not right. Enter the newest code your app shows; each lasts 30 seconds.",
  expired: "That took too long. Enter the newest code your app shows.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  unreachable: "The server could not be reached. Check the connection and try again.",
  sessionEnded: "Your session has ended. Please sign in again.",
  failed: "The code could not be checked. Please try again.",
  nameTaken: "You already have an authenticator app with this name. Choose another name.",
  tooMany: "You have as many authenticator apps as an account may have. Remove one first.",
  codeFirst: "Sign in again with a code from your app first.",
  /** The Account screen's section. */
  heading: "Two-step sign-in",
  intro:
    "With an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and others), signing in asks for your password and a code from the app, so a stolen password alone opens nothing. Administrators need it to change the payment details, the team and the alert settings.",
  none: "Two-step sign-in is off: signing in asks only for your password.",
  on: "Two-step sign-in is on. Signing in asks for a code from one of these apps:",
  listLabel: "Your authenticator apps",
  added: (when: string) => `Added ${when}`,
  setUp: "Set up an authenticator app",
  addAnother: "Add another authenticator app",
  nameLabel: "Name of the app or phone",
  nameHint: "So you can tell your apps apart, for example 'Asha's phone'.",
  nameRequired: "Please give the app a name.",
  defaultName: "Authenticator app",
  start: "Continue",
  starting: "Starting...",
  scanTitle: "Scan the QR code with your app",
  scanIntro:
    "In your authenticator app, add an account and scan this code. If your app cannot scan, type the key below into it instead.",
  qrAlt: "QR code to add this website to an authenticator app",
  secretLabel: "Key to type in instead",
  copy: "Copy the key",
  copied: "The key is copied.",
  confirmIntro: "Then enter the 6-digit code the app shows, to check it works:",
  finish: "Turn on two-step sign-in",
  cancel: "Cancel",
  enabled: "Two-step sign-in is on. From now on, signing in asks for a code from your app.",
  appAdded: "The authenticator app is added.",
  remove: "Remove",
  removeLabel: (name: string) => `Remove ${name}`,
  confirmRemove: (name: string) => `Remove ${name}? It will no longer give codes for this website.`,
  confirmRemoveLast:
    "This is your only authenticator app: without it, signing in asks only for your password, and you can no longer change the payment details, the team or the alert settings until you set one up again.",
  removed: (name: string) => `${name} was removed.`,
  /** An administrator whose session has no second factor, on a screen that needs it. */
  neededTitle: "Two-step sign-in is needed here",
  needed: (what: string) =>
    `${what} can only be changed by an administrator who signed in with a code from an authenticator app, so that a stolen password alone cannot redirect donations. You can see everything here, but not change it.`,
  neededSetUp: "Set up two-step sign-in",
  neededSignIn:
    "Your account has an authenticator app, but this session was not confirmed with it: sign out and sign in again with a code.",
} as const;
