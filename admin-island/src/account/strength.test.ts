// Guessable passwords: the email's name and its parts, and zxcvbn's verdict.
import { describe, expect, it } from "vitest";
import { emailNames, guessablePassword } from "./strength.ts";
import { passwords as words } from "./words.ts";

describe("guessablePassword", () => {
  it("takes an email's name and its longer parts", () => {
    expect(emailNames("asha.rai@example.org")).toEqual(["asha.rai", "asha", "rai"]);
    expect(emailNames("jo+x@example.org")).toEqual(["jo+x"]);
    expect(emailNames(undefined)).toEqual([]);
  });

  it("refuses common passwords and the email's name; takes unrelated words", async () => {
    expect(await guessablePassword("password1234", "a@example.org")).toBe(words.common);
    expect(await guessablePassword("iloveyou2026", undefined)).toBe(words.common);
    expect(await guessablePassword("RAI-river-stone-42", "asha.rai@example.org")).toBe(
      words.containsName,
    );
    expect(await guessablePassword("kettle orbit lantern", "asha.rai@example.org")).toBeNull();
  });
});
