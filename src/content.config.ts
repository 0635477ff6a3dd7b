// The site's content: one collection per Supabase content table (active rows only,
// read once per build with the publishable key, each row held to its table's strict
// schema), the content revision, and site_images (every picture the site may show,
// as a local file for Astro's image pipeline). Pages never call these directly:
// they use src/lib/content/index.ts.

import { defineCollection } from "astro:content";
import { z } from "astro/zod";
import { imagesLoader, revisionLoader, tableLoader } from "./lib/content/loader.ts";
import { CONTENT_TABLES, type ContentTable, REVISION_SCHEMA, TABLES } from "./lib/schema/tables.ts";

function tableCollection<T extends ContentTable>(table: T) {
  return defineCollection({ loader: tableLoader(table), schema: TABLES[table].row });
}

const tableCollections = Object.fromEntries(
  CONTENT_TABLES.map((table) => [table, tableCollection(table)]),
) as { [T in ContentTable]: ReturnType<typeof tableCollection<T>> };

export const collections = {
  ...tableCollections,
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
