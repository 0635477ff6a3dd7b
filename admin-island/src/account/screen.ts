// The views of the account's screens, for the registry.
import { lazyView, type ScreenView } from "../app/screens.ts";

/** One's own password; its code is fetched the first time it is drawn. */
export const accountScreen = lazyView(() =>
  import("./AccountScreen.tsx").then((m) => m.AccountScreen),
);

/**
 * Nothing: AdminApp draws the set-password screen itself, outside the shell and with or
 * without a session.
 */
export const setPasswordScreen: ScreenView = () => null;
