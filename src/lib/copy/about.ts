// Fixed copy of /about: the figures, the story since 2009, mission, vision and values.

import type { SiteConfig } from "../site";
import type { CallToAction, Feature, PageIntro, PageSeo, Stat } from "./types";

export const aboutSeo = (site: SiteConfig): PageSeo => ({
  title: "About Us",
  description: `Since ${site.foundedYear}, ${site.name} has given children a home, elders a family and families in crisis a helping hand. Read our story, mission and values.`,
});

export const aboutIntro: PageIntro = {
  eyebrow: "Who we are",
  title: "About Us",
  lead: "A community organisation that grew from one open door into a children's home, an old-age home, free medical care and emergency relief, run by people who live where they serve.",
};

export const aboutStats: readonly Stat[] = [
  { number: "500+", label: "Lives Impacted" },
  { number: "50+", label: "Active Volunteers" },
  { number: "15+", label: "Years of Service" },
  { number: "24/7", label: "Support" },
];

export const aboutStory = (site: SiteConfig) =>
  ({
    title: "Our Story",
    since: `Since ${site.foundedYear}`,
    foundedNote: "The year we opened our doors",
    paragraphs: [
      `In ${site.foundedYear}, after a hard monsoon left several children in our neighbourhood without parents or a safe place to sleep, Kamala Shrestha and a handful of neighbours rented two rooms on Riverside Road and opened their doors. The first night, six children slept there. Volunteers cooked on a borrowed stove, and a local teacher came every evening to help with homework.`,
      "Word spread, and so did the need. Older people living alone began knocking too, so in 2012 we opened a small home for elders next door. Families asked for medicines they could not afford, and our first free health camp followed. When floods and an earthquake struck the valley, our volunteers were already there, so relief work became part of who we are.",
      "Today the same idea carries everything we do: every person deserves safety, dignity and someone who cares. We are still local, still run largely by volunteers, and we publish where every gift goes, because the trust of our donors is what keeps the doors open.",
    ],
  }) as const;

export const aboutMission = {
  title: "Our Mission",
  text: "To provide shelter, education, healthcare and relief to the most vulnerable people in our community, with compassion, transparency and respect.",
} as const;

export const aboutVision = {
  title: "Our Vision",
  text: "A community where every child grows up safe and loved, every elder lives with dignity, and no family faces hardship alone.",
} as const;

export const aboutValues: readonly Feature[] = [
  {
    icon: "Heart",
    title: "Compassion",
    description:
      "We meet every child, elder and family with warmth and patience, and we listen before we act.",
  },
  {
    icon: "Scale",
    title: "Integrity",
    description:
      "We spend every gift where we say we will, keep honest accounts and publish them every year.",
  },
  {
    icon: "Shield",
    title: "Dignity",
    description:
      "The people we serve make choices about their own lives. We protect their privacy and their voice.",
  },
  {
    icon: "Users",
    title: "Community",
    description:
      "Neighbours, volunteers and donors working side by side achieve more than any of us could alone.",
  },
];

export const aboutLinks = {
  title: "Learn more about us",
  links: [
    {
      href: "/about/our-history/",
      title: "Our History",
      text: "Fifteen years of milestones, from two rented rooms to four programmes.",
    },
    {
      href: "/about/our-team/",
      title: "Our Team",
      text: "Meet the people who lead our homes, clinics and relief work.",
    },
    {
      href: "/about/our-mission/",
      title: "Our Mission",
      text: "The values we hold and the goals we are working towards.",
    },
  ],
} as const;

export const aboutCta: CallToAction = {
  title: "Help us keep the doors open",
  text: "Every gift, large or small, pays for a meal, a school book, a medicine or a warm bed tonight.",
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Get in Touch", href: "/contact/" },
};
