// The five sections of home management, with this menu's words. Kept apart from the
// component so tests can list them.
import { banners } from "../resources/banners.ts";
import { about, causes, galleryImages, homeBoard } from "../resources/home.ts";
import type { ResourceDefinition } from "../resources/types.ts";

export interface HomeSection {
  id: string;
  title: string;
  description: string;
  resource: ResourceDefinition;
  /** A single record edited in one form. */
  single?: boolean;
}

export const homeSections: HomeSection[] = [
  {
    id: "banners",
    title: "Banners",
    description: "The slides at the top of the home page",
    resource: banners,
  },
  {
    id: "about",
    title: "About",
    description: "The about section: text, figures, vision and mission",
    resource: about,
    single: true,
  },
  {
    id: "causes",
    title: "Causes",
    description: "The causes visitors can support",
    resource: causes,
  },
  {
    id: "board",
    title: "Board Members",
    description: "Board members and staff shown on the home page",
    resource: homeBoard,
  },
  {
    id: "gallery",
    title: "Gallery",
    description: "Titled pictures with categories",
    resource: galleryImages,
  },
];
