// The home page's board carousel beyond its first cards: /data/board/<n>.json, fetched
// as a visitor nears the end of the cards loaded so far.
import type { APIRoute, GetStaticPaths } from "astro";
import { BATCH, type Batch, batchesFrom, chunkResponse } from "../../../lib/batches";
import { staffCard } from "../../../lib/cards";
import { getBoardStaff } from "../../../lib/content/index";
import type { RowOf } from "../../../lib/schema/tables";

export const getStaticPaths = (async () =>
  batchesFrom(await getBoardStaff(), BATCH.carousel).map((batch) => ({
    params: { page: String(batch.page) },
    props: batch,
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<Batch<RowOf<"board_staff">>> = async ({ props }) => {
  const cards = await Promise.all(props.items.map(staffCard));
  return chunkResponse(props.page, props.total, cards);
};
