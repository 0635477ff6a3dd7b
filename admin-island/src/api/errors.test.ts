// What reaches editors from a failed request: words, never the server's or the
// browser's own (those go to the log).
import { describe, expect, it } from "vitest";
import { DataError, isNetworkFailure, toDataError } from "./errors.ts";
import { failures } from "./words.ts";

describe("toDataError", () => {
  it("turns a request that never reached the server into 'could not be reached'", () => {
    for (const message of [
      "TypeError: Failed to fetch",
      "TypeError: NetworkError when attempting to fetch resource.",
      "TypeError: Load failed",
      "FetchError: request to http://localhost failed",
    ]) {
      const error = toDataError({ message, code: "", details: "", hint: "" });
      expect(error.code).toBe("network");
      expect(error.message).toBe(failures.unreachable);
      expect(error.detail).toBe(message);
    }
  });

  it("keeps a server's own words for the log and gives editors none of them", () => {
    const error = toDataError({ message: "permission denied for schema private", code: "XX000" });
    expect(error.message).toBe(failures.unexplained);
    expect(error.message).not.toContain("permission");
    expect(error.detail).toBe("permission denied for schema private");
    expect(error.code).toBe("XX000");
  });

  it("keeps the refusals it puts into words", () => {
    const error = toDataError({
      message: 'new row for relation "banners" violates check constraint "banners_image_url_valid"',
      code: "23514",
    });
    expect(error.message).toBe(
      "Image address is not valid. Enter a web address starting with https://, or upload a file.",
    );
    expect(error.detail).toBeUndefined();
  });

  it("says a taken position is taken", () => {
    const error = toDataError({
      message: 'duplicate key value violates unique constraint "causes_sort_order_key"',
      code: "23505",
    });
    expect(error.message).toBe(failures.positionTaken);
  });
});

describe("isNetworkFailure", () => {
  it("knows fetch's TypeError and the admin's own network failures", () => {
    expect(isNetworkFailure(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkFailure(new DataError(failures.unreachable, "network"))).toBe(true);
    expect(isNetworkFailure(new DataError("Image address is not valid.", "23514"))).toBe(false);
    expect(isNetworkFailure(new Error("boom"))).toBe(false);
  });
});
