// The registry's entries joined to the definitions they name, for what draws or checks
// many of them at once: home management's and the Pages screen's sections, the trash's
// cards of deleted records, and the tests. It loads every definition (and zod behind
// them), so only screens' chunks import it, never the routes or the dashboard.
import { galleryDefinitions, resourceDefinitions } from "../content/resources/definitions.ts";
import type {
  CardView,
  GalleryDefinition,
  ResourceDefinition,
} from "../content/resources/types.ts";
import { type Place, type PublicPage, registry, type Screen } from "./registry.ts";

/** The definition a screen draws, if it draws one. */
export function definitionOf(screen: Screen): ResourceDefinition | undefined {
  return screen.kind === "cards" || screen.kind === "single"
    ? resourceDefinitions[screen.resource]
    : undefined;
}

/** The gallery a screen manages, if it is one. */
export function galleryOf(screen: Screen): GalleryDefinition | undefined {
  return screen.kind === "gallery" ? galleryDefinitions[screen.gallery] : undefined;
}

/** Every resource definition the admin edits. */
export const resources: ResourceDefinition[] = registry.flatMap(({ screen }) => {
  const definition = definitionOf(screen);
  return definition ? [definition] : [];
});

/** Every picture gallery the admin manages. */
export const galleries: GalleryDefinition[] = registry.flatMap(({ screen }) => {
  const gallery = galleryOf(screen);
  return gallery ? [gallery] : [];
});

export interface HomeSection extends Place {
  id: string;
  resource: ResourceDefinition;
  single?: boolean;
}

export interface PageSection extends HomeSection {
  page: PublicPage;
}

/** The Pages screen's sections, in menu order (grouped by page there). */
export const pageSections: PageSection[] = registry.flatMap(({ screen, pageSection }) => {
  const resource = definitionOf(screen);
  return pageSection && resource ? [{ ...pageSection, resource }] : [];
});

/** Home management's sections, in menu order. */
export const homeSections: HomeSection[] = registry.flatMap(({ screen, homeSection }) => {
  const resource = definitionOf(screen);
  return homeSection && resource ? [{ ...homeSection, resource }] : [];
});

/** A record of some table as an editor recognises it: where it belongs and its card. */
export interface RecordView {
  /** The screen it belongs to: 'Causes', 'Medical Gallery'. */
  place: string;
  view: CardView;
}

/**
 * How a record of `table` looks on its screen (a deleted one, say): the first screen
 * that edits the table gives its card, a gallery its picture; `fallback` names a record
 * no screen shows, or whose card cannot be drawn from what was kept.
 */
export function recordView(
  table: string,
  row: Record<string, unknown>,
  fallback: string,
): RecordView {
  for (const { screen, route, homeSection, pageSection } of registry) {
    const place =
      route?.title ??
      (homeSection
        ? `Home page ${homeSection.title}`
        : pageSection
          ? `${pageSection.page.title} ${pageSection.title}`
          : "");
    const definition = definitionOf(screen);
    if (definition?.table === table) {
      try {
        return { place, view: definition.card({ id: String(row.id), ...row }) };
      } catch {
        return { place, view: { title: fallback } };
      }
    }
    const gallery = galleryOf(screen);
    if (gallery?.table === table) {
      const image = typeof row.image_url === "string" ? row.image_url : null;
      const order = typeof row.sort_order === "number" ? ` ${row.sort_order + 1}` : "";
      return { place, view: { image, title: `${gallery.noun}${order}` } };
    }
  }
  return { place: table, view: { title: fallback } };
}
