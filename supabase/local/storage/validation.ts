// Request checks: allowed MIME types, declared lengths, user metadata, and the JSON
// bodies of remove and list, with the messages Storage's schema validation gives.
import type { Context } from "hono";
import { ERRORS } from "./errors.ts";

/** Storage's rule: `type/subtype` must equal an allowed type, or match `type/*`. */
export function isAllowedMimeType(mimeType: string, allowed: string[]): boolean {
  const base = (mimeType.split(";")[0] ?? "").trim().toLowerCase();
  const [type, subtype] = base.split("/");
  if (!type || !subtype) return false;
  return allowed.some((entry) => {
    const [allowedType, allowedSubtype] = entry.trim().toLowerCase().split("/");
    return allowedType === type && (allowedSubtype === "*" || allowedSubtype === subtype);
  });
}

/** The Content-Length the request declares, if it declares a usable one. */
export function declaredLength(c: Context): number | undefined {
  const header = c.req.header("content-length");
  if (header === undefined) return undefined;
  const length = Number(header);
  return Number.isFinite(length) && length >= 0 ? length : undefined;
}

/** User metadata is a JSON object; anything else is dropped, not refused. */
export function parseUserMetadata(json: string | undefined): Record<string, unknown> | null {
  if (json === undefined) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The object names of a remove body `{"prefixes": [...]}`: strings, or `{path}` objects. */
export function namesToRemove(body: unknown): string[] {
  const prefixes = (body as { prefixes?: unknown } | null)?.prefixes;
  if (!Array.isArray(prefixes)) {
    throw ERRORS.invalidRequest("body must have required property 'prefixes'");
  }
  if (prefixes.length === 0) {
    throw ERRORS.invalidRequest("body/prefixes must NOT have fewer than 1 items");
  }
  return prefixes.map((entry: unknown) =>
    typeof entry === "string"
      ? entry
      : entry !== null && typeof entry === "object" && "path" in entry
        ? String((entry as { path: unknown }).path)
        : String(entry),
  );
}

export interface ListOptions {
  /** The folder listed, with its trailing slash ("" for the bucket's top). */
  prefix: string;
  limit: number;
  offset: number;
  search: string;
  column: string;
  order: "asc" | "desc";
}

const SORT_COLUMNS = new Set(["name", "id", "updated_at", "created_at", "last_accessed_at"]);

/** A list body, with storage-js's defaults for what it leaves out. */
export function listOptions(body: unknown): ListOptions {
  const options = body as Record<string, unknown> | null;
  if (options === null || typeof options !== "object" || typeof options.prefix !== "string") {
    throw ERRORS.invalidRequest("body must have required property 'prefix'");
  }
  let prefix = options.prefix;
  if (prefix.length > 0 && !prefix.endsWith("/")) prefix = `${prefix}/`;
  const { limit, offset, search } = options;
  const sortBy = (options.sortBy ?? {}) as { column?: unknown; order?: unknown };
  return {
    prefix,
    limit: Number.isInteger(limit) && (limit as number) > 0 ? (limit as number) : 100,
    offset: Number.isInteger(offset) && (offset as number) >= 0 ? (offset as number) : 0,
    search: typeof search === "string" ? search : "",
    column:
      typeof sortBy.column === "string" && SORT_COLUMNS.has(sortBy.column) ? sortBy.column : "name",
    order: String(sortBy.order).toLowerCase() === "desc" ? "desc" : "asc",
  };
}
