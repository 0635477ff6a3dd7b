// Files into the media bucket and out of it again. Every upload goes through the media
// function, which checks the bytes are the image (or PDF) they claim to be before
// storing them: admins cannot write to the bucket directly. Admins may remove objects
// from the bucket directly.
import { type Backend, guarded } from "../api/backend.ts";
import { DataError, SessionExpiredError } from "../api/errors.ts";
import { failures } from "../api/words.ts";

/** The Edge Function every upload goes through (functions/media)... */
export const MEDIA_FUNCTION = "media";
/** ...into this bucket, from which admins may remove objects directly. */
export const MEDIA_BUCKET = "media";

/** How far an upload has got, from 0 to 1. */
export type UploadProgress = (fraction: number) => void;

function base(backend: Backend): string {
  return backend.url.replace(/\/+$/, "");
}

/** Stores a file at `path` in the media bucket and answers its public URL. */
export function uploadMedia(
  backend: Backend,
  path: string,
  file: Blob,
  onProgress?: UploadProgress,
): Promise<string> {
  const { client, publishableKey } = backend;
  return guarded(client, async () => {
    const { data } = await client.auth.getSession();
    const token = data.session?.access_token;
    if (!token) throw new SessionExpiredError();
    const target = `${base(backend)}/functions/v1/${MEDIA_FUNCTION}?path=${encodeURIComponent(path)}`;
    // XMLHttpRequest, not fetch: only it reports upload progress.
    return new Promise<string>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", target);
      xhr.setRequestHeader("apikey", publishableKey);
      xhr.setRequestHeader("Authorization", `Bearer ${token}`);
      xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
      };
      xhr.onload = () => {
        let body: { url?: string; message?: string } = {};
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          // Not JSON: the status line below says what happened.
        }
        if (xhr.status >= 200 && xhr.status < 300 && body.url) {
          onProgress?.(1);
          resolve(body.url);
          return;
        }
        if (xhr.status === 401) {
          reject(new SessionExpiredError());
          return;
        }
        // The media function answers in words for editors; anything else (a gateway's
        // page) is for the log only. A 403 refuses the caller, not the file.
        reject(
          body.message
            ? new DataError(body.message, xhr.status === 403 ? "forbidden" : "upload")
            : new DataError(failures.unexplained, "upload", failures.uploadFailed(xhr.status)),
        );
      };
      xhr.onerror = () => reject(new DataError(failures.uploadUnreachable, "network"));
      xhr.send(file);
    });
  });
}

/**
 * Removes a file uploaded but never saved, by the URL uploadMedia answered. An address
 * outside this project's media bucket (pasted, or a seed picture) is left alone.
 */
export function removeUpload(backend: Backend, url: string): Promise<void> {
  const { client } = backend;
  return guarded(client, async () => {
    const prefix = `${base(backend)}/storage/v1/object/public/${MEDIA_BUCKET}/`;
    if (!url.startsWith(prefix)) return;
    const path = url.slice(prefix.length).split("/").map(decodeURIComponent).join("/");
    const { error } = await client.storage.from(MEDIA_BUCKET).remove([path]);
    if (error) throw new DataError(failures.unexplained, "upload", error.message);
  });
}
