// The Prefer header as PostgREST v14 reads it (ApiRequest/Preferences.hs), and the
// Preference-Applied header it answers with. Parts are split on commas and trimmed; a
// part is taken only as written ("return=minimal", not "return = minimal"); the first
// of a kind wins; anything else is invalid: refused under handling=strict (PGRST122),
// ignored otherwise.
import { notInStandIn, RestError } from "./errors.ts";

export interface Preferences {
  return?: "minimal" | "representation" | "headers-only";
  count?: "exact" | "planned" | "estimated";
  missing?: "default" | "null";
  resolution?: "merge-duplicates" | "ignore-duplicates";
  handling?: "strict" | "lenient";
  /** A time zone PostgreSQL knows (pg_timezone_names); any other is invalid. */
  timezone?: string;
  /** max-affected=N; a value that is no whole number is ignored, as PostgREST does. */
  maxAffected?: number;
  /** The parts PostgREST calls invalid, as given. */
  invalid: string[];
}

/** Each preference with the values it takes, in the order Preference-Applied lists them. */
const CHOICES = {
  resolution: ["merge-duplicates", "ignore-duplicates"],
  missing: ["default", "null"],
  return: ["representation", "minimal", "headers-only"],
  count: ["exact", "planned", "estimated"],
  handling: ["strict", "lenient"],
} as const;

/**
 * `tx=commit|rollback` is valid but honoured only when PostgREST's db-tx-end allows an
 * override; Supabase sets none (its CLI passes no PGRST_DB_TX_END), so, as there, the
 * transaction commits and the preference is not applied.
 */
const ACCEPTED_UNAPPLIED = new Set(["tx=commit", "tx=rollback"]);

export function parsePrefer(
  header: string | undefined,
  timezones: ReadonlySet<string>,
): Preferences {
  const preferences: Preferences = { invalid: [] };
  const chosen = preferences as unknown as Record<string, string>;
  const parts = (header ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  // The first max-affected and timezone parts decide, readable or not.
  const first = (prefix: string) =>
    parts.find((part) => part.startsWith(prefix))?.slice(prefix.length);
  const limit = first("max-affected=");
  if (limit !== undefined && /^-?\d{1,18}$/.test(limit)) preferences.maxAffected = Number(limit);
  const timezone = first("timezone=");
  if (timezone !== undefined && timezones.has(timezone)) preferences.timezone = timezone;
  for (const part of parts) {
    const eq = part.indexOf("=");
    const key = part.slice(0, eq === -1 ? part.length : eq);
    const value = eq === -1 ? "" : part.slice(eq + 1);
    const choices: readonly string[] | undefined = CHOICES[key as keyof typeof CHOICES];
    if (choices?.includes(value)) chosen[key] ??= value;
    else if (
      key !== "max-affected" &&
      !(key === "timezone" && preferences.timezone !== undefined) &&
      !ACCEPTED_UNAPPLIED.has(part)
    )
      preferences.invalid.push(part);
  }
  return preferences;
}

/**
 * Refuses what PostgREST refuses (invalid preferences under handling=strict) and what
 * the stand-in does not play (return=headers-only).
 */
export function checkPreferences(prefer: Preferences): void {
  if (prefer.handling === "strict" && prefer.invalid.length > 0) {
    throw new RestError(400, {
      code: "PGRST122",
      message: "Invalid preferences given with handling=strict",
      details: `Invalid preferences: ${prefer.invalid.join(", ")}`,
      hint: null,
    });
  }
  if (prefer.return === "headers-only") {
    throw notInStandIn("Prefer: return=headers-only", "PostgREST answers with a Location header");
  }
}

/** Whether the answer carries a counted total (PostgREST's shouldCount). */
export function countsRows(prefer: Preferences): boolean {
  return prefer.count === "exact" || prefer.count === "estimated";
}

/** max-affected=N under handling=strict: more rows than N are refused, and undone. */
export function maxAffected(prefer: Preferences): number | undefined {
  return prefer.handling === "strict" ? prefer.maxAffected : undefined;
}

export type RequestKind = "read" | "insert" | "update" | "delete" | "rpc";

/**
 * Preference-Applied, as PostgREST writes it for each kind of request: resolution on an
 * insert into a table with a key (or given on_conflict), missing on inserts and
 * updates, return on writes, count, handling and timezone everywhere, max-affected
 * under strict on updates, deletes and functions.
 */
export function preferenceApplied(
  prefer: Preferences,
  kind: RequestKind,
  hasConflictTarget = false,
): string | undefined {
  const write = kind === "insert" || kind === "update" || kind === "delete";
  const parts = [
    kind === "insert" &&
      hasConflictTarget &&
      prefer.resolution &&
      `resolution=${prefer.resolution}`,
    (kind === "insert" || kind === "update") && prefer.missing && `missing=${prefer.missing}`,
    write && prefer.return && `return=${prefer.return}`,
    prefer.count && `count=${prefer.count}`,
    prefer.handling && `handling=${prefer.handling}`,
    prefer.timezone && `timezone=${prefer.timezone}`,
    kind !== "read" &&
      kind !== "insert" &&
      prefer.handling === "strict" &&
      prefer.maxAffected !== undefined &&
      `max-affected=${prefer.maxAffected}`,
  ].filter((part): part is string => typeof part === "string");
  return parts.length > 0 ? parts.join(", ") : undefined;
}
