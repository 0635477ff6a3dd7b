// Every admin route, its dashboard tile and the screen it shows. The static shells
// (src/pages/admin/[...path].astro) are generated from this list too.
import { childrenBanners, oldageBanners } from "../resources/banners.ts";
import {
  childrenGallery,
  homeGallery,
  medicalGallery,
  oldageGallery,
  reliefGallery,
} from "../resources/galleries.ts";
import { boardStaff } from "../resources/home.ts";
import { certifications, logos, projects } from "../resources/other.ts";
import {
  childrenContent,
  donateContent,
  medicalContent,
  oldageContent,
  reliefContent,
} from "../resources/programmes.ts";
import type { GalleryDefinition, ResourceDefinition } from "../resources/types.ts";

export type Screen =
  | { kind: "cards"; resource: ResourceDefinition }
  | { kind: "gallery"; gallery: GalleryDefinition }
  | { kind: "home" }
  | { kind: "messages" };

export interface AdminRoute {
  path: string;
  title: string;
  description: string;
  screen: Screen;
}

export const LOGIN_PATH = "/admin";
export const DASHBOARD_PATH = "/admin/dashboard";

export const adminRoutes: AdminRoute[] = [
  {
    path: "/admin/home-management",
    title: "Home Management",
    description: "Banners, about section, causes, board members and gallery of the home page",
    screen: { kind: "home" },
  },
  {
    path: "/admin/home-gallery-management",
    title: "Home Gallery",
    description: "Pictures of the home page gallery",
    screen: { kind: "gallery", gallery: homeGallery },
  },
  {
    path: "/admin/projects-management",
    title: "Projects",
    description: "Projects with their category and status",
    screen: { kind: "cards", resource: projects },
  },
  {
    path: "/admin/certifications-management",
    title: "Certifications",
    description: "Certificates with their images and PDFs",
    screen: { kind: "cards", resource: certifications },
  },
  {
    path: "/admin/relief-management",
    title: "Relief Content",
    description: "The relief page: banner, text, services and statistics",
    screen: { kind: "cards", resource: reliefContent },
  },
  {
    path: "/admin/relief-gallery-management",
    title: "Relief Gallery",
    description: "Pictures of the relief work gallery",
    screen: { kind: "gallery", gallery: reliefGallery },
  },
  {
    path: "/admin/medical-management",
    title: "Medical Content",
    description: "The medical page: banner, services, statistics and health tips",
    screen: { kind: "cards", resource: medicalContent },
  },
  {
    path: "/admin/medical-gallery-management",
    title: "Medical Gallery",
    description: "Pictures of the medical aid gallery",
    screen: { kind: "gallery", gallery: medicalGallery },
  },
  {
    path: "/admin/oldage-gallery-management",
    title: "Old Age Home Gallery",
    description: "Pictures of the old-age home gallery",
    screen: { kind: "gallery", gallery: oldageGallery },
  },
  {
    path: "/admin/oldage-banner-management",
    title: "Old Age Home Banners",
    description: "Banner slides of the old-age home page",
    screen: { kind: "cards", resource: oldageBanners },
  },
  {
    path: "/admin/oldage-content-management",
    title: "Old Age Home Content",
    description: "The old-age home page: about text, statistics and services",
    screen: { kind: "cards", resource: oldageContent },
  },
  {
    path: "/admin/children-content-management",
    title: "Children Home Content",
    description: "The children's home page: about text, statistics and services",
    screen: { kind: "cards", resource: childrenContent },
  },
  {
    path: "/admin/children-banner-management",
    title: "Children Home Banners",
    description: "Banner slides of the children's home page",
    screen: { kind: "cards", resource: childrenBanners },
  },
  {
    path: "/admin/children-gallery-management",
    title: "Children Gallery",
    description: "Pictures of the children's gallery",
    screen: { kind: "gallery", gallery: childrenGallery },
  },
  {
    path: "/admin/donate-management",
    title: "Donate",
    description: "QR codes and bank account details",
    screen: { kind: "cards", resource: donateContent },
  },
  {
    path: "/admin/logo-management",
    title: "Logo",
    description: "Header and footer logo",
    screen: { kind: "cards", resource: logos },
  },
  {
    path: "/admin/board-staff-management",
    title: "Board & Staff",
    description: "Board members and staff with their photos and roles",
    screen: { kind: "cards", resource: boardStaff },
  },
  {
    path: "/admin/messages",
    title: "Messages",
    description: "Messages sent through the contact form",
    screen: { kind: "messages" },
  },
];

/** The route a path shows; trailing slashes and index.html are ignored. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/index\.html$/, "").replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

export function findRoute(pathname: string): AdminRoute | undefined {
  const path = normalisePath(pathname);
  return adminRoutes.find((route) => route.path === path);
}
