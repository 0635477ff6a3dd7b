// The inbox's request: a search is sent as PostgREST `or` filters whose values are
// escaped twice (for LIKE, then for the filter grammar), so whatever staff type is
// matched as written. Each filter is read back here the way PostgREST reads it (a
// quoted value, a backslash escaping the next character, `*` becoming `%`) and its
// pattern matched the way Postgres' ILIKE matches (`\` escaping `%` and `_`).
import { describe, expect, it } from "vitest";
import {
  formatCount,
  INBOX_PAGE_SIZE,
  lastPage,
  likePattern,
  MAX_SEARCH_WORDS,
  pageRange,
  pageSummary,
  quoteFilterValue,
  searchFilters,
  searchTerms,
} from "./inbox-query.ts";

interface Condition {
  column: string;
  operator: string;
  value: string;
}

/** Reads `a.ilike."x",b.ilike."y"` as PostgREST's logic-tree parser does. */
function readOrFilter(filter: string): Condition[] {
  const conditions: Condition[] = [];
  let at = 0;
  while (at < filter.length) {
    const column = /^[a-z_]+/.exec(filter.slice(at))?.[0] ?? "";
    at += column.length;
    expect(filter[at]).toBe(".");
    const operator = /^[a-z]+/.exec(filter.slice(at + 1))?.[0] ?? "";
    at += operator.length + 2;
    expect(filter[at - 1]).toBe(".");
    let value = "";
    if (filter[at] === '"') {
      at += 1;
      while (filter[at] !== '"') {
        if (at >= filter.length) throw new Error("unclosed quote");
        if (filter[at] === "\\") at += 1;
        value += filter[at];
        at += 1;
      }
      at += 1;
      // A quoted value must end the condition.
      expect([",", undefined]).toContain(filter[at]);
    } else {
      while (at < filter.length && filter[at] !== "," && filter[at] !== ")") {
        value += filter[at];
        at += 1;
      }
    }
    conditions.push({ column, operator, value });
    if (filter[at] === ",") at += 1;
  }
  return conditions;
}

/** Whether `text` matches an ILIKE `pattern` as PostgREST sends it (`*` is `%`). */
function ilike(text: string, pattern: string): boolean {
  let source = "";
  const chars = [...pattern.replaceAll("*", "%")];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] as string;
    if (char === "\\") {
      i += 1;
      source += (chars[i] ?? "").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    } else if (char === "%") source += "[\\s\\S]*";
    else if (char === "_") source += "[\\s\\S]";
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "i").test(text);
}

/** Whether a message matches the whole search, as the database would decide. */
function matches(message: Record<string, string>, search: string): boolean {
  return searchFilters(search).every((filter) =>
    readOrFilter(filter).some(
      ({ column, operator, value }) => operator === "ilike" && ilike(message[column] ?? "", value),
    ),
  );
}

const message = (text: string) => ({ name: text, email: "", subject: "", message: "" });

describe("the inbox search's filters", () => {
  it("look for each word in the name, email, subject and message", () => {
    expect(searchFilters("asha")).toEqual([
      'name.ilike."%asha%",email.ilike."%asha%",subject.ilike."%asha%",message.ilike."%asha%"',
    ]);
    expect(searchFilters("  Asha   Rai ")).toHaveLength(2);
    expect(searchFilters("   ")).toEqual([]);
    expect(searchTerms("a b c d e f g h i j")).toHaveLength(MAX_SEARCH_WORDS);
  });

  it("find an email address as written, in any case", () => {
    const sender = { name: "Asha", email: "Asha.Rai+news@Example.org", subject: "", message: "" };
    expect(matches(sender, "asha.rai+news@example.org")).toBe(true);
    expect(matches(sender, "rai+news@")).toBe(true);
    expect(matches(sender, "asha.raj@example.org")).toBe(false);
  });

  it("need every word, each in any of the columns", () => {
    const full = { name: "Asha Rai", email: "asha@example.org", subject: "Weekends", message: "" };
    expect(matches(full, "rai weekends")).toBe(true);
    expect(matches(full, "rai evenings")).toBe(false);
  });

  it.each([
    ["50%", "Save 50% now", "Save 500 now"],
    ["a_b", "file a_b.txt", "file axb.txt"],
    ["back\\slash", "a back\\slash here", "a backslash here"],
    ["\\%", "literally \\% here", "literally \\x here"],
    ['say "hi"', 'they say "hi" twice', "they say hi twice"],
    ["one,two", "one,two,three", "one two"],
    ["(urgent)", "re: (urgent) help", "re: urgent help"],
    ["a.b:c", "see a.b:c", "see abc"],
    ["))", "smile :))", "smile :)"],
    ["%_\\*", "odd %_\\* mix", "odd xx\\* mix"],
  ])("match %j literally", (search, found, missed) => {
    expect(matches(message(found), search)).toBe(true);
    expect(matches(message(missed), search)).toBe(false);
  });

  it("match a star with one character, since PostgREST makes every star a wildcard", () => {
    expect(likePattern("5*")).toBe("%5_%");
    expect(matches(message("rated 5* by all"), "5*")).toBe(true);
    expect(matches(message("rated 5 by all"), "5*")).toBe(true);
    expect(matches(message("rated 5"), "5*")).toBe(false);
  });

  it("escape LIKE first, then quote for the filter grammar", () => {
    expect(likePattern('50%_off\\"')).toBe('%50\\%\\_off\\\\"%');
    expect(quoteFilterValue('%50\\%"%')).toBe('"%50\\\\%\\"%"');
    expect(searchFilters("a,b", ["name"])).toEqual(['name.ilike."%a,b%"']);
  });
});

describe("the inbox's pages", () => {
  it("ask for 25 messages at a time, by range", () => {
    expect(INBOX_PAGE_SIZE).toBe(25);
    expect(pageRange(0, 25)).toEqual({ from: 0, to: 24 });
    expect(pageRange(3, 25)).toEqual({ from: 75, to: 99 });
    expect(pageRange(-1, 25)).toEqual({ from: 0, to: 24 });
  });

  it("end at the last page there is", () => {
    expect(lastPage(0, 25)).toBe(0);
    expect(lastPage(25, 25)).toBe(0);
    expect(lastPage(26, 25)).toBe(1);
    expect(lastPage(5000, 25)).toBe(199);
  });

  it("say which messages are shown", () => {
    expect(pageSummary(0, 25, 25, 5000)).toBe("Showing 1–25 of 5,000");
    expect(pageSummary(199, 25, 25, 5000)).toBe("Showing 4,976–5,000 of 5,000");
    expect(pageSummary(12, 25, 7, 307)).toBe("Showing 301–307 of 307");
    expect(pageSummary(0, 25, 0, 0)).toBe("Showing 0 of 0");
    expect(formatCount(1234567)).toBe("1,234,567");
  });
});
