import {
  activeBadge,
  activeField,
  imageField,
  orderBadge,
  POSITION_OPTIONS,
  POSITIONS,
  positionLabel,
  sortOrderField,
} from "./common.ts";
import { isActive, oneOf, optionalText, requiredImage, sortOrder } from "./rules.ts";
import { noun, nounTexts } from "./texts.ts";
import type { Field, ResourceDefinition } from "./types.ts";
import { z } from "./zod.ts";

const titleFields: Field[] = [
  { kind: "text", name: "title", label: "Title", hint: "Optional" },
  { kind: "textarea", name: "subtitle", label: "Subtitle", hint: "Optional" },
];
const placementFields: Field[] = [
  { kind: "select", name: "position", label: "Text Position", options: POSITION_OPTIONS },
  sortOrderField,
  activeField,
];

const bannerSchema = z.object({
  image_url: requiredImage("Please upload an image"),
  title: optionalText(200),
  subtitle: optionalText(500),
  position: oneOf(POSITIONS, "Choose a position"),
  sort_order: sortOrder(),
  is_active: isActive(),
});

const bannerDefaults = () => ({
  image_url: "",
  title: "",
  subtitle: "",
  position: "left",
  sort_order: 0,
  is_active: true,
});

/** Home page banners (home management). */
export const banners: ResourceDefinition = {
  key: "banners",
  table: "banners",
  texts: nounTexts(noun("banner"), "Banner Management", {
    empty: "No Banners Yet",
    invalid: "Please upload an image",
  }),
  fields: [imageField("image_url", "Banner Image", "banners"), ...titleFields, ...placementFields],
  schema: bannerSchema,
  defaults: bannerDefaults,
  order: { column: "sort_order", ascending: true },
  newSortOrder: "max-plus-one",
  card: (row) => ({
    image: row.image_url as string,
    title: (row.title as string) || "Untitled Banner",
    subtitle: (row.subtitle as string) || "No subtitle",
    badges: [
      activeBadge(row),
      { label: positionLabel(row.position), tone: "blue" },
      orderBadge(row),
    ],
  }),
};

export const oldageBanners: ResourceDefinition = {
  ...banners,
  key: "oldage_banners",
  table: "oldage_banners",
  texts: nounTexts(noun("banner"), "Old Age Home Banner Management", {
    empty: "No Banners Yet",
    emptyAction: "Add Your First Banner",
    loading: "Loading banners...",
    invalid: "Please upload an image",
  }),
  fields: [
    imageField("image_url", "Banner Image", "banners/oldage"),
    ...titleFields,
    ...placementFields,
  ],
  newSortOrder: "count",
};

export const childrenBanners: ResourceDefinition = {
  ...banners,
  key: "children_banners",
  table: "children_banners",
  texts: nounTexts(noun("banner"), "Children Home Banner Management", {
    empty: "No Banners Yet",
    invalid: "Please upload an image",
  }),
  fields: [imageField("image_url", "Banner Image", "banners/children"), ...placementFields],
  schema: bannerSchema.omit({ title: true, subtitle: true }),
  defaults: () => {
    const { title: _t, subtitle: _s, ...rest } = bannerDefaults();
    return rest;
  },
  newSortOrder: "count",
  card: (row) => ({
    image: row.image_url as string,
    title: `Banner ${Number(row.sort_order ?? 0) + 1}`,
    subtitle: positionLabel(row.position),
    badges: [activeBadge(row), orderBadge(row)],
  }),
};
