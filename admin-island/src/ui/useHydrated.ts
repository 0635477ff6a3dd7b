// False while React hydrates markup that was rendered ahead (the static sign-in page),
// true once the page's script has taken it over and its handlers work.
import { useSyncExternalStore } from "react";

const never = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
