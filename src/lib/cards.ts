// What the islands receive for one gallery picture, project or carousel card, made in
// one place for both the page (its first batch, in the island's props) and the batch
// files under /data/ (the rest, src/pages/data/), so both carry the same shape. Island
// props are repeated in the page's HTML, so only what the island draws goes in: a
// thumbnail's alt and sizes come from the island itself.
//
// Pictures an island draws come as AVIF with a WebP <img> (formats "modern", see
// src/lib/images.ts): every browser that runs an island decodes WebP, so a JPEG
// fallback would be encoded at every width for nobody.

import type { BannerSlide } from "../components/islands/BannerCarousel";
import type { CauseCard, StaffCard } from "../components/islands/CardCarousel";
import { type GalleryImage, THUMB_SIZES } from "../components/islands/GalleryViewer";
import type { ProjectItem } from "../components/islands/ProjectsFilter";
import type { GalleryItem } from "./content/index";
import { DEFAULT_ALT, pictureAlt } from "./content/select";
import type { ProgrammeBanner } from "./defaults";
import { resolveImage } from "./images";
import type { RowOf } from "./schema/tables";

/** A gallery picture: a thumbnail for the grid and the full-screen picture. */
export async function galleryImage(item: GalleryItem): Promise<GalleryImage> {
  const [thumb, full] = await Promise.all([
    resolveImage(item.image_url, {
      alt: item.alt,
      widths: [400, 600, 800],
      sizes: THUMB_SIZES,
      fallback: "gallery",
      formats: "modern",
    }),
    // Only the viewer shows it, and only once a visitor opens it.
    resolveImage(item.image_url, {
      alt: item.alt,
      widths: [800, 1200, 1600],
      sizes: "100vw",
      fallback: "gallery",
      formats: "modern",
    }),
  ]);
  return {
    id: item.id,
    title: item.title,
    alt: item.alt,
    // The grid draws the thumbnail inside a button named by the title (alt ''), with
    // the grid's own sizes; the viewer gives the full picture the item's alt.
    thumb: { ...thumb, alt: "", sizes: "" },
    full: { ...full, alt: "", sizes: "" },
  };
}

const PROJECT_IMAGE_SIZES = "(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw";

export async function projectItem(project: RowOf<"projects">): Promise<ProjectItem> {
  return {
    id: project.id,
    title: project.title,
    description: project.description,
    category_name: project.category_name,
    project_status: project.project_status,
    image: project.image_url
      ? await resolveImage(project.image_url, {
          alt: pictureAlt(project, DEFAULT_ALT.project(project)),
          widths: [400, 640, 800],
          sizes: PROJECT_IMAGE_SIZES,
          fallback: "project",
          formats: "modern",
        })
      : null,
  };
}

/** A banner of the home page or a programme page: one slide of the banner carousel. */
export async function bannerSlide(
  banner: Pick<ProgrammeBanner, "id" | "title" | "subtitle" | "position" | "image_url"> &
    Parameters<typeof pictureAlt>[0],
  defaultAlt: string,
): Promise<BannerSlide> {
  return {
    id: banner.id,
    title: banner.title,
    subtitle: banner.subtitle,
    position: banner.position,
    image: await resolveImage(banner.image_url, {
      alt: pictureAlt(banner, defaultAlt),
      widths: [640, 960, 1280, 1920],
      sizes: "100vw",
      fallback: "banner",
    }),
  };
}

/** The causes and staff carousels' cards: from one card to four in view. */
export const CARD_SIZES =
  "(min-width: 1024px) 18rem, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw";

export async function causeCard(cause: RowOf<"causes">): Promise<CauseCard> {
  return {
    id: cause.id,
    title: cause.title,
    description: cause.description,
    category: cause.category,
    href: "/donate/",
    image: await resolveImage(cause.image_url || cause.image, {
      alt: pictureAlt(cause, DEFAULT_ALT.cause(cause)),
      widths: [320, 480, 640],
      sizes: CARD_SIZES,
      fallback: "photo",
      formats: "modern",
    }),
  };
}

export async function staffCard(member: RowOf<"board_staff">): Promise<StaffCard> {
  return {
    id: member.id,
    name: member.name,
    designation: member.designation,
    image: await resolveImage(member.image_url, {
      alt: pictureAlt(member, DEFAULT_ALT.boardMember(member)),
      widths: [320, 480, 640],
      sizes: CARD_SIZES,
      fallback: "portrait",
      formats: "modern",
    }),
  };
}
