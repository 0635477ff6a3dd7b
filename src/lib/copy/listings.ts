// Fixed copy of /projects and /certifications.

import type { SiteConfig } from "../site";
import type { CallToAction, PageIntro, PageSeo } from "./types";

export const projectsSeo = (site: SiteConfig): PageSeo => ({
  title: "Our Projects",
  description: `Wells, homes, clinics and learning centres: the completed, ongoing and planned projects of ${site.name}.`,
});

export const projectsIntro: PageIntro = {
  eyebrow: "Our work in action",
  title: "Our Projects",
  lead: "Practical projects that change daily life for good, from clean water to safe homes. Filter by category to see what we have done and what comes next.",
};

export const projectsEmpty = {
  title: "No Projects Yet",
  text: "Our projects will appear here soon. Check back to see what we are working on.",
} as const;

export const projectsCta: CallToAction = {
  title: "Help us start the next project",
  text: "Projects in planning move forward as soon as they are funded. Your gift can be the one that gets them started.",
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Partner With Us", href: "/contact/" },
};

export const certificationsSeo = (site: SiteConfig): PageSeo => ({
  title: "Certifications",
  description: `Registration, tax exemption and accreditation certificates of ${site.name}: proof that your gift is in trustworthy hands.`,
});

export const certificationsIntro: PageIntro = {
  eyebrow: "Accountable to you",
  title: "Certifications",
  lead: "We are a registered, accredited and audited organisation. Here are the documents that show it.",
};

export const certificationsEmpty = {
  title: "No Certifications Available",
  text: "Our certificates will be published here soon. Contact us if you need a copy in the meantime.",
} as const;

export const certificationsPdf = {
  action: "View certificate",
  newTab: "(opens PDF in a new tab)",
  badge: "PDF",
  onRequest: "Copy available on request",
} as const;

export const notFoundSeo: PageSeo = {
  title: "Page not found",
  description: "The page you were looking for could not be found.",
};
