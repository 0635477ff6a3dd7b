// The content records of the four programme pages and of the donate page. Each is a
// list of versions; the site shows the newest active one.
import { hasSamplePayments } from "../../../../src/lib/content/sample-payments.ts";
import { bankAccount, healthTip, qrCode } from "../../../../src/lib/schema/items.ts";
import {
  activeBadge,
  activeField,
  ICON_HINT,
  imageField,
  servicesField,
  statisticsField,
} from "./common.ts";
import { defineResource, listField } from "./define.ts";
import { noun, nounTexts } from "./texts.ts";

/** On a donation record that still holds the install's sample QR code or account. */
export const SAMPLE_DETAILS_BADGE = "Sample details: replace before going live";

function contentTexts(what: string, heading: string) {
  const n = noun(`${what} content`, `${what} content`);
  return nounTexts(n, heading, {
    createSubmit: "Create Content",
    updateSubmit: "Update Content",
    addButton: `Add ${n.One}`,
    addTitle: `Add ${n.One}`,
    editTitle: `Edit ${n.One}`,
    empty: `No ${n.One} Yet`,
    emptyAction: `Add Your First ${n.One}`,
    added: `${n.One} added successfully!`,
    updated: `${n.One} updated successfully!`,
    deleted: `${n.One} deleted successfully!`,
  });
}

const count = (list: readonly unknown[], what: string) => `${list.length} ${what}`;

/** Where a programme page is, and where its own words (headings, donate button) are edited. */
const wordsElsewhere = (page: string, path: string) => ({
  text: `Shown on ${page}. The page's own words (its headings, donate button, section texts and closing call) are edited in Pages, ${page}.`,
  link: { href: path, label: "Open the page" },
});

/** The relief and medical pages: a banner, a title, a text, services and statistics. */
function bannerContent<T extends "relief_content" | "medical_content">(
  table: T,
  what: string,
  heading: string,
  page: [name: string, path: string],
) {
  return {
    table,
    texts: contentTexts(what, heading),
    notice: wordsElsewhere(...page),
    modal: "wide",
    fields: [
      imageField("banner_image_url", "Banner Image", what),
      { kind: "text", name: "title", label: "Title", required: true, wide: true },
      { kind: "textarea", name: "description", label: "Description", required: true, wide: true },
      servicesField(table),
      statisticsField(table),
    ],
  } as const;
}

const relief = bannerContent("relief_content", "relief", "Relief Management", [
  "Relief",
  "/relief/",
]);

export const reliefContent = defineResource({
  ...relief,
  fields: [...relief.fields, activeField],
  card: (row) => ({
    image: row.banner_image_url,
    title: row.title,
    subtitle: row.description,
    lines: [count(row.services, "services"), count(row.statistics, "statistics")],
    badges: [activeBadge(row)],
  }),
});

const medical = bannerContent("medical_content", "medical", "Medical Management", [
  "Medical",
  "/medical/",
]);

export const medicalContent = defineResource({
  ...medical,
  fields: [
    ...medical.fields,
    listField("medical_content", "health_tips", healthTip, {
      label: "Health Tips",
      itemLabel: "Health Tip",
      addLabel: "Add Health Tip",
      wide: true,
      fields: {
        icon: {
          kind: "icon",
          label: "Icon",
          required: true,
          emoji: true,
          hint: `An icon, or an emoji such as 🩺. ${ICON_HINT}`,
        },
        title: { kind: "text", label: "Title", required: true },
        description: { kind: "textarea", label: "Description", required: true },
      },
    }),
    activeField,
  ],
  card: (row) => ({
    image: row.banner_image_url,
    title: row.title,
    subtitle: row.description,
    lines: [
      count(row.services, "services"),
      count(row.statistics, "statistics"),
      count(row.health_tips, "health tips"),
    ],
    badges: [activeBadge(row)],
  }),
});

/** The children's and old-age homes: an about block, statistics and services. */
function homeContent<T extends "oldage_content" | "children_content">(
  table: T,
  what: string,
  heading: string,
  page: [name: string, path: string],
) {
  return defineResource({
    table,
    texts: contentTexts(what, heading),
    notice: wordsElsewhere(...page),
    modal: "wide",
    fields: [
      imageField("about_image_url", "About Image", what),
      { kind: "text", name: "about_title", label: "About Title", required: true, wide: true },
      {
        kind: "textarea",
        name: "about_description",
        label: "About Description",
        required: true,
        wide: true,
      },
      statisticsField(table),
      servicesField(table),
      activeField,
    ],
    card: (row) => ({
      image: row.about_image_url,
      title: row.about_title,
      subtitle: row.about_description,
      lines: [count(row.services, "services"), count(row.statistics, "statistics")],
      badges: [activeBadge(row)],
    }),
  });
}

export const oldageContent = homeContent(
  "oldage_content",
  "oldage",
  "Old Age Home Content Management",
  ["Old Age Home", "/oldage-home/"],
);

export const childrenContent = homeContent(
  "children_content",
  "children",
  "Children Home Content Management",
  ["Children's Home", "/children-home/"],
);

/** The first three items, then '+N more'. */
function firstThree<T>(items: readonly T[], describe: (item: T) => string): string[] {
  const shown = items.slice(0, 3).map(describe);
  if (items.length > 3) shown.push(`+${items.length - 3} more`);
  return shown;
}

export const donateContent = defineResource({
  table: "donate_content",
  texts: contentTexts("donate", "Donate Management"),
  notice: {
    text: "Shown on Donate. The page's own words (its introduction, headings, where a gift goes, other ways to help) are edited in Pages, Donate.",
    link: { href: "/donate/", label: "Open the page" },
  },
  modal: "wide",
  fields: [
    listField("donate_content", "qr_codes", qrCode, {
      label: "QR Codes",
      itemLabel: "QR Code",
      addLabel: "Add QR Code",
      wide: true,
      fields: {
        title: { kind: "text", label: "Title", required: true },
        image_url: { ...imageField("image_url", "QR Code Image", "donate") },
        description: { kind: "textarea", label: "Description", hint: "Optional" },
      },
    }),
    listField("donate_content", "bank_accounts", bankAccount, {
      label: "Bank Accounts",
      itemLabel: "Bank Account",
      addLabel: "Add Bank Account",
      wide: true,
      fields: {
        bank_name: { kind: "text", label: "Bank Name", required: true },
        account_name: { kind: "text", label: "Account Name", required: true },
        account_number: { kind: "text", label: "Account Number", required: true },
        routing_number: { kind: "text", label: "Routing Number", hint: "Optional" },
        swift_code: { kind: "text", label: "SWIFT Code", hint: "Optional" },
        branch: { kind: "text", label: "Branch", hint: "Optional" },
      },
    }),
    activeField,
  ],
  card: (row) => ({
    image: row.qr_codes[0]?.image_url ?? null,
    imageFit: "contain",
    title: "Donation details",
    lines: [
      ...firstThree(row.qr_codes, (qr) => `QR: ${qr.title}`),
      ...firstThree(row.bank_accounts, (a) => `Bank: ${a.bank_name} (${a.account_number})`),
    ],
    // The install's sample details never reach a real site: the card says so until
    // they are replaced.
    badges: hasSamplePayments(row)
      ? [activeBadge(row), { label: SAMPLE_DETAILS_BADGE, tone: "yellow" }]
      : [activeBadge(row)],
  }),
});
