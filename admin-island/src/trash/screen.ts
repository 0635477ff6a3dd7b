// The view of the Trash, for the registry: its code is fetched the first time it is
// drawn.
import { lazyView } from "../app/screens.ts";

export const trashScreen = lazyView(() => import("./TrashScreen.tsx").then((m) => m.TrashScreen));
