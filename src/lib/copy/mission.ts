// The fixed labels of /about/our-mission: its call to action's buttons. The page's words
// and values are content (mission_page), its objectives too (mission_objectives), and
// its mission and vision are about_content's.

/** An objective's small heading (its place in the list) and the heading of its goals. */
export const missionLabels = { goals: "Goals", objective: "Objective {number}" } as const;

/** The buttons under the closing call to action: both lead to /donate/. */
export const missionCtaButtons = {
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Support Our Goals", href: "/donate/" },
} as const;
