// The home page's fixed labels: its figures' names, its links and what an empty section
// says. Its words (search description, sections' headings) are content (home_page).

export const homeAbout = {
  yearsLabel: "Years of Service",
  livesLabel: "Lives Impacted",
  volunteersLabel: "Active Volunteers",
  visionTitle: "Our Vision",
  missionTitle: "Our Mission",
  more: "Read our story",
} as const;

export const homeBoard = {
  emptyTitle: "No Board Staff Members",
  emptyText: "Board staff members will appear here once added through the admin panel.",
  more: "Meet the leadership team",
} as const;

export const noBanners = "No banners configured. Please add banners in admin panel.";

/** What the full-screen picture viewer says while a picture loads, or when it cannot. */
export const galleryViewerLabels = {
  loading: "Loading picture…",
  failed: "This picture could not be loaded. Please try again.",
} as const;

/** Empty state of every public gallery: the pictures appear once uploaded in the admin. */
export const galleryEmpty = {
  title: "No Gallery Images",
  text: "Images will appear here once they are uploaded through the admin panel.",
} as const;
