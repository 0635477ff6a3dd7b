// What a registry entry draws on its route: a view, given what the signed-in shell
// gives every screen. Each feature makes the views of its screens (its `screen.ts`)
// with `lazyView`, so a screen's code, and the definition it draws, are chunks fetched
// the first time the screen is drawn: the registry, the sign-in page and the dashboard
// hold none of them.
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react";
import type { AdminClient } from "../api/client.ts";

/** What the signed-in shell gives every screen; each takes what it needs of it. */
export interface ScreenProps {
  client: AdminClient;
  /** The signed-in administrator's address. */
  email: string;
  /** The admin removed themselves from the team. */
  onLeft: () => void;
}

/** A screen as the shell draws it, inside its Suspense. */
export type ScreenView =
  | ComponentType<ScreenProps>
  | LazyExoticComponent<ComponentType<ScreenProps>>;

/**
 * A view whose component `load` fetches the first time it is drawn, given the shell's
 * props and those `bound` loads beside it (a resource definition, a gallery). Made
 * once per entry, as a module is loaded, never while drawing.
 */
export function lazyView(load: () => Promise<ComponentType<ScreenProps>>): ScreenView;
export function lazyView<Bound extends object>(
  load: () => Promise<ComponentType<ScreenProps & NoInfer<Bound>>>,
  bound: () => Promise<Bound>,
): ScreenView;
export function lazyView(
  load: () => Promise<ComponentType<ScreenProps>>,
  bound?: () => Promise<object>,
): ScreenView {
  return lazy(async () => {
    const [Screen, props] = await Promise.all([load(), bound?.() ?? {}]);
    return { default: (shell: ScreenProps) => createElement(Screen, { ...shell, ...props }) };
  });
}
