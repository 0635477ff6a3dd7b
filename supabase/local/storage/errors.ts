// Errors in Storage's shape: `{statusCode, code, error, message}`, sent with HTTP 400
// for every error but a 500 (the real status is in the body's `statusCode`), as
// hosted Storage answers storage-js, unless the error carries its own HTTP status
// (Storage's `withStatusCode`, as the stand-in's 501 refusals do).
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { CallerError } from "../caller.ts";
import { isPgError } from "../transaction.ts";

/** An error Storage renders as {statusCode, code, error, message}. */
export class StorageApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly error: string;
  /** The HTTP status, where it is not Storage's usual 400 (or 500). */
  httpStatus?: number;
  constructor(status: number, code: string, message: string, error?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error ?? code;
  }
  withStatusCode(httpStatus: number): this {
    this.httpStatus = httpStatus;
    return this;
  }
  body() {
    return {
      statusCode: String(this.status),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }
}

/** The code of the stand-in's refusals, as /rest/v1's (rest/errors.ts). */
export const NOT_IN_STAND_IN = "STANDIN501";

/** A request body that is not the multipart form it claims to be. */
export class MalformedBody extends Error {}

export const ERRORS = {
  noSuchBucket: () =>
    new StorageApiError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageApiError(404, "NoSuchKey", "Object not found", "not_found"),
  invalidKey: (key: string) => new StorageApiError(400, "InvalidKey", `Invalid key: ${key}`),
  entityTooLarge: (entity = "object") =>
    new StorageApiError(
      413,
      "EntityTooLarge",
      `The ${entity} exceeded the maximum allowed size`,
      "Payload too large",
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageApiError(
      415,
      "InvalidMimeType",
      `mime type ${mimeType} is not supported`,
      "invalid_mime_type",
    ),
  accessDenied: (message: string) =>
    new StorageApiError(403, "AccessDenied", message || "Access denied", "Unauthorized"),
  resourceAlreadyExists: () =>
    new StorageApiError(409, "ResourceAlreadyExists", "The resource already exists", "Duplicate"),
  noContent: (message = "No content provided") =>
    new StorageApiError(400, "InvalidRequest", message),
  invalidRequest: (message: string) => new StorageApiError(400, "InvalidRequest", message),
  invalidRange: () =>
    new StorageApiError(400, "InvalidRange", "invalid range provided", "invalid_range"),
  internal: () => new StorageApiError(500, "InternalError", "Internal server error", "internal"),
  notInStandIn: (feature: string) =>
    new StorageApiError(
      501,
      NOT_IN_STAND_IN,
      `${feature} is not supported by the local stand-in; use \`supabase start\` or a hosted project for it`,
    ).withStatusCode(501),
};

/** What Storage answers for a Postgres error (its DBError.fromDBError). */
export function fromDbError(error: unknown): StorageApiError {
  if (error instanceof StorageApiError) return error;
  if (!isPgError(error)) throw error;
  switch (error.code) {
    case "42501":
      return ERRORS.accessDenied(
        error.message.includes("row-level security")
          ? "new row violates row-level security policy"
          : error.message,
      );
    case "23505":
      return ERRORS.resourceAlreadyExists();
    case "23503":
      return new StorageApiError(404, "InvalidRequest", "The related resource does not exist");
    case "22P02":
      return new StorageApiError(400, "InvalidParameter", error.message);
    default:
      return new StorageApiError(500, "DatabaseError", `database error, code: ${error.code}`);
  }
}

/** Storage's JWT check: a bad or expired token is AccessDenied with the verifier's words. */
export function jwtError(error: CallerError): StorageApiError {
  if (error.kind === "jwt-expired") {
    return ERRORS.accessDenied('"exp" claim timestamp check failed');
  }
  if (error.kind === "jwt-invalid") return ERRORS.accessDenied(error.message);
  if (error.kind === "bad-role") return ERRORS.accessDenied(`role "${error.role}" does not exist`);
  return ERRORS.accessDenied("Invalid JWT");
}

export function send(c: Context, error: StorageApiError): Response {
  const status = error.httpStatus ?? (error.status === 500 ? 500 : 400);
  return c.json(error.body(), status as ContentfulStatusCode);
}

/** Any error a handler throws, as Storage answers it; unexpected ones are logged. */
export function errorAnswer(c: Context, error: unknown): Response {
  if (error instanceof StorageApiError) return send(c, error);
  if (error instanceof MalformedBody) return send(c, ERRORS.noContent(error.message));
  if (isPgError(error)) return send(c, fromDbError(error));
  console.error("stand-in storage error:", error);
  return send(c, ERRORS.internal());
}
