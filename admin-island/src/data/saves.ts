// Every successful write bumps this counter; the publish status (issue 7) listens to
// it to schedule a publish once saves settle.
import { atom } from "nanostores";

export const $saves = atom(0);

export function signalSaved(): void {
  $saves.set($saves.get() + 1);
}
