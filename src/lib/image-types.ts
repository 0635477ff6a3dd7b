// What the build hands a page or an island for one picture: already optimised
// files (AVIF and WebP at several widths) with the intrinsic size, so nothing
// shifts while it loads. Produced by src/lib/images.ts.

export interface ImageSource {
  /** A MIME type such as image/avif. */
  type: string;
  srcset: string;
}

export interface ResolvedImage {
  /** The fallback file for browsers that take none of the sources. */
  src: string;
  srcset: string;
  /** Better formats first: AVIF, then WebP. */
  sources: ImageSource[];
  sizes: string;
  width: number;
  height: number;
  alt: string;
}
