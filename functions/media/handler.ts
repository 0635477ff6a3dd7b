// The media upload function's request handling, free of the network and the environment
// so `deno test` can drive every answer with fakes (index.ts wires the real ones).
//
// Every file the admin uploads comes through here; administrators cannot write to the
// bucket directly (migration 20261122004000). The function checks what Storage cannot:
// that the bytes really are the image (or PDF) they claim to be. It then takes every
// image's metadata out (Exif with GPS, XMP, IPTC, comments, text chunks; see
// strip/strip.ts) and stores only what is left, whatever the client did first.
//
//   POST /media?path=<folder>/<name>.<ext>   body: the file, Content-Type: its type
//   OPTIONS                                  204, CORS preflight
//   not POST                                 405 method_not_allowed
//   no or bad token                          401 unauthorized
//   signed in, not an admin                  403 forbidden
//   path missing or malformed                400 invalid_path
//   body over 10 MB                          413 too_large
//   empty body                               400 empty
//   bytes not an accepted type               415 unsupported_type (SVG, HTML, text, ...)
//   bytes not the declared type              415 type_mismatch
//   extension not the type's                 400 wrong_extension
//   a PDF outside certificates/              415 pdf_not_allowed
//   image structure broken or cut off        422 damaged
//   metadata that cannot be taken out        422 metadata_not_removable
//   path taken                               409 exists
//   stored                                   201 {path, url}
//   anything else failing                    500 unavailable (logged; no details leave)
// Every answer is JSON {error, message} (message readable by an editor) with CORS headers.
import { admitTeam, UNAUTHORIZED_MESSAGE } from "../_shared/access.ts";
import type { Caller } from "../_shared/caller.ts";
import { discardBody, endpointAnswers, readBodyBytes } from "../_shared/http.ts";
import {
  acceptedTypesHint,
  MAX_UPLOAD_BYTES,
  MEDIA_EXTENSIONS,
  MEDIA_TYPE_NAMES,
  megabytes,
} from "../_shared/media-rules.ts";
import { declaredType, type MediaType, sniffType } from "./sniff.ts";
import { stripMetadata } from "./strip/strip.ts";

/**
 * Folders of lower-case words, then a file name and an accepted extension, e.g.
 * `gallery/medical/2026/5f0c0c9e-....webp`. No dots in folders, so no `..`.
 */
const PATH =
  /^(?:[a-z0-9][a-z0-9_-]{0,63}\/){1,6}[A-Za-z0-9][A-Za-z0-9_-]{0,127}\.([a-z0-9]{2,5})$/;

export type StoreResult = "stored" | "exists";

export interface MediaDeps {
  identify(token: string): Promise<Caller>;
  /** Writes the object (never over an existing one). */
  store(path: string, bytes: Uint8Array, contentType: MediaType): Promise<StoreResult>;
  /** The public address of a stored object. */
  publicUrl(path: string): string;
  logError?(message: string, error: unknown): void;
}

const answers = endpointAnswers(["POST"]);

export const MESSAGES = {
  unauthorized: UNAUTHORIZED_MESSAGE,
  forbidden: "Only editors and administrators can upload files.",
  invalidPath: "The upload has no valid file name. Please try again.",
  tooLarge: `The file is larger than ${megabytes(MAX_UPLOAD_BYTES)} MB. Please choose a smaller file.`,
  empty: "The file is empty.",
  unsupported: `This file is not a ${acceptedTypesHint()} image (or a PDF for certificates), so it cannot be uploaded.`,
  mismatch: (declared: string, found: MediaType) =>
    `The file claims to be ${declared || "of no type"} but is really a ${MEDIA_TYPE_NAMES[found]} file, so it was not uploaded.`,
  wrongExtension: (found: MediaType) =>
    `A ${MEDIA_TYPE_NAMES[found]} file must be named .${MEDIA_EXTENSIONS[found].join(" or .")}.`,
  pdfNotAllowed: "PDF files can only be uploaded as certificates.",
  damaged: (found: MediaType) =>
    `This ${MEDIA_TYPE_NAMES[found]} file is damaged or incomplete, so it was not uploaded. Please save or export it again and retry.`,
  metadataNotRemovable: (found: MediaType) =>
    `This ${MEDIA_TYPE_NAMES[found]} file carries details such as where it was taken that cannot be removed safely, so it was not uploaded. Please save it as a JPEG, PNG or WebP and retry.`,
  exists: "A file with this name already exists. Please try again.",
  unavailable: "The file could not be stored. Please try again.",
} as const;

export function createMediaHandler(deps: MediaDeps): (request: Request) => Promise<Response> {
  const logError = deps.logError ?? ((message, error) => console.error(message, error));

  async function handle(request: Request): Promise<Response> {
    const refused = await answers.refuseMethod(request, "Only POST is accepted.");
    if (refused) return refused;
    const admitted = await admitTeam(request, answers, {
      identify: (token) => deps.identify(token),
      forbidden: MESSAGES.forbidden,
    });
    if (admitted instanceof Response) return admitted;

    const path = new URL(request.url).searchParams.get("path") ?? "";
    const extension = PATH.exec(path)?.[1];
    if (!extension) {
      await discardBody(request);
      return answers.error(400, "invalid_path", MESSAGES.invalidPath);
    }

    const body = await readBodyBytes(request, MAX_UPLOAD_BYTES);
    if (!body.ok) {
      return body.reason === "too_large"
        ? answers.error(413, "too_large", MESSAGES.tooLarge)
        : answers.error(400, "empty", MESSAGES.empty);
    }
    if (body.bytes.byteLength === 0) return answers.error(400, "empty", MESSAGES.empty);

    const found = sniffType(body.bytes);
    if (!found) return answers.error(415, "unsupported_type", MESSAGES.unsupported);
    const declared = declaredType(request.headers.get("content-type"));
    if (declared !== found) {
      return answers.error(415, "type_mismatch", MESSAGES.mismatch(declared, found));
    }
    if (!MEDIA_EXTENSIONS[found].includes(extension)) {
      return answers.error(400, "wrong_extension", MESSAGES.wrongExtension(found));
    }
    if (found === "application/pdf" && !path.startsWith("certificates/")) {
      return answers.error(415, "pdf_not_allowed", MESSAGES.pdfNotAllowed);
    }

    // Only what is left once the metadata is out is ever stored.
    const stripped = stripMetadata(body.bytes, found);
    if (!stripped.ok) {
      return stripped.reason === "damaged"
        ? answers.error(422, "damaged", MESSAGES.damaged(found))
        : answers.error(422, "metadata_not_removable", MESSAGES.metadataNotRemovable(found));
    }

    const stored = await deps.store(path, stripped.bytes, found);
    if (stored === "exists") return answers.error(409, "exists", MESSAGES.exists);
    return answers.json({ path, url: deps.publicUrl(path) }, 201);
  }

  return async (request) => {
    try {
      return await handle(request);
    } catch (error) {
      logError("media: upload failed", error);
      return answers.error(500, "unavailable", MESSAGES.unavailable);
    }
  };
}
