// Fixed copy of /about/our-team: the six leadership members and the summary figures.

import type { SiteConfig } from "../site";
import type { CallToAction, PageIntro, PageSeo, Stat } from "./types";

export interface TeamMember {
  readonly name: string;
  readonly position: string;
  readonly bio: string;
  readonly specialties: readonly string[];
  /** Most important first: a card shows the first two. */
  readonly achievements: readonly string[];
  readonly email: string;
  readonly phone: string;
  readonly social: { readonly label: string; readonly href: string };
}

/** How many achievements a member's card shows: the first two. */
export const achievementsShown = 2;

export const teamSeo = (site: SiteConfig): PageSeo => ({
  title: "Our Team",
  description: `Meet the leadership team of ${site.name}: the people who run our children's home, old-age home, medical camps and relief work.`,
});

export const teamIntro: PageIntro = {
  eyebrow: "The people behind the work",
  title: "Our Team",
  lead: "A small leadership team of social workers, carers, doctors and volunteers, most of whom grew up within a few kilometres of our homes.",
};

export const teamStats: readonly Stat[] = [
  { number: "6", label: "Leadership Members" },
  { number: "45", label: "Full-time Staff" },
  { number: "50+", label: "Active Volunteers" },
  { number: "100+", label: "Years of Combined Experience" },
];

export const teamMembers: readonly TeamMember[] = [
  {
    name: "Kamala Shrestha",
    position: "Founder & Chairperson",
    bio: "Kamala opened the first two rooms on Riverside Road in 2009. A retired schoolteacher, she still reads with the youngest children every Friday evening.",
    specialties: ["Child welfare", "Community organising", "Governance"],
    achievements: [
      "Founded the children's home in 2009",
      "District Social Service Award, 2019",
      "Trained more than 200 volunteers",
    ],
    email: "kamala@helpinghands.example",
    phone: "+977 1 4000 101",
    social: { label: "LinkedIn", href: "https://www.linkedin.com/in/kamala-shrestha-hhf" },
  },
  {
    name: "Ramesh Adhikari",
    position: "Executive Director",
    bio: "Ramesh joined as a volunteer during the 2015 earthquake response and now runs day-to-day operations, partnerships and our annual public accounts.",
    specialties: ["Operations", "Partnerships", "Financial transparency"],
    achievements: [
      "Led the 2015 earthquake relief effort",
      "Introduced published annual accounts",
      "Grew the partner network to 20 organisations",
    ],
    email: "ramesh@helpinghands.example",
    phone: "+977 1 4000 102",
    social: { label: "LinkedIn", href: "https://www.linkedin.com/in/ramesh-adhikari-hhf" },
  },
  {
    name: "Dr. Sunita Gurung",
    position: "Medical Director",
    bio: "A family physician with twenty years in rural health, Sunita leads our health camps, the mobile clinic and the care of residents at the old-age home.",
    specialties: ["Family medicine", "Rural health", "Elder care"],
    achievements: [
      "Launched the free medical camps in 2018",
      "Set up the mobile clinic in 2022",
      "Over 5,000 patients treated under her lead",
    ],
    email: "sunita@helpinghands.example",
    phone: "+977 1 4000 103",
    social: { label: "LinkedIn", href: "https://www.linkedin.com/in/sunita-gurung-hhf" },
  },
  {
    name: "Anjali Rai",
    position: "Children's Home Coordinator",
    bio: "Anjali grew up in a children's home herself. She makes sure every child has a mentor, a school place and a voice in how the home is run.",
    specialties: ["Child protection", "Education support", "Mentoring"],
    achievements: [
      "Raised school attendance to 95%",
      "Started the children's council",
      "Opened the learning centre in 2024",
    ],
    email: "anjali@helpinghands.example",
    phone: "+977 1 4000 104",
    social: { label: "LinkedIn", href: "https://www.linkedin.com/in/anjali-rai-hhf" },
  },
  {
    name: "Sita Maharjan",
    position: "Old Age Home Manager",
    bio: "A trained nurse, Sita leads the team that looks after more than 80 residents, from medicines and meals to music mornings and family visits.",
    specialties: ["Geriatric nursing", "Palliative care", "Team leadership"],
    achievements: [
      "Expanded the home to more than 80 residents",
      "Introduced round-the-clock nursing cover",
      "Began the weekly volunteer visiting scheme",
    ],
    email: "sita@helpinghands.example",
    phone: "+977 1 4000 105",
    social: { label: "LinkedIn", href: "https://www.linkedin.com/in/sita-maharjan-hhf" },
  },
  {
    name: "Bikash Thapa",
    position: "Treasurer & Relief Coordinator",
    bio: "Bikash keeps our books and our relief stores in order, and leads the rapid response team that travels within hours when disaster strikes.",
    specialties: ["Finance", "Logistics", "Disaster response"],
    achievements: [
      "Coordinated 35 relief missions",
      "Built the emergency supply depot plan",
      "Clean independent audit every year since 2016",
    ],
    email: "bikash@helpinghands.example",
    phone: "+977 1 4000 106",
    social: { label: "LinkedIn", href: "https://www.linkedin.com/in/bikash-thapa-hhf" },
  },
];

export const teamCta: CallToAction = {
  title: "Stand with our team",
  text: "Your support lets our carers, nurses and volunteers keep showing up for the people who need them.",
  primary: { label: "Donate Now", href: "/donate/" },
  secondary: { label: "Volunteer With Us", href: "/contact/" },
};
