// The fixed labels of /about/our-mission: its call to action's buttons. The page's words
// and values are content (mission_page), its objectives too (mission_objectives), and
// its mission and vision are about_content's.

/** The buttons under the closing call to action: both lead to /donate/. */
export const missionCtaButtons = {
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Support Our Goals", href: "/donate/" },
} as const;
