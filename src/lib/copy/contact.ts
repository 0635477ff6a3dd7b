// Fixed copy of /contact: the four info cards, office hours, the map placeholder,
// department contacts and the emergency section.

import type { IconName } from "../icons";
import { type SiteConfig, telHref } from "../site";
import type { PageIntro, PageSeo } from "./types";

export interface InfoCard {
  readonly icon: IconName;
  readonly title: string;
  /** Each line shown; links get an href. */
  readonly lines: readonly { readonly text: string; readonly href?: string }[];
}

export interface Department {
  readonly name: string;
  readonly description: string;
  readonly email: string;
  readonly phone: string;
}

export const officeHours = "Mon-Fri 8:00 AM-6:00 PM, Sat 9:00 AM-4:00 PM, Sunday emergency only";

export const contactSeo = (site: SiteConfig): PageSeo => ({
  title: "Contact Us",
  description: `Get in touch with ${site.name}: visit, call or write to us, volunteer, or reach our 24/7 emergency line.`,
});

export const contactIntro: PageIntro = {
  eyebrow: "We would love to hear from you",
  title: "Contact Us",
  lead: "Questions about our work, volunteering, sponsoring a child or visiting the homes? Write, call or drop by: we answer every message within two working days.",
};

export const infoCards = (site: SiteConfig): readonly InfoCard[] => [
  {
    icon: "MapPin",
    title: "Visit Us",
    lines: site.address.map((text) => ({ text })),
  },
  {
    icon: "Phone",
    title: "Call Us",
    lines: site.phones.map((phone) => ({ text: phone, href: telHref(phone) })),
  },
  {
    icon: "Mail",
    title: "Email Us",
    lines: site.emails.map((email) => ({ text: email, href: `mailto:${email}` })),
  },
  {
    icon: "Clock",
    title: "Office Hours",
    lines: [{ text: officeHours }],
  },
];

export const formSection = {
  title: "Send Us a Message",
  text: "Fill in the form and the right person on our team will get back to you.",
} as const;

export const mapSection = {
  title: "Find Us",
  placeholder: "Interactive map coming soon",
  directions:
    "We are a five-minute walk from the Green Valley bus park, opposite the community health post.",
} as const;

export const departmentsSection = {
  title: "Department Contacts",
  text: "Reach the right team directly.",
} as const;

export const departments: readonly Department[] = [
  {
    name: "General Enquiries",
    description: "Questions about our work, visits and partnerships.",
    email: "info@helpinghands.example",
    phone: "+977 1 4000 100",
  },
  {
    name: "Donations & Sponsorship",
    description: "Giving, receipts, child and elder sponsorship.",
    email: "donate@helpinghands.example",
    phone: "+977 1 4000 110",
  },
  {
    name: "Volunteering",
    description: "Join our volunteers at the homes, camps or relief work.",
    email: "volunteer@helpinghands.example",
    phone: "+977 1 4000 120",
  },
  {
    name: "Children's Home",
    description: "Admissions, visits and the children's welfare.",
    email: "children@helpinghands.example",
    phone: "+977 1 4000 130",
  },
  {
    name: "Old Age Home",
    description: "Admissions, visits and care for residents.",
    email: "eldercare@helpinghands.example",
    phone: "+977 1 4000 140",
  },
  {
    name: "Medical & Relief",
    description: "Health camps, the mobile clinic and relief missions.",
    email: "relief@helpinghands.example",
    phone: "+977 1 4000 150",
  },
];

export const emergencySection = (site: SiteConfig) =>
  ({
    title: "Emergency Contact",
    text: "For medical emergencies among our residents, or to report a family in urgent need after a flood, landslide or earthquake, call our round-the-clock line. If a life is in danger, call the national emergency services first.",
    phoneLabel: "24/7 emergency line",
    phone: site.emergencyPhone,
    nationalLabel: "Police",
    nationalPhone: "100",
    ambulanceLabel: "Ambulance",
    ambulancePhone: "102",
  }) as const;
