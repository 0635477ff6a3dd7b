// The fixed labels of /about/our-team. The page's words are content (team_page) and its
// people are Board & Staff's (board_staff) ticked for Our Team.

/** How many achievements a member's card shows: the first two. */
export const achievementsShown = 2;

/** What a social link is called when its editor gave it no name. */
export const SOCIAL_LABEL = "Profile";

/** The buttons under the closing call to action. */
export const teamCtaButtons = {
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Volunteer With Us", href: "/contact/" },
} as const;

/** The page's own labels: its top's button, its figures' heading, a person's lists' headings. */
export const teamLabels = {
  support: "Support Our Team",
  statsHeading: "Our team in numbers",
  specialties: "Specialties",
  achievements: "Key Achievements",
  /** A person's contact links. */
  email: "Email",
  call: "Call",
} as const;

/** Shown while nobody listed is ticked for Our Team. */
export const teamEmpty = {
  title: "Our team is on its way",
  text: "The people who lead our work will be introduced here soon.",
} as const;
