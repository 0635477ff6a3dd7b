// Every resource definition and gallery of the admin, in one list: the registry test
// checks each against the database, and the screens find them here.
import { banners, childrenBanners, oldageBanners } from "./banners.ts";
import {
  childrenGallery,
  homeGallery,
  medicalGallery,
  oldageGallery,
  reliefGallery,
} from "./galleries.ts";
import { about, boardStaff, causes, galleryImages, homeBoard } from "./home.ts";
import { certifications, logos, projects } from "./other.ts";
import {
  childrenContent,
  donateContent,
  medicalContent,
  oldageContent,
  reliefContent,
} from "./programmes.ts";
import type { GalleryDefinition, ResourceDefinition } from "./types.ts";

export const resources: ResourceDefinition[] = [
  banners,
  about,
  causes,
  boardStaff,
  homeBoard,
  galleryImages,
  projects,
  certifications,
  reliefContent,
  medicalContent,
  oldageContent,
  childrenContent,
  oldageBanners,
  childrenBanners,
  donateContent,
  logos,
];

export const galleries: GalleryDefinition[] = [
  homeGallery,
  reliefGallery,
  medicalGallery,
  oldageGallery,
  childrenGallery,
];
