// The email address rule, declared once for the admin's forms, the site's contact form,
// the Edge Functions and the database tests. Plain TypeScript with no imports, so it
// runs unchanged in the browser, Node and Deno; it lives under functions/ because a
// function can import nothing outside that folder.
//
// An address is some text, one @, then a domain: no whitespace anywhere (JavaScript's
// \s: tab, line feed, vertical tab, form feed, carriage return, space and the Unicode
// spaces, which covers every space Postgres' [:space:] does). Each use adds to it:
// - isEmailAddress: the domain has a dot inside it, as in name@example.org. The
//   contact_messages_email_valid CHECK is this rule.
// - isEmail: an address stored with content or given to Auth (the database's
//   private.is_email): also no more than EMAIL_MAX_LENGTH characters, none of
//   < > ( ) [ ] \ , ; : " and no empty part between the domain's dots.
// - isMailboxAddress: one recipient in a mail header: also none of < > " , ; which
//   would end the address or start a second one (line breaks are whitespace already).

/** The longest address isEmail takes, in UTF-16 code units. */
export const EMAIL_MAX_LENGTH = 254;

/** Text, one @, text, with no whitespace anywhere: the local part and the domain. */
const ADDRESS = /^([^@\s]+)@([^@\s]+)$/;
/** What a stored address never holds. */
const NOT_IN_STORED = /[<>()[\]\\,;:"]/;
/** What would end a header's address or start a second one. */
const NOT_IN_MAILBOX = /[<>",;]/;

/** The domain of an address that has one @ with text on each side and no whitespace. */
function domainOf(text: string): string | null {
  return ADDRESS.exec(text)?.[2] ?? null;
}

/** name@example.org: text, one @, a domain with a dot that is not its first or last character. */
export function isEmailAddress(text: string): boolean {
  return (domainOf(text) ?? "").slice(1, -1).includes(".");
}

/**
 * An address as content stores it (private.is_email): an email address of at most
 * EMAIL_MAX_LENGTH characters, without < > ( ) [ ] \ , ; : " and with no empty part
 * between the dots of its domain (no a@.example.org, a@example..org, a@example.org.).
 */
export function isEmail(text: string): boolean {
  return (
    text.length <= EMAIL_MAX_LENGTH &&
    isEmailAddress(text) &&
    !NOT_IN_STORED.test(text) &&
    !(domainOf(text) ?? "").split(".").includes("")
  );
}

/** One address a mail header may name: text, one @, text, none of < > " , ; or whitespace. */
export function isMailboxAddress(text: string): boolean {
  return domainOf(text) !== null && !NOT_IN_MAILBOX.test(text);
}
