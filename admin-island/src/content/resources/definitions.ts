// Every definition the content screens are drawn from, by name. The registry names
// them with a type-only import, so the routes, the dashboard and the sign-in page load
// none of them, nor zod and the field rules behind them: a screen's chunk loads this
// module beside its own code.
import { banners, childrenBanners, oldageBanners } from "./banners.ts";
import {
  childrenGallery,
  homeGallery,
  medicalGallery,
  oldageGallery,
  reliefGallery,
} from "./galleries.ts";
import { about, boardStaff, causes, galleryImages, homeBoard, teamPeople } from "./home.ts";
import { organisation } from "./organisation.ts";
import {
  aboutPage,
  certificationsPage,
  childrenPage,
  contactPage,
  departments,
  donatePage,
  historyPage,
  homePage,
  medicalPage,
  milestones,
  missionObjectives,
  missionPage,
  oldagePage,
  projectsPage,
  reliefPage,
  teamPage,
} from "./pages.ts";
import {
  childrenContent,
  donateContent,
  medicalContent,
  oldageContent,
  reliefContent,
} from "./programmes.ts";
import { certifications, logos, projects } from "./showcase.ts";
import type { GalleryDefinition, ResourceDefinition } from "./types.ts";

export const resourceDefinitions = {
  banners,
  childrenBanners,
  oldageBanners,
  about,
  boardStaff,
  causes,
  galleryImages,
  homeBoard,
  teamPeople,
  organisation,
  aboutPage,
  certificationsPage,
  childrenPage,
  contactPage,
  departments,
  donatePage,
  historyPage,
  homePage,
  medicalPage,
  milestones,
  missionObjectives,
  missionPage,
  oldagePage,
  projectsPage,
  reliefPage,
  teamPage,
  childrenContent,
  donateContent,
  medicalContent,
  oldageContent,
  reliefContent,
  certifications,
  logos,
  projects,
} satisfies Record<string, ResourceDefinition>;

export const galleryDefinitions = {
  childrenGallery,
  homeGallery,
  medicalGallery,
  oldageGallery,
  reliefGallery,
} satisfies Record<string, GalleryDefinition>;

export type ResourceName = keyof typeof resourceDefinitions;
export type GalleryName = keyof typeof galleryDefinitions;
