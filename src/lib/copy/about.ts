// The fixed labels of /about: its figures' names, the headings of the mission and
// vision (which the home page shares), the links to the other About pages and the call
// to action's buttons. The page's words are content (about_page), and its figures,
// mission and vision are about_content's.

import type { RowOf } from "../schema/tables";
import { homeAbout } from "./home";
import type { Stat } from "./types";

/** About Us's figures: about_content's three, then the page's own one when it has one. */
export function aboutStats(
  about: RowOf<"about_content">,
  page: RowOf<"about_page">,
): readonly Stat[] {
  const stats: Stat[] = [
    { number: `${about.lives_impacted}+`, label: homeAbout.livesLabel },
    { number: `${about.active_volunteers}+`, label: homeAbout.volunteersLabel },
    { number: `${about.years_of_service}+`, label: homeAbout.yearsLabel },
  ];
  if (page.extra_figure && page.extra_figure_label) {
    stats.push({ number: page.extra_figure, label: page.extra_figure_label });
  }
  return stats;
}

/** The other About pages, each linked under the page's words about it. */
export const aboutLinks = [
  { href: "/about/our-history/", title: "Our History", text: "history_text" },
  { href: "/about/our-team/", title: "Our Team", text: "team_text" },
  { href: "/about/our-mission/", title: "Our Mission", text: "mission_text" },
] as const satisfies readonly { href: string; title: string; text: keyof RowOf<"about_page"> }[];

/** About Us's own labels: the founding year's line and the links to the other pages. */
export const aboutLabels = { since: "Since {year}", readMore: "Read more" } as const;

/** The buttons under the closing call to action. */
export const aboutCtaButtons = {
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Get in Touch", href: "/contact/" },
} as const;
