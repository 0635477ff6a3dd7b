// The five programme galleries: pictures only, managed by the GalleryManager.
import type { GalleryDefinition } from "./types.ts";

export const homeGallery: GalleryDefinition = {
  key: "home_gallery",
  table: "home_gallery",
  heading: "Home Gallery Management",
  folder: "gallery/home",
  empty: "No Home Gallery Images Yet",
  noun: "Home Gallery Image",
};
export const reliefGallery: GalleryDefinition = {
  key: "relief_gallery",
  table: "relief_gallery",
  heading: "Relief Gallery Management",
  folder: "gallery/relief",
  empty: "No Gallery Images Yet",
  noun: "Relief Gallery Image",
};
export const medicalGallery: GalleryDefinition = {
  key: "medical_gallery",
  table: "medical_gallery",
  heading: "Medical Gallery Management",
  folder: "gallery/medical",
  empty: "No Medical Gallery Images Yet",
  noun: "Medical Gallery Image",
};
export const oldageGallery: GalleryDefinition = {
  key: "oldage_gallery",
  table: "oldage_gallery",
  heading: "Old Age Home Gallery Management",
  folder: "gallery/oldage",
  empty: "No Oldage Home Gallery Images Yet",
  noun: "Old Age Home Gallery Image",
};
export const childrenGallery: GalleryDefinition = {
  key: "children_gallery",
  table: "children_gallery",
  heading: "Children Gallery Management",
  folder: "gallery/children",
  empty: "No Children Gallery Images Yet",
  noun: "Children Gallery Image",
};
