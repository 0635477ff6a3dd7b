// The organisation's built-in identity, apart from the rest of the default content
// (sample-content.ts, which uses it) so that what needs only the name, such as the
// admin's brand line, does not load every sample row.
import type { SampleRow } from "./sample-content.ts";

export const ORGANISATION = "Helping Hands Foundation";

/** The organisation's built-in identity: what every page, the admin and the mails show. */
export const ORGANISATION_RECORD: SampleRow<"organisation"> = {
  name: ORGANISATION,
  short_name: "Helping Hands",
  tagline: "Caring for children, elders and families in need since 2009",
  description:
    "Helping Hands Foundation runs a children's home, an old-age home, medical aid and relief work for families in need.",
  street: "12 Riverside Road",
  locality: "Green Valley",
  postal_code: "44600",
  country: "Nepal",
  country_code: "NP",
  phones: [{ number: "+977 1 4000 100" }, { number: "+977 980 000 0100" }],
  emergency_phone: "+977 980 000 0199",
  emails: [{ address: "info@helpinghands.example" }, { address: "donate@helpinghands.example" }],
  socials: [
    { label: "Facebook", href: "https://www.facebook.com/helpinghandsfoundation" },
    { label: "Instagram", href: "https://www.instagram.com/helpinghandsfoundation" },
  ],
  founded_year: 2009,
  office_hours: "Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM, Sunday emergency only",
  follow_text: "News from the homes, camps and relief missions, every week.",
};
