// A Netlify build plugin: keeps Astro's cache between builds with Netlify's own cache
// utility: the optimised images (a rebuild optimises only new pictures), the prepared
// picture sources with their validators (src/lib/content/snapshot.ts) and the admin
// app's last bundle (src/lib/admin-bundle.ts: a content save does not bundle it again).
// Astro's default cache folder is node_modules/.astro. Netlify takes every export of a
// plugin for an event handler and stops the build at any other: export handlers only.
const ASTRO_CACHE = "./node_modules/.astro";

export async function onPreBuild({ utils }) {
  await utils.cache.restore(ASTRO_CACHE);
}

export async function onPostBuild({ utils }) {
  await utils.cache.save(ASTRO_CACHE);
}
