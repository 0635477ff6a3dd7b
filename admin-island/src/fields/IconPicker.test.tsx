import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { serviceIconNames } from "../../../src/lib/icons.ts";
import { ResourceForm } from "../content/ResourceForm.tsx";
import {
  childrenContent,
  medicalContent,
  oldageContent,
  reliefContent,
} from "../content/resources/programmes.ts";
import type { FormValues, ResourceDefinition } from "../content/resources/types.ts";
import { forms } from "../content/words.ts";
import { errorOf, inputValue } from "../testing/queries.ts";
import { renderScreen, type ScreenStack, startScreenStack } from "../testing/stack.ts";
import { ICON_LABELS, iconWords } from "./IconPicker.tsx";

// The form stores nothing itself (its onSubmit is the test's); it is rendered signed in,
// as the admin app renders it, for its picture fields.
let stack: ScreenStack;
beforeAll(async () => {
  stack = await startScreenStack();
});
afterAll(() => stack?.close());

const SERVICE_REFUSAL = "Choose an icon from the list";
const TIP_REFUSAL = "Choose an icon, or type one emoji";

/** The medical content form, editing a record whose lists hold `change`. */
function setup(change: Partial<FormValues> = {}) {
  const user = userEvent.setup();
  const onSubmit = vi.fn(async (_values: Record<string, unknown>) => {});
  const initial = {
    ...medicalContent.defaults(),
    banner_image_url: "https://example.org/banner.jpg",
    title: "Medical care",
    description: "Care for all",
    services: [{ icon: "Stethoscope", title: "Check-ups", description: "Every month" }],
    health_tips: [{ icon: "🩺", title: "Walk", description: "Every day" }],
    ...change,
  };
  renderScreen(
    <ResourceForm
      definition={medicalContent}
      mode="edit"
      initial={initial}
      draftKey="medical_content:icons"
      onSubmit={onSubmit}
    />,
    stack,
  );
  const list = (name: string) => within(screen.getByRole("group", { name }));
  /** The Icon field of the list's item `index` (from 0). */
  const iconOf = (name: string, index = 0) =>
    within(list(name).getAllByRole("group", { name: "Icon" })[index] as HTMLElement);
  const save = () =>
    user.click(screen.getByRole("button", { name: medicalContent.texts.updateSubmit }));
  /** What the last save sent, item by item. */
  const saved = (column: string) =>
    onSubmit.mock.lastCall?.[0][column] as { icon: string; title: string }[];
  return { user, onSubmit, iconOf, save, saved };
}

function checked(radio: HTMLElement): boolean {
  return (radio as HTMLInputElement).checked;
}

describe("IconPicker: services", () => {
  it("shows every service icon by its picture and its name, the stored one chosen", () => {
    const { iconOf } = setup();
    const icon = iconOf("Services");
    const radios = icon.getAllByRole("radio");
    // Each option is named in plain words (never the icon's code name), with its picture.
    expect(radios.map((radio) => radio.closest("label")?.textContent)).toEqual(
      serviceIconNames.map((name) => ICON_LABELS[name]),
    );
    for (const name of serviceIconNames) {
      const radio = icon.getByRole("radio", { name: ICON_LABELS[name] });
      expect(radio.closest("label")?.querySelector("svg")).not.toBeNull();
      expect(checked(radio)).toBe(name === "Stethoscope");
      expect(radio.closest("label")?.textContent).not.toMatch(/[a-z][A-Z]|\d/);
    }
    expect(inputValue(icon.getByRole("status", { name: "Icon" }))).toBe("Medical care");
    expect(icon.getByText("The site shows the chosen picture beside the item.")).toBeTruthy();
    expect(icon.queryByText(/✨/)).toBeNull();
  });

  it("stores the icon chosen with the arrow keys", async () => {
    const { user, iconOf, save, saved, onSubmit } = setup();
    const icon = iconOf("Services");
    icon.getByRole("radio", { name: ICON_LABELS.Stethoscope }).focus();
    await user.keyboard("{ArrowRight}");
    await user.keyboard("{ArrowDown}");
    await user.keyboard("{ArrowLeft}");
    const heart = icon.getByRole("radio", { name: ICON_LABELS.Heart });
    expect(checked(heart)).toBe(true);
    expect(document.activeElement).toBe(heart);
    expect(checked(icon.getByRole("radio", { name: ICON_LABELS.Stethoscope }))).toBe(false);
    expect(inputValue(icon.getByRole("status", { name: "Icon" }))).toBe("Heart");

    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(saved("services")[0]?.icon).toBe("Heart");
  });

  it("shows a stored alias as its icon, each item in its own group", async () => {
    const { user, iconOf, save, saved, onSubmit } = setup({
      services: [
        { icon: "house", title: "Shelter", description: "A roof" },
        { icon: "graduation-cap", title: "School", description: "Lessons" },
      ],
    });
    expect(checked(iconOf("Services", 0).getByRole("radio", { name: ICON_LABELS.Home }))).toBe(
      true,
    );
    const second = iconOf("Services", 1);
    expect(checked(second.getByRole("radio", { name: ICON_LABELS.GraduationCap }))).toBe(true);
    expect(screen.queryByText(/is not one of these icons/)).toBeNull();

    await user.click(second.getByRole("radio", { name: ICON_LABELS.Truck }));
    expect(checked(iconOf("Services", 0).getByRole("radio", { name: ICON_LABELS.Home }))).toBe(
      true,
    );
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    // An alias the editor left alone is stored as it was.
    expect(saved("services").map((item) => item.icon)).toEqual(["house", "Truck"]);
  });

  it("refuses an unknown stored icon on save, under the field, until one is chosen", async () => {
    const { user, iconOf, save, saved, onSubmit } = setup({
      services: [{ icon: "GraduationCapp", title: "School", description: "Lessons" }],
    });
    const icon = iconOf("Services");
    const group = screen.getAllByRole("group", { name: "Icon" })[0] as HTMLElement;
    expect(icon.getAllByRole("radio").filter(checked)).toEqual([]);
    expect(inputValue(icon.getByRole("status", { name: "Icon" }))).toBe(iconWords.none);
    expect(icon.getByText(iconWords.unknownIcon("GraduationCapp"))).toBeTruthy();

    await save();
    expect((await screen.findByRole("alert")).textContent).toBe(forms.fixFields);
    expect(errorOf(group)).toBe(SERVICE_REFUSAL);
    expect(icon.getByText(SERVICE_REFUSAL)).toBeTruthy();
    // The refused field takes the focus: its first tile, from where the arrows choose.
    expect(document.activeElement).toBe(icon.getByRole("radio", { name: ICON_LABELS.Home }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(icon.getByRole("radio", { name: ICON_LABELS.GraduationCap }));
    await waitFor(() => expect(errorOf(group)).toBeNull());
    expect(icon.queryByText(iconWords.unknownIcon("GraduationCapp"))).toBeNull();
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(saved("services")[0]?.icon).toBe("GraduationCap");
  });
});

describe("IconPicker: health tips", () => {
  it("takes an emoji or an icon", async () => {
    const { user, iconOf, save, saved, onSubmit } = setup();
    const icon = iconOf("Health Tips");
    expect(checked(icon.getByRole("radio", { name: iconWords.emoji }))).toBe(true);
    const box = () => icon.getByRole("textbox", { name: iconWords.emojiBox });
    expect(inputValue(box())).toBe("🩺");

    await user.clear(box());
    await user.paste("💧");
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(saved("health_tips")[0]?.icon).toBe("💧");

    // An icon instead: the emoji box goes away.
    await user.click(icon.getByRole("radio", { name: ICON_LABELS.Heart }));
    expect(icon.queryByRole("textbox")).toBeNull();
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(saved("health_tips")[0]?.icon).toBe("Heart");

    // Back to Emoji: the emoji typed before comes back.
    await user.click(icon.getByRole("radio", { name: iconWords.emoji }));
    expect(inputValue(box())).toBe("💧");
  });

  it("refuses text that is neither an icon nor an emoji, under the field", async () => {
    const { user, iconOf, save, saved, onSubmit } = setup();
    const icon = iconOf("Health Tips");
    const box = icon.getByRole("textbox", { name: iconWords.emojiBox });
    await user.clear(box);
    await user.type(box, "Stethoscop");
    // Told at once, as advice; the save then refuses it.
    expect(icon.getByText(iconWords.unknownTip("Stethoscop"))).toBeTruthy();
    expect(box.getAttribute("aria-invalid")).toBe("true");

    await save();
    await waitFor(() => expect(errorOf(box)).toBe(TIP_REFUSAL));
    expect(icon.queryByText(iconWords.unknownTip("Stethoscop"))).toBeNull();
    expect(document.activeElement).toBe(box);
    expect(onSubmit).not.toHaveBeenCalled();

    // Typing an icon's name in the box is an icon too.
    await user.clear(box);
    await user.type(box, "Stethoscope");
    await waitFor(() => expect(errorOf(box)).toBeNull());
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(saved("health_tips")[0]?.icon).toBe("Stethoscope");
  });

  it("shows a stored icon name as its icon", () => {
    const { iconOf } = setup({
      health_tips: [{ icon: "stethoscope", title: "Check-ups", description: "Every year" }],
    });
    const icon = iconOf("Health Tips");
    expect(checked(icon.getByRole("radio", { name: ICON_LABELS.Stethoscope }))).toBe(true);
    expect(checked(icon.getByRole("radio", { name: iconWords.emoji }))).toBe(false);
    expect(icon.queryByRole("textbox")).toBeNull();
  });
});

describe("icon form rules", () => {
  /** The messages at the first item's icon when `column` holds `icon`. */
  function refusals(definition: ResourceDefinition, column: string, icon: string): string[] {
    const values = definition.defaults();
    const item = { ...(values[column] as Record<string, string>[])[0], icon };
    const result = definition.schema.safeParse({ ...values, [column]: [item] });
    return (result.error?.issues ?? [])
      .filter((issue) => issue.path.join(".") === `${column}.0.icon`)
      .map((issue) => issue.message);
  }

  it.each([reliefContent, medicalContent, oldageContent, childrenContent].map((d) => [d.key, d]))(
    "%s takes only the picker's icons, aliases included",
    (_key, definition) => {
      const form = definition as ResourceDefinition;
      for (const icon of [...serviceIconNames, "house", "graduation-cap", " Heart "]) {
        expect(refusals(form, "services", icon), icon).toEqual([]);
      }
      for (const icon of ["GraduationCapp", "🩺", "Sparkles"]) {
        expect(refusals(form, "services", icon), icon).toEqual([SERVICE_REFUSAL]);
      }
      expect(new Set(refusals(form, "services", "  "))).toEqual(new Set(["Choose an icon"]));
    },
  );

  it("takes a health tip's emoji or known icon name, and refuses other text", () => {
    for (const icon of ["🩺", "💧", "🏃‍♀️", "Heart", "hand-heart", "Award"]) {
      expect(refusals(medicalContent, "health_tips", icon), icon).toEqual([]);
    }
    for (const icon of ["Stethoscop", "running", "🩺 daily"]) {
      expect(refusals(medicalContent, "health_tips", icon), icon).toEqual([TIP_REFUSAL]);
    }
  });
});
