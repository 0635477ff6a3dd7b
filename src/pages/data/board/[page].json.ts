// The home page's board carousel beyond its first cards: /data/board/<n>.json, fetched
// as a visitor nears the end of the cards loaded so far.
import type { APIRoute, GetStaticPaths } from "astro";
import { BATCH, chunkResponse, laterPages, pageItems } from "../../../lib/batches";
import { staffCard } from "../../../lib/cards";
import { getBoardStaff } from "../../../lib/content/index";

export const getStaticPaths = (async () => {
  const staff = await getBoardStaff();
  return laterPages(staff.length, BATCH.carousel).map((page) => ({
    params: { page: String(page) },
    props: { page },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ page: number }> = async ({ props }) => {
  const staff = await getBoardStaff();
  const cards = await Promise.all(pageItems(staff, props.page, BATCH.carousel).map(staffCard));
  return chunkResponse(props.page, staff.length, cards);
};
