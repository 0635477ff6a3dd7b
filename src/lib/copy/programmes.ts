// Fixed copy of the four programme pages. What an administrator edits (banners,
// stats, about text, services, health tips, gallery) comes from the database; this
// is the text around it: headings, introductions and the call to donate.

import type { CallToAction, PageSeo, Stat } from "./types";

export type ProgrammeArea = "children" | "oldage" | "medical" | "relief";

export interface ProgrammeCopy {
  readonly area: ProgrammeArea;
  readonly path: string;
  readonly seo: PageSeo;
  /** Small line above the page heading. */
  readonly eyebrow: string;
  /** The page heading where the content has no title of its own. */
  readonly title: string;
  readonly lead: string;
  /** This page's donate button ('Sponsor a Child', 'Donate for Medical', ...). */
  readonly donateLabel: string;
  readonly statsTitle: string;
  readonly servicesTitle: string;
  readonly servicesText: string;
  readonly galleryTitle: string;
  readonly galleryText: string;
  /** The about block where the content has none (medical, relief). */
  readonly about?: {
    readonly title: string;
    readonly paragraphs: readonly string[];
    readonly highlightsTitle: string;
    readonly highlights: readonly string[];
  };
  readonly cta: CallToAction;
}

export const childrenCopy: ProgrammeCopy = {
  area: "children",
  path: "/children-home/",
  seo: {
    title: "Children's Home",
    description:
      "A safe, loving home, schooling, healthcare and mentoring for children who have lost their parents or cannot live with their families. Sponsor a child today.",
  },
  eyebrow: "Our programmes",
  title: "Children's Home",
  lead: "A safe, loving home where every child goes to school, is cared for when unwell and has an adult who believes in them.",
  donateLabel: "Sponsor a Child",
  statsTitle: "The children's home in numbers",
  servicesTitle: "What Every Child Receives",
  servicesText: "Everything a child needs to feel safe, learn and grow, under one roof.",
  galleryTitle: "Life at the Children's Home",
  galleryText: "School mornings, homework evenings, festivals and plenty of play.",
  cta: {
    title: "Give a child a home, a school place and a future",
    text: "Sponsoring a child covers their meals, schooling, healthcare and care for a whole year. You receive news of their progress twice a year.",
    primary: { label: "Sponsor a Child", href: "/donate/" },
  },
};

export const oldageCopy: ProgrammeCopy = {
  area: "oldage",
  path: "/oldage-home/",
  seo: {
    title: "Old Age Home",
    description:
      "A warm home, round-the-clock care, nutritious meals and companionship for elderly people who live alone or have no one to care for them.",
  },
  eyebrow: "Our programmes",
  title: "Old Age Home",
  lead: "Comfort, care and good company for elders who would otherwise face their later years alone.",
  donateLabel: "Sponsor",
  statsTitle: "The old age home in numbers",
  servicesTitle: "How We Care for Our Residents",
  servicesText: "Medical care, good food and a full day, every day.",
  galleryTitle: "Life at the Old Age Home",
  galleryText: "Gardening, music mornings, festivals and family visits.",
  cta: {
    title: "Sponsor an elder's care",
    text: "Your sponsorship provides meals, medicines, nursing care and a warm bed for a resident who has no one else to turn to.",
    primary: { label: "Sponsor", href: "/donate/" },
  },
};

export const medicalCopy: ProgrammeCopy = {
  area: "medical",
  path: "/medical/",
  seo: {
    title: "Medical Services",
    description:
      "Free health camps, a mobile clinic, medicines and preventive care for families who cannot reach or afford a doctor.",
  },
  eyebrow: "Our programmes",
  title: "Medical Services",
  lead: "Free healthcare for families who cannot reach or afford a doctor.",
  donateLabel: "Donate for Medical",
  statsTitle: "Our medical work in numbers",
  servicesTitle: "Our Medical Services",
  servicesText: "From routine check-ups to emergency care, close to home and free of charge.",
  galleryTitle: "Our Medical Work",
  galleryText: "Health camps, the mobile clinic and the care of our residents.",
  about: {
    title: "Healthcare Close to Home",
    paragraphs: [
      "For many families in the hill villages, the nearest hospital is a full day's walk away, and a single visit can cost a week's wages. Small problems go untreated until they become serious.",
      "Our volunteer doctors and nurses bring care to them instead: free health camps, a mobile clinic that visits remote villages every week, and medicines that families could not otherwise afford. Our residents at the children's home and old-age home are looked after by the same team.",
    ],
    highlightsTitle: "Your gift pays for",
    highlights: [
      "Medicines for a family for a month",
      "A child's vaccinations and growth check",
      "Fuel for the mobile clinic's weekly round",
      "A full health camp for a remote village",
    ],
  },
  cta: {
    title: "Bring a doctor to a village that has none",
    text: "Your donation pays for medicines, health camps and the mobile clinic's visits to families far from any hospital.",
    primary: { label: "Donate for Medical", href: "/donate/" },
  },
};

export const reliefCopy: ProgrammeCopy = {
  area: "relief",
  path: "/relief/",
  seo: {
    title: "Relief Programs",
    description:
      "Food, clean water, shelter and medical supplies within hours of a flood, landslide or earthquake, and help to rebuild afterwards.",
  },
  eyebrow: "Our programmes",
  title: "Relief Programs",
  lead: "Fast, practical help when disaster strikes, and a steady hand while families rebuild.",
  donateLabel: "Donate for Relief Fund",
  statsTitle: "Our relief work in numbers",
  servicesTitle: "How We Respond",
  servicesText: "From the first hours after a disaster to the months of rebuilding that follow.",
  galleryTitle: "Relief in Action",
  galleryText: "Our volunteers on the ground with families in need.",
  about: {
    title: "When Disaster Strikes, We Are Already There",
    paragraphs: [
      "Our valley lives with floods, landslides and earthquakes. Because our volunteers live here too, we can reach affected families within hours, often before anyone else.",
      "We bring food, clean water, tarpaulins, blankets and first aid, find the families who are easy to overlook, and stay long after the cameras have gone to help them repair their homes and get children back to school.",
    ],
    highlightsTitle: "Your gift pays for",
    highlights: [
      "A food pack that feeds a family for a week",
      "A tarpaulin and blankets for a family without a roof",
      "Hygiene kits and clean water supplies",
      "Building materials to repair a damaged home",
    ],
  },
  cta: {
    title: "Help us be ready for the next emergency",
    text: "Gifts to the relief fund keep our depot stocked and our team ready to travel the moment disaster strikes.",
    primary: { label: "Donate for Relief Fund", href: "/donate/" },
  },
};

/**
 * The product's default figures per programme, shown when a programme's content has no
 * statistics of its own.
 */
export const defaultProgrammeStats: Readonly<Record<ProgrammeArea, readonly Stat[]>> = {
  children: [
    { number: "150+", label: "Children Cared For" },
    { number: "95%", label: "School Attendance" },
    { number: "12", label: "Dedicated Staff" },
  ],
  oldage: [
    { number: "80+", label: "Elderly Residents" },
    { number: "15", label: "Caring Staff" },
  ],
  medical: [
    { number: "5,000+", label: "Patients Treated" },
    { number: "12", label: "Medical Professionals" },
    { number: "50+", label: "Health Camps" },
  ],
  relief: [{ number: "24/7", label: "Response Ready" }],
};

export const healthTipsCopy = {
  title: "Health Tips",
  text: "Simple habits that keep families healthy, shared at every one of our camps.",
} as const;
