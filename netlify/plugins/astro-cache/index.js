// A Netlify build plugin: keeps Astro's cache (the optimised images among it) between
// builds with Netlify's own cache utility, so a rebuild optimises only new pictures.
// Astro's default cache folder is node_modules/.astro.
export const ASTRO_CACHE = "./node_modules/.astro";

export async function onPreBuild({ utils }) {
  await utils.cache.restore(ASTRO_CACHE);
}

export async function onPostBuild({ utils }) {
  await utils.cache.save(ASTRO_CACHE);
}
