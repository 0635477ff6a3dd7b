// A gallery's later batches (the first is in its page): /data/gallery/<area>/<n>.json,
// fetched by the gallery viewer for 'Show more' and for stepping through the pictures.
import type { APIRoute, GetStaticPaths } from "astro";
import { BATCH, chunkResponse, laterPages, pageItems } from "../../../../lib/batches";
import { galleryImage } from "../../../../lib/cards";
import { type GalleryArea, getGallery } from "../../../../lib/content/index";
import { GALLERY_TABLE } from "../../../../lib/defaults";

export const getStaticPaths = (async () => {
  const paths = [];
  for (const area of Object.keys(GALLERY_TABLE) as GalleryArea[]) {
    const items = await getGallery(area);
    for (const page of laterPages(items.length, BATCH.gallery)) {
      paths.push({ params: { area, page: String(page) }, props: { area, page } });
    }
  }
  return paths;
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ area: GalleryArea; page: number }> = async ({ props }) => {
  const items = await getGallery(props.area);
  const images = await Promise.all(pageItems(items, props.page, BATCH.gallery).map(galleryImage));
  return chunkResponse(props.page, items.length, images);
};
