// The rules the stand-in's Storage checks on their own: object names, MIME types, the
// multipart boundary and byte ranges.
import { describe, expect, it } from "vitest";
import { boundaryOf, isAllowedMimeType, isValidObjectName, parseRange } from "./index.ts";

describe("object names", () => {
  it("accepts what storage-js sends", () => {
    for (const name of [
      "a.png",
      "photos/2026/team photo (1).jpg",
      "certificates/registration.pdf",
      "ünïcödé/名前.png",
      "a!-_.*'()&$@=;:+,?.png",
      "x".repeat(255),
    ]) {
      expect(isValidObjectName(name), name).toBe(true);
    }
  });

  it("refuses empty, traversal, control characters, slashes at the ends and overlong names", () => {
    for (const name of [
      "",
      "..",
      "../a.png",
      "a/../b.png",
      "a/./b.png",
      "./a.png",
      "/a.png",
      "a.png/",
      "a//b.png",
      "a\u0000b.png",
      "a\nb.png",
      "a\u007fb.png",
      "a\\b.png",
      "a%2Fb.png",
      "a#b.png",
      "a\u200bb.png",
      "x".repeat(256),
      `${"abcdefg/".repeat(128)}z`,
    ]) {
      expect(isValidObjectName(name), JSON.stringify(name)).toBe(false);
    }
  });
});

describe("MIME types", () => {
  it("matches exact types and type/* wildcards, ignoring parameters and case", () => {
    const allowed = ["image/png", "application/pdf", "video/*"];
    expect(isAllowedMimeType("image/png", allowed)).toBe(true);
    expect(isAllowedMimeType("IMAGE/PNG", allowed)).toBe(true);
    expect(isAllowedMimeType("image/png; charset=binary", allowed)).toBe(true);
    expect(isAllowedMimeType("video/mp4", allowed)).toBe(true);
    expect(isAllowedMimeType("image/svg+xml", allowed)).toBe(false);
    expect(isAllowedMimeType("image/pngx", allowed)).toBe(false);
    expect(isAllowedMimeType("text/plain;charset=UTF-8", allowed)).toBe(false);
    expect(isAllowedMimeType("thisisnotamimetype", allowed)).toBe(false);
    expect(isAllowedMimeType("", allowed)).toBe(false);
  });
});

describe("header parameters and ranges", () => {
  // busboy reads the parts' own headers (names, file names, RFC 8187 values); what is
  // ours is the boundary, read to refuse a body without one before reading it.
  it("reads a quoted, an empty and a plain boundary", () => {
    expect(boundaryOf('multipart/form-data; boundary="a \\"b\\""; charset=x')).toBe('a "b"');
    expect(boundaryOf('multipart/form-data; boundary=""')).toBe("");
    expect(boundaryOf("multipart/form-data; boundary=")).toBe("");
    expect(boundaryOf("multipart/form-data")).toBe("");
    expect(boundaryOf("multipart/form-data; BOUNDARY = abc ")).toBe("abc");
    expect(boundaryOf("multipart/form-data; boundary=abc")).toBe("abc");
  });

  it("parses single byte ranges", () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange("bytes=0-3", 10)).toEqual([0, 3]);
    expect(parseRange("bytes=4-", 10)).toEqual([4, 9]);
    expect(parseRange("bytes=-3", 10)).toEqual([7, 9]);
    expect(parseRange("bytes=5-100", 10)).toEqual([5, 9]);
    expect(parseRange("bytes=10-", 10)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-1,4-5", 10)).toBeUndefined();
    expect(parseRange("items=0-1", 10)).toBeUndefined();
  });
});
