// /build-info.json: what this build of the site holds. The admin polls it to tell when
// saved changes are live: `revision` is the database's content revision the build read.
// `npm run doctor` reads the rest: the API the build read and its public key (the same
// publishable key every page's scripts carry), and how the publish function answered
// the build's report of its start (`reporting`: accepted, refused, unreachable or off).
import type { APIRoute } from "astro";
import { getCollectionCounts, getContentRevision } from "../lib/content/index";
import { supabaseEnv } from "../lib/content/snapshot";

const REPORTING = new Set(["accepted", "refused", "unreachable", "off"]);

export const GET: APIRoute = async () => {
  const api = supabaseEnv({ ...import.meta.env, ...process.env });
  const reporting = process.env.PUBLISH_REPORTING ?? "";
  const info = {
    revision: await getContentRevision(),
    builtAt: new Date().toISOString(),
    counts: await getCollectionCounts(),
    api: { url: api.url, key: api.publishableKey },
    reporting: REPORTING.has(reporting) ? reporting : "off",
  };
  return new Response(`${JSON.stringify(info, null, 2)}\n`, {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
};
