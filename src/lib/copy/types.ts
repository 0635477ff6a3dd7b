import type { IconName } from "../icons";

/** What a page tells search engines and social cards. */
export interface PageSeo {
  /** The page's own title; the layout appends the organisation's name. */
  readonly title: string;
  readonly description: string;
}

/** A headline figure: "500+" "Lives Impacted". */
export interface Stat {
  readonly number: string;
  readonly label: string;
}

/** A titled point with an icon: values, services, objectives. */
export interface Feature {
  readonly icon: IconName;
  readonly title: string;
  readonly description: string;
}

/** The fixed top of an inner page. */
export interface PageIntro {
  readonly eyebrow: string;
  readonly title: string;
  readonly lead: string;
}

/** A closing call to action; every button leads to /donate unless it says otherwise. */
export interface CallToAction {
  readonly title: string;
  readonly text: string;
  readonly primary: { readonly label: string; readonly href: string };
  readonly secondary?: { readonly label: string; readonly href: string };
}

/**
 * A label with a figure in it, its place marked by a name in braces: "Since {year}"
 * filled with { year: 2009 } reads "Since 2009".
 */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ""));
}

/** A page's closing call to action: its words (content) and its buttons (fixed labels). */
export function pageCta(
  words: { readonly cta_title: string; readonly cta_text: string },
  buttons: Pick<CallToAction, "primary" | "secondary">,
): CallToAction {
  return { title: words.cta_title, text: words.cta_text, ...buttons };
}
