// The site's content: one collection per Supabase content table (active rows only,
// read once per build with the publishable key), the content revision, and
// site_images (every picture the site may show, as a local file for Astro's image
// pipeline). Pages never call these directly: they use src/lib/content/index.ts.

import { defineCollection } from "astro:content";
import { z } from "astro/zod";
import { imagesLoader, revisionLoader, tableLoader } from "./lib/content/loader.ts";
import { REVISION_SCHEMA, ROW_SCHEMAS } from "./lib/content/tables.ts";

export const collections = {
  logo_settings: defineCollection({
    loader: tableLoader("logo_settings"),
    schema: ROW_SCHEMAS.logo_settings,
  }),
  banners: defineCollection({ loader: tableLoader("banners"), schema: ROW_SCHEMAS.banners }),
  about_content: defineCollection({
    loader: tableLoader("about_content"),
    schema: ROW_SCHEMAS.about_content,
  }),
  causes: defineCollection({ loader: tableLoader("causes"), schema: ROW_SCHEMAS.causes }),
  board_staff: defineCollection({
    loader: tableLoader("board_staff"),
    schema: ROW_SCHEMAS.board_staff,
  }),
  gallery_images: defineCollection({
    loader: tableLoader("gallery_images"),
    schema: ROW_SCHEMAS.gallery_images,
  }),
  home_gallery: defineCollection({
    loader: tableLoader("home_gallery"),
    schema: ROW_SCHEMAS.home_gallery,
  }),
  children_gallery: defineCollection({
    loader: tableLoader("children_gallery"),
    schema: ROW_SCHEMAS.children_gallery,
  }),
  oldage_gallery: defineCollection({
    loader: tableLoader("oldage_gallery"),
    schema: ROW_SCHEMAS.oldage_gallery,
  }),
  medical_gallery: defineCollection({
    loader: tableLoader("medical_gallery"),
    schema: ROW_SCHEMAS.medical_gallery,
  }),
  relief_gallery: defineCollection({
    loader: tableLoader("relief_gallery"),
    schema: ROW_SCHEMAS.relief_gallery,
  }),
  children_banners: defineCollection({
    loader: tableLoader("children_banners"),
    schema: ROW_SCHEMAS.children_banners,
  }),
  oldage_banners: defineCollection({
    loader: tableLoader("oldage_banners"),
    schema: ROW_SCHEMAS.oldage_banners,
  }),
  children_content: defineCollection({
    loader: tableLoader("children_content"),
    schema: ROW_SCHEMAS.children_content,
  }),
  oldage_content: defineCollection({
    loader: tableLoader("oldage_content"),
    schema: ROW_SCHEMAS.oldage_content,
  }),
  medical_content: defineCollection({
    loader: tableLoader("medical_content"),
    schema: ROW_SCHEMAS.medical_content,
  }),
  relief_content: defineCollection({
    loader: tableLoader("relief_content"),
    schema: ROW_SCHEMAS.relief_content,
  }),
  donate_content: defineCollection({
    loader: tableLoader("donate_content"),
    schema: ROW_SCHEMAS.donate_content,
  }),
  projects: defineCollection({ loader: tableLoader("projects"), schema: ROW_SCHEMAS.projects }),
  certifications: defineCollection({
    loader: tableLoader("certifications"),
    schema: ROW_SCHEMAS.certifications,
  }),
  content_revision: defineCollection({ loader: revisionLoader(), schema: REVISION_SCHEMA }),
  site_images: defineCollection({
    loader: imagesLoader(),
    schema: ({ image }) =>
      z.discriminatedUnion("status", [
        z.object({
          status: z.literal("ok"),
          image: image(),
          width: z.number().int().positive(),
          height: z.number().int().positive(),
          alpha: z.boolean(),
        }),
        z.object({ status: z.literal("broken"), reason: z.string() }),
      ]),
  }),
};
