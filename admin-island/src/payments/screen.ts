// The view of the donation details, for the registry: its code is fetched the first
// time it is drawn.
import { lazyView } from "../app/screens.ts";
import type { ResourceDefinition } from "../content/resources/types.ts";

/** The donation details' cards, whose writes may wait for a second admin's approval. */
export const paymentsScreen = (definition: ResourceDefinition) =>
  lazyView(() => import("./PaymentsScreen.tsx").then((m) => m.PaymentsScreen), { definition });
