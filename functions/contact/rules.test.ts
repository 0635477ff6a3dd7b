// The contact rules (functions/_shared/contact-rules.ts, shared with the form).
import { assert, assertEquals, assertMatch } from "../_shared/assert.ts";
import {
  CONTACT_MAX_LENGTHS,
  CONTACT_MESSAGES,
  INQUIRY_TYPE_LABELS,
  INQUIRY_TYPES,
  isHoneypotFilled,
  validateContact,
} from "../_shared/contact-rules.ts";

const valid = {
  name: "Asha Rai",
  email: "asha@example.org",
  phone: "+977 1 234 5678",
  subject: "Volunteering",
  message: "I would like to help at the children's home.",
  inquiryType: "volunteer",
};

function fieldsOf(input: unknown) {
  const result = validateContact(input);
  assertEquals(result.ok, false, "expected a validation failure");
  return result.ok ? {} : result.fields;
}

function passed(input: unknown) {
  const result = validateContact(input);
  if (!result.ok) throw new Error(`unexpected failure: ${JSON.stringify(result.fields)}`);
  return result.value;
}

Deno.test("a complete message passes and is normalised", () => {
  assertEquals(passed({ ...valid, name: "  Asha Rai ", email: " asha@example.org " }), {
    name: "Asha Rai",
    email: "asha@example.org",
    phone: "+977 1 234 5678",
    subject: "Volunteering",
    message: "I would like to help at the children's home.",
    inquiryType: "volunteer",
  });
});

Deno.test("name, email, subject and message are required; each says so", () => {
  assertEquals(fieldsOf({}), {
    name: CONTACT_MESSAGES.nameRequired,
    email: CONTACT_MESSAGES.emailRequired,
    subject: CONTACT_MESSAGES.subjectRequired,
    message: CONTACT_MESSAGES.messageRequired,
  });
  assertEquals(fieldsOf({ ...valid, name: "   ", subject: "\n\t", message: " \r\n " }), {
    name: CONTACT_MESSAGES.nameRequired,
    subject: CONTACT_MESSAGES.subjectRequired,
    message: CONTACT_MESSAGES.messageRequired,
  });
});

Deno.test("values that are not strings count as missing", () => {
  assertEquals(fieldsOf({ ...valid, name: 42, email: ["a@b.co"], subject: null, message: {} }), {
    name: CONTACT_MESSAGES.nameRequired,
    email: CONTACT_MESSAGES.emailRequired,
    subject: CONTACT_MESSAGES.subjectRequired,
    message: CONTACT_MESSAGES.messageRequired,
  });
  assertEquals(fieldsOf({ ...valid, phone: 9779812345678 }), {
    phone: CONTACT_MESSAGES.phoneInvalid,
  });
});

Deno.test("anything but an object is an empty submission", () => {
  for (const input of [null, undefined, "text", 7, [valid]]) {
    assertEquals(Object.keys(fieldsOf(input)).sort(), ["email", "message", "name", "subject"]);
  }
});

Deno.test("email must look like an address, as the database checks", () => {
  for (const email of [
    "asha",
    "asha@",
    "@example.org",
    "asha@example",
    "a sha@example.org",
    "a@b@c.org",
  ]) {
    assertEquals(fieldsOf({ ...valid, email }), { email: CONTACT_MESSAGES.emailInvalid }, email);
  }
  for (const email of ["a@b.co", "first.last+tag@sub.example.org", "ünï@exämple.org"]) {
    assertEquals(passed({ ...valid, email }).email, email);
  }
});

Deno.test("phone is optional: missing, null or empty means none", () => {
  assertEquals(passed({ ...valid, phone: undefined }).phone, null);
  assertEquals(passed({ ...valid, phone: null }).phone, null);
  assertEquals(passed({ ...valid, phone: "   " }).phone, null);
  const { phone: _omitted, ...withoutPhone } = valid;
  assertEquals(passed(withoutPhone).phone, null);
});

Deno.test("every length is bounded exactly at the database's limit", () => {
  const at = (n: number) => "x".repeat(n);
  const emailOf = (n: number) => `${"a".repeat(n - "@example.org".length)}@example.org`;
  const cases = [
    { field: "name", fits: at(200), over: at(201), error: CONTACT_MESSAGES.nameTooLong },
    {
      field: "email",
      fits: emailOf(320),
      over: emailOf(321),
      error: CONTACT_MESSAGES.emailTooLong,
    },
    { field: "phone", fits: at(40), over: at(41), error: CONTACT_MESSAGES.phoneTooLong },
    { field: "subject", fits: at(300), over: at(301), error: CONTACT_MESSAGES.subjectTooLong },
    { field: "message", fits: at(5000), over: at(5001), error: CONTACT_MESSAGES.messageTooLong },
  ] as const;
  for (const { field, fits, over, error } of cases) {
    assertEquals(fits.length, CONTACT_MAX_LENGTHS[field]);
    assertEquals(passed({ ...valid, [field]: fits })[field], fits, `${field} at the limit`);
    assertEquals(fieldsOf({ ...valid, [field]: over }), { [field]: error }, `${field} over`);
  }
  // Surrounding spaces do not count against the limit: they are trimmed first.
  assertEquals(passed({ ...valid, name: `  ${at(200)}  ` }).name, at(200));
});

Deno.test("the messages name the limits", () => {
  assertMatch(CONTACT_MESSAGES.messageTooLong, /5,000 characters/);
  assertMatch(CONTACT_MESSAGES.nameTooLong, /200 characters/);
});

Deno.test("every inquiry type the form offers passes, with its label", () => {
  assertEquals(
    [...INQUIRY_TYPES],
    ["general", "volunteer", "donation", "services", "partnership", "emergency"],
  );
  for (const inquiryType of INQUIRY_TYPES) {
    assertEquals(passed({ ...valid, inquiryType }).inquiryType, inquiryType);
    assert(INQUIRY_TYPE_LABELS[inquiryType]);
  }
  assertEquals(INQUIRY_TYPE_LABELS.general, "General Inquiry");
});

Deno.test("inquiry type defaults to general; an unknown one is refused", () => {
  assertEquals(passed({ ...valid, inquiryType: undefined }).inquiryType, "general");
  assertEquals(passed({ ...valid, inquiryType: null }).inquiryType, "general");
  assertEquals(passed({ ...valid, inquiryType: "" }).inquiryType, "general");
  for (const inquiryType of ["General", "other", "toString", "__proto__", 3, true]) {
    assertEquals(
      fieldsOf({ ...valid, inquiryType }),
      { inquiryType: CONTACT_MESSAGES.inquiryTypeInvalid },
      String(inquiryType),
    );
  }
});

Deno.test("control characters are dropped; one-line fields fold line breaks", () => {
  const value = passed({
    ...valid,
    name: "Asha\u0000 Rai",
    subject: "Line one\r\nline two",
    message: "Dear team,\r\n\tthank you.\u0007\u001b",
  });
  assertEquals(value.name, "Asha Rai");
  assertEquals(value.subject, "Line one line two");
  assertEquals(value.message, "Dear team,\r\n\tthank you.");
  // Only control characters: nothing left.
  assertEquals(fieldsOf({ ...valid, name: "\u0000\u0001" }), {
    name: CONTACT_MESSAGES.nameRequired,
  });
});

Deno.test("lone surrogates, which no database text can hold, become U+FFFD", () => {
  assertEquals(passed({ ...valid, message: "a\uD800b" }).message, "a\uFFFDb");
  assertEquals(passed({ ...valid, message: "a\uDC00b" }).message, "a\uFFFDb");
  assertEquals(passed({ ...valid, message: "smile 😀" }).message, "smile 😀");
});

Deno.test("only own properties are read", () => {
  const inherited = Object.create({
    name: "Proto",
    email: "p@example.org",
    subject: "s",
    message: "m",
  });
  assertEquals(validateContact(inherited).ok, false);
});

Deno.test("the honeypot counts as filled when it holds anything", () => {
  for (const value of [undefined, null, "", "   ", false])
    assertEquals(isHoneypotFilled(value), false);
  for (const value of ["http://spam.example", "x", 1, true, {}, []]) {
    assertEquals(isHoneypotFilled(value), true, JSON.stringify(value));
  }
});
