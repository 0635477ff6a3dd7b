// The fixed labels of /contact: the info cards' titles and icons (their lines are the
// organisation's), the map's placeholder and the emergency line's spoken label. The
// page's words are content (contact_page), and so are its departments (departments).

import type { IconName } from "../icons";
import { type SiteConfig, telHref } from "../site";

export interface InfoCard {
  readonly icon: IconName;
  readonly title: string;
  /** Each line shown; links get an href. */
  readonly lines: readonly { readonly text: string; readonly href?: string }[];
}

/** The info cards' names. */
export const infoCardTitles = {
  visit: "Visit Us",
  call: "Call Us",
  email: "Email Us",
  hours: "Office Hours",
} as const;

/** The four ways to reach the charity, from its record; a card with no line is left out. */
export const infoCards = (site: SiteConfig): readonly InfoCard[] =>
  [
    {
      icon: "MapPin" as const,
      title: infoCardTitles.visit,
      lines: site.address.map((text) => ({ text })),
    },
    {
      icon: "Phone" as const,
      title: infoCardTitles.call,
      lines: site.phones.map((phone) => ({ text: phone, href: telHref(phone) })),
    },
    {
      icon: "Mail" as const,
      title: infoCardTitles.email,
      lines: site.emails.map((email) => ({ text: email, href: `mailto:${email}` })),
    },
    {
      icon: "Clock" as const,
      title: infoCardTitles.hours,
      lines: site.officeHours ? [{ text: site.officeHours }] : [],
    },
  ].filter((card) => card.lines.length > 0);

export const contactLabels = {
  /** The info cards' heading, read by screen readers only. */
  infoHeading: "How to reach us",
  mapPlaceholder: "Interactive map coming soon",
  emergencyLine: "24/7 emergency line:",
  nationalNumbers: "National emergency numbers:",
} as const;
