// The contact form's rules, in one place for both sides: the `contact` Edge Function
// (Deno) and the ContactForm island (Vite, through src/lib/contact.ts, which
// re-exports this file). Plain TypeScript importing only its neighbours, so it runs
// unchanged in the browser, Node and Deno. It lives under functions/ because a
// function can import nothing outside that folder.
//
// The lengths, the email rule and the inquiry types are the CHECK constraints of
// public.contact_messages (supabase/migrations/20261122001700_contact_messages.sql):
// whatever passes here also passes the database, and supabase/tests/shared-rules.test.ts
// holds the two equal.
import { isEmailAddress } from "./email-rules.ts";

/**
 * The inquiry types a message may have, in the order the form lists them; the same
 * list as the contact_messages_inquiry_type_valid CHECK constraint.
 */
export const INQUIRY_TYPES = [
  "general",
  "volunteer",
  "donation",
  "services",
  "partnership",
  "emergency",
] as const;

export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const DEFAULT_INQUIRY_TYPE: InquiryType = "general";

/** What the form's select shows for each inquiry type. */
export const INQUIRY_TYPE_LABELS: Readonly<Record<InquiryType, string>> = {
  general: "General Inquiry",
  volunteer: "Volunteer Opportunities",
  donation: "Donation Questions",
  services: "Services Information",
  partnership: "Partnership Opportunities",
  emergency: "Emergency Support",
};

/** What the admin's inbox shows on a message's badge for each inquiry type. */
export const INQUIRY_TYPE_BADGES: Readonly<Record<InquiryType, string>> = {
  general: "General Inquiry",
  volunteer: "Volunteer",
  donation: "Donation",
  services: "Services",
  partnership: "Partnership",
  emergency: "Emergency",
};

/** The badge of a stored inquiry type; a value that is none of the types shows as it is. */
export function inquiryTypeBadge(value: string): string {
  return isInquiryType(value) ? INQUIRY_TYPE_BADGES[value] : value;
}

/** Longest value of each text field, in UTF-16 code units (what `maxLength` counts). */
export const CONTACT_MAX_LENGTHS = {
  name: 200,
  email: 320,
  phone: 40,
  subject: 300,
  message: 5000,
} as const;

/** Largest request body the contact function reads. */
export const CONTACT_MAX_BODY_BYTES = 32 * 1024;

/** The fields a sender fills in; `website` is the honeypot nobody should see. */
export interface ContactFormData {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  inquiryType: string;
  website?: string;
}

/** A message that passed validation, normalised and ready to store. */
export interface ContactMessage {
  name: string;
  email: string;
  /** null when left empty. */
  phone: string | null;
  subject: string;
  message: string;
  inquiryType: InquiryType;
}

export type ContactField = "name" | "email" | "phone" | "subject" | "message" | "inquiryType";

/** Field names in the order the form shows them (the first invalid one gets focus). */
export const CONTACT_FIELDS: readonly ContactField[] = [
  "name",
  "email",
  "phone",
  "subject",
  "inquiryType",
  "message",
];

export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type ContactValidation =
  | { ok: true; value: ContactMessage }
  | { ok: false; fields: ContactFieldErrors };

export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your full name.",
  nameTooLong: `Your name must be at most ${CONTACT_MAX_LENGTHS.name} characters.`,
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address, like name@example.com.",
  emailTooLong: `Your email address must be at most ${CONTACT_MAX_LENGTHS.email} characters.`,
  phoneInvalid: "Please enter your phone number as text, or leave it empty.",
  phoneTooLong: `Your phone number must be at most ${CONTACT_MAX_LENGTHS.phone} characters.`,
  subjectRequired: "Please enter a subject.",
  subjectTooLong: `The subject must be at most ${CONTACT_MAX_LENGTHS.subject} characters.`,
  messageRequired: "Please enter your message.",
  messageTooLong: `Your message must be at most ${CONTACT_MAX_LENGTHS.message.toLocaleString("en-US")} characters.`,
  inquiryTypeInvalid: "Please choose an inquiry type from the list.",
} as const;

/** Control characters no form field needs (tab, line feed and carriage return excepted). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
/** A UTF-16 surrogate without its partner, which no database text can hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as it will be stored: no stray control characters, lone surrogates replaced. */
function clean(value: string): string {
  return value.replace(LONE_SURROGATE, "\uFFFD").replace(CONTROL_CHARACTERS, "");
}

/** A one-line field: also folds tabs and line breaks into spaces, then trims. */
function oneLine(value: string): string {
  return clean(value)
    .replace(/[\t\r\n]+/g, " ")
    .trim();
}

function isInquiryType(value: string): value is InquiryType {
  return (INQUIRY_TYPES as readonly string[]).includes(value);
}

function field(input: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(input, name) ? input[name] : undefined;
}

/**
 * Validates and normalises what a sender submitted (the form's state, or the parsed
 * JSON body the function received). Required: name, email, subject, message. Optional:
 * phone (empty means none) and inquiryType (missing or empty means general). Values
 * that are not strings count as missing.
 */
export function validateContact(input: unknown): ContactValidation {
  const source =
    typeof input === "object" && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : {};
  const fields: ContactFieldErrors = {};
  const text = (name: ContactField, multiline = false): string => {
    const value = field(source, name);
    if (typeof value !== "string") return "";
    return multiline ? clean(value).trim() : oneLine(value);
  };

  const name = text("name");
  if (!name) fields.name = CONTACT_MESSAGES.nameRequired;
  else if (name.length > CONTACT_MAX_LENGTHS.name) fields.name = CONTACT_MESSAGES.nameTooLong;

  const email = text("email");
  if (!email) fields.email = CONTACT_MESSAGES.emailRequired;
  else if (email.length > CONTACT_MAX_LENGTHS.email) fields.email = CONTACT_MESSAGES.emailTooLong;
  else if (!isEmailAddress(email)) fields.email = CONTACT_MESSAGES.emailInvalid;

  const rawPhone = field(source, "phone");
  const phone = text("phone");
  if (rawPhone !== undefined && rawPhone !== null && typeof rawPhone !== "string")
    fields.phone = CONTACT_MESSAGES.phoneInvalid;
  else if (phone.length > CONTACT_MAX_LENGTHS.phone) fields.phone = CONTACT_MESSAGES.phoneTooLong;

  const subject = text("subject");
  if (!subject) fields.subject = CONTACT_MESSAGES.subjectRequired;
  else if (subject.length > CONTACT_MAX_LENGTHS.subject)
    fields.subject = CONTACT_MESSAGES.subjectTooLong;

  const message = text("message", true);
  if (!message) fields.message = CONTACT_MESSAGES.messageRequired;
  else if (message.length > CONTACT_MAX_LENGTHS.message)
    fields.message = CONTACT_MESSAGES.messageTooLong;

  const rawType = field(source, "inquiryType");
  const typeText = typeof rawType === "string" ? rawType.trim() : rawType;
  let inquiryType: InquiryType = DEFAULT_INQUIRY_TYPE;
  if (typeText === undefined || typeText === null || typeText === "") {
    inquiryType = DEFAULT_INQUIRY_TYPE;
  } else if (typeof typeText === "string" && isInquiryType(typeText)) {
    inquiryType = typeText;
  } else {
    fields.inquiryType = CONTACT_MESSAGES.inquiryTypeInvalid;
  }

  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: { name, email, phone: phone || null, subject, message, inquiryType },
  };
}

/**
 * True when the honeypot field was filled in. People never see it (it is hidden and
 * skipped by the keyboard), so anything in it means a bot filled the form.
 */
export function isHoneypotFilled(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === "string") return value.trim() !== "";
  return true;
}
