// The views of the content screens, for the registry: each screen's code, and the
// definition it draws, are fetched the first time it is drawn.
import { lazyView } from "../app/screens.ts";
import type { GalleryName, ResourceName } from "./resources/definitions.ts";

/** The definition `name` names, loaded with the screen that draws it. */
export const loadResource = (name: ResourceName) =>
  import("./resources/definitions.ts").then((m) => ({
    definition: m.resourceDefinitions[name],
  }));

/** The gallery `name` names, loaded with its screen. */
export const loadGallery = (name: GalleryName) =>
  import("./resources/definitions.ts").then((m) => ({ gallery: m.galleryDefinitions[name] }));

/** A table's records as a list of cards. */
export const cardsScreen = (name: ResourceName) =>
  lazyView(
    () => import("./ResourceManager.tsx").then((m) => m.ResourceManager),
    () => loadResource(name),
  );

/** A table of one record, edited in one form. */
export const singleScreen = (name: ResourceName) =>
  lazyView(
    () => import("./SingletonForm.tsx").then((m) => m.SingletonForm),
    () => loadResource(name),
  );

/** The home page's sections (the registry's `homeSection` entries). */
export const homeScreen = lazyView(() =>
  import("./HomeManagement.tsx").then((m) => m.HomeManagement),
);

/** The fixed pages' words, grouped by page (the registry's `pageSection` entries). */
export const pagesScreen = lazyView(() => import("./PagesScreen.tsx").then((m) => m.PagesScreen));
