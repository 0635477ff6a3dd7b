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

/** The four ways to reach the charity, from its record; a card with no line is left out. */
export const infoCards = (site: SiteConfig): readonly InfoCard[] =>
  [
    {
      icon: "MapPin" as const,
      title: "Visit Us",
      lines: site.address.map((text) => ({ text })),
    },
    {
      icon: "Phone" as const,
      title: "Call Us",
      lines: site.phones.map((phone) => ({ text: phone, href: telHref(phone) })),
    },
    {
      icon: "Mail" as const,
      title: "Email Us",
      lines: site.emails.map((email) => ({ text: email, href: `mailto:${email}` })),
    },
    {
      icon: "Clock" as const,
      title: "Office Hours",
      lines: site.officeHours ? [{ text: site.officeHours }] : [],
    },
  ].filter((card) => card.lines.length > 0);

export const contactLabels = {
  mapPlaceholder: "Interactive map coming soon",
  emergencyLine: "24/7 emergency line",
  nationalNumbers: "National emergency numbers:",
} as const;
