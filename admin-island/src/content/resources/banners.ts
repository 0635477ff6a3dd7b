// The banner slides: the home page's, and the two programme pages' (the children's
// home's have no title or subtitle).
import {
  activeBadge,
  activeField,
  describeFields,
  imageField,
  orderBadge,
  POSITION_OPTIONS,
  positionLabel,
  sortOrderField,
} from "./common.ts";
import { defineResource } from "./define.ts";
import { noun, nounTexts } from "./texts.ts";
import type { Field } from "./types.ts";

const titleFields = [
  { kind: "text", name: "title", label: "Title", hint: "Optional" },
  { kind: "textarea", name: "subtitle", label: "Subtitle", hint: "Optional" },
] as const satisfies Field<"title" | "subtitle">[];

const placementFields = [
  { kind: "select", name: "position", label: "Text Position", options: POSITION_OPTIONS },
  sortOrderField,
  activeField,
] as const satisfies Field[];

const bannerTexts = (heading: string, overrides: { emptyAction?: string; loading?: string } = {}) =>
  nounTexts(noun("banner"), heading, {
    empty: "No Banners Yet",
    invalid: "Please upload an image",
    ...overrides,
  });

const titledCard = (row: {
  image_url: string;
  title: string | null;
  subtitle: string | null;
  position: string;
  sort_order: number;
  is_active: boolean;
}) => ({
  image: row.image_url,
  title: row.title || "Untitled Banner",
  subtitle: row.subtitle || "No subtitle",
  badges: [
    activeBadge(row),
    { label: positionLabel(row.position), tone: "blue" as const },
    orderBadge(row),
  ],
});

/** Home page banners (home management). */
export const banners = defineResource({
  table: "banners",
  texts: bannerTexts("Banner Management"),
  fields: [
    imageField("image_url", "Banner Image", "banners"),
    ...describeFields("banners", "image_url"),
    ...titleFields,
    ...placementFields,
  ],
  card: titledCard,
});

export const oldageBanners = defineResource({
  table: "oldage_banners",
  texts: bannerTexts("Old Age Home Banner Management", {
    emptyAction: "Add Your First Banner",
    loading: "Loading banners...",
  }),
  fields: [
    imageField("image_url", "Banner Image", "banners/oldage"),
    ...describeFields("oldage_banners", "image_url"),
    ...titleFields,
    ...placementFields,
  ],
  card: titledCard,
});

export const childrenBanners = defineResource({
  table: "children_banners",
  texts: bannerTexts("Children Home Banner Management"),
  fields: [
    imageField("image_url", "Banner Image", "banners/children"),
    ...describeFields("children_banners", "image_url"),
    ...placementFields,
  ],
  card: (row) => ({
    image: row.image_url,
    title: `Banner ${row.sort_order + 1}`,
    subtitle: positionLabel(row.position),
    badges: [activeBadge(row), orderBadge(row)],
  }),
});
