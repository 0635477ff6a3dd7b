import { describe, expect, it } from "vitest";
import {
  defaultIconName,
  iconNames,
  isShownTipIcon,
  resolveIconName,
  resolveTipIcon,
  serviceIconNames,
  serviceIconOf,
} from "./icons";

describe("resolveIconName", () => {
  it("maps every service icon name an editor can pick to itself", () => {
    expect(serviceIconNames).toEqual([
      "Home",
      "GraduationCap",
      "Stethoscope",
      "Heart",
      "Gamepad2",
      "Users",
      "Activity",
      "Clock",
      "Truck",
      "MapPin",
      "Utensils",
      "Shield",
      "HandHeart",
      "Award",
      "BookOpen",
      "Calendar",
      "Eye",
      "Globe",
      "Handshake",
      "Leaf",
      "Lightbulb",
      "Mail",
      "Phone",
      "Scale",
      "Siren",
      "Sprout",
      "Target",
    ]);
    for (const name of serviceIconNames) expect(resolveIconName(name)).toBe(name);
  });

  it("ignores case, spaces, hyphens and underscores", () => {
    expect(resolveIconName("graduation-cap")).toBe("GraduationCap");
    expect(resolveIconName(" hand heart ")).toBe("HandHeart");
    expect(resolveIconName("MAP_PIN")).toBe("MapPin");
    expect(resolveIconName("stethoscope")).toBe("Stethoscope");
  });

  it("accepts Lucide's newer names for renamed icons", () => {
    expect(resolveIconName("House")).toBe("Home");
    expect(resolveIconName("Gamepad")).toBe("Gamepad2");
  });

  it("falls back to the default icon for unknown, blank or missing names", () => {
    expect(resolveIconName("Unicorn")).toBe(defaultIconName);
    expect(resolveIconName("")).toBe(defaultIconName);
    expect(resolveIconName("   ")).toBe(defaultIconName);
    expect(resolveIconName(null)).toBe(defaultIconName);
    expect(resolveIconName(undefined)).toBe(defaultIconName);
    expect(resolveIconName("🩺")).toBe(defaultIconName);
  });

  it("lists each known name once", () => {
    expect(new Set(iconNames).size).toBe(iconNames.length);
  });
});

describe("resolveTipIcon", () => {
  it("shows an emoji as itself", () => {
    expect(resolveTipIcon("🩺")).toEqual({ kind: "emoji", text: "🩺" });
    expect(resolveTipIcon(" 💧 ")).toEqual({ kind: "emoji", text: "💧" });
    expect(resolveTipIcon("🏃‍♀️")).toEqual({ kind: "emoji", text: "🏃‍♀️" });
  });

  it("renders a known icon name as that icon", () => {
    expect(resolveTipIcon("Heart")).toEqual({ kind: "icon", name: "Heart" });
  });

  it("uses the default icon for words and empty values", () => {
    expect(resolveTipIcon("running")).toEqual({ kind: "icon", name: defaultIconName });
    expect(resolveTipIcon("")).toEqual({ kind: "icon", name: defaultIconName });
    expect(resolveTipIcon(null)).toEqual({ kind: "icon", name: defaultIconName });
  });
});

describe("serviceIconOf", () => {
  it("picks the service icon a name or an alias names", () => {
    for (const name of serviceIconNames) expect(serviceIconOf(name)).toBe(name);
    expect(serviceIconOf("house")).toBe("Home");
    expect(serviceIconOf("graduation-cap")).toBe("GraduationCap");
    expect(serviceIconOf(" hand heart ")).toBe("HandHeart");
  });

  it("picks none for unknown names, blanks, an emoji and the default icon", () => {
    for (const name of ["GraduationCapp", "", "   ", "🩺", defaultIconName, null]) {
      expect(serviceIconOf(name)).toBeNull();
    }
  });
});

describe("isShownTipIcon", () => {
  it("accepts an emoji or a known icon name", () => {
    for (const icon of ["🩺", " 💧 ", "🏃‍♀️", "Heart", "stethoscope", "Award"]) {
      expect(isShownTipIcon(icon), icon).toBe(true);
    }
  });

  it("refuses what would show the default icon for want of one", () => {
    for (const icon of ["Stethoscop", "running", "", "  ", null, "🩺🩺🩺🩺🩺🩺🩺🩺🩺"]) {
      expect(isShownTipIcon(icon), String(icon)).toBe(false);
    }
  });
});
