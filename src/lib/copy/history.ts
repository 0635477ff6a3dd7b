// Fixed copy of /about/our-history: the milestones from 2009 to 2024.

import { site } from "../site";
import type { CallToAction, PageIntro, PageSeo } from "./types";

export interface Milestone {
  readonly year: number;
  readonly title: string;
  readonly description: string;
  readonly location: string;
  readonly impact: string;
}

export const historySeo: PageSeo = {
  title: "Our History",
  description: `From two rented rooms in ${site.foundedYear} to a children's home, an old-age home, medical camps and disaster relief: the milestones of ${site.name}.`,
};

export const historyIntro: PageIntro = {
  eyebrow: "Our journey",
  title: "Our History",
  lead: "Fifteen years of growing one step at a time, always led by what our neighbours needed most.",
};

export const milestones: readonly Milestone[] = [
  {
    year: 2009,
    title: "Two rooms and an open door",
    description:
      "After a devastating monsoon, our founders rented two rooms on Riverside Road so that children who had lost their homes had somewhere safe to sleep, eat and study.",
    location: "Riverside Road, Green Valley",
    impact: "6 children given a safe home in the first week",
  },
  {
    year: 2012,
    title: "A home for our elders",
    description:
      "Older neighbours living alone began asking for help, so we opened a small residence next door with shared meals, a visiting nurse and plenty of company.",
    location: "Green Valley",
    impact: "20 elderly residents welcomed in the first year",
  },
  {
    year: 2015,
    title: "Earthquake relief",
    description:
      "When the earthquake struck, our volunteers were among the first to reach the hill villages with food, tarpaulins, clean water and first aid, and stayed on to help families rebuild.",
    location: "Hill villages of the district",
    impact: "1,200 families reached with emergency supplies",
  },
  {
    year: 2018,
    title: "Free medical camps begin",
    description:
      "With volunteer doctors and nurses, we held our first free health camps, offering check-ups, medicines and referrals to families who had never seen a doctor.",
    location: "Six rural wards",
    impact: "2,000 patients treated in the first year",
  },
  {
    year: 2020,
    title: "Care through the pandemic",
    description:
      "We kept both homes safe through lockdown, delivered food packs to families who lost their daily wages and ran a phone line for elders living alone.",
    location: "Green Valley and surrounding villages",
    impact: "15,000 meals delivered and no resident left alone",
  },
  {
    year: 2022,
    title: "The mobile clinic hits the road",
    description:
      "A donated vehicle became a clinic on wheels, bringing a doctor, a nurse and essential medicines to remote villages every week.",
    location: "Remote villages across the district",
    impact: "50+ health camps held and counting",
  },
  {
    year: 2024,
    title: "Fifteen years of service",
    description:
      "We opened a learning centre for the children, expanded the old-age home to more than 80 residents and were recognised with a Community Service Award.",
    location: "Green Valley",
    impact: "500+ lives touched by our programmes",
  },
];

export const historyCta: CallToAction = {
  title: "Write the next chapter with us",
  text: "Our story is still being written, by neighbours, volunteers and donors like you.",
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Support Our Next Milestone", href: "/donate/" },
};
