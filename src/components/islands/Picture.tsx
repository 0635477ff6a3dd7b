import type { ResolvedImage } from "../../lib/image-types";

export interface PictureProps {
  image: ResolvedImage;
  /** "eager" only for the picture that is the page's largest paint. */
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
  /** Classes for the <img>; the <picture> wrapper stays a plain inline box. */
  className?: string;
  /** Overrides the image's own `sizes` when the island knows the rendered width better. */
  sizes?: string;
  /** Overrides the image's own alt text ("" for a decorative use). */
  alt?: string;
}

/**
 * One already-optimised image: a <source> per better format (AVIF, WebP), then the
 * fallback <img> with its intrinsic size so nothing shifts while it loads.
 */
export function Picture({
  image,
  loading = "lazy",
  fetchPriority,
  className,
  sizes = image.sizes,
  alt = image.alt,
}: PictureProps) {
  return (
    <picture>
      {image.sources.map((source) => (
        <source
          key={source.type}
          type={source.type}
          srcSet={source.srcset}
          sizes={sizes || undefined}
        />
      ))}
      <img
        sizes={sizes || undefined}
        srcSet={image.srcset || undefined}
        src={image.src}
        width={image.width}
        height={image.height}
        alt={alt}
        decoding="async"
        loading={loading}
        fetchPriority={fetchPriority}
        className={className}
      />
    </picture>
  );
}

export default Picture;
