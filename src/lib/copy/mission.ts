// Fixed copy of /about/our-mission: mission and vision, six core values and four
// strategic objectives with their goals.

import type { IconName } from "../icons";
import type { SiteConfig } from "../site";
import type { CallToAction, Feature, PageIntro, PageSeo } from "./types";

export interface Objective {
  readonly icon: IconName;
  readonly title: string;
  readonly description: string;
  readonly goals: readonly string[];
}

export const missionSeo = (site: SiteConfig): PageSeo => ({
  title: "Our Mission",
  description: `The mission, vision, core values and strategic objectives that guide ${site.name}.`,
});

export const missionIntro: PageIntro = {
  eyebrow: "What drives us",
  title: "Our Mission",
  lead: "Why we exist, the future we are working towards and the promises we keep along the way.",
};

export const coreValues: readonly Feature[] = [
  {
    icon: "Heart",
    title: "Compassion",
    description: "We treat every person as family, with warmth, patience and kindness.",
  },
  {
    icon: "Scale",
    title: "Integrity",
    description: "Honest accounts, clear decisions and gifts spent exactly where we promise.",
  },
  {
    icon: "Shield",
    title: "Dignity",
    description: "We protect the privacy, choices and self-respect of everyone we serve.",
  },
  {
    icon: "Eye",
    title: "Transparency",
    description: "We publish our accounts every year and welcome questions from anyone.",
  },
  {
    icon: "Users",
    title: "Community",
    description: "Local people lead our work, and we build on the strengths already around us.",
  },
  {
    icon: "Sprout",
    title: "Sustainability",
    description: "We plan for the long term, so that the help we give today still stands tomorrow.",
  },
];

export const objectives: readonly Objective[] = [
  {
    icon: "GraduationCap",
    title: "Education for every child in our care",
    description:
      "Give every child at the home the schooling, mentoring and support to finish school and choose their own path.",
    goals: [
      "Keep school attendance above 95%",
      "A mentor for every child aged 12 and over",
      "Support 20 young people into further study or work by 2027",
    ],
  },
  {
    icon: "Heart",
    title: "Dignified care for our elders",
    description:
      "Offer every resident of the old-age home safety, good food, medical care and a full social life.",
    goals: [
      "Round-the-clock nursing cover every day of the year",
      "A personal care plan reviewed every three months",
      "Weekly visits from volunteers and families",
    ],
  },
  {
    icon: "Stethoscope",
    title: "Healthcare within reach",
    description:
      "Bring free, quality healthcare to families who live far from a hospital or cannot afford one.",
    goals: [
      "Hold 20 free health camps every year",
      "Visit 12 remote villages each month with the mobile clinic",
      "Screen 2,000 children and elders a year",
    ],
  },
  {
    icon: "HandHeart",
    title: "Ready when disaster strikes",
    description:
      "Respond within hours to floods, landslides and earthquakes, and stay to help families rebuild.",
    goals: [
      "A stocked emergency supply depot before each monsoon",
      "A trained rapid response team of 30 volunteers",
      "Help every family we reach back into a safe home",
    ],
  },
];

export const missionCta: CallToAction = {
  title: "Turn our mission into action",
  text: "Every goal on this page is funded by people like you. Choose a programme, or give where the need is greatest.",
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Support Our Goals", href: "/donate/" },
};
