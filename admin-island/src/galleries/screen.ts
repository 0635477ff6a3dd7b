// The view of a picture gallery, for the registry: its code is fetched the first time
// it is drawn.
import { lazyView } from "../app/screens.ts";
import type { GalleryDefinition } from "../content/resources/types.ts";

export const galleryScreen = (gallery: GalleryDefinition) =>
  lazyView(() => import("./GalleryManager.tsx").then((m) => m.GalleryManager), { gallery });
