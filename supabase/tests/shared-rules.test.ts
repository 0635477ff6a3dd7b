// The rules declared once in functions/_shared against the database, which has to
// repeat them in SQL: the email address rule (private.is_email and the contact form's
// CHECK), the contact form's inquiry types and the pictures an address may embed. The
// media bucket's limit and types are held to functions/_shared/media-rules.ts by
// special-tables.test.ts (the migrated bucket) and config.test.ts (config.toml).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTACT_MAX_LENGTHS,
  DEFAULT_INQUIRY_TYPE,
  INQUIRY_TYPES,
} from "../../functions/_shared/contact-rules.ts";
import { EMAIL_MAX_LENGTH, isEmail, isEmailAddress } from "../../functions/_shared/email-rules.ts";
import { PDF_TYPE, PICTURE_MIME_TYPES } from "../../functions/_shared/media-rules.ts";
import { isImageUrl } from "../../src/lib/schema/rules.ts";
import { type Db, freshDatabase } from "./harness.ts";

let db: Db;

beforeAll(async () => {
  db = await freshDatabase();
}, 60_000);

afterAll(async () => {
  await db.close();
});

/** A CHECK constraint's expression, as the catalog prints it. */
async function checkOf(name: string): Promise<string> {
  const { rows } = await db.query<{ def: string }>(
    "select pg_get_constraintdef(oid) as def from pg_constraint where conname = $1",
    [name],
  );
  const def = rows[0]?.def ?? "";
  expect(def, name).toMatch(/^CHECK \(/);
  return def.slice("CHECK ".length);
}

/** Whether `value` passes a CHECK on `column`, the expression evaluated on its own. */
async function passes(check: string, column: string, value: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean | null }>(
    `select ${check} as ok from (select $1::text as ${column}) as candidate`,
    [value],
  );
  return rows[0]?.ok === true;
}

const EMAILS: [string, string][] = [
  ["a plain address", "name@example.org"],
  ["dots and a plus", "first.last+tag@mail.example.co.uk"],
  ["the shortest", "a@b.c"],
  ["capitals", "NAME@EXAMPLE.ORG"],
  ["letters beyond ASCII", "bücher@bücher.example"],
  ["an apostrophe", "o'brien@example.ie"],
  ["a hyphen in the domain", "a@my-site.example"],
  ["digits for a domain", "a@1.2"],
  ["a dot ending the local part", "a.@example.org"],
  ["as long as a stored address may be", `${"a".repeat(EMAIL_MAX_LENGTH - 12)}@example.org`],
  ["one longer than a stored address", `${"a".repeat(EMAIL_MAX_LENGTH - 11)}@example.org`],
  [
    "as long as a contact address may be",
    `${"a".repeat(CONTACT_MAX_LENGTHS.email - 12)}@example.org`,
  ],
  [
    "one longer than a contact address",
    `${"a".repeat(CONTACT_MAX_LENGTHS.email - 11)}@example.org`,
  ],
  ["empty", ""],
  ["no @", "not-an-email"],
  ["no dot in the domain", "root@localhost"],
  ["nothing before the @", "@example.org"],
  ["nothing after the @", "name@"],
  ["two @", "a@@example.org"],
  ["an @ in the domain", "a@b@example.org"],
  ["a space inside", "a b@example.org"],
  ["a space before", " a@example.org"],
  ["a space after", "a@example.org "],
  ["a tab", "a\t@example.org"],
  ["a header after a line break", "a@example.org\nBcc: all@example.org"],
  ["a carriage return", "a@example.org\r"],
  ["a no-break space", "a\u00a0b@example.org"],
  ["a line separator", "a\u2028b@example.org"],
  ["an ideographic space", "a\u3000b@example.org"],
  ["a byte order mark", "a\ufeffb@example.org"],
  ["angle brackets", "<a@example.org>"],
  ["a display name", "Mina <mina@example.org>"],
  ["two addresses", "a@example.org,b@example.org"],
  ["a semicolon", "a;b@example.org"],
  ["a colon", "mailto:a@example.org"],
  ["quotes", '"a"@example.org'],
  ["parentheses", "a(comment)@example.org"],
  ["brackets", "a@[127.0.0.1]"],
  ["a backslash", "a\\b@example.org"],
  ["a dot starting the domain", "a@.example.org"],
  ["two dots in the domain", "a@example..org"],
  ["a dot ending the domain", "a@example.org."],
  ["only a dot ending the domain", "a@org."],
  ["only dots for a domain", "a@..."],
];

/** Whether a case holds a space outside ASCII, which Postgres' [:space:] may not see. */
const wideSpace = (text: string) =>
  [...text].some((char) => char.charCodeAt(0) > 0x7f && /\s/.test(char));

describe("the email address rule (functions/_shared/email-rules.ts)", () => {
  it.each(EMAILS)("isEmail agrees with private.is_email: %s", async (_label, text) => {
    const { rows } = await db.query<{ ok: boolean }>("select private.is_email($1) as ok", [text]);
    expect(isEmail(text)).toBe(rows[0]?.ok);
  });

  it.each(EMAILS)("isEmail agrees with the alert address rule: %s", async (_label, text) => {
    // The admin checks an alert address with isEmail before saving it.
    const { rows } = await db.query<{ ok: boolean }>("select private.is_alert_address($1) as ok", [
      text,
    ]);
    expect(isEmail(text)).toBe(rows[0]?.ok);
  });

  it.each(EMAILS)("isEmailAddress agrees with the contact form's CHECK: %s", async (_l, text) => {
    const check = await checkOf("contact_messages_email_valid");
    const database = await passes(check, "email", text);
    const form = text.length <= CONTACT_MAX_LENGTHS.email && isEmailAddress(text);
    // The form is never looser than the database; they agree wherever [:space:] and
    // JavaScript's \s see the same spaces.
    if (form) expect(database).toBe(true);
    if (!wideSpace(text)) expect(form).toBe(database);
  });

  it("takes some addresses of each kind and refuses some", () => {
    const stored = EMAILS.filter(([, text]) => isEmail(text));
    const contact = EMAILS.filter(([, text]) => isEmailAddress(text));
    expect(stored.length).toBeGreaterThan(5);
    expect(contact.length).toBeGreaterThan(stored.length);
    expect(EMAILS.length - contact.length).toBeGreaterThan(10);
  });
});

describe("the inquiry types (functions/_shared/contact-rules.ts)", () => {
  it("are exactly the values contact_messages_inquiry_type_valid takes", async () => {
    const check = await checkOf("contact_messages_inquiry_type_valid");
    const listed = [...check.matchAll(/'([^']*)'::text/g)].map((match) => match[1]);
    expect([...listed].sort()).toEqual([...INQUIRY_TYPES].sort());
    for (const type of INQUIRY_TYPES) expect(await passes(check, "inquiry_type", type)).toBe(true);
    expect(await passes(check, "inquiry_type", "General")).toBe(false);
  });

  it("default to the same type in the table and in the form", async () => {
    const { rows } = await db.query<{ fallback: string }>(
      `select column_default as fallback from information_schema.columns
        where table_schema = 'public' and table_name = 'contact_messages' and column_name = 'inquiry_type'`,
    );
    expect(rows[0]?.fallback).toBe(`'${DEFAULT_INQUIRY_TYPE}'::text`);
  });
});

describe("the pictures an address may embed (functions/_shared/media-rules.ts)", () => {
  const others = ["image/svg+xml", "text/html", PDF_TYPE.mime, "image/bmp", "image/tiff"];
  it.each([
    ...PICTURE_MIME_TYPES.map((mime) => [mime, true] as const),
    ...others.map((mime) => [mime, false] as const),
  ])("data:%s agrees with private.is_image_url (taken: %s)", async (mime, taken) => {
    const url = `data:${mime};base64,iVBORw0KGgo=`;
    const { rows } = await db.query<{ ok: boolean }>("select private.is_image_url($1) as ok", [
      url,
    ]);
    expect(rows[0]?.ok).toBe(taken);
    expect(isImageUrl(url)).toBe(taken);
  });
});
