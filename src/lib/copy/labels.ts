// The site's fixed labels outside any one page: the header's, the footer's, the
// breadcrumbs' and the skip link's. Like every module of src/lib/copy/, these are the
// only words a page may show that are not the charity's content (a test holds every
// page to that).

export const siteLabels = {
  skipToContent: "Skip to content",
  /** The breadcrumbs' first step. */
  home: "Home",
  /** After the logo's name: where the link leads. */
  homePage: "(home page)",
  followUs: "Follow Us:",
  donateNow: "Donate Now",
  /** The header's top strip: the same button in capitals. */
  donateNowTop: "DONATE NOW",
  /** The phone menu's button, read out as it opens and closes. */
  openMenu: "Open menu",
  closeMenu: "Close menu",
  /** After a link that opens a new tab. */
  newTab: "(opens in a new tab)",
  footer: {
    explore: "Explore",
    contact: "Contact",
    follow: "Follow Us",
    phone: "Phone:",
    email: "Email:",
    officeHours: "Office hours:",
    rights: "All rights reserved.",
  },
} as const;
