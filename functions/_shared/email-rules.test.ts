// The email address rule and the two uses that ask more of it. Its agreement with the
// database (private.is_email, the contact form's CHECK) is tested against the migrated
// database in supabase/tests/shared-rules.test.ts.
import { assertEquals } from "./assert.ts";
import { isEmail, isEmailAddress, isMailboxAddress } from "./email-rules.ts";

// [text, isEmailAddress, isEmail, isMailboxAddress]
const CASES: [string, boolean, boolean, boolean][] = [
  ["name@example.org", true, true, true],
  ["first.last+tag@mail.example.co.uk", true, true, true],
  ["root@localhost", false, false, true],
  ["a@example..org", true, false, true],
  ["a@[127.0.0.1]", true, false, true],
  ["mailto:a@example.org", true, false, true],
  ["a(b)@example.org", true, false, true],
  ["a,b@example.org", true, false, false],
  ["a;b@example.org", true, false, false],
  ["Mina <mina@example.org>", false, false, false],
  ["<mina@example.org>", true, false, false],
  ['"a"@example.org', true, false, false],
  ["a@example.org\r\nBcc: x@example.org", false, false, false],
  ["a\u00a0b@example.org", false, false, false],
  ["a@@example.org", false, false, false],
  ["@example.org", false, false, false],
  ["a@", false, false, false],
  ["", false, false, false],
  [`${"a".repeat(242)}@example.org`, true, true, true],
  [`${"a".repeat(243)}@example.org`, true, false, true],
];

Deno.test("an email address, a stored one and a header's recipient", () => {
  for (const [text, address, stored, mailbox] of CASES) {
    assertEquals(
      [isEmailAddress(text), isEmail(text), isMailboxAddress(text)],
      [address, stored, mailbox],
      JSON.stringify(text),
    );
  }
});

Deno.test("a stored address is always an email address and a header's recipient", () => {
  for (const [text] of CASES) {
    if (isEmail(text)) assertEquals([isEmailAddress(text), isMailboxAddress(text)], [true, true]);
  }
});
