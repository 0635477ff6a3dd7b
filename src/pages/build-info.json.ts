// /build-info.json: what this build of the site holds. The admin polls it to tell when
// saved changes are live: `revision` is the database's content revision the build read.
// `npm run doctor` reads the rest: the API the build read and its public key (the same
// publishable key every page's scripts carry), and how the publish function answered
// the build's report of its start (`reporting`: accepted, refused, unreachable or off).
import type { APIRoute } from "astro";
import { getCollectionCounts, getContentRevision } from "../lib/content/index";
import { supabaseEnv } from "../lib/content/snapshot";

export const GET: APIRoute = async () => {
  // As the admin's shells read it: the build's environment holds the .env files by now.
  const api = supabaseEnv();
  const info = {
    revision: await getContentRevision(),
    builtAt: new Date().toISOString(),
    counts: await getCollectionCounts(),
    api: { url: api.url, key: api.publishableKey },
    reporting: process.env.PUBLISH_REPORTING ?? "off",
  };
  return new Response(`${JSON.stringify(info, null, 2)}\n`, {
    headers: { "Content-Type": "application/json; charset=utf-8" },
  });
};
