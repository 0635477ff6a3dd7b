// Every successful write bumps this counter; the publisher (publish.ts) listens to it
// and asks for a build once the saves settle.
import { atom } from "nanostores";

export const $saves = atom(0);

export function signalSaved(): void {
  $saves.set($saves.get() + 1);
}
