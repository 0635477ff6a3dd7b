import { describe, expect, it } from "vitest";
import { safeHref, safeWebUrl } from "./safe-url.ts";

describe("safeHref", () => {
  it.each([
    "https://example.org/certificates/registration.pdf",
    "http://example.org",
    "HTTPS://EXAMPLE.ORG/A.PDF",
    "https://x.example/a&quot;onmouseover=alert(1)",
    "https://x.example/?q=%3C/script%3E%3Cscript%3Ealert(1)%3C/script%3E",
    "https://x.example/{{7*7}}#javascript:alert(1)",
    "/certificates/registration.pdf",
    "/?next=javascript:alert(1)",
    "#main",
    "?page=2",
    "mailto:info@helpinghands.example",
    "tel:+97714000100",
  ])("keeps %s as it is", (url) => {
    expect(safeHref(url)).toBe(url);
  });

  it.each([
    ["javascript:alert(1)"],
    ["JavaScript:alert(1)"],
    [" javascript:alert(1)"],
    ["\tjavascript:alert(1)"],
    ["java\tscript:alert(1)"],
    ["java\nscript:alert(1)"],
    ["\u0001javascript:alert(1)"],
    ["javascript&colon;alert(1)"],
    ["vbscript:msgbox(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="],
    ["data:image/png;base64,iVBORw0KGgo="],
    ["file:///etc/passwd"],
    ["ftp://x.example/a"],
    ["blob:https://x.example/1"],
    ["//x.example/a"],
    ["/\\x.example/a"],
    ["\\\\x.example\\a"],
    ["https:x.example"],
    ["https://"],
    ["http:///x"],
    ["mailto:"],
    ['https://x.example/a"onmouseover="alert(1)'],
    ["https://x.example/a'b"],
    ["https://x.example/<script>"],
    ["https://x.example/a`b"],
    ["https://x.example/a b"],
    ["https://x.example/a\u202eb"],
    ["https://x.example/a\u2028b"],
    ["relative/path.pdf"],
    [""],
    [`https://x.example/${"a".repeat(2048)}`],
  ])("refuses %j", (url) => {
    expect(safeHref(url)).toBeNull();
  });

  it("refuses what is not a string", () => {
    for (const value of [null, undefined, 1, {}, ["https://x.example/"]]) {
      expect(safeHref(value)).toBeNull();
    }
  });
});

describe("safeWebUrl", () => {
  it("keeps web addresses and site paths", () => {
    expect(safeWebUrl("https://x.example/logo.png")).toBe("https://x.example/logo.png");
    expect(safeWebUrl("/logo.svg")).toBe("/logo.svg");
  });

  it("refuses mail and phone links and everything safeHref refuses", () => {
    expect(safeWebUrl("mailto:info@helpinghands.example")).toBeNull();
    expect(safeWebUrl("tel:+97714000100")).toBeNull();
    expect(safeWebUrl("data:image/png;base64,iVBORw0KGgo=")).toBeNull();
    expect(safeWebUrl("javascript:alert(1)")).toBeNull();
  });
});
