// Icon names as the database stores them (services, values, health tips), resolved to one known name. src/components/Icon.astro turns a
// known name into a static Lucide SVG, so no icon ever needs JavaScript.

/**
 * The icons an administrator can pick (services, values, objectives, contact cards), in
 * the order the admin lists them.
 */
export const serviceIconNames = [
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
] as const;

/** What an unknown or missing icon name shows. */
export const defaultIconName = "Sparkles";

export type ServiceIconName = (typeof serviceIconNames)[number];
export type IconName = ServiceIconName | typeof defaultIconName;

export const iconNames: readonly IconName[] = [...serviceIconNames, defaultIconName];

/** Lower case with separators removed: "graduation-cap", "Graduation Cap" -> "graduationcap". */
function squash(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, "");
}

const byKey = new Map<string, IconName>(iconNames.map((name) => [squash(name), name]));
// Lucide renamed some icons; rows written with the new names still resolve.
byKey.set("house", "Home");
byKey.set("gamepad", "Gamepad2");

/**
 * The known icon for a stored name, ignoring case, spaces, hyphens and
 * underscores; anything else (blank, unknown, null) gets the default icon.
 */
export function resolveIconName(name: string | null | undefined): IconName {
  if (!name) return defaultIconName;
  return byKey.get(squash(name.trim())) ?? defaultIconName;
}

/** Whether a stored name is one of the known icons. */
export function isKnownIcon(name: string | null | undefined): boolean {
  return Boolean(name) && byKey.has(squash((name ?? "").trim()));
}

/**
 * The service icon a stored name picks ("house" and "Home" pick Home), or null when
 * it names none of them: the admin's picker offers only these.
 */
export function serviceIconOf(name: string | null | undefined): ServiceIconName | null {
  if (!isKnownIcon(name)) return null;
  const known = resolveIconName(name);
  return serviceIconNames.find((service) => service === known) ?? null;
}

export type TipIcon = { kind: "icon"; name: IconName } | { kind: "emoji"; text: string };

/**
 * Health tips carry either an icon name or an emoji (new tips default to 🩺).
 * A known icon name renders as that icon; a short run of non-letter characters is
 * shown as the emoji itself; anything else gets the default icon.
 */
export function resolveTipIcon(icon: string | null | undefined): TipIcon {
  const text = (icon ?? "").trim();
  if (isKnownIcon(text)) return { kind: "icon", name: resolveIconName(text) };
  if (text && [...text].length <= 8 && !/[\p{L}\p{N}]/u.test(text)) {
    return { kind: "emoji", text };
  }
  return { kind: "icon", name: defaultIconName };
}

/**
 * Whether a health tip's icon shows as itself: a known icon name or a short emoji.
 * Anything else would show the default icon instead.
 */
export function isShownTipIcon(icon: string | null | undefined): boolean {
  return isKnownIcon(icon) || resolveTipIcon(icon).kind === "emoji";
}
