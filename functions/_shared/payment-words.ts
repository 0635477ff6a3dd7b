// The donation details in words: what a change to them does (bank accounts and QR
// codes added, removed or changed, field by field), and the details themselves, line
// by line. The alerts function writes its emails with these, and the admin shows
// pending changes with the same words (it imports this file: a function may import
// only from functions/, so shared words live here). Plain TypeScript, no Deno or DOM.

/** A record of donate_content as the database keeps it (any of its columns). */
export interface PaymentRecord {
  qr_codes?: unknown;
  bank_accounts?: unknown;
  is_active?: unknown;
  [column: string]: unknown;
}

type Item = Record<string, string>;

const BANK_FIELDS: [string, string][] = [
  ["bank_name", "bank name"],
  ["account_name", "account name"],
  ["account_number", "account number"],
  ["routing_number", "routing number"],
  ["swift_code", "SWIFT code"],
  ["branch", "branch"],
];

const QR_FIELDS: [string, string][] = [
  ["title", "title"],
  ["image_url", "picture"],
  ["description", "description"],
];

/** A JSON list's items as text fields (anything else is left out). */
function items(list: unknown): Item[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
    .map((item) =>
      Object.fromEntries(
        Object.entries(item).map(([key, value]) => [
          key,
          typeof value === "string" ? value.trim() : "",
        ]),
      ),
    );
}

const field = (item: Item, key: string): string => item[key] ?? "";

/** A picture as a person would name it: its address, or 'an uploaded picture'. */
export function pictureWords(url: string): string {
  if (!url) return "no picture";
  if (url.startsWith("data:")) return "an uploaded picture";
  return url.length > 120 ? `${url.slice(0, 117)}...` : url;
}

/** A record's QR codes that have a picture, with their titles: what a donor would scan. */
export function qrCodePictures(record: PaymentRecord | null): { title: string; url: string }[] {
  return items(record?.qr_codes)
    .map((item) => ({ title: field(item, "title"), url: field(item, "image_url") }))
    .filter((qr) => qr.url !== "");
}

/** A QR code's picture named for its side of a change: 'QR code “Mobile Payment”, as proposed'. */
export function qrPictureLabel(title: string, side: string): string {
  return `QR code “${title || "untitled"}”, ${side.toLowerCase()}`;
}

/** One bank account on one line: 'Sample Bank, account name Helping Hands, number 0001'. */
export function bankAccountLine(item: Item): string {
  const parts = [
    field(item, "bank_name") || "(no bank name)",
    `account name ${field(item, "account_name") || "(none)"}`,
    `number ${field(item, "account_number") || "(none)"}`,
  ];
  if (field(item, "routing_number")) parts.push(`routing number ${field(item, "routing_number")}`);
  if (field(item, "swift_code")) parts.push(`SWIFT code ${field(item, "swift_code")}`);
  if (field(item, "branch")) parts.push(`branch ${field(item, "branch")}`);
  return parts.join(", ");
}

/** One QR code on one line: '“Mobile Payment” (picture: ...)'. */
export function qrCodeLine(item: Item): string {
  const description = field(item, "description");
  return `“${field(item, "title") || "(untitled)"}” (picture: ${pictureWords(field(item, "image_url"))})${
    description ? `: ${description}` : ""
  }`;
}

function same(a: Item, b: Item, fields: [string, string][]): boolean {
  return fields.every(([key]) => field(a, key) === field(b, key));
}

/**
 * Pairs the items of two lists: identical items first, then items sharing one of
 * `keys` (tried in order), then the rest in order. Answers the pairs that differ and
 * the items only one side has.
 */
function pairUp(
  before: Item[],
  after: Item[],
  fields: [string, string][],
  keys: string[][],
): { changed: [Item, Item][]; removed: Item[]; added: Item[] } {
  const left = [...before];
  const right = [...after];
  const pairs: [Item, Item][] = [];
  const take = (match: (a: Item, b: Item) => boolean) => {
    for (let i = 0; i < right.length; ) {
      const b = right[i] as Item;
      const j = left.findIndex((a) => match(a, b));
      if (j >= 0) {
        pairs.push([left[j] as Item, b]);
        left.splice(j, 1);
        right.splice(i, 1);
      } else {
        i += 1;
      }
    }
  };
  take((a, b) => same(a, b, fields));
  for (const key of keys) {
    take((a, b) => key.every((k) => field(a, k) !== "" && field(a, k) === field(b, k)));
  }
  while (left.length > 0 && right.length > 0) {
    pairs.push([left.shift() as Item, right.shift() as Item]);
  }
  return {
    changed: pairs.filter(([a, b]) => !same(a, b, fields)),
    removed: left,
    added: right,
  };
}

function fieldChanges(a: Item, b: Item, fields: [string, string][]): string[] {
  const changes: string[] = [];
  for (const [key, label] of fields) {
    const was = field(a, key);
    const now = field(b, key);
    if (was === now) continue;
    if (key === "image_url") {
      changes.push(
        now.startsWith("data:") || was.startsWith("data:")
          ? "picture changed"
          : `picture changed from ${pictureWords(was)} to ${pictureWords(now)}`,
      );
    } else {
      changes.push(`${label} ${was || "(none)"} → ${now || "(none)"}`);
    }
  }
  return changes;
}

/**
 * Whether a change was made ("done": the site shows it once published) or waits for a
 * second administrator ("proposed": nothing has changed yet).
 */
export type ChangeMood = "done" | "proposed";

const RECORD_WORDS = {
  done: {
    addedShown: "New donation details were added and are shown on the site.",
    addedHidden: "New donation details were added, hidden from the site.",
    deleted: "A set of donation details was deleted.",
    shown: "These donation details are now shown on the site.",
    hidden: "These donation details are now hidden from the site.",
  },
  proposed: {
    addedShown: "New donation details, to be shown on the site once approved.",
    addedHidden: "New donation details, to be kept hidden from the site.",
    deleted: "A set of donation details would be deleted.",
    shown: "These donation details would be shown on the site.",
    hidden: "These donation details would be hidden from the site.",
  },
} as const;

/**
 * What a change to the donation details does, one sentence a line. `before` is null
 * for a new record, `after` null for a deleted one.
 */
export function describePaymentChange(
  before: PaymentRecord | null,
  after: PaymentRecord | null,
  mood: ChangeMood = "done",
): string[] {
  const lines: string[] = [];
  const words = RECORD_WORDS[mood];
  if (!before && !after) return lines;
  if (!before) {
    lines.push(after?.is_active === false ? words.addedHidden : words.addedShown);
  } else if (!after) {
    lines.push(words.deleted);
  } else if (before.is_active !== after.is_active && typeof after.is_active === "boolean") {
    lines.push(after.is_active ? words.shown : words.hidden);
  }

  const banks = pairUp(items(before?.bank_accounts), items(after?.bank_accounts), BANK_FIELDS, [
    ["account_number"],
    ["bank_name", "account_name"],
  ]);
  for (const item of banks.added) lines.push(`Bank account added: ${bankAccountLine(item)}.`);
  for (const item of banks.removed) lines.push(`Bank account removed: ${bankAccountLine(item)}.`);
  for (const [a, b] of banks.changed) {
    lines.push(
      `Bank account ${field(a, "bank_name")} (number ${field(a, "account_number")}) changed: ${fieldChanges(a, b, BANK_FIELDS).join("; ")}.`,
    );
  }

  const qrs = pairUp(items(before?.qr_codes), items(after?.qr_codes), QR_FIELDS, [
    ["title"],
    ["image_url"],
  ]);
  for (const item of qrs.added) lines.push(`QR code added: ${qrCodeLine(item)}.`);
  for (const item of qrs.removed) lines.push(`QR code removed: ${qrCodeLine(item)}.`);
  for (const [a, b] of qrs.changed) {
    lines.push(
      `QR code “${field(a, "title")}” changed: ${fieldChanges(a, b, QR_FIELDS).join("; ")}.`,
    );
  }
  if (lines.length === 0) lines.push("Nothing a visitor sees changed.");
  return lines;
}

/** What a new record's 'before' listing says: it had no details of its own. */
export const NEW_RECORD_BEFORE = {
  done: "Nothing: this set of donation details is new.",
  proposed:
    "Nothing: this set of donation details is new. Until it is approved, the site keeps showing the donation details it shows now.",
} as const;

/**
 * The details of one record, line by line, for a 'before' or 'after' listing; a new
 * record's 'before' in the words of `mood`, a deleted one's 'after' as "(none)".
 */
export function paymentDetails(record: PaymentRecord | null, mood?: ChangeMood): string[] {
  if (!record) return [mood ? NEW_RECORD_BEFORE[mood] : "(none)"];
  const banks = items(record.bank_accounts).map((item) => `Bank account: ${bankAccountLine(item)}`);
  const qrs = items(record.qr_codes).map((item) => `QR code: ${qrCodeLine(item)}`);
  const shown = record.is_active === false ? ["(hidden from the site)"] : [];
  return [...banks, ...qrs, ...shown];
}

/** The settings alerts concern, as the database keeps them. */
export interface AlertSettings {
  require_payment_approval?: unknown;
  alert_address?: unknown;
}

const where = (address: unknown) =>
  typeof address === "string" && address ? address : "every administrator";

/** What a change to the alert settings does, one sentence a line. */
export function describeSettingsChange(
  before: AlertSettings | null,
  after: AlertSettings | null,
): string[] {
  const lines: string[] = [];
  if (before?.alert_address !== after?.alert_address) {
    lines.push(
      `New-message alerts now go to ${where(after?.alert_address)} (before: ${where(before?.alert_address)}).`,
    );
  }
  if (before?.require_payment_approval !== after?.require_payment_approval) {
    lines.push(
      after?.require_payment_approval
        ? "A second administrator must now approve every change to the payment details."
        : "Changes to the payment details no longer need a second administrator's approval.",
    );
  }
  return lines;
}
