import { describe, expect, it } from "vitest";
import {
  MAX_UPLOAD_BYTES,
  SMALL_PICTURE_MAX_BYTES,
} from "../../../functions/_shared/media-rules.ts";
import { checkImageFile, objectPath, scaledSize } from "./images.ts";

function file(type: string, size: number): File {
  return new File([new Uint8Array(size)], "x", { type });
}

describe("image checks", () => {
  it("keeps pictures within 2560 px on the longest side, never enlarging", () => {
    expect(scaledSize(5120, 2880)).toEqual({ width: 2560, height: 1440 });
    expect(scaledSize(3000, 6000)).toEqual({ width: 1280, height: 2560 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it("refuses non-images, SVG and files over the limit, saying why", () => {
    expect(() => checkImageFile(file("application/pdf", 10), SMALL_PICTURE_MAX_BYTES)).toThrow(
      "Please upload an image file",
    );
    expect(() => checkImageFile(file("image/svg+xml", 10), SMALL_PICTURE_MAX_BYTES)).toThrow(
      "Please upload an image file",
    );
    expect(() =>
      checkImageFile(file("image/png", SMALL_PICTURE_MAX_BYTES + 1), SMALL_PICTURE_MAX_BYTES),
    ).toThrow("File size must be less than 5MB");
    expect(() => checkImageFile(file("image/png", MAX_UPLOAD_BYTES + 1), MAX_UPLOAD_BYTES)).toThrow(
      "File size must be less than 10MB",
    );
    expect(() =>
      checkImageFile(file("image/jpeg", SMALL_PICTURE_MAX_BYTES), SMALL_PICTURE_MAX_BYTES),
    ).not.toThrow();
  });

  it("names each object freshly under its folder", () => {
    const a = objectPath("gallery/medical", "webp");
    expect(a).toMatch(/^gallery\/medical\/\d{4}\/[0-9a-f-]{36}\.webp$/);
    expect(objectPath("gallery/medical", "webp")).not.toBe(a);
  });
});
