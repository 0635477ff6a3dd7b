// The media bucket's types and limit as every side uses them. The bucket's own
// settings are held equal to them in supabase/tests (special-tables and config).
import { assert, assertEquals } from "./assert.ts";
import {
  acceptedTypesHint,
  isPictureDataUrl,
  isPictureType,
  MAX_UPLOAD_BYTES,
  MEDIA_EXTENSIONS,
  MEDIA_MIME_TYPES,
  MEDIA_TYPE_NAMES,
  megabytes,
  PICTURE_MIME_TYPES,
  SMALL_PICTURE_MAX_BYTES,
} from "./media-rules.ts";

Deno.test("the hint names every accepted picture type, AVIF included", () => {
  assertEquals(acceptedTypesHint(), "PNG, JPEG, GIF, WebP or AVIF");
  for (const mime of PICTURE_MIME_TYPES)
    assert(acceptedTypesHint().includes(MEDIA_TYPE_NAMES[mime]));
});

Deno.test("the limits in bytes and as messages write them", () => {
  assertEquals(MAX_UPLOAD_BYTES, 10_485_760);
  assertEquals(megabytes(MAX_UPLOAD_BYTES), 10);
  assertEquals(megabytes(SMALL_PICTURE_MAX_BYTES), 5);
});

Deno.test("pictures, then the PDF, each with its extensions", () => {
  assertEquals(MEDIA_MIME_TYPES, [...PICTURE_MIME_TYPES, "application/pdf"]);
  assertEquals(MEDIA_EXTENSIONS["image/jpeg"], ["jpg", "jpeg"]);
  assertEquals(MEDIA_EXTENSIONS["application/pdf"], ["pdf"]);
  assert(isPictureType("image/avif"));
  for (const other of ["image/svg+xml", "application/pdf", "image/jpg", "", "IMAGE/PNG"]) {
    assert(!isPictureType(other), other);
  }
});

Deno.test("an embedded picture is a base64 data: URL of an accepted picture type", () => {
  for (const mime of PICTURE_MIME_TYPES) assert(isPictureDataUrl(`data:${mime};base64,AAAA`), mime);
  for (const url of [
    "data:image/svg+xml;base64,AAAA",
    "data:application/pdf;base64,AAAA",
    "data:image/png,AAAA",
    "data:image/png;base64,AA AA",
    "data:image/pngx;base64,AAAA",
    "xdata:image/png;base64,AAAA",
  ]) {
    assert(!isPictureDataUrl(url), url);
  }
});
