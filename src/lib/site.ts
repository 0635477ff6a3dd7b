// The organisation's fixed identity: name, contacts and social links. Every page
// reads these from here, so a charity adopting the product edits one file.

export interface SocialLink {
  readonly label: string;
  readonly href: string;
}

export interface SiteConfig {
  readonly name: string;
  readonly shortName: string;
  readonly description: string;
  readonly address: readonly string[];
  readonly phones: readonly string[];
  readonly emails: readonly string[];
  readonly socials: { readonly network: SocialLink; readonly photos: SocialLink };
  readonly foundedYear: number;
}

export const site: SiteConfig = {
  name: "Helping Hands Foundation",
  shortName: "Helping Hands",
  description:
    "Helping Hands Foundation runs a children's home, an old-age home, medical aid and relief work for families in need.",
  address: ["12 Riverside Road", "Green Valley 44600"],
  phones: ["+977 1 4000 100", "+977 980 000 0100"],
  emails: ["info@helpinghands.example", "donate@helpinghands.example"],
  socials: {
    network: { label: "Facebook", href: "https://www.facebook.com/helpinghandsfoundation" },
    photos: { label: "Instagram", href: "https://www.instagram.com/helpinghandsfoundation" },
  },
  foundedYear: 2009,
};
