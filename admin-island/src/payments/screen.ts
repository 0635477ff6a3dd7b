// The view of the donation details, for the registry: its code and its definition are
// fetched the first time it is drawn.
import { lazyView } from "../app/screens.ts";
import type { ResourceName } from "../content/resources/definitions.ts";
import { loadResource } from "../content/screen.ts";

/** The donation details' cards, whose writes may wait for a second admin's approval. */
export const paymentsScreen = (name: ResourceName) =>
  lazyView(
    () => import("./PaymentsScreen.tsx").then((m) => m.PaymentsScreen),
    () => loadResource(name),
  );
