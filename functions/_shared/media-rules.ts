// The files the media bucket takes, declared once for the admin's checks and hints, the
// media function's checks and answers, and the tests that hold the bucket's own
// settings (its file_size_limit and allowed_mime_types, in the storage migration and
// in supabase/config.toml) equal to them. Plain TypeScript with no imports, so it runs
// unchanged in the browser, Node and Deno; it lives under functions/ because a function
// can import nothing outside that folder.

const MEBIBYTE = 1024 * 1024;

/** The largest file the media bucket stores: 10 MiB, for a picture or a PDF. */
export const MAX_UPLOAD_BYTES = 10 * MEBIBYTE;

/** The tighter limit of the picture fields that ask for small files: 5 MiB. */
export const SMALL_PICTURE_MAX_BYTES = 5 * MEBIBYTE;

/** A limit in whole mebibytes, as the messages write it ("10" for 10 MiB, shown as 10MB). */
export function megabytes(bytes: number): number {
  return bytes / MEBIBYTE;
}

/**
 * The pictures the bucket takes, in the order messages list them: raster types only
 * (SVG can carry script). Each with the file name extensions it may carry and the name
 * people know it by.
 */
export const PICTURE_TYPES = [
  { mime: "image/png", extensions: ["png"], name: "PNG" },
  { mime: "image/jpeg", extensions: ["jpg", "jpeg"], name: "JPEG" },
  { mime: "image/gif", extensions: ["gif"], name: "GIF" },
  { mime: "image/webp", extensions: ["webp"], name: "WebP" },
  { mime: "image/avif", extensions: ["avif"], name: "AVIF" },
] as const;

/** The one other file the bucket takes: a PDF, for certificates only. */
export const PDF_TYPE = { mime: "application/pdf", extensions: ["pdf"], name: "PDF" } as const;

/** Every type the bucket takes: the pictures, then the PDF. */
export const MEDIA_TYPES = [...PICTURE_TYPES, PDF_TYPE] as const;

export type PictureType = (typeof PICTURE_TYPES)[number]["mime"];
export type MediaType = (typeof MEDIA_TYPES)[number]["mime"];

/** The pictures' MIME types, in order (what a file input's accept lists). */
export const PICTURE_MIME_TYPES: readonly PictureType[] = PICTURE_TYPES.map((type) => type.mime);

/** Every MIME type the bucket takes, in order (its allowed_mime_types). */
export const MEDIA_MIME_TYPES: readonly MediaType[] = MEDIA_TYPES.map((type) => type.mime);

/** One value for each type the bucket takes, keyed by its MIME type. */
function byType<T>(
  pick: (type: (typeof MEDIA_TYPES)[number]) => T,
): Readonly<Record<MediaType, T>> {
  return Object.fromEntries(MEDIA_TYPES.map((type) => [type.mime, pick(type)])) as Record<
    MediaType,
    T
  >;
}

/** The file name extensions each type may carry. */
export const MEDIA_EXTENSIONS = byType<readonly string[]>((type) => type.extensions);

/** What each type is called in messages. */
export const MEDIA_TYPE_NAMES = byType<string>((type) => type.name);

/** A picture embedded in its address: data:, one of the pictures' types, ;base64, the bytes. */
const PICTURE_DATA_URL = new RegExp(
  `^data:(?:${PICTURE_MIME_TYPES.join("|")});base64,[A-Za-z0-9+/]+={0,2}$`,
);

/** Whether an address is a picture embedded as base64 (data:image/png;base64,...). */
export function isPictureDataUrl(url: string): boolean {
  return PICTURE_DATA_URL.test(url);
}

/** Whether a file's declared type is one of the pictures the bucket takes. */
export function isPictureType(mime: string): mime is PictureType {
  return (PICTURE_MIME_TYPES as readonly string[]).includes(mime);
}

/** The accepted pictures by name, for hints and refusals: "PNG, JPEG, GIF, WebP or AVIF". */
export function acceptedTypesHint(): string {
  const names = PICTURE_TYPES.map((type) => type.name);
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
