// Media types as PostgREST v14 reads them: the Accept header it answers (JSON, one
// object with vnd.pgrst.object+json, either with nulls stripped) and the Content-Type of a request body (JSON; CSV
// and form bodies, and raw bodies for functions, which the stand-in does not read).
import { notInStandIn, RestError } from "./errors.ts";

export const OBJECT_MEDIA_TYPE = "application/vnd.pgrst.object+json";

/** What PostgREST answers in plain JSON (or as one object). */
const JSON_MEDIA_TYPES = new Set([
  "*/*",
  "application/*",
  "application/json",
  "application/vnd.pgrst.array+json",
  OBJECT_MEDIA_TYPE,
]);

/**
 * Media types PostgREST may answer in (CSV always; GeoJSON with PostGIS; plans when the
 * project enables them), which the stand-in does not write. Others, such as text/plain,
 * need a handler of the project's own, which this schema has none of: 406 in both.
 */
const NOT_PLAYED_MEDIA_TYPES = new Set([
  "text/csv",
  "application/geo+json",
  "application/vnd.pgrst.plan",
  "application/vnd.pgrst.plan+json",
  "application/vnd.pgrst.plan+text",
]);

/** The media types of an Accept header, lower-cased, with whether each strips nulls. */
function acceptedTypes(header: string | undefined): { type: string; nullsStripped: boolean }[] {
  if (!header?.trim()) return [];
  return header.split(",").map((part) => {
    const [type = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase());
    return { type, nullsStripped: params.includes("nulls=stripped") };
  });
}

export function wantsObject(accept: string | undefined): boolean {
  return acceptedTypes(accept).some((part) => part.type === OBJECT_MEDIA_TYPE);
}

/** The media types that take `;nulls=stripped` (PostgREST's MTVndArrayJSONStrip and ...ObjectJSONStrip). */
const STRIPPABLE = new Set(["application/vnd.pgrst.array+json", OBJECT_MEDIA_TYPE]);

/** `vnd.pgrst.array+json;nulls=stripped` (or object): fields that are null are left out. */
export function wantsNullsStripped(accept: string | undefined): boolean {
  return acceptedTypes(accept).some((part) => part.nullsStripped && STRIPPABLE.has(part.type));
}

/** Leaves out null fields of every object in a JSON value, as json_strip_nulls does. */
export function stripNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stripNulls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, field]) => field !== null)
      .map(([key, field]) => [key, stripNulls(field)]),
  );
}

/**
 * The Accept header: a JSON type is answered (with nulls stripped when asked); one
 * PostgREST can answer and the stand-in does not write (CSV, GeoJSON, plans) is refused
 * out loud; none it knows is 406 PGRST107.
 */
export function checkAccept(header: string | undefined): void {
  const parts = acceptedTypes(header);
  if (parts.length === 0) return;
  if (parts.some((part) => JSON_MEDIA_TYPES.has(part.type))) return;
  const notPlayed = parts.find((part) => NOT_PLAYED_MEDIA_TYPES.has(part.type));
  if (notPlayed) {
    throw notInStandIn(`Accept: ${notPlayed.type}`, "PostgREST answers in that format");
  }
  throw new RestError(406, {
    code: "PGRST107",
    message: `None of these media types are available: ${parts.map((part) => part.type).join(", ")}`,
    details: null,
    hint: null,
  });
}

const RAW_BODY = "PostgREST passes a raw body to a function's single unnamed parameter";

/** Bodies PostgREST reads that the stand-in does not: CSV and forms; raw ones for functions. */
const NOT_PLAYED_BODIES = new Map([
  ["text/csv", { hosted: "PostgREST inserts one row per CSV line", functionsOnly: false }],
  [
    "application/x-www-form-urlencoded",
    { hosted: "PostgREST reads the form's fields as the row or arguments", functionsOnly: false },
  ],
  ["text/plain", { hosted: RAW_BODY, functionsOnly: true }],
  ["text/xml", { hosted: RAW_BODY, functionsOnly: true }],
  ["application/octet-stream", { hosted: RAW_BODY, functionsOnly: true }],
]);

/** The Content-Type of a body PostgREST reads (JSON when none is given). */
export function checkContentType(header: string | undefined, forFunction: boolean): void {
  const type = (header ?? "application/json").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json") return;
  const notPlayed = NOT_PLAYED_BODIES.get(type);
  if (notPlayed && (forFunction || !notPlayed.functionsOnly)) {
    throw notInStandIn(`A ${type} request body`, notPlayed.hosted);
  }
  throw new RestError(400, {
    code: "PGRST102",
    message: `Content-Type not acceptable: ${type}`,
    details: null,
    hint: null,
  });
}
