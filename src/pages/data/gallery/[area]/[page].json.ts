// A gallery's later batches (the first is in its page): /data/gallery/<area>/<n>.json,
// fetched by the gallery viewer for 'Show more' and for stepping through the pictures.
import type { APIRoute, GetStaticPaths } from "astro";
import { BATCH, type Batch, batchesFrom, chunkResponse } from "../../../../lib/batches";
import { galleryImage } from "../../../../lib/cards";
import { type GalleryArea, type GalleryItem, getGallery } from "../../../../lib/content/index";
import { GALLERY_TABLE } from "../../../../lib/defaults";

export const getStaticPaths = (async () => {
  const paths = [];
  for (const area of Object.keys(GALLERY_TABLE) as GalleryArea[]) {
    for (const batch of batchesFrom(await getGallery(area), BATCH.gallery)) {
      paths.push({ params: { area, page: String(batch.page) }, props: batch });
    }
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute<Batch<GalleryItem>> = async ({ props }) => {
  const images = await Promise.all(props.items.map(galleryImage));
  return chunkResponse(props.page, props.total, images);
};
