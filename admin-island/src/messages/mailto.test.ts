import { describe, expect, it } from "vitest";
import { mailtoHref } from "./mailto.ts";

/** The recipients and fields a mail client reads from a mailto: link (RFC 6068). */
function parse(href: string) {
  const url = new URL(href);
  return {
    to: decodeURIComponent(url.pathname),
    fields: [...url.searchParams.keys()],
    subject: url.searchParams.get("subject"),
  };
}

describe("mailtoHref", () => {
  it("writes a plain address and the subject as they are", () => {
    expect(mailtoHref("asha@example.org")).toBe("mailto:asha@example.org");
    expect(parse(mailtoHref("asha@example.org", "Re: Volunteering & more?"))).toEqual({
      to: "asha@example.org",
      fields: ["subject"],
      subject: "Re: Volunteering & more?",
    });
  });

  it("keeps what a sender typed from adding recipients, a body or headers", () => {
    for (const address of [
      "a@example.org?bcc=me%40evil.example",
      "a@example.org?cc=me@evil.example&body=Send%20the%20bank%20details",
      "a?bcc=me@evil.example",
      "a@example.org&subject=Hijacked",
      "a@example.org%0D%0ABcc:me@evil.example",
      "a@example.org#fragment",
    ]) {
      const parsed = parse(mailtoHref(address, "Re: Hello"));
      expect(parsed.fields, address).toEqual(["subject"]);
      expect(parsed.subject, address).toBe("Re: Hello");
      expect(parsed.to, address).toBe(address);
    }
  });

  it("percent-encodes letters beyond ASCII", () => {
    expect(mailtoHref("ünï@exämple.org")).toBe("mailto:%C3%BCn%C3%AF@ex%C3%A4mple.org");
  });
});
