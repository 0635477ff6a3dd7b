// Fixed copy of the home page: section headings, labels and empty states.

import type { SiteConfig } from "../site";
import type { PageSeo } from "./types";

export const homeSeo = (site: SiteConfig): PageSeo => ({
  title: "",
  description: `${site.name} gives children a home, elders a family and families in crisis a helping hand: a children's home, an old-age home, free medical care and disaster relief since ${site.foundedYear}.`,
});

export const homeAbout = {
  eyebrow: "Who we are",
  yearsLabel: "Years of Service",
  livesLabel: "Lives Impacted",
  volunteersLabel: "Active Volunteers",
  visionTitle: "Our Vision",
  missionTitle: "Our Mission",
  more: "Read our story",
} as const;

export const homeCauses = {
  eyebrow: "Where your gift goes",
  title: "Our Causes",
  text: "Choose the cause closest to your heart. Every card leads to the ways you can give.",
} as const;

export const homeBoard = {
  eyebrow: "The people who lead us",
  title: "Our Board & Staff",
  text: "Volunteers, carers and professionals who give their time and skill to our community.",
  emptyTitle: "No Board Staff Members",
  emptyText: "Board staff members will appear here once added through the admin panel.",
  more: "Meet the leadership team",
} as const;

export const homeGallery = {
  eyebrow: "Moments that matter",
  title: "Gallery",
  text: "Everyday life at our homes, camps and relief missions.",
} as const;

export const noBanners = "No banners configured. Please add banners in admin panel.";

/** Empty state of every public gallery: the pictures appear once uploaded in the admin. */
export const galleryEmpty = {
  title: "No Gallery Images",
  text: "Images will appear here once they are uploaded through the admin panel.",
} as const;
