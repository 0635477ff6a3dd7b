// The view of a picture gallery, for the registry: its code and its definition are
// fetched the first time it is drawn.
import { lazyView } from "../app/screens.ts";
import type { GalleryName } from "../content/resources/definitions.ts";
import { loadGallery } from "../content/screen.ts";

export const galleryScreen = (name: GalleryName) =>
  lazyView(
    () => import("./GalleryManager.tsx").then((m) => m.GalleryManager),
    () => loadGallery(name),
  );
