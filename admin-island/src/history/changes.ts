// A recorded change in words, field by field: 'Title: “Old” → “New”', 'Shown on the
// site: yes → no', a picture before and after, long text as a word-by-word difference.
// Fields are named as the record's form names them; the columns no form shows
// (shown on the site, position, alt text) have their own names (words.ts).
import { diffWords } from "diff";
import { columnWords } from "../api/errors.ts";
import type { Field } from "../content/resources/types.ts";
import type { AuditEntry } from "./history-query.ts";
import { history as words } from "./words.ts";

/** The record's own bookkeeping, never a change anyone made. */
const BOOKKEEPING = new Set(["id", "created_at", "updated_at"]);
/** A line of text longer than this, or on several lines, is shown word by word. */
const LONG_TEXT = 80;
/** Columns shown by their own name whatever the form calls them. */
const OWN_NAMES = new Set(["is_active", "sort_order", "image_alt", "image_decorative"]);
const PICTURE_COLUMN = /(^|_)(image_url|logo_url)$/;

export interface WordPart {
  value: string;
  change: "added" | "removed" | "same";
}

export type Difference =
  | { kind: "value"; column: string; label: string; text: string }
  | { kind: "words"; column: string; label: string; parts: WordPart[]; text: string }
  | {
      kind: "picture";
      column: string;
      label: string;
      before: string | null;
      after: string | null;
      text: string;
    };

export interface ChangeView {
  action: "added" | "deleted" | "changed";
  /** 'Added', 'Deleted', 'Changed' or 'Saved without changes'. */
  summary: string;
  differences: Difference[];
}

type Kind = "text" | "long" | "picture" | "yesno" | "number" | "position" | "select" | "list";

function kindOf(column: string, field: Field | undefined, before: unknown, after: unknown): Kind {
  if (column === "sort_order") return "position";
  switch (field?.kind) {
    case "image":
      return "picture";
    case "select":
      return "select";
    case "checkbox":
      return "yesno";
    case "number":
      return "number";
    case "list":
      return "list";
    case "textarea":
      return "long";
  }
  if (PICTURE_COLUMN.test(column)) return "picture";
  const sample = after ?? before;
  if (typeof sample === "boolean") return "yesno";
  if (typeof sample === "number") return "number";
  if (Array.isArray(sample)) return "list";
  return "text";
}

/** What a column is called: its form field's label, else its own name. */
export function labelOf(column: string, fields: readonly Field[]): string {
  if (OWN_NAMES.has(column)) return words.columns[column] as string;
  return (
    fields.find((field) => field.name === column)?.label ??
    words.columns[column] ??
    columnWords(column)
  );
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/** A short value in words: quoted text, yes or no, a number, 'empty'. */
function valueWords(value: unknown, kind: Kind, field: Field | undefined): string {
  if (isBlank(value)) return words.blank;
  switch (kind) {
    case "yesno":
      return value ? words.yes : words.no;
    case "position":
      return String(Number(value) + 1);
    case "number":
      return String(value);
    case "select": {
      const options = field?.kind === "select" ? field.options : [];
      const label = options.find((option) => option.value === value)?.label ?? String(value);
      return `“${label}”`;
    }
    default:
      return `“${String(value)}”`;
  }
}

/** A list as lines of text, one item a line: what a word difference compares. */
function listText(value: unknown): string {
  if (!Array.isArray(value)) return "";
  return value
    .map((item, index) => {
      const parts =
        item && typeof item === "object"
          ? Object.values(item as Record<string, unknown>).filter((part) => !isBlank(part))
          : [item];
      return `${index + 1}. ${parts.map(String).join(" · ")}`;
    })
    .join("\n");
}

function sameItems(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  const keys = (list: unknown[]) => list.map((item) => JSON.stringify(item)).sort();
  return JSON.stringify(keys(a)) === JSON.stringify(keys(b));
}

function wordParts(before: string, after: string): WordPart[] {
  return diffWords(before, after).map((part) => ({
    value: part.value,
    change: part.added ? "added" : part.removed ? "removed" : "same",
  }));
}

/** The word difference as one line of text: 'Description: We [-help-]{+support+} children'. */
function partsText(parts: WordPart[]): string {
  return parts
    .map((part) =>
      part.change === "added"
        ? `{+${part.value}+}`
        : part.change === "removed"
          ? `[-${part.value}-]`
          : part.value,
    )
    .join("");
}

function differenceOf(
  column: string,
  before: unknown,
  after: unknown,
  fields: readonly Field[],
): Difference {
  const field = fields.find((candidate) => candidate.name === column);
  const label = labelOf(column, fields);
  const kind = kindOf(column, field, before, after);
  if (kind === "picture") {
    const url = (value: unknown) => (typeof value === "string" && value ? value : null);
    return {
      kind: "picture",
      column,
      label,
      before: url(before),
      after: url(after),
      text: `${label}: ${url(before) ? words.picture("before") : words.noPicture} → ${
        url(after) ? words.picture("after") : words.noPicture
      }`,
    };
  }
  if (kind === "list") {
    if (sameItems(before, after)) {
      return { kind: "value", column, label, text: `${label}: ${words.orderChanged}` };
    }
    const parts = wordParts(listText(before), listText(after));
    return { kind: "words", column, label, parts, text: `${label}: ${partsText(parts)}` };
  }
  // A text area's text is read word by word; a line of text only when it is long.
  const long =
    kind === "long" ||
    (kind === "text" &&
      [before, after].some(
        (value) => typeof value === "string" && (value.length > LONG_TEXT || value.includes("\n")),
      ));
  if (long && !isBlank(before) && !isBlank(after)) {
    const parts = wordParts(String(before), String(after));
    return { kind: "words", column, label, parts, text: `${label}: ${partsText(parts)}` };
  }
  return {
    kind: "value",
    column,
    label,
    text: `${label}: ${valueWords(before, kind, field)} → ${valueWords(after, kind, field)}`,
  };
}

/** The columns a change touched, in the form's order, then the others by name. */
function changedColumns(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  fields: readonly Field[],
): string[] {
  const columns = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...columns].filter(
    (column) =>
      !BOOKKEEPING.has(column) && JSON.stringify(before[column]) !== JSON.stringify(after[column]),
  );
  const place = (column: string) => {
    const index = fields.findIndex((field) => field.name === column);
    return index === -1 ? fields.length : index;
  };
  return changed.sort((a, b) => place(a) - place(b) || a.localeCompare(b));
}

/** A recorded change as the history shows it. */
export function describeChange(entry: AuditEntry, fields: readonly Field[]): ChangeView {
  if (entry.action === "INSERT") {
    return { action: "added", summary: words.added, differences: [] };
  }
  if (entry.action === "DELETE") {
    return { action: "deleted", summary: words.deleted, differences: [] };
  }
  const before = entry.old_data ?? {};
  const after = entry.new_data ?? {};
  const differences = changedColumns(before, after, fields).map((column) =>
    differenceOf(column, before[column], after[column], fields),
  );
  return {
    action: "changed",
    summary: differences.length ? words.changed : words.unchanged,
    differences,
  };
}
