// Toasts: where they appear, that repeats collapse into one, and that their text is
// readable on its background (WCAG AA: 4.5:1).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { act, render, waitFor } from "@testing-library/react";
import { Toaster } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { DataError } from "../api/errors.ts";
import { failures } from "../api/words.ts";
import { notifyError, notifySuccess, TOAST_COLORS, TOAST_POSITION } from "./notify.ts";

const toasts = () => document.querySelectorAll("[data-sonner-toast]");

/** [h, s%, l%] to relative luminance. */
function luminance([h, s, l]: number[]): number {
  const [sat, light] = [(s ?? 0) / 100, (l ?? 0) / 100];
  const a = sat * Math.min(light, 1 - light);
  const channel = (n: number) => {
    const k = (n + (h ?? 0) / 30) % 12;
    const value = light - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(8) + 0.0722 * channel(4);
}

const hslOf = (text: string) => (/hsl\(([^)]+)\)/.exec(text)?.[1] ?? "").split(",").map(parseFloat);

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(hslOf(a)), luminance(hslOf(b))].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe("toasts", () => {
  it("appear at the bottom, away from the header's controls", () => {
    expect(TOAST_POSITION).toMatch(/^bottom-/);
  });

  it("have text of at least 4.5:1 on sonner's light backgrounds", () => {
    const sonner = readFileSync(createRequire(import.meta.url).resolve("sonner"), "utf8");
    const light = /data-sonner-theme=light\]\{([^}]*)\}/.exec(sonner)?.[1] ?? "";
    const colors = TOAST_COLORS as Record<string, string>;
    for (const kind of ["success", "info", "warning", "error"]) {
      const background = new RegExp(`--${kind}-bg:(hsl\\([^)]+\\))`).exec(light)?.[1] ?? "";
      expect(background, kind).not.toBe("");
      expect(contrast(colors[`--${kind}-text`] ?? "", background), kind).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it("collapse the same message into one toast", async () => {
    render(<Toaster />);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
    act(() => notifySuccess("Project updated successfully!"));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    act(() => notifySuccess("Project updated successfully!"));
    await settle();
    expect(toasts()).toHaveLength(1);

    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    act(() =>
      notifyError("Error saving project. Please try again.", new TypeError("Failed to fetch")),
    );
    await waitFor(() => expect(toasts()).toHaveLength(2));
    act(() =>
      notifyError("Error saving project. Please try again.", new TypeError("Failed to fetch")),
    );
    await settle();
    expect(toasts()).toHaveLength(2);
    logged.mockRestore();
  });

  it("say that the server could not be reached, never the browser's words", async () => {
    render(<Toaster />);
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cause = new TypeError("Failed to fetch");
    act(() => notifyError("Error saving project. Please try again.", cause));
    await waitFor(() => expect(toasts()).toHaveLength(1));
    const text = toasts()[0]?.textContent ?? "";
    expect(text).toContain("Error saving project. Please try again.");
    expect(text).toContain("Check your connection.");
    expect(text).not.toMatch(/TypeError|Failed to fetch/);
    expect(logged).toHaveBeenCalledWith("Error saving project. Please try again.", cause);

    act(() =>
      notifyError(
        "Error deleting project. Please try again.",
        new DataError(failures.unexplained, "XX000", "permission denied for schema private"),
      ),
    );
    await waitFor(() => expect(toasts()).toHaveLength(2));
    expect(document.body.textContent).not.toContain("permission denied");
    logged.mockRestore();
  });
});
