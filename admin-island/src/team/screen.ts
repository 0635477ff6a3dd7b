// The view of the team, for the registry: its code is fetched the first time it is
// drawn.
import { lazyView } from "../app/screens.ts";

export const teamScreen = lazyView(() => import("./TeamScreen.tsx").then((m) => m.TeamScreen));
