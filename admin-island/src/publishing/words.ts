/** Publishing, when the request for a build itself fails. */
export const publishing = {
  requestFailed: "The site could not be published. Please try again.",
  upToDate: "Already up to date",
} as const;
