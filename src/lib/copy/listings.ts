// The fixed labels of /projects, /certifications and the 404 page. The listings' words
// (their tops, what they say while empty, Projects' closing call) are content
// (projects_page, certifications_page).

import type { PageSeo } from "./types";

/** The buttons under Projects' closing call to action. */
export const projectsCtaButtons = {
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Partner With Us", href: "/contact/" },
} as const;

/** The link under Certifications' empty state. */
export const certificationsEmptyLink = { label: "Contact Us", href: "/contact/" } as const;

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
