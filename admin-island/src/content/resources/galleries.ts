// The five programme galleries: pictures only, managed by the GalleryManager. Each
// has its own heading, empty text and picture noun; the rest of what a gallery screen
// says is the same for all five.
import { MAX_UPLOAD_BYTES } from "../../../../functions/_shared/media-rules.ts";
import { imageHint } from "./common.ts";
import type { GalleryDefinition, GalleryTexts } from "./types.ts";

/** The longest alt text the database keeps (each picture table's image_alt check). */
export const ALT_TEXT_MAX = 500;

const galleryTexts: GalleryTexts = {
  loading: "Loading gallery images...",
  loadError: "Error loading gallery images. Please try again.",
  emptyHint: "Choose images above to start the gallery.",
  dropHint: "Drop pictures here, or",
  uploading: "Uploading Images...",
  chooseButton: "Choose Images",
  fileHint: `${imageHint(MAX_UPLOAD_BYTES)} each`,
  progressLabel: "Upload progress",
  fileProgress: (name) => `Uploading ${name}`,
  fileWaiting: "Waiting",
  fileAdded: "Added",
  stats: {
    total: "Total Images",
    active: "Active Images",
    inactive: "Inactive Images",
    rate: "Active Rate",
  },
  listLabel: "Gallery images",
  activeBadge: "Active",
  inactiveBadge: "Inactive",
  show: "Show",
  hide: "Hide",
  delete: "Delete",
  activated: "Image shown on the site.",
  deactivated: "Image hidden from the site.",
  statusError: "Error updating gallery image status. Please try again.",
  confirmDelete: "Are you sure you want to delete this image?",
  deleted: "Gallery image deleted successfully!",
  deleteError: "Error deleting gallery image. Please try again.",
  moveUnit: "picture",
  history: "History",
  describe: {
    button: "Describe",
    title: (name) => `Describe ${name}`,
    altLabel: "Alt text",
    altHint:
      "What the picture shows, in a sentence, for people who cannot see it. Left empty, the site uses its default words.",
    count: (used, limit) => `${used} of ${limit} characters`,
    decorativeLabel: "Decorative picture (no description)",
    decorativeHint: "For a picture that adds nothing to the page: screen readers skip it.",
    save: "Save description",
    cancel: "Cancel",
    saved: "Description saved.",
    error: "Error saving the description. Please try again.",
    prompt: "Add a description",
    none: "No description yet",
    decorativeBadge: "Decorative",
    shown: (alt) => `Alt text: ${alt}`,
  },
};

/** A picture's only words are its description, so a gallery is searched by it. */
const gallerySearch = { fields: ["image_alt"], labels: ["Alt text"] };

/** A gallery with the words all galleries share. */
function gallery(own: Omit<GalleryDefinition, "texts" | "search">): GalleryDefinition {
  return { ...own, texts: galleryTexts, search: gallerySearch };
}

export const homeGallery = gallery({
  key: "home_gallery",
  table: "home_gallery",
  heading: "Home Gallery Management",
  folder: "gallery/home",
  empty: "No Home Gallery Images Yet",
  noun: "Home Gallery Image",
});
export const reliefGallery = gallery({
  key: "relief_gallery",
  table: "relief_gallery",
  heading: "Relief Gallery Management",
  folder: "gallery/relief",
  empty: "No Gallery Images Yet",
  noun: "Relief Gallery Image",
});
export const medicalGallery = gallery({
  key: "medical_gallery",
  table: "medical_gallery",
  heading: "Medical Gallery Management",
  folder: "gallery/medical",
  empty: "No Medical Gallery Images Yet",
  noun: "Medical Gallery Image",
});
export const oldageGallery = gallery({
  key: "oldage_gallery",
  table: "oldage_gallery",
  heading: "Old Age Home Gallery Management",
  folder: "gallery/oldage",
  empty: "No Oldage Home Gallery Images Yet",
  noun: "Old Age Home Gallery Image",
});
export const childrenGallery = gallery({
  key: "children_gallery",
  table: "children_gallery",
  heading: "Children Gallery Management",
  folder: "gallery/children",
  empty: "No Children Gallery Images Yet",
  noun: "Children Gallery Image",
});
