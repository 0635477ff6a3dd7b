// Fixed copy of /donate.

import type { IconName } from "../icons";
import type { SiteConfig } from "../site";
import type { PageIntro, PageSeo } from "./types";

export const donateSeo = (site: SiteConfig): PageSeo => ({
  title: "Donate",
  description: `Give to ${site.name} by mobile payment or bank transfer. Every gift feeds, teaches, heals and shelters children, elders and families in need.`,
});

export const donateIntro: PageIntro = {
  eyebrow: "Make a difference today",
  title: "Donate",
  lead: "Your gift becomes a hot meal, a school book, a doctor's visit or a roof over someone's head. Thank you for standing with us.",
};

export const donateMethods = {
  title: "Donation Methods",
  text: "Choose whichever way is easiest for you.",
  qrTitle: "Scan to Give",
  qrText: "Open your banking or wallet app and scan the code.",
  bankTitle: "Bank Transfer",
  bankText:
    "Transfer directly to our account. Please add your name as the reference so we can thank you.",
  receipt:
    "Would you like a receipt or to tell us what your gift is for? Email us after you give and we will reply within two working days.",
} as const;

/** Labels of a bank account's fields, in the order they are shown. */
export const bankFieldLabels = {
  bank_name: "Bank Name",
  account_name: "Account Name",
  account_number: "Account Number",
  routing_number: "Routing Number",
  swift_code: "SWIFT Code",
  branch: "Branch",
} as const;

export const noMethods = {
  title: "Donation details are on their way",
  text: "Our online donation details are being updated. In the meantime, we would be glad to help you give by phone or email.",
} as const;

export const givingAreas = {
  title: "Where Your Gift Goes",
  text: "Give where the need is greatest, or tell us which programme you would like to support.",
  items: [
    {
      icon: "Home",
      title: "Children's Home",
      text: "Meals, schooling and care for a child.",
      href: "/children-home/",
    },
    {
      icon: "Heart",
      title: "Old Age Home",
      text: "Nursing, meals and company for an elder.",
      href: "/oldage-home/",
    },
    {
      icon: "Stethoscope",
      title: "Medical Services",
      text: "Medicines, camps and the mobile clinic.",
      href: "/medical/",
    },
    {
      icon: "HandHeart",
      title: "Relief Programs",
      text: "Food, water and shelter after a disaster.",
      href: "/relief/",
    },
  ] satisfies readonly { icon: IconName; title: string; text: string; href: string }[],
} as const;

export const otherWays = {
  title: "Other Ways to Help",
  items: [
    {
      icon: "Users",
      title: "Volunteer",
      text: "Cook, teach, read, drive or lend your professional skills.",
    },
    {
      icon: "Handshake",
      title: "Partner with us",
      text: "Businesses and schools can sponsor a programme or run a drive.",
    },
    {
      icon: "Award",
      title: "Give in kind",
      text: "Books, blankets, medicines and school supplies are always welcome.",
    },
  ] satisfies readonly { icon: IconName; title: string; text: string }[],
  link: { label: "Get in touch", href: "/contact/" },
} as const;

export const transparencyNote = {
  text: "We publish audited accounts every year, and every gift is spent where we say it will be.",
  link: { label: "See our registration and tax exemption certificates", href: "/certifications/" },
} as const;
