// The views of the content screens, for the registry: each screen's code is fetched
// the first time it is drawn.
import { lazyView } from "../app/screens.ts";
import type { ResourceDefinition } from "./resources/types.ts";

/** A table's records as a list of cards. */
export const cardsScreen = (definition: ResourceDefinition) =>
  lazyView(() => import("./ResourceManager.tsx").then((m) => m.ResourceManager), { definition });

/** A table of one record, edited in one form. */
export const singleScreen = (definition: ResourceDefinition) =>
  lazyView(() => import("./SingletonForm.tsx").then((m) => m.SingletonForm), { definition });

/** The home page's sections (the registry's `homeSection` entries). */
export const homeScreen = lazyView(() =>
  import("./HomeManagement.tsx").then((m) => m.HomeManagement),
);

/** The fixed pages' words, grouped by page (the registry's `pageSection` entries). */
export const pagesScreen = lazyView(() => import("./PagesScreen.tsx").then((m) => m.PagesScreen));
