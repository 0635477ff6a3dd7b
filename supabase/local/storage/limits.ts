// The sizes Storage refuses past, and the stand-in's own where a folder of files needs one.

/** Hosted projects' global upload limit (free plan): no bucket allows more. */
export const GLOBAL_FILE_SIZE_LIMIT = 50 * 1024 * 1024;
/** Room for multipart boundaries, part headers and the small form fields. */
const MULTIPART_ALLOWANCE = 2 * 1024 * 1024;
/** No upload body is read past this many bytes. */
export const BODY_HARD_LIMIT = GLOBAL_FILE_SIZE_LIMIT + MULTIPART_ALLOWANCE;
/**
 * busboy's limits as @fastify/multipart uses them on hosted Storage: at most 10 form
 * fields, each read up to 1 MiB (the rest dropped). busboy itself refuses part headers
 * over 16 KiB.
 */
export const MAX_FIELDS = 10;
export const MAX_FIELD_BYTES = 1024 * 1024;
/** Fastify's default JSON body limit, which Storage keeps. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** S3 caps object keys at 1024 UTF-8 bytes; Storage checks the same. */
export const MAX_KEY_BYTES = 1024;
/** Most file systems refuse longer path segments. */
export const MAX_SEGMENT_BYTES = 255;
/** Temp files older than this are leftovers of a crash. */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;
