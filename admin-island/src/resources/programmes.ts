// The content records of the four programme pages and of the donate page. Each is a
// list of versions; the site shows the newest active one.

import type { Row } from "../data/data-layer.ts";
import { activeBadge, activeField, imageField, servicesField, statisticsField } from "./common.ts";
import {
  isActive,
  itemList,
  itemText,
  optionalItemText,
  requiredImage,
  requiredText,
} from "./rules.ts";
import { noun, nounTexts } from "./texts.ts";
import type { Field, ListField, ResourceDefinition, ResourceTexts } from "./types.ts";
import { z } from "./zod.ts";

const REQUIRED = "Please fill in all required fields";

function contentTexts(what: string, heading: string, overrides: Partial<ResourceTexts> = {}) {
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
    invalid: REQUIRED,
    ...overrides,
  });
}

const services = itemList(
  {
    icon: itemText("Choose an icon"),
    title: itemText("Enter the service title"),
    description: itemText("Enter the service description"),
  },
  "service",
);
const statistics = itemList(
  { number: itemText("Enter the number"), label: itemText("Enter the label") },
  "statistic",
);
const healthTips = itemList(
  {
    title: itemText("Enter the tip's title"),
    description: itemText("Enter the tip's description"),
    icon: itemText("Enter an icon or emoji"),
  },
  "health tip",
);

const healthTipsField: ListField = {
  kind: "list",
  name: "health_tips",
  label: "Health Tips",
  itemLabel: "Health Tip",
  addLabel: "Add Health Tip",
  wide: true,
  newItem: { title: "", description: "", icon: "🩺" },
  fields: [
    { kind: "text", name: "icon", label: "Icon", required: true, hint: "An emoji such as 🩺" },
    { kind: "text", name: "title", label: "Title", required: true },
    { kind: "textarea", name: "description", label: "Description", required: true },
  ],
};

function listSummary(row: Row): string[] {
  const count = (value: unknown) => (Array.isArray(value) ? value.length : 0);
  const lines = [`${count(row.services)} services`, `${count(row.statistics)} statistics`];
  if (row.health_tips !== undefined) lines.push(`${count(row.health_tips)} health tips`);
  return lines;
}

/** The relief and medical pages: a banner, a title, a text, services and statistics. */
function bannerContentFields(folder: string, newServiceIcon: string): Field[] {
  return [
    imageField("banner_image_url", "Banner Image", folder),
    { kind: "text", name: "title", label: "Title", required: true, wide: true },
    { kind: "textarea", name: "description", label: "Description", required: true, wide: true },
    servicesField(newServiceIcon),
    statisticsField,
  ];
}

const bannerContentShape = {
  banner_image_url: requiredImage(REQUIRED),
  title: requiredText(REQUIRED, 200),
  description: requiredText(REQUIRED, 10_000),
  services,
  statistics,
};

const bannerContentCard: ResourceDefinition["card"] = (row) => ({
  image: row.banner_image_url as string,
  title: String(row.title),
  subtitle: String(row.description),
  lines: listSummary(row),
  badges: [activeBadge(row)],
});

export const reliefContent: ResourceDefinition = {
  key: "relief_content",
  table: "relief_content",
  texts: contentTexts("relief", "Relief Management"),
  modal: "wide",
  fields: [...bannerContentFields("relief", "HandHeart"), activeField],
  schema: z.object({ ...bannerContentShape, is_active: isActive() }),
  defaults: () => ({
    banner_image_url: "",
    title: "Relief Programs",
    description: "",
    services: [{ icon: "Utensils", title: "Food Distribution", description: "" }],
    statistics: [{ number: "24/7", label: "Response Ready" }],
    is_active: true,
  }),
  order: { column: "created_at", ascending: false },
  card: bannerContentCard,
};

export const medicalContent: ResourceDefinition = {
  key: "medical_content",
  table: "medical_content",
  texts: contentTexts("medical", "Medical Management"),
  modal: "wide",
  fields: [...bannerContentFields("medical", "Stethoscope"), healthTipsField, activeField],
  schema: z.object({ ...bannerContentShape, health_tips: healthTips, is_active: isActive() }),
  defaults: () => ({
    banner_image_url: "",
    title: "Medical Services",
    description:
      "Providing accessible, quality healthcare services to ensure the wellbeing of our community members",
    services: [{ icon: "Stethoscope", title: "General Healthcare", description: "" }],
    statistics: [{ number: "5,000+", label: "Patients Treated" }],
    health_tips: [{ title: "Regular Exercise", description: "", icon: "🩺" }],
    is_active: true,
  }),
  order: { column: "created_at", ascending: false },
  card: bannerContentCard,
};

function homeContent(
  key: "oldage_content" | "children_content",
  what: string,
  heading: string,
  folder: string,
  defaults: { title: string; stat: [string, string]; service: [string, string]; newIcon: string },
): ResourceDefinition {
  return {
    key,
    table: key,
    texts: contentTexts(what, heading),
    modal: "wide",
    fields: [
      imageField("about_image_url", "About Image", folder),
      { kind: "text", name: "about_title", label: "About Title", required: true, wide: true },
      {
        kind: "textarea",
        name: "about_description",
        label: "About Description",
        required: true,
        wide: true,
      },
      statisticsField,
      servicesField(defaults.newIcon),
      activeField,
    ],
    schema: z.object({
      about_image_url: requiredImage(REQUIRED),
      about_title: requiredText(REQUIRED, 200),
      about_description: requiredText(REQUIRED, 10_000),
      statistics,
      services,
      is_active: isActive(),
    }),
    defaults: () => ({
      about_image_url: "",
      about_title: defaults.title,
      about_description: "",
      statistics: [{ number: defaults.stat[0], label: defaults.stat[1] }],
      services: [{ icon: defaults.service[1], title: defaults.service[0], description: "" }],
      is_active: true,
    }),
    order: { column: "created_at", ascending: false },
    card: (row) => ({
      image: row.about_image_url as string,
      title: String(row.about_title),
      subtitle: String(row.about_description),
      lines: listSummary(row),
      badges: [activeBadge(row)],
    }),
  };
}

export const oldageContent = homeContent(
  "oldage_content",
  "oldage",
  "Old Age Home Content Management",
  "oldage",
  {
    title: "Honoring Our Elders",
    stat: ["80+", "Elderly Residents"],
    service: ["24/7 Medical Care", "Stethoscope"],
    newIcon: "Heart",
  },
);

export const childrenContent = homeContent(
  "children_content",
  "children",
  "Children Home Content Management",
  "children",
  {
    title: "A Home Away From Home",
    stat: ["150+", "Children Cared For"],
    service: ["Safe Housing", "Home"],
    newIcon: "Users",
  },
);

const qrCodes = itemList(
  {
    title: itemText("Enter the QR code's title"),
    image_url: requiredImage("Upload the QR code image or enter its address"),
    description: optionalItemText(),
  },
  "QR code",
);
const bankAccounts = itemList(
  {
    bank_name: itemText(REQUIRED),
    account_name: itemText(REQUIRED),
    account_number: itemText(REQUIRED),
    routing_number: optionalItemText(),
    swift_code: optionalItemText(),
    branch: optionalItemText(),
  },
  "bank account",
);

function moreOf(list: unknown, describe: (item: Record<string, string>) => string): string[] {
  const items = Array.isArray(list) ? (list as Record<string, string>[]) : [];
  const shown = items.slice(0, 3).map(describe);
  if (items.length > 3) shown.push(`+${items.length - 3} more`);
  return shown;
}

export const donateContent: ResourceDefinition = {
  key: "donate_content",
  table: "donate_content",
  texts: contentTexts("donate", "Donate Management"),
  modal: "wide",
  fields: [
    {
      kind: "list",
      name: "qr_codes",
      label: "QR Codes",
      itemLabel: "QR Code",
      addLabel: "Add QR Code",
      wide: true,
      newItem: { title: "", image_url: "", description: "" },
      fields: [
        { kind: "text", name: "title", label: "Title", required: true },
        imageField("image_url", "QR Code Image", "donate"),
        { kind: "textarea", name: "description", label: "Description", hint: "Optional" },
      ],
    },
    {
      kind: "list",
      name: "bank_accounts",
      label: "Bank Accounts",
      itemLabel: "Bank Account",
      addLabel: "Add Bank Account",
      wide: true,
      newItem: {
        bank_name: "",
        account_name: "",
        account_number: "",
        routing_number: "",
        swift_code: "",
        branch: "",
      },
      fields: [
        { kind: "text", name: "bank_name", label: "Bank Name", required: true },
        { kind: "text", name: "account_name", label: "Account Name", required: true },
        { kind: "text", name: "account_number", label: "Account Number", required: true },
        { kind: "text", name: "routing_number", label: "Routing Number", hint: "Optional" },
        { kind: "text", name: "swift_code", label: "SWIFT Code", hint: "Optional" },
        { kind: "text", name: "branch", label: "Branch", hint: "Optional" },
      ],
    },
    activeField,
  ],
  schema: z.object({ qr_codes: qrCodes, bank_accounts: bankAccounts, is_active: isActive() }),
  defaults: () => ({
    qr_codes: [{ title: "Mobile Payment", image_url: "", description: "" }],
    bank_accounts: [
      {
        bank_name: "Sample Community Bank",
        account_name: "Helping Hands Foundation",
        account_number: "",
        routing_number: "",
        swift_code: "",
        branch: "",
      },
    ],
    is_active: true,
  }),
  order: { column: "created_at", ascending: false },
  card: (row) => ({
    image: (row.qr_codes as { image_url?: string }[] | undefined)?.[0]?.image_url ?? null,
    title: "Donation details",
    lines: [
      ...moreOf(row.qr_codes, (qr) => `QR: ${qr.title}`),
      ...moreOf(
        row.bank_accounts,
        (account) => `Bank: ${account.bank_name} (${account.account_number})`,
      ),
    ],
    badges: [activeBadge(row)],
  }),
};
