// Every picture the site shows goes through here: resolveImage() turns an address
// from the content (a site path, an http(s) URL or a data:image URL) into optimised
// files (AVIF and WebP at several widths, plus a JPEG/PNG fallback) with the
// intrinsic size, so nothing shifts while it loads.
//
// How: at content-load time (src/lib/content/snapshot.ts) every address the rows,
// the defaults and the placeholders use is read once, checked to be a real raster
// image, and written to a content-addressed file in Astro's cache folder. The
// site_images collection hands those files to Astro as local images (the content
// layer's image() helper), so getImage() optimises them like any imported image:
// hashed files under /_astro/, never inlined, cached between builds by content.
// A refused address (javascript:, data:text/html, //host...), a missing file, a
// 404 or a file that is not an image all give the area's placeholder instead.

import { getImage } from "astro:assets";
import { getEntry } from "astro:content";
import type { ImageMetadata } from "astro";
import { classifyImageUrl, imageKey, pickWidths } from "./content/image-source.ts";
import { type PlaceholderKind, placeholderUrl } from "./content/snapshot.ts";
import type { ResolvedImage } from "./image-types.ts";

export type { ResolvedImage } from "./image-types.ts";
export { pickWidths };
export type ImageFallback = PlaceholderKind;

export interface ResolveImageOptions {
  alt: string;
  /** Widths (CSS pixels of the file) to offer; larger than the original are dropped. */
  widths: number[];
  sizes: string;
  /** Which placeholder stands in when the image is missing or broken. */
  fallback: ImageFallback;
  /**
   * "all" (the default): AVIF and WebP sources with a JPEG/PNG <img> for browsers that
   * take neither. "modern": AVIF with a WebP <img>, for pictures only an island shows
   * (every browser that runs the island's script decodes WebP), which saves the
   * fallback's encodes at every width.
   */
  formats?: "all" | "modern";
}

interface Prepared {
  image: ImageMetadata;
  alpha: boolean;
}

async function lookup(url: string | null | undefined): Promise<Prepared | null> {
  const source = classifyImageUrl(url);
  if (!source) return null;
  const entry = await getEntry("site_images", imageKey(source.url));
  if (entry?.data.status !== "ok") return null;
  return { image: entry.data.image, alpha: entry.data.alpha };
}

const warned = new Set<string>();

export async function resolveImage(
  url: string | null | undefined,
  options: ResolveImageOptions,
): Promise<ResolvedImage> {
  let prepared = await lookup(url);
  if (!prepared) {
    if (url && !warned.has(url) && classifyImageUrl(url)?.kind === "site") {
      warned.add(url);
      // A site path the content loader did not prepare (not in any row or default).
      if (!(await getEntry("site_images", imageKey(url)))) {
        console.warn(
          `[images] ${url} was not prepared by the content loader (only addresses in the content and in src/lib/defaults.ts are); showing the ${options.fallback} placeholder.`,
        );
      }
    }
    prepared = await lookup(placeholderUrl(options.fallback));
  }
  if (!prepared) {
    throw new Error(
      `The ${options.fallback} placeholder image is missing: public${placeholderUrl(options.fallback)}`,
    );
  }

  const { image, alpha } = prepared;
  const widths = pickWidths(options.widths, image.width);
  const width = widths.at(-1) ?? image.width;
  const height = Math.max(1, Math.round((width * image.height) / image.width));
  const render = (format: "avif" | "webp" | "jpg" | "png") =>
    getImage({ src: image, width, height, widths, sizes: options.sizes, format });
  if (options.formats === "modern") {
    const [avif, webp] = await Promise.all([render("avif"), render("webp")]);
    return {
      src: webp.src,
      srcset: webp.srcSet.attribute,
      sources: [{ type: "image/avif", srcset: avif.srcSet.attribute }],
      sizes: options.sizes,
      width,
      height,
      alt: options.alt,
    };
  }
  // The <img> fallback, for browsers that take neither AVIF nor WebP.
  const fallbackFormat = alpha ? "png" : "jpg";
  const [avif, webp, fallback] = await Promise.all([
    render("avif"),
    render("webp"),
    render(fallbackFormat),
  ]);
  return {
    src: fallback.src,
    srcset: fallback.srcSet.attribute,
    sources: [
      { type: "image/avif", srcset: avif.srcSet.attribute },
      { type: "image/webp", srcset: webp.srcSet.attribute },
    ],
    sizes: options.sizes,
    width,
    height,
    alt: options.alt,
  };
}
