// The organisation's identity as pages use it: name, words, contacts and social links,
// from its record in the database (the `organisation` table, which editors change in
// the admin), or the built-in one while there is none. Pages read it through
// getSite() (src/lib/content/index.ts) at build time.
import { safeWebUrl } from "./safe-url.ts";
import type { SampleRow } from "./sample-content.ts";
import { ORGANISATION_RECORD } from "./sample-organisation.ts";

export interface SocialLink {
  readonly label: string;
  readonly href: string;
}

export interface PostalAddress {
  readonly street: string;
  readonly locality: string;
  readonly postalCode: string | null;
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
  /** The round-the-clock line for medical and disaster emergencies, when there is one. */
  readonly emergencyPhone: string | null;
  readonly emails: readonly string[];
  /** Only links the site can open safely (the database takes http(s) and site paths). */
  readonly socials: readonly SocialLink[];
  readonly foundedYear: number;
  /** When the office is open, as the editors write it; null when not given. */
  readonly officeHours: string | null;
  /** The footer's line above the social links; null when not given. */
  readonly followText: string | null;
}

/** The organisation's record as an editor writes it (stored rows have this shape too). */
export type OrganisationRecord = SampleRow<"organisation">;

/** The identity pages use, from the organisation's record. */
export function siteConfig(record: OrganisationRecord): SiteConfig {
  const postalCode = record.postal_code ?? null;
  return {
    name: record.name,
    shortName: record.short_name,
    tagline: record.tagline,
    description: record.description,
    address: [
      record.street,
      postalCode ? `${record.locality} ${postalCode}` : record.locality,
      record.country,
    ],
    postalAddress: {
      street: record.street,
      locality: record.locality,
      postalCode,
      country: record.country,
      countryCode: record.country_code,
    },
    phones: record.phones.map((phone) => phone.number),
    emergencyPhone: record.emergency_phone ?? null,
    emails: record.emails.map((email) => email.address),
    socials: record.socials.flatMap(({ label, href }) => {
      const safe = safeWebUrl(href);
      return safe ? [{ label, href: safe }] : [];
    }),
    foundedYear: record.founded_year,
    officeHours: record.office_hours ?? null,
    followText: record.follow_text ?? null,
  };
}

/** The built-in identity, shown while the database holds no organisation record. */
export const DEFAULT_SITE: SiteConfig = siteConfig(ORGANISATION_RECORD);

/** A phone number as a tel: link target (digits and a leading plus only). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}
