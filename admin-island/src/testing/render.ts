// Test-only: renders a screen inside the providers the admin app gives it, and two
// small query helpers. The fake data layer is in data/testing/fake-data.ts.
import { render } from "@testing-library/react";
import { createElement, type ReactElement } from "react";
import { Toaster } from "sonner";
import type { DataLayer, TeamApi } from "../api/data-layer.ts";
import { DataContext } from "../api/useData.ts";
import { TeamContext } from "../team/useTeam.ts";
import { ConfirmProvider } from "../ui/Confirm.tsx";
import { fakeTeam } from "./fake-team.ts";

/**
 * Renders `ui` as the admin app would: with the data layer, the team (the signed-in
 * administrator alone unless `team` says otherwise), confirm dialogs and toasts.
 */
export function renderWithData(
  ui: ReactElement,
  data: DataLayer,
  { team = fakeTeam() }: { team?: TeamApi } = {},
) {
  return render(
    createElement(
      DataContext.Provider,
      { value: data },
      createElement(
        TeamContext.Provider,
        { value: team },
        createElement(ConfirmProvider, null, ui, createElement(Toaster)),
      ),
    ),
  );
}

/** The text of the error message a form control points to with aria-describedby. */
export function errorOf(control: HTMLElement): string | null {
  const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
  const id = ids.find((entry) => entry.endsWith("-error"));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

/** The current value of an input, textarea or select. */
export function inputValue(element: HTMLElement): string {
  return (element as HTMLInputElement).value;
}
