// The organisation's record as pages use it: the printed address, the lists, and what
// an optional field left blank leaves out.
import { describe, expect, it } from "vitest";
import { ORGANISATION_RECORD } from "./sample-content.ts";
import { DEFAULT_SITE, siteConfig, telHref } from "./site.ts";

describe("siteConfig", () => {
  it("prints the address on three lines and lists the contacts in the record's order", () => {
    expect(DEFAULT_SITE.address).toEqual(["12 Riverside Road", "Green Valley 44600", "Nepal"]);
    expect(DEFAULT_SITE.phones).toEqual(["+977 1 4000 100", "+977 980 000 0100"]);
    expect(DEFAULT_SITE.emails[0]).toBe("info@helpinghands.example");
    expect(DEFAULT_SITE.socials.map((social) => social.label)).toEqual(["Facebook", "Instagram"]);
    expect(DEFAULT_SITE.postalAddress.countryCode).toBe("NP");
  });

  it("leaves out a postal code and an emergency line the record does not have", () => {
    const site = siteConfig({ ...ORGANISATION_RECORD, postal_code: null, emergency_phone: null });
    expect(site.address).toEqual(["12 Riverside Road", "Green Valley", "Nepal"]);
    expect(site.postalAddress.postalCode).toBeNull();
    expect(site.emergencyPhone).toBeNull();
  });

  it("dials a number with its digits and leading plus only", () => {
    expect(telHref("+977 (1) 4000-100")).toBe("tel:+97714000100");
  });
});
