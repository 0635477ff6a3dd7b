// The admin's one registry: every screen, with its route and dashboard tile, or its
// section of home management. The routes, the dashboard, the static shells
// (src/pages/admin/[...path].astro), home management's menu and the registry test
// all read this list; each definition carries its own texts. Each entry carries its
// screen's view (made in the feature's `screen.ts`), which the signed-in shell draws on
// its route: a new screen is its feature's folder and one entry here. A content screen
// names its definition, listed by name in content/resources/definitions.ts, rather
// than holding it, so this list, and the dashboard that reads it, load no definition:
// the screen's chunk loads it. What needs the definitions themselves reads
// registry-definitions.ts.

import { SET_PASSWORD_PATH } from "../account/auth.ts";
import { accountScreen, setPasswordScreen } from "../account/screen.ts";
import type { GalleryName, ResourceName } from "../content/resources/definitions.ts";
import { cardsScreen, homeScreen, pagesScreen, singleScreen } from "../content/screen.ts";
import { galleryScreen } from "../galleries/screen.ts";
import { messagesScreen } from "../messages/screen.ts";
import { paymentsScreen } from "../payments/screen.ts";
import { teamScreen } from "../team/screen.ts";
import { trashScreen } from "../trash/screen.ts";
import { ACCOUNT_PATH } from "./paths.ts";
import type { ScreenView } from "./screens.ts";

/** What other code asks a screen to be; a screen with no such role has no `kind`. */
type ScreenRole =
  /** `payments`: the donation details, whose writes may wait for a second admin's approval. */
  | { kind: "cards"; resource: ResourceName; payments?: true }
  /** A table of one record, edited in one form. */
  | { kind: "single"; resource: ResourceName }
  | { kind: "gallery"; gallery: GalleryName }
  /** The contact inbox: its tile counts the unread messages. */
  | { kind: "messages" }
  /** One's own password: the header's Account link leads there, and is left out there. */
  | { kind: "account" }
  /** Where emailed links lead: AdminApp draws it, outside the shell. */
  | { kind: "set-password" }
  | { kind?: undefined };

/** A screen: the `view` the shell draws on its route, and its role, if any. */
export type Screen = { view: ScreenView } & ScreenRole;

export interface Place {
  title: string;
  description: string;
}

export interface RegistryEntry {
  screen: Screen;
  /**
   * An admin route of its own, with its tile on the dashboard unless `tile` is false.
   * `open`: shown without a session too (where emailed links lead). `administrators`:
   * only administrators change what it holds (the database refuses editors), so editors
   * get no tile and, on a link to it, a page that says so.
   */
  route?: Place & { path: string; tile?: false; open?: true; administrators?: true };
  /** A section of home management; `single` edits one record in one form. */
  homeSection?: Place & { id: string; single?: boolean };
  /** A section of the Pages screen, under the public page it appears on. */
  pageSection?: Place & { id: string; page: PublicPage; single?: boolean };
}

/** A public page whose words are content. */
export interface PublicPage {
  path: string;
  title: string;
}

const ABOUT_US: PublicPage = { path: "/about/", title: "About Us" };
const OUR_HISTORY: PublicPage = { path: "/about/our-history/", title: "Our History" };
const OUR_TEAM: PublicPage = { path: "/about/our-team/", title: "Our Team" };
const CONTACT: PublicPage = { path: "/contact/", title: "Contact" };
const OUR_MISSION: PublicPage = { path: "/about/our-mission/", title: "Our Mission" };
const DONATE: PublicPage = { path: "/donate/", title: "Donate" };
const PROJECTS: PublicPage = { path: "/projects/", title: "Projects" };
const CERTIFICATIONS: PublicPage = { path: "/certifications/", title: "Certifications" };
const CHILDREN_HOME: PublicPage = { path: "/children-home/", title: "Children's Home" };
const OLD_AGE_HOME: PublicPage = { path: "/oldage-home/", title: "Old Age Home" };
const MEDICAL: PublicPage = { path: "/medical/", title: "Medical" };
const RELIEF: PublicPage = { path: "/relief/", title: "Relief" };
const HOME_WORDS =
  "Title, introduction, donate button, sections' headings and closing call to action";
const AID_WORDS =
  "Title, donate button, about block, sections' headings and closing call to action";

const cards = (resource: ResourceName): Screen => ({
  kind: "cards",
  resource,
  view: cardsScreen(resource),
});
const single = (resource: ResourceName): Screen => ({
  kind: "single",
  resource,
  view: singleScreen(resource),
});
const gallery = (name: GalleryName): Screen => ({
  kind: "gallery",
  gallery: name,
  view: galleryScreen(name),
});

export const registry: RegistryEntry[] = [
  {
    screen: { view: homeScreen },
    route: {
      path: "/admin/home-management",
      title: "Home Management",
      description: "Banners, about section, causes, board members and gallery of the home page",
    },
  },
  {
    screen: { view: pagesScreen },
    route: {
      path: "/admin/pages",
      title: "Pages",
      description: "The words of the site's pages, grouped by the page they appear on",
    },
  },
  {
    screen: cards("aboutPage"),
    pageSection: {
      id: "about-us-words",
      page: ABOUT_US,
      title: "Page words",
      description: "Title, introduction, story, values, links and closing call to action",
      single: true,
    },
  },
  {
    screen: cards("historyPage"),
    pageSection: {
      id: "our-history-words",
      page: OUR_HISTORY,
      title: "Page words",
      description: "Title, introduction, timeline heading and closing call to action",
      single: true,
    },
  },
  {
    screen: cards("milestones"),
    pageSection: {
      id: "our-history-milestones",
      page: OUR_HISTORY,
      title: "Milestones",
      description: "The timeline: year, title, what happened, where and its impact",
    },
  },
  {
    screen: cards("teamPage"),
    pageSection: {
      id: "our-team-words",
      page: OUR_TEAM,
      title: "Page words",
      description: "Title, introduction, figures, the people's heading and closing call to action",
      single: true,
    },
  },
  {
    screen: cards("teamPeople"),
    pageSection: {
      id: "our-team-people",
      page: OUR_TEAM,
      title: "People",
      description: "Board & Staff's people: tick 'On Our Team' to show one here",
    },
  },
  {
    screen: cards("missionPage"),
    pageSection: {
      id: "our-mission-words",
      page: OUR_MISSION,
      title: "Page words",
      description: "Title, introduction, values, objectives' heading and closing call to action",
      single: true,
    },
  },
  {
    screen: cards("missionObjectives"),
    pageSection: {
      id: "our-mission-objectives",
      page: OUR_MISSION,
      title: "Objectives",
      description: "The strategic objectives, each with its goals",
    },
  },
  {
    screen: cards("contactPage"),
    pageSection: {
      id: "contact-words",
      page: CONTACT,
      title: "Page words",
      description: "Title, introduction, the form's, map's and emergency section's words",
      single: true,
    },
  },
  {
    screen: cards("departments"),
    pageSection: {
      id: "contact-departments",
      page: CONTACT,
      title: "Departments",
      description: "The department contacts: name, description, email and phone",
    },
  },
  {
    screen: cards("donatePage"),
    pageSection: {
      id: "donate-words",
      page: DONATE,
      title: "Page words",
      description:
        "Title, introduction, the methods' headings, where a gift goes and other ways to help",
      single: true,
    },
  },
  {
    screen: cards("projectsPage"),
    pageSection: {
      id: "projects-words",
      page: PROJECTS,
      title: "Page words",
      description: "Title, introduction, what it says while empty and closing call to action",
      single: true,
    },
  },
  {
    screen: cards("certificationsPage"),
    pageSection: {
      id: "certifications-words",
      page: CERTIFICATIONS,
      title: "Page words",
      description: "Title, introduction and what it says while empty",
      single: true,
    },
  },
  ...(
    [
      ["childrenPage", "children", CHILDREN_HOME, HOME_WORDS],
      ["oldagePage", "oldage", OLD_AGE_HOME, HOME_WORDS],
      ["medicalPage", "medical", MEDICAL, AID_WORDS],
      ["reliefPage", "relief", RELIEF, AID_WORDS],
    ] as const
  ).map(
    ([resource, id, page, description]): RegistryEntry => ({
      screen: cards(resource),
      pageSection: { id: `${id}-words`, page, title: "Page words", description, single: true },
    }),
  ),
  {
    screen: single("organisation"),
    route: {
      path: "/admin/organisation",
      title: "Organisation",
      description:
        "The charity's name, address, phone numbers, emails and social links, shown on every page",
    },
  },
  {
    screen: cards("banners"),
    homeSection: {
      id: "banners",
      title: "Banners",
      description: "The slides at the top of the home page",
    },
  },
  {
    screen: cards("about"),
    homeSection: {
      id: "about",
      title: "About",
      description: "The about section: text, figures, vision and mission",
      single: true,
    },
  },
  {
    screen: cards("causes"),
    homeSection: { id: "causes", title: "Causes", description: "The causes visitors can support" },
  },
  {
    screen: cards("homeBoard"),
    homeSection: {
      id: "board",
      title: "Board Members",
      description: "Board members and staff: tick 'On the home page' to show one here",
    },
  },
  {
    screen: cards("galleryImages"),
    homeSection: {
      id: "gallery",
      title: "Gallery",
      description: "Titled pictures with categories, not shown on the website",
    },
  },
  {
    screen: gallery("homeGallery"),
    route: {
      path: "/admin/home-gallery-management",
      title: "Home Gallery",
      description: "Pictures of the home page gallery",
    },
  },
  {
    screen: cards("homePage"),
    homeSection: {
      id: "words",
      title: "Page words",
      description: "The search description and the sections' headings",
      single: true,
    },
  },
  {
    screen: cards("projects"),
    route: {
      path: "/admin/projects-management",
      title: "Projects",
      description: "Projects with their category and status",
    },
  },
  {
    screen: cards("certifications"),
    route: {
      path: "/admin/certifications-management",
      title: "Certifications",
      description: "Certificates with their images and PDFs",
    },
  },
  // The programmes in the site's own order, each as content, banners, gallery.
  {
    screen: cards("childrenContent"),
    route: {
      path: "/admin/children-content-management",
      title: "Children Home Content",
      description: "The children's home page: about text, statistics and services",
    },
  },
  {
    screen: cards("childrenBanners"),
    route: {
      path: "/admin/children-banner-management",
      title: "Children Home Banners",
      description: "Banner slides of the children's home page",
    },
  },
  {
    screen: gallery("childrenGallery"),
    route: {
      path: "/admin/children-gallery-management",
      title: "Children Gallery",
      description: "Pictures of the children's gallery",
    },
  },
  {
    screen: cards("oldageContent"),
    route: {
      path: "/admin/oldage-content-management",
      title: "Old Age Home Content",
      description: "The old-age home page: about text, statistics and services",
    },
  },
  {
    screen: cards("oldageBanners"),
    route: {
      path: "/admin/oldage-banner-management",
      title: "Old Age Home Banners",
      description: "Banner slides of the old-age home page",
    },
  },
  {
    screen: gallery("oldageGallery"),
    route: {
      path: "/admin/oldage-gallery-management",
      title: "Old Age Home Gallery",
      description: "Pictures of the old-age home gallery",
    },
  },
  {
    screen: cards("medicalContent"),
    route: {
      path: "/admin/medical-management",
      title: "Medical Content",
      description: "The medical page: banner, services, statistics and health tips",
    },
  },
  {
    screen: gallery("medicalGallery"),
    route: {
      path: "/admin/medical-gallery-management",
      title: "Medical Gallery",
      description: "Pictures of the medical aid gallery",
    },
  },
  {
    screen: cards("reliefContent"),
    route: {
      path: "/admin/relief-management",
      title: "Relief Content",
      description: "The relief page: banner, text, services and statistics",
    },
  },
  {
    screen: gallery("reliefGallery"),
    route: {
      path: "/admin/relief-gallery-management",
      title: "Relief Gallery",
      description: "Pictures of the relief work gallery",
    },
  },
  {
    screen: {
      kind: "cards",
      resource: "donateContent",
      payments: true,
      view: paymentsScreen("donateContent"),
    },
    route: {
      path: "/admin/donate-management",
      title: "Donate",
      description: "QR codes and bank account details",
      administrators: true,
    },
  },
  {
    screen: cards("logos"),
    route: {
      path: "/admin/logo-management",
      title: "Logo",
      description: "Header and footer logo",
      administrators: true,
    },
  },
  {
    screen: cards("boardStaff"),
    route: {
      path: "/admin/board-staff-management",
      title: "Board & Staff",
      description:
        "One list of people: who appears on the home page and on Our Team, with photos and roles",
    },
  },
  {
    screen: { kind: "messages", view: messagesScreen },
    route: {
      path: "/admin/messages",
      title: "Messages",
      description: "Messages sent through the contact form",
    },
  },
  {
    screen: { view: trashScreen },
    route: {
      path: "/admin/trash",
      title: "Trash",
      description: "Deleted records, kept for 30 days",
    },
  },
  {
    screen: { view: teamScreen },
    route: {
      path: "/admin/team",
      title: "Team",
      description: "Editors and administrators: invite people, change roles, remove access",
      administrators: true,
    },
  },
  {
    screen: { kind: "account", view: accountScreen },
    route: {
      path: ACCOUNT_PATH,
      title: "Account",
      description: "Change your password",
      tile: false,
    },
  },
  {
    screen: { kind: "set-password", view: setPasswordScreen },
    route: {
      path: SET_PASSWORD_PATH,
      title: "Set a new password",
      description: "Where the emailed password-reset and invitation links lead",
      tile: false,
      open: true,
    },
  },
];
