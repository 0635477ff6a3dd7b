// Test-only: small real files the media function takes (4x4 grey pictures and a PDF's
// header), what the media bucket holds, read as its owner, and a first call that starts
// the media function.
import type { ScreenStack } from "../testing/stack.ts";
import { MEDIA_BUCKET, MEDIA_FUNCTION } from "./media-upload-mutation.ts";

const JPEG =
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/" +
  "2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/" +
  "wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEB" +
  "AAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKQAH//Z";
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWM4gQQY" +
  "iOMAAM9hJYEUkZc0AAAAAElFTkSuQmCC";
const PDF = btoa("%PDF-1.4\n%\u00e2\u00e3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

const BYTES = { "image/jpeg": JPEG, "image/png": PNG, "application/pdf": PDF } as const;

function bytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/**
 * A file of `type` holding real bytes of that type, or those of `really` (a JPEG named
 * and typed as a PNG is refused by the media function).
 */
export function sampleFile(
  name: string,
  type: keyof typeof BYTES,
  really: keyof typeof BYTES = type,
): File {
  return new File([bytes(BYTES[really])], name, { type });
}

/** The paths of the objects stored in the media bucket under `folder`, oldest first. */
export async function storedObjects(stack: ScreenStack, folder: string): Promise<string[]> {
  const { rows } = await stack.db.query<{ name: string }>(
    "select name from storage.objects where bucket_id = $1 and name like $2 order by created_at, name",
    [MEDIA_BUCKET, `${folder}/%`],
  );
  return rows.map((row) => row.name);
}

/** The public address of a stored object, as the media function answers it. */
export function publicUrl(stack: ScreenStack, path: string): string {
  return `${stack.backend.url}/storage/v1/object/public/${MEDIA_BUCKET}/${path}`;
}

/**
 * Starts the media function's process (a GET, which it refuses itself), so the first
 * upload of a test does not wait for it: call in beforeAll.
 */
export async function warmMedia(stack: ScreenStack): Promise<void> {
  const { data } = await stack.client.auth.getSession();
  const answer = await fetch(`${stack.backend.url}/functions/v1/${MEDIA_FUNCTION}`, {
    headers: {
      apikey: stack.backend.publishableKey,
      Authorization: `Bearer ${data.session?.access_token}`,
    },
  });
  if (answer.status !== 405) throw new Error(`the media function answered ${answer.status}`);
  await answer.body?.cancel();
}
