// The fixed labels of /projects, /certifications and the 404 page. The listings' words
// (their tops, what they say while empty, Projects' closing call) are content
// (projects_page, certifications_page).

import type { PageSeo } from "./types";

/** The buttons under Projects' closing call to action. */
export const projectsCtaButtons = {
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Partner With Us", href: "/contact/" },
} as const;

/** The projects' filter: its buttons, its unseen legend and the statuses' names. */
export const projectsLabels = {
  all: "All Projects",
  filter: "Filter projects by category",
  status: { ongoing: "Ongoing", completed: "Completed", planning: "Planning" },
} as const;

/** The link under Certifications' empty state. */
export const certificationsEmptyLink = { label: "Contact Us", href: "/contact/" } as const;

export const certificationsPdf = {
  action: "View certificate",
  newTab: "(opens PDF in a new tab)",
  badge: "PDF",
  onRequest: "Copy available on request",
} as const;

/** What the page that is not found says: it is a message of the site, not a page's words. */
export const notFoundLabels = {
  code: "404",
  title: "Page not found",
  text: "The page you were looking for has moved or does not exist. These pages might help:",
  home: "Back to the home page",
  helpful: "Helpful links",
  about: { href: "/about/", label: "About Us" },
  contact: { href: "/contact/", label: "Contact Us" },
} as const;

export const notFoundSeo: PageSeo = {
  title: "Page not found",
  description: "The page you were looking for could not be found.",
};
