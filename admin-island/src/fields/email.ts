// The check every email box in the admin makes before sending (forgot password, invite):
// something was typed, and it is an email address (name@example.org). The server
// decides the rest.
import { isEmailAddress } from "../../../functions/_shared/email-rules.ts";

/** What is wrong with an email box's (trimmed) text in the screen's words, or null. */
export function emailProblem(
  address: string,
  words: { emailRequired: string; emailInvalid: string },
): string | null {
  if (!address) return words.emailRequired;
  return isEmailAddress(address) ? null : words.emailInvalid;
}
