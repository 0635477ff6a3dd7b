// /build-info.json: what this build of the site holds. The admin polls it to tell when
// saved changes are live: `revision` is the database's content revision the build read.
import type { APIRoute } from "astro";
import { getCollectionCounts, getContentRevision } from "../lib/content/index";

export const GET: APIRoute = async () => {
  const info = {
    revision: await getContentRevision(),
    builtAt: new Date().toISOString(),
    counts: await getCollectionCounts(),
  };
  return new Response(`${JSON.stringify(info, null, 2)}\n`, {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
};
