export interface NavLink {
  readonly href: string;
  readonly label: string;
}

/** The header's top links, in the order the header shows them. */
export const navLinks: readonly NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/children-home/", label: "Children's Home" },
  { href: "/oldage-home/", label: "Old Age Home" },
  { href: "/medical/", label: "Medical" },
  { href: "/relief/", label: "Relief" },
  { href: "/projects/", label: "Projects" },
  { href: "/certifications/", label: "Certifications" },
];

function normalise(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? "/";
  const trimmed = withoutQuery.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * Whether a header link points at the page being shown. Home is active only on
 * "/" itself; every other link is also active on the pages below it.
 */
export function isActiveLink(currentPath: string, href: string): boolean {
  const current = normalise(currentPath);
  const target = normalise(href);
  if (target === "/") return current === "/";
  return current === target || current.startsWith(`${target}/`);
}

/** The footer's links to every page the header does not list, and the key ones it does. */
export const footerLinks: readonly NavLink[] = [
  { href: "/about/", label: "About Us" },
  { href: "/about/our-history/", label: "Our History" },
  { href: "/about/our-team/", label: "Our Team" },
  { href: "/about/our-mission/", label: "Our Mission" },
  { href: "/projects/", label: "Projects" },
  { href: "/certifications/", label: "Certifications" },
  { href: "/contact/", label: "Contact Us" },
  { href: "/donate/", label: "Donate" },
];

/** Every public route of the site, the 404 aside: what the sitemap, tests and benchmarks cover. */
export const publicRoutes: readonly string[] = [
  "/",
  "/about/",
  "/about/our-history/",
  "/about/our-team/",
  "/about/our-mission/",
  "/children-home/",
  "/oldage-home/",
  "/medical/",
  "/relief/",
  "/projects/",
  "/contact/",
  "/donate/",
  "/certifications/",
];
