// Photos are of children and elderly residents: before any upload the browser
// redraws the picture on a canvas at most MAX_IMAGE_SIDE pixels on its longest side
// and encodes it afresh. Only pixels survive a canvas, so EXIF data, GPS position and
// every other metadata block are gone from what reaches Storage.
import { isPictureType, SMALL_PICTURE_MAX_BYTES } from "../../../functions/_shared/media-rules.ts";
import { fileChecks } from "./words.ts";

export const MAX_IMAGE_SIDE = 2560;

export class ImageCheckError extends Error {}

/** Refuses what is not an image of an accepted type, or is over `maxBytes`. */
export function checkImageFile(file: File, maxBytes: number): void {
  if (!isPictureType(file.type)) throw new ImageCheckError(fileChecks.notImage);
  if (file.size > maxBytes) {
    throw new ImageCheckError(
      maxBytes <= SMALL_PICTURE_MAX_BYTES ? fileChecks.tooBig5 : fileChecks.tooBig10,
    );
  }
}

export function scaledSize(width: number, height: number, maxSide = MAX_IMAGE_SIDE) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export interface PreparedImage {
  blob: Blob;
  extension: string;
  width: number;
  height: number;
}

/**
 * Resizes and re-encodes one image file; throws ImageCheckError when its bytes are no
 * picture the browser can draw (whatever its name and type say), or cannot be read.
 */
export async function prepareImage(file: File): Promise<PreparedImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    throw new ImageCheckError(fileChecks.notPicture);
  }
  const { width, height } = scaledSize(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new ImageCheckError(fileChecks.readFailed);
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  // WebP keeps transparency and is small; browsers that cannot encode it hand back
  // PNG, in which case photos go out as JPEG.
  let blob = await toBlob(canvas, "image/webp", 0.9);
  let extension = "webp";
  if (blob?.type !== "image/webp") {
    const keepsAlpha = file.type === "image/png" || file.type === "image/gif";
    blob = await toBlob(canvas, keepsAlpha ? "image/png" : "image/jpeg", 0.9);
    extension = keepsAlpha ? "png" : "jpg";
  }
  if (!blob) throw new ImageCheckError(fileChecks.readFailed);
  return { blob, extension, width, height };
}

/** A fresh object name under `folder`, e.g. `gallery/medical/2026/5f0c....webp`. */
export function objectPath(folder: string, extension: string): string {
  const id = crypto.randomUUID();
  return `${folder}/${new Date().getUTCFullYear()}/${id}.${extension}`;
}
