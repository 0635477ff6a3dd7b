// The fixed labels of /about/our-history: its call to action's buttons. The page's
// words and its milestones are content (the history_page and milestones tables).

/** The timeline's span (its first and last years) and a milestone's details' names. */
export const historyLabels = {
  span: "{from} to {to}",
  location: "Location:",
  impact: "Impact:",
} as const;

/** The buttons under the closing call to action: both lead to /donate/. */
export const historyCtaButtons = {
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Support Our Next Milestone", href: "/donate/" },
} as const;
