// The view of the contact inbox, for the registry: its code is fetched the first time
// it is drawn.
import { lazyView } from "../app/screens.ts";

export const messagesScreen = lazyView(() =>
  import("./MessagesScreen.tsx").then((m) => m.MessagesScreen),
);
