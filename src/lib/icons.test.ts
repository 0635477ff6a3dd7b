import { describe, expect, it } from "vitest";
import {
  defaultIconName,
  iconNames,
  resolveIconName,
  resolveTipIcon,
  serviceIconNames,
} from "./icons";

describe("resolveIconName", () => {
  it("maps every service icon name of the spec to itself", () => {
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
