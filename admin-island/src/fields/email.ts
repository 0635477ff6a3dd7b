// The check every email box in the admin makes before sending (forgot password, invite):
// something was typed, and it looks like name@domain.tld. The server decides the rest.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with an email box's (trimmed) text in the screen's words, or null. */
export function emailProblem(
  address: string,
  words: { emailRequired: string; emailInvalid: string },
): string | null {
  if (!address) return words.emailRequired;
  return EMAIL.test(address) ? null : words.emailInvalid;
}
