// The home page's own tables: about (a single record), causes, board and staff (two
// screens with different words), and the home-management gallery.

import type { Row } from "../data/data-layer.ts";
import { FIVE_MB } from "../data/images.ts";
import { activeBadge, activeField, imageField, orderBadge, sortOrderField } from "./common.ts";
import {
  isActive,
  oneOf,
  optionalImage,
  optionalText,
  requiredImage,
  requiredText,
  sortOrder,
  wholeNumber,
} from "./rules.ts";
import { noun, nounTexts } from "./texts.ts";
import type { ResourceDefinition } from "./types.ts";
import { z } from "./zod.ts";

const REQUIRED = "Please fill in all required fields";

export const about: ResourceDefinition = {
  key: "about_content",
  table: "about_content",
  texts: nounTexts(noun("about content", "about content"), "About Section Content", {
    createSubmit: "Save About Content",
    updateSubmit: "Save About Content",
    loading: "Loading about content...",
    added: "About content saved successfully!",
    updated: "About content saved successfully!",
    loadError: "Error loading about content. Please try again.",
    saveError: "Error saving about content. Please try again.",
    invalid: REQUIRED,
  }),
  fields: [
    imageField("image_url", "About Image", "about", { maxBytes: FIVE_MB }),
    { kind: "text", name: "about_title", label: "Title", required: true, wide: true },
    { kind: "textarea", name: "about_text", label: "About Text", required: true, wide: true },
    { kind: "number", name: "years_of_service", label: "Years of Service", min: 0 },
    { kind: "number", name: "lives_impacted", label: "Lives Impacted", min: 0 },
    { kind: "number", name: "active_volunteers", label: "Active Volunteers", min: 0 },
    { kind: "textarea", name: "our_vision", label: "Our Vision", required: true, wide: true },
    { kind: "textarea", name: "our_mission", label: "Our Mission", required: true, wide: true },
  ],
  schema: z.object({
    image_url: requiredImage(REQUIRED),
    about_title: requiredText(REQUIRED, 200),
    about_text: requiredText(REQUIRED, 10_000),
    years_of_service: wholeNumber(1000),
    lives_impacted: wholeNumber(1_000_000_000),
    active_volunteers: wholeNumber(1_000_000_000),
    our_vision: requiredText(REQUIRED, 5000),
    our_mission: requiredText(REQUIRED, 5000),
  }),
  defaults: () => ({
    image_url: "",
    about_title: "About Helping Hands Foundation",
    about_text: "",
    years_of_service: 15,
    lives_impacted: 500,
    active_volunteers: 50,
    our_vision: "",
    our_mission: "",
  }),
  order: { column: "created_at", ascending: false },
  card: (row: Row) => ({ title: String(row.about_title) }),
};

const CAUSE_INVALID = "Please fill in all fields and upload an image";

export const causes: ResourceDefinition = {
  key: "causes",
  table: "causes",
  texts: nounTexts(noun("cause"), "Causes Management", { invalid: CAUSE_INVALID }),
  fields: [
    { kind: "text", name: "title", label: "Title", required: true },
    {
      kind: "text",
      name: "category",
      label: "Category",
      hint: "For example Education, Elder Care, Healthcare",
    },
    { kind: "textarea", name: "description", label: "Description", required: true, wide: true },
    imageField("image_url", "Cause Image", "causes", { maxBytes: FIVE_MB }),
    sortOrderField,
    activeField,
  ],
  schema: z.object({
    title: requiredText(CAUSE_INVALID, 200),
    category: optionalText(100),
    description: requiredText(CAUSE_INVALID, 5000),
    image_url: requiredImage(CAUSE_INVALID),
    sort_order: sortOrder(),
    is_active: isActive(),
  }),
  defaults: () => ({
    title: "",
    category: "",
    description: "",
    image_url: "",
    sort_order: 0,
    is_active: true,
  }),
  order: { column: "sort_order", ascending: true },
  newSortOrder: "max-plus-one",
  card: (row) => ({
    image: row.image_url as string,
    title: String(row.title),
    subtitle: String(row.description),
    badges: [
      activeBadge(row),
      ...(row.category ? [{ label: String(row.category), tone: "blue" as const }] : []),
      orderBadge(row),
    ],
  }),
};

const boardTexts = nounTexts(noun("member"), "Board & Staff Management", {
  addTitle: "Add New Board Staff Member",
  editTitle: "Edit Board Staff Member",
  loading: "Loading board staff...",
  empty: "No Board Staff Members Yet",
  emptyAction: "Add Your First Member",
  confirmDelete: "Are you sure you want to delete this board staff member?",
  loadError: "Error loading board staff. Please try again.",
  saveError: "Error saving board staff member. Please try again.",
  deleteError: "Error deleting board staff. Please try again.",
  statusError: "Error updating board staff status. Please try again.",
  invalid: REQUIRED,
});

export const boardStaff: ResourceDefinition = {
  key: "board_staff",
  table: "board_staff",
  texts: boardTexts,
  fields: [
    { kind: "text", name: "name", label: "Full Name", required: true },
    { kind: "text", name: "designation", label: "Designation", required: true },
    // The spec marks the photo required but never enforced it; the site shows a placeholder.
    imageField("image_url", "Profile Image", "board", { maxBytes: FIVE_MB, required: false }),
    sortOrderField,
    activeField,
  ],
  schema: z.object({
    name: requiredText(REQUIRED, 200),
    designation: requiredText(REQUIRED, 200),
    image_url: optionalImage(),
    sort_order: sortOrder(),
    is_active: isActive(),
  }),
  defaults: () => ({ name: "", designation: "", image_url: "", sort_order: 0, is_active: true }),
  order: { column: "sort_order", ascending: true },
  newSortOrder: "count",
  card: (row) => ({
    image: row.image_url as string | null,
    title: String(row.name),
    subtitle: String(row.designation),
    badges: [activeBadge(row), orderBadge(row)],
  }),
};

/** The same table inside home management, with that screen's words. */
export const homeBoard: ResourceDefinition = {
  ...boardStaff,
  key: "home_board",
  texts: {
    ...boardTexts,
    heading: "Board Members",
    addButton: "Add Board Member",
    addTitle: "Add Board Member",
    editTitle: "Edit Board Member",
    empty: "No Board Members Found",
    emptyAction: "Add First Member",
    saveError: "Error saving board staff. Please try again.",
  },
  newSortOrder: "max-plus-one",
};

const CATEGORIES = ["general", "events", "activities", "achievements"] as const;

export const galleryImages: ResourceDefinition = {
  key: "gallery_images",
  table: "gallery_images",
  texts: nounTexts(noun("gallery image"), "Gallery Management", {
    addButton: "Add Images",
    addTitle: "Add Images",
    editTitle: "Edit Gallery Image",
    createSubmit: "Add Images",
    updateSubmit: "Update Image",
    loading: "Loading gallery images...",
    empty: "No Gallery Images",
    emptyAction: "Add Your First Images",
    confirmDelete: "Are you sure you want to delete this image?",
    loadError: "Error loading gallery images. Please try again.",
    saveError: "Error saving gallery images. Please try again.",
    invalid: "Please select images or enter an image URL",
  }),
  fields: [
    { kind: "text", name: "title", label: "Title", required: true },
    {
      kind: "select",
      name: "category",
      label: "Category",
      options: CATEGORIES.map((value) => ({
        value,
        label: value[0]?.toUpperCase() + value.slice(1),
      })),
    },
    { kind: "textarea", name: "description", label: "Description", wide: true },
    imageField("image_url", "Image", "gallery/home"),
    sortOrderField,
    { kind: "checkbox", name: "is_active", label: "Visible on the site" },
  ],
  schema: z.object({
    title: requiredText("Please enter a title", 200),
    category: oneOf(CATEGORIES, "Choose a category"),
    description: optionalText(2000),
    image_url: requiredImage("Please select images or enter an image URL"),
    sort_order: sortOrder(),
    is_active: isActive(),
  }),
  defaults: () => ({
    title: "",
    category: "general",
    description: "",
    image_url: "",
    sort_order: 0,
    is_active: true,
  }),
  order: { column: "sort_order", ascending: true },
  newSortOrder: "count",
  bulk: { imageField: "image_url", titleField: "title", folder: "gallery/home-management" },
  card: (row) => ({
    image: row.image_url as string,
    title: String(row.title),
    subtitle: (row.description as string) || undefined,
    badges: [
      activeBadge(row, ["Active", "Hidden"]),
      { label: String(row.category), tone: "blue" },
      orderBadge(row),
    ],
  }),
};
