import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateSeed, seedFile, seedPath, sqlLiteral } from "./gen-seed.ts";

describe("supabase/seed.sql", () => {
  it("is up to date with src/lib/sample-content.ts", async () => {
    const committed = await readFile(seedFile, "utf8").catch(() => "");
    expect(
      committed,
      `${seedPath} is stale (or missing): run npm run db:seed and commit the result`,
    ).toBe(generateSeed());
  });

  it("writes values as SQL literals, quotes doubled, lists as JSON text", () => {
    expect(sqlLiteral("children's home")).toBe("'children''s home'");
    expect(sqlLiteral(null)).toBe("null");
    expect(sqlLiteral(15)).toBe("15");
    expect(sqlLiteral(false)).toBe("false");
    expect(sqlLiteral([{ title: "Don't", n: null }])).toBe(`'[{"title":"Don''t","n":null}]'`);
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });
});
