// The fixed labels of /donate: the bank account's field names, the links' labels and
// what a QR code is called when it has no title. The page's words are content
// (donate_page); its QR codes and bank accounts are donate_content's.

/** Labels of a bank account's fields, in the order they are shown. */
export const bankFieldLabels = {
  bank_name: "Bank Name",
  account_name: "Account Name",
  account_number: "Account Number",
  routing_number: "Routing Number",
  swift_code: "SWIFT Code",
  branch: "Branch",
} as const;

export const donateLabels = {
  /** A QR code's title when it has none, and its picture's alt text. */
  qrFallback: "Mobile Payment",
  qrAlt: (title: string) => `QR code for ${title || "mobile payment"}`,
  moreWays: { label: "More ways to reach us", href: "/contact/" },
  learnMore: "Learn more",
  getInTouch: { label: "Get in touch", href: "/contact/" },
  certificates: {
    label: "See our registration and tax exemption certificates",
    href: "/certifications/",
  },
} as const;
