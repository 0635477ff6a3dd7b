// The organisation's fixed identity: name, contacts and social links. Every page
// reads these from here, so a charity adopting the product edits one file.

export interface SocialLink {
  readonly label: string;
  readonly href: string;
}

export interface PostalAddress {
  readonly street: string;
  readonly locality: string;
  readonly postalCode: string;
  readonly country: string;
  /** ISO 3166-1 alpha-2, for structured data. */
  readonly countryCode: string;
}

export interface SiteConfig {
  readonly name: string;
  readonly shortName: string;
  /** One line under the name: the top banner and social cards use it. */
  readonly tagline: string;
  readonly description: string;
  /** The address as printed, one line per entry. */
  readonly address: readonly string[];
  readonly postalAddress: PostalAddress;
  readonly phones: readonly string[];
  /** The round-the-clock line for medical and disaster emergencies. */
  readonly emergencyPhone: string;
  readonly emails: readonly string[];
  readonly socials: { readonly network: SocialLink; readonly photos: SocialLink };
  readonly foundedYear: number;
}

export const site: SiteConfig = {
  name: "Helping Hands Foundation",
  shortName: "Helping Hands",
  tagline: "Caring for children, elders and families in need since 2009",
  description:
    "Helping Hands Foundation runs a children's home, an old-age home, medical aid and relief work for families in need.",
  address: ["12 Riverside Road", "Green Valley 44600", "Nepal"],
  postalAddress: {
    street: "12 Riverside Road",
    locality: "Green Valley",
    postalCode: "44600",
    country: "Nepal",
    countryCode: "NP",
  },
  phones: ["+977 1 4000 100", "+977 980 000 0100"],
  emergencyPhone: "+977 980 000 0199",
  emails: ["info@helpinghands.example", "donate@helpinghands.example"],
  socials: {
    network: { label: "Facebook", href: "https://www.facebook.com/helpinghandsfoundation" },
    photos: { label: "Instagram", href: "https://www.instagram.com/helpinghandsfoundation" },
  },
  foundedYear: 2009,
};

/** A phone number as a tel: link target (digits and a leading plus only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
