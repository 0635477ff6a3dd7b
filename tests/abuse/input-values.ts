// The hostile values of the input group, by kind of field (the admin's forms) and by
// rule of column (the database). Each value either must be refused, or (for the
// database's documented coercions: PostgREST turns a JSON number sent for a text
// column into that text) must be stored as exactly the value it stands for.
import type {
  Field,
  ItemField,
  ListField,
} from "../../admin-island/src/content/resources/types.ts";
import type { Column, ListValueKind, Rule } from "./input-catalog.ts";

export type Expect = "refuse" | { stored: unknown };

export interface ValueCase {
  label: string;
  value: unknown;
  expect: Expect;
}

const refuse = (label: string, value: unknown): ValueCase => ({ label, value, expect: "refuse" });
const stored = (label: string, value: unknown, result: unknown): ValueCase => ({
  label,
  value,
  expect: { stored: result },
});

/** Values that show nothing: each must count as blank. */
export const BLANKS: [string, string][] = [
  ["empty", ""],
  ["spaces", "   "],
  ["tab and line breaks", "\t\r\n"],
  ["no-break spaces", "\u00a0\u00a0"],
  ["ideographic space", "\u3000"],
  ["zero-width space", "\u200b"],
  ["byte-order mark", "\ufeff"],
  ["line separator", "\u2028"],
  ["mixed invisible", " \u200b\u00a0\u2060 "],
];

/** Addresses no image or link column may hold. */
export const HOSTILE_URLS: [string, string][] = [
  ["javascript:", "javascript:alert(1)"],
  ["JAVASCRIPT:", "JAVASCRIPT:alert(1)"],
  ["' javascript:'", " javascript:alert(1)"],
  ["tab then javascript:", "\tjavascript:alert(1)"],
  ["java<tab>script:", "java\tscript:alert(1)"],
  ["javascript:// comment trick", "javascript://example.org/%0aalert(1)"],
  ["data:text/html base64", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
  ["data:text/html plain", "data:text/html,<script>alert(1)</script>"],
  ["data:image/svg+xml base64", "data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"],
  ["data:image/svg+xml plain", "data:image/svg+xml,<svg onload=alert(1)>"],
  ["data:image/png not base64", "data:image/png,<script>"],
  ["vbscript:", "vbscript:msgbox(1)"],
  ["protocol-relative //host", "//evil.example/x.png"],
  ["backslash host", "\\\\evil.example/x.png"],
  ["/\\host", "/\\evil.example/x.png"],
  ["http:// without host", "http://"],
  ["https:// without host", "https://"],
  ["http:/// empty host", "http:///x.png"],
  ["https://@/ userinfo without host", "https://@/x.png"],
  ["http://:80/ port without host", "http://:80/x.png"],
  ["http://./ dot host", "http://./x.png"],
  ["user@host", "https://example.org@evil.example/x.png"],
  ["no-break space in host", "https://exa\u00a0mple.org/x.png"],
  ["space in path", "https://example.org/a b.png"],
  ["quote breaking the attribute", 'https://example.org/x.png"onerror="alert(1)'],
  ["angle brackets", "https://example.org/<script>alert(1)</script>"],
  ["ftp:", "ftp://example.org/x.png"],
  ["file:", "file:///etc/passwd"],
  ["relative path", "images/x.png"],
  ["2049 characters", `https://example.org/${"a".repeat(2029)}`],
];

/** Link-only columns (a certificate's PDF) also refuse embedded files. */
const HOSTILE_LINKS: [string, string][] = [
  ["data:application/pdf", "data:application/pdf;base64,JVBERi0xLjQ="],
  ["data:image/png (not a link)", "data:image/png;base64,iVBORw0KGgo="],
];

export function tooLong(max: number): [string, string][] {
  return [
    [`${max + 1} characters`, "a".repeat(max + 1)],
    [`${max + 1} two-byte characters`, "é".repeat(max + 1)],
    [`${max + 1} emoji`, "😀".repeat(max + 1)],
  ];
}

// --- the database ---------------------------------------------------------------

type ListRule = Extract<Rule, { kind: "list" }>;

/** A valid value of an item key: a picture's address, an email address, a link, or text. */
function validValue(rule: ListRule, key: string): string {
  if (key === "image_url") return "https://example.org/qr.png";
  if (rule.values[key] === "email") return "someone@example.org";
  if (rule.values[key] === "link") return "https://example.org/page";
  return "x";
}

/** A valid item of a JSON list column. */
export function validItem(rule: ListRule): Record<string, string> {
  return Object.fromEntries(rule.required.map((key) => [key, validValue(rule, key)]));
}

/** Email addresses no email column or list value takes (a shape the contact function refuses too). */
const MALFORMED_EMAILS: [string, string][] = [
  ["no @", "not-an-email"],
  ["no dot in the domain", "a@b"],
  ["space inside", "a b@example.org"],
  ["two @", "a@@example.org"],
];

/**
 * What private.is_email (and the admin's email rule) refuses besides: markup, quotes,
 * a display name, a list of addresses, mail headers, a scheme, empty domain labels.
 */
const HOSTILE_EMAILS: [string, string][] = [
  ...MALFORMED_EMAILS,
  ["markup in the name", "<script>alert(1)</script>@example.org"],
  ["markup in the domain", "a@example.org<img src=x onerror=alert(1)>"],
  ["a quote breaking the attribute", 'a"onmouseover="alert(1)@example.org'],
  ["a display name", "Mina <mina@example.org>"],
  ["two addresses", "a@example.org,b@example.org"],
  ["a header after a line break", "a@example.org\nBcc: all@example.org"],
  ["a tab inside", "a\t@example.org"],
  ["no-break space inside", "a\u00a0b@example.org"],
  ["mailto: before it", "mailto:a@example.org"],
  ["javascript:", "javascript:alert(1)//a@example.org"],
  ["a dot starting the domain", "a@.example.org"],
  ["a dot ending the domain", "a@example.org."],
  ["two dots in the domain", "a@example..org"],
  ["brackets", "a@[127.0.0.1]"],
];

/**
 * What no repeating list takes, in the database or the form: not a list at all, an
 * empty or overlong one, items that are not objects, items with keys nobody expects.
 */
function wholeListCases(item: Record<string, unknown>, maxItems: number): ValueCase[] {
  return [
    refuse("a string, not a list", "[]"),
    refuse("the list as JSON text", JSON.stringify([item])),
    refuse("an object, not a list", {}),
    refuse("an object keyed like a list", { 0: item }),
    refuse("a number, not a list", 5),
    refuse("true, not a list", true),
    refuse("empty list", []),
    refuse(
      `${maxItems + 1} items`,
      Array.from({ length: maxItems + 1 }, () => item),
    ),
    refuse("list of strings", ["x"]),
    refuse("list holding null", [null]),
    refuse("list of numbers", [5]),
    refuse("nested list", [[item]]),
    refuse("an item then a string", [item, "x"]),
    refuse("item with an unknown key", [{ ...item, evil: "x" }]),
    refuse("item with a __proto__ key", [{ ...item, ...JSON.parse('{"__proto__":"x"}') }]),
  ];
}

function listCases(rule: ListRule): ValueCase[] {
  const item = validItem(rule);
  const without = (key: string) =>
    Object.fromEntries(Object.entries(item).filter(([k]) => k !== key));
  const cases: ValueCase[] = [
    ...wholeListCases(item, rule.maxItems),
    refuse("item with an object value", [{ ...item, [rule.required[0] as string]: { x: 1 } }]),
  ];
  for (const key of rule.required) {
    cases.push(
      refuse(`item missing ${key}`, [without(key)]),
      refuse(`item ${key} in other case`, [{ ...without(key), [key.toUpperCase()]: "x" }]),
      refuse(`item ${key} null`, [{ ...item, [key]: null }]),
      refuse(`item ${key} a number`, [{ ...item, [key]: 5 }]),
      refuse(`item ${key} a list`, [{ ...item, [key]: ["x"] }]),
    );
    for (const [label, blank] of BLANKS.slice(0, 6)) {
      cases.push(refuse(`item ${key} ${label}`, [{ ...item, [key]: blank }]));
    }
    if (key === "image_url") {
      for (const [label, url] of HOSTILE_URLS) {
        cases.push(refuse(`item ${key} ${label}`, [{ ...item, [key]: url }]));
      }
    } else {
      for (const [label, value] of valueKindCases(rule.values[key])) {
        cases.push(refuse(`item ${key} ${label}`, [{ ...item, [key]: value }]));
      }
      cases.push(refuse(`item ${key} 2001 characters`, [{ ...item, [key]: "a".repeat(2001) }]));
    }
  }
  for (const key of rule.optional) {
    cases.push(
      refuse(`item ${key} a number`, [{ ...item, [key]: 5 }]),
      refuse(`item ${key} an object`, [{ ...item, [key]: {} }]),
      refuse(`item ${key} 2001 characters`, [{ ...item, [key]: "a".repeat(2001) }]),
    );
  }
  return cases;
}

/** What a list value of a kind must not be: an address that is no email, a link no page may hold. */
function valueKindCases(kind: ListValueKind | undefined): [string, string][] {
  if (kind === "email") return HOSTILE_EMAILS;
  if (kind === "link") return [...HOSTILE_URLS, ...HOSTILE_LINKS];
  return [];
}

/** Every hostile value for a column, with what the database must do with it. */
export function columnCases(column: Column, mode: "insert" | "update"): ValueCase[] {
  const { rule } = column;
  const cases: ValueCase[] = [];
  // NULL: refused by NOT NULL. (updated_at is set by a trigger on update, whatever is sent.)
  if (!column.nullable && !(mode === "update" && column.name === "updated_at")) {
    cases.push(refuse("null", null));
  }
  switch (rule.kind) {
    case "text": {
      if (rule.visible) for (const [label, blank] of BLANKS) cases.push(refuse(label, blank));
      for (const [label, long] of tooLong(rule.max)) cases.push(refuse(label, long));
      cases.push(refuse("NUL character", "a\u0000b"));
      // PostgREST stores a JSON scalar, list or object sent for text as its JSON text.
      cases.push(
        stored("a number (stored as its text)", 5, "5"),
        stored("true (stored as its text)", true, "true"),
        stored("an object (stored as its JSON text)", { a: 1 }, '{"a":1}'),
        stored("a list (stored as its JSON text)", ["x"], '["x"]'),
      );
      break;
    }
    case "unbounded":
      cases.push(refuse("a megabyte of text", "a".repeat(1_000_000)));
      break;
    case "email":
      cases.push(
        refuse("empty", ""),
        refuse("spaces", "   "),
        ...MALFORMED_EMAILS.map(([label, value]) => refuse(label, value)),
        refuse(`${rule.max + 1} characters`, `${"a".repeat(rule.max - 11)}@example.org`),
        refuse("a number", 5),
        // The shape is deliberately loose (x@y.z without spaces, as the contact function
        // checks it), so a list is refused only when its JSON text is not that shape.
        refuse("a list", ["not-an-email"]),
      );
      break;
    case "code": {
      const { sample } = rule;
      const last = sample.slice(-1) || "A";
      cases.push(
        refuse("empty", ""),
        refuse("spaces", " ".repeat(Math.max(rule.max, 1))),
        refuse("leading space", ` ${sample}`),
        refuse("trailing space", `${sample} `),
        refuse("trailing line break", `${sample}\n`),
        refuse(
          `${rule.max + 1} characters`,
          `${sample}${last.repeat(rule.max + 1 - sample.length)}`,
        ),
        refuse("markup", "<script>alert(1)</script>"),
        refuse("a quote breaking the attribute", `${sample}"onmouseover="alert(1)`),
        refuse("SQL in the value", `${sample}' or '1'='1`),
        refuse("a number", 5),
        refuse("true", true),
        refuse("an object", { code: sample }),
        refuse("a list", [sample]),
      );
      if (sample.toLowerCase() !== sample) cases.push(refuse("lower case", sample.toLowerCase()));
      // The full-width forms of Latin letters and digits, which look the same.
      const wide = sample.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
      if (wide !== sample) cases.push(refuse("full-width look-alikes", wide));
      if (rule.min > 1) {
        cases.push(refuse(`too short (${rule.min - 1} characters)`, sample.slice(0, rule.min - 1)));
      }
      break;
    }
    case "enum": {
      const first = rule.values[0] as string;
      cases.push(
        refuse("empty", ""),
        refuse("spaces", "   "),
        refuse("upper case", first.toUpperCase()),
        refuse("leading space", ` ${first}`),
        refuse("trailing space", `${first} `),
        refuse("unknown value", "unknown"),
        refuse("SQL in the value", `${first}' or '1'='1`),
        refuse("a number", 5),
        refuse("true", true),
        refuse("an object", { value: first }),
        refuse("a list", [first]),
      );
      break;
    }
    case "image":
    case "link": {
      const urls = rule.kind === "link" ? [...HOSTILE_URLS, ...HOSTILE_LINKS] : HOSTILE_URLS;
      for (const [label, url] of urls) cases.push(refuse(label, url));
      cases.push(
        refuse("empty", ""),
        refuse("spaces", "   "),
        refuse("a number", 5),
        refuse("true", true),
        refuse("an object", { url: "https://example.org/x.png" }),
        refuse("a list", ["https://example.org/x.png"]),
      );
      break;
    }
    case "integer": {
      const inRange = Math.min(Math.max(12, rule.min), rule.max);
      cases.push(
        refuse(`${rule.min - 1} (below the range)`, rule.min - 1),
        refuse(`${rule.max + 1} (above the range)`, rule.max + 1),
        refuse("2147483648 (past integer)", 2_147_483_648),
        refuse("-2147483649 (past integer)", -2_147_483_649),
        refuse("1.5", 1.5),
        refuse("'1.5'", "1.5"),
        refuse("'1e3'", "1e3"),
        refuse("'NaN'", "NaN"),
        refuse("'Infinity'", "Infinity"),
        refuse("'-Infinity'", "-Infinity"),
        refuse("'abc'", "abc"),
        refuse("empty", ""),
        refuse("spaces", "   "),
        refuse("true", true),
        refuse("an object", { n: 1 }),
        refuse("a list", [1]),
        stored(`'${inRange}' (a numeral, stored as ${inRange})`, String(inRange), inRange),
      );
      break;
    }
    case "boolean":
      cases.push(
        refuse("'maybe'", "maybe"),
        refuse("2", 2),
        refuse("-1", -1),
        refuse("empty", ""),
        refuse("spaces", "   "),
        refuse("'truee'", "truee"),
        refuse("an object", {}),
        refuse("an empty list", []),
        refuse("a list", [true]),
        stored("'yes' (stored as true)", "yes", true),
        stored("0 (stored as false)", 0, false),
      );
      break;
    case "list":
      cases.push(...listCases(rule));
      break;
    case "uuid":
      cases.push(
        refuse("not a uuid", "not-a-uuid"),
        refuse("empty", ""),
        refuse("spaces", "   "),
        refuse("a bad hex digit", "00000000-0000-4000-8000-00000000000g"),
        refuse("one digit too many", "00000000-0000-4000-8000-0000000000001"),
        refuse("SQL in the value", "' or 1=1 --"),
        refuse("a number", 5),
        refuse("true", true),
        refuse("an object", {}),
        refuse("a list", []),
      );
      break;
    case "timestamp":
      cases.push(
        refuse("not a date", "not a date"),
        refuse("empty", ""),
        refuse("spaces", "   "),
        refuse("month 13", "2026-13-01T00:00:00Z"),
        refuse("30 February", "2026-02-30T00:00:00Z"),
        refuse("true", true),
        refuse("an object", {}),
        refuse("a list", []),
      );
      break;
  }
  return cases;
}

/** Payload keys that are no column of any table. */
export const UNKNOWN_COLUMNS: [string, Record<string, unknown>][] = [
  ["unknown column", { evil: "x" }],
  ["column name with a trailing space", { "id ": "x" }],
  ["column name in upper case", { ID: "x" }],
  ["SQL in a column name", { 'id" = id; drop table x; --': "x" }],
  ["system column", { ctid: "(0,1)" }],
];

// --- the admin's forms ----------------------------------------------------------

/**
 * Hostile values of one form field; `max` and `min` are the database's limits for its
 * column (a length, or a number's range).
 */
export function fieldCases(
  field: Field | ItemField,
  max: number | undefined,
  min = 0,
): ValueCase[] {
  const required = field.required === true;
  const cases: ValueCase[] = [];
  const wrongTypes = (...except: string[]) =>
    (
      [
        ["a number", 5],
        ["zero", 0],
        ["true", true],
        ["null", null],
        ["missing", undefined],
        ["an object", { value: "x" }],
        ["a list", ["x"]],
      ] as [string, unknown][]
    )
      .filter(([label]) => !except.includes(label))
      .map(([label, value]) => refuse(label, value));
  switch (field.kind) {
    case "text":
    case "textarea":
      if (required) for (const [label, blank] of BLANKS) cases.push(refuse(label, blank));
      else
        for (const [label, blank] of BLANKS)
          cases.push(stored(`${label} (stored as null)`, blank, null));
      if (max !== undefined)
        for (const [label, long] of tooLong(max)) cases.push(refuse(label, long));
      cases.push(...wrongTypes());
      break;
    case "number": {
      const top = max ?? 0;
      cases.push(
        refuse("-1", -1),
        refuse("'-1'", "-1"),
        ...(min > 0
          ? [
              refuse(`${min - 1} (below the range)`, min - 1),
              refuse(`'${min - 1}'`, String(min - 1)),
            ]
          : []),
        refuse("1.5", 1.5),
        refuse("'2.5'", "2.5"),
        refuse(`${top + 1} (above the range)`, top + 1),
        refuse(`'${top + 1}'`, String(top + 1)),
        refuse("'1e12'", "1e12"),
        refuse("'Infinity'", "Infinity"),
        refuse("Infinity", Number.POSITIVE_INFINITY),
        refuse("-Infinity", Number.NEGATIVE_INFINITY),
        refuse("true", true),
        refuse("an object", { n: 1 }),
        refuse("a list", [1]),
        refuse("an empty list", []),
        // A blank or unreadable entry is refused under the field, never taken as 0.
        refuse("'abc'", "abc"),
        refuse("empty", ""),
        refuse("'1e'", "1e"),
        refuse("NaN", Number.NaN),
      );
      break;
    }
    case "select": {
      const first = field.options[0]?.value ?? "x";
      cases.push(
        refuse("empty", ""),
        refuse("spaces", "   "),
        refuse("upper case", first.toUpperCase()),
        refuse("leading space", ` ${first}`),
        refuse("trailing space", `${first} `),
        refuse("unknown value", "unknown"),
        refuse("__proto__", "__proto__"),
        refuse("constructor", "constructor"),
        refuse("toString", "toString"),
        ...wrongTypes(),
      );
      break;
    }
    case "checkbox":
      cases.push(
        refuse("'true'", "true"),
        refuse("'false'", "false"),
        refuse("'on'", "on"),
        refuse("empty", ""),
        refuse("1", 1),
        ...wrongTypes("true", "a number"),
      );
      break;
    case "image":
    case "document": {
      const urls = field.kind === "document" ? [...HOSTILE_URLS, ...HOSTILE_LINKS] : HOSTILE_URLS;
      for (const [label, url] of urls) cases.push(refuse(label, url));
      if (required) {
        cases.push(refuse("empty", ""), refuse("spaces", "   "), refuse("tab", "\t"));
      } else {
        cases.push(
          stored("empty (stored as null)", "", null),
          stored("spaces (stored as null)", "   ", null),
        );
      }
      cases.push(...wrongTypes());
      break;
    }
    case "icon":
      // Only an icon the picker offers, by its name; anything else is refused.
      cases.push(
        refuse("empty", ""),
        refuse("spaces", "   "),
        refuse("unknown name", "NotAnIcon"),
        refuse("markup", "<svg onload=alert(1)>"),
        // A health tip takes an emoji or any known icon; the others, only the picker's.
        ...(field.emoji ? [] : [refuse("the default icon", "Sparkles"), refuse("an emoji", "🩺")]),
        stored("spaces around a name (trimmed)", " Heart ", "Heart"),
        ...wrongTypes(),
      );
      break;
    case "list":
      break;
  }
  return cases;
}

/** A form list case: the whole list's value, and where the expected output sits. */
export interface ListCase extends ValueCase {
  /** The item key whose output `expect.stored` describes, for item-level cases. */
  key?: string;
}

/**
 * Hostile values of a repeating list, as a whole and item by item; `rule` is the
 * database's for its column (how many items, what kind of value each key holds).
 */
export function formListCases(
  field: ListField,
  item: Record<string, unknown>,
  rule: ListRule,
): ListCase[] {
  const cases: ListCase[] = [
    ...wholeListCases(item, rule.maxItems),
    refuse("null, not a list", null),
    refuse("missing", undefined),
    refuse("item with a constructor key", [{ ...item, constructor: "x" }]),
  ];
  for (const itemField of field.fields) {
    const kinds = valueKindCases(rule.values[itemField.name]).map(([label, value]) =>
      refuse(label, value),
    );
    for (const c of [
      ...fieldCases(itemField, itemField.kind === "image" ? undefined : 2000),
      ...kinds,
    ]) {
      const changed = { ...item, [itemField.name]: c.value };
      if (c.value === undefined) delete changed[itemField.name];
      cases.push({
        ...c,
        label: `item ${itemField.name} ${c.label}`,
        value: [changed],
        key: itemField.name,
      });
    }
  }
  return cases;
}
