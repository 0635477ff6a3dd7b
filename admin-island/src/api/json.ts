// Narrowing what the database answers as Json (jsonb: RPC answers, the log's versions,
// the trash's records) to what the admin reads, without a cast.
import type { Json } from "../../../supabase/database.types.ts";
import type { Row } from "./rows.ts";

export type JsonObject = { [key: string]: Json | undefined };

/** A JSON object: not null, not a list. */
export function isJsonObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What JSON can carry: text, numbers, yes/no, null, lists and objects of these. */
export function isJson(value: unknown): value is Json {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  if (Array.isArray(value)) return value.every(isJson);
  if (typeof value !== "object") return false;
  return Object.values(value).every((item) => item === undefined || isJson(item));
}

/** A record as the generic screens edit it: an object with a string id. */
export function isRow(value: Json | undefined): value is JsonObject & Row {
  return isJsonObject(value) && typeof value.id === "string";
}
