import { describe, expect, it } from "vitest";
import { parsePrefer, preferenceApplied } from "./prefer.ts";

const zones = new Set(["Asia/Kathmandu", "UTC"]);

describe("Prefer, as PostgREST v14 reads it", () => {
  it("splits on commas, trims, keeps the first of a kind and lists what it calls invalid", () => {
    expect(
      parsePrefer(
        "return=representation, count=exact,missing=default , resolution=merge-duplicates, return=minimal",
        zones,
      ),
    ).toEqual({
      return: "representation",
      count: "exact",
      missing: "default",
      resolution: "merge-duplicates",
      invalid: [],
    });
    expect(parsePrefer("return=bogus, foo, handling=strict, return = minimal", zones)).toEqual({
      handling: "strict",
      invalid: ["return=bogus", "foo", "return = minimal"],
    });
  });

  it("takes tx=commit|rollback as valid and applies neither (Supabase allows no override)", () => {
    expect(parsePrefer("tx=rollback, handling=strict", zones)).toEqual({
      handling: "strict",
      invalid: [],
    });
    expect(parsePrefer("tx=maybe", zones).invalid).toEqual(["tx=maybe"]);
  });

  it("reads the first max-affected and timezone; a time zone PostgreSQL lacks is invalid", () => {
    expect(parsePrefer("max-affected=5, timezone=Asia/Kathmandu", zones)).toEqual({
      maxAffected: 5,
      timezone: "Asia/Kathmandu",
      invalid: [],
    });
    expect(parsePrefer("max-affected=many, max-affected=2", zones)).toEqual({ invalid: [] });
    expect(parsePrefer("timezone=Mars/Olympus", zones)).toEqual({
      invalid: ["timezone=Mars/Olympus"],
    });
  });

  it("writes Preference-Applied per kind of request, in PostgREST's order", () => {
    const prefer = parsePrefer(
      "handling=strict, max-affected=3, count=exact, return=representation, missing=default, resolution=merge-duplicates, timezone=UTC",
      zones,
    );
    expect(preferenceApplied(prefer, "insert", true)).toBe(
      "resolution=merge-duplicates, missing=default, return=representation, count=exact, handling=strict, timezone=UTC",
    );
    expect(preferenceApplied(prefer, "insert", false)).toBe(
      "missing=default, return=representation, count=exact, handling=strict, timezone=UTC",
    );
    expect(preferenceApplied(prefer, "update")).toBe(
      "missing=default, return=representation, count=exact, handling=strict, timezone=UTC, max-affected=3",
    );
    expect(preferenceApplied(prefer, "read")).toBe("count=exact, handling=strict, timezone=UTC");
    expect(preferenceApplied(prefer, "rpc")).toBe(
      "count=exact, handling=strict, timezone=UTC, max-affected=3",
    );
    expect(preferenceApplied(parsePrefer("max-affected=3", zones), "delete")).toBeUndefined();
  });
});
