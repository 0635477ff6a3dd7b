// Picture and file uploads: why a chosen file was refused, and how an upload went.
import {
  MAX_UPLOAD_BYTES,
  megabytes,
  SMALL_PICTURE_MAX_BYTES,
} from "../../../functions/_shared/media-rules.ts";

/** Why a chosen file was refused before it was sent. */
export const fileChecks = {
  notImage: "Please upload an image file",
  tooBig5: `File size must be less than ${megabytes(SMALL_PICTURE_MAX_BYTES)}MB`,
  tooBig10: `File size must be less than ${megabytes(MAX_UPLOAD_BYTES)}MB`,
  readFailed: "Error reading file. Please try again.",
  /** A file named as a picture whose bytes no browser can draw. */
  notPicture: "This file is not a picture (JPEG, PNG, GIF, WebP or AVIF).",
  notPdf: "Please upload a PDF file",
  /** A file that is no picture, in a batch of pictures: passed over, not refused. */
  skipped: "Skipped: not an image file",
} as const;

/** Uploads of one file or of many at once. */
export const uploads = {
  imageError: "Error uploading image. Please try again.",
  fileError: "Error uploading file. Please try again.",
  /** Every file of a batch failed. */
  allFailed: "Error uploading files. Please try again.",
  added: (count: number) => `${count} image(s) added successfully!`,
  someFailed: (count: number) => `${count} image(s) could not be added.`,
  notAdded: (names: string[]) => `These pictures could not be added: ${names.join(", ")}`,
} as const;
