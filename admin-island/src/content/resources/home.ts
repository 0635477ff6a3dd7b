// The home page's own tables: about (a single record), causes, board and staff (three
// screens with different words), and the home-management gallery.

import { SMALL_PICTURE_MAX_BYTES } from "../../../../functions/_shared/media-rules.ts";
import { GALLERY_CATEGORIES } from "../../../../src/lib/schema/tables.ts";
import {
  activeBadge,
  activeField,
  describeFields,
  imageField,
  optionsOf,
  orderBadge,
  sortOrderField,
} from "./common.ts";
import { defineResource } from "./define.ts";
import { noun, nounTexts } from "./texts.ts";

export const about = defineResource({
  table: "about_content",
  texts: nounTexts(noun("about content", "about content"), "About Section Content", {
    createSubmit: "Save About Content",
    updateSubmit: "Save About Content",
    loading: "Loading about content...",
    added: "About content saved successfully!",
    updated: "About content saved successfully!",
    loadError: "Error loading about content. Please try again.",
    saveError: "Error saving about content. Please try again.",
  }),
  fields: [
    imageField("image_url", "About Image", "about", { maxBytes: SMALL_PICTURE_MAX_BYTES }),
    { kind: "text", name: "about_title", label: "Title", required: true, wide: true },
    { kind: "textarea", name: "about_text", label: "About Text", required: true, wide: true },
    // The home page shows each figure: none may be left blank.
    { kind: "number", name: "years_of_service", label: "Years of Service", min: 0, required: true },
    { kind: "number", name: "lives_impacted", label: "Lives Impacted", min: 0, required: true },
    {
      kind: "number",
      name: "active_volunteers",
      label: "Active Volunteers",
      min: 0,
      required: true,
    },
    { kind: "textarea", name: "our_vision", label: "Our Vision", required: true, wide: true },
    { kind: "textarea", name: "our_mission", label: "Our Mission", required: true, wide: true },
  ],
  card: (row) => ({ title: row.about_title }),
});

export const causes = defineResource({
  table: "causes",
  texts: nounTexts(noun("cause"), "Causes Management", {
    invalid: "Please fill in all fields and upload an image",
  }),
  fields: [
    { kind: "text", name: "title", label: "Title", required: true },
    {
      kind: "text",
      name: "category",
      label: "Category",
      hint: "For example Education, Elder Care, Healthcare",
    },
    { kind: "textarea", name: "description", label: "Description", required: true, wide: true },
    imageField("image_url", "Cause Image", "causes", { maxBytes: SMALL_PICTURE_MAX_BYTES }),
    ...describeFields("causes", "image_url", "the cause's title"),
    sortOrderField,
    activeField,
  ],
  card: (row) => ({
    image: row.image_url,
    title: row.title,
    subtitle: row.description,
    badges: [
      activeBadge(row),
      ...(row.category ? [{ label: row.category, tone: "blue" as const }] : []),
      orderBadge(row),
    ],
  }),
});

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
});

/**
 * One list of people, edited on three screens (Board & Staff, home management and the
 * Pages screen's Our Team), each saying where the people appear: two ticks choose.
 */
const board = {
  table: "board_staff",
  notice: {
    text: "One list of people. A person ticked 'On the home page' appears in Board & Staff on the home page; ticked 'On Our Team', on the Our Team page with their bio and contacts.",
    link: { href: "/about/our-team/", label: "Open Our Team" },
  },
  fields: [
    { kind: "text", name: "name", label: "Full Name", required: true },
    { kind: "text", name: "designation", label: "Designation", required: true },
    // Labelled like the other pictures but optional: the site shows a placeholder.
    imageField("image_url", "Profile Image", "board", {
      maxBytes: SMALL_PICTURE_MAX_BYTES,
      required: false,
    }),
    ...describeFields("board_staff", "image_url", "'Photo of' and the name"),
    {
      kind: "checkbox",
      name: "on_home_page",
      label: "On the home page",
      hint: "In Board & Staff on the home page",
    },
    {
      kind: "checkbox",
      name: "on_team_page",
      label: "On Our Team",
      hint: "On the Our Team page, with what follows",
    },
    {
      kind: "textarea",
      name: "bio",
      label: "Bio",
      wide: true,
      hint: "Optional: two or three sentences for Our Team",
    },
    {
      kind: "textarea",
      name: "specialties",
      label: "Specialties",
      hint: "Optional: one per line",
    },
    {
      kind: "textarea",
      name: "achievements",
      label: "Key Achievements",
      hint: "Optional: one per line, the most important first (Our Team shows two)",
    },
    { kind: "text", name: "email", label: "Email", inputType: "email", hint: "Optional" },
    { kind: "text", name: "phone", label: "Phone", inputType: "tel", hint: "Optional" },
    {
      kind: "text",
      name: "social_label",
      label: "Social Link Name",
      placeholder: "LinkedIn",
      hint: "Optional: what the link says",
    },
    {
      kind: "text",
      name: "social_url",
      label: "Social Link",
      inputType: "url",
      placeholder: "https://www.linkedin.com/in/...",
      hint: "Optional",
    },
    sortOrderField,
    activeField,
  ],
  card: (row: {
    image_url: string | null;
    name: string;
    designation: string;
    on_home_page: boolean;
    on_team_page: boolean;
    sort_order: number;
    is_active: boolean;
  }) => ({
    image: row.image_url,
    title: row.name,
    subtitle: row.designation,
    badges: [
      activeBadge(row),
      ...(row.on_home_page ? [{ label: "Home page", tone: "blue" as const }] : []),
      ...(row.on_team_page ? [{ label: "Our Team", tone: "blue" as const }] : []),
      orderBadge(row),
    ],
  }),
} as const;

export const boardStaff = defineResource({
  ...board,
  fields: [...board.fields],
  texts: boardTexts,
});

/** The same people on the Pages screen, under Our Team. */
export const teamPeople = defineResource({
  ...board,
  fields: [...board.fields],
  key: "team_people",
  texts: { ...boardTexts, heading: "Our Team: People" },
});

/** The same table inside home management, with that screen's words. */
export const homeBoard = defineResource({
  ...board,
  fields: [...board.fields],
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
});

export const galleryImages = defineResource({
  table: "gallery_images",
  texts: nounTexts(noun("gallery image"), "Gallery Management", {
    addButton: "Add Images",
    addTitle: "Add Images",
    editTitle: "Edit Gallery Image",
    createSubmit: "Add Images",
    updateSubmit: "Update Image",
    loading: "Loading gallery images...",
    empty: "No Gallery Images",
    emptyHint: "Pictures added here are kept in the admin only: no page of the website shows them.",
    emptyAction: "Add Your First Images",
    confirmDelete: "Are you sure you want to delete this image?",
    loadError: "Error loading gallery images. Please try again.",
    saveError: "Error saving gallery images. Please try again.",
    invalid: "Please select images or enter an image URL",
  }),
  messages: { title: "Please enter a title" },
  fields: [
    { kind: "text", name: "title", label: "Title", required: true },
    {
      kind: "select",
      name: "category",
      label: "Category",
      options: optionsOf(GALLERY_CATEGORIES),
    },
    { kind: "textarea", name: "description", label: "Description", wide: true },
    imageField("image_url", "Image", "gallery/home"),
    sortOrderField,
    { kind: "checkbox", name: "is_active", label: "Active" },
  ],
  bulk: { imageField: "image_url", titleField: "title", folder: "gallery/home-management" },
  // No page of the site shows these pictures (its schema says so: picturesShown).
  notice: {
    text: "These pictures are kept here but not shown on any page of the website. The pictures in the home page's gallery are managed in Home Gallery.",
    link: { href: "/admin/home-gallery-management", label: "Open Home Gallery" },
  },
  card: (row) => ({
    image: row.image_url,
    title: row.title,
    subtitle: row.description || undefined,
    badges: [
      activeBadge(row, ["Active", "Hidden"]),
      { label: row.category, tone: "blue" },
      orderBadge(row),
    ],
  }),
});
