// Projects, certifications and the logo.

import { activeBadge, activeField, imageField, orderBadge, sortOrderField } from "./common.ts";
import {
  isActive,
  oneOf,
  optionalImage,
  optionalLink,
  optionalText,
  requiredImage,
  requiredText,
  sortOrder,
} from "./rules.ts";
import { noun, nounTexts } from "./texts.ts";
import type { CardBadge, ResourceDefinition } from "./types.ts";
import { z } from "./zod.ts";

const STATUSES = ["ongoing", "completed", "planning"] as const;
const STATUS_TONE: Record<string, CardBadge["tone"]> = {
  completed: "green",
  ongoing: "blue",
  planning: "yellow",
};
const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
const PROJECT_REQUIRED = "Please fill in all required fields";

export const projects: ResourceDefinition = {
  key: "projects",
  table: "projects",
  texts: nounTexts(noun("project"), "Projects Management", { invalid: PROJECT_REQUIRED }),
  fields: [
    { kind: "text", name: "title", label: "Project Title", required: true },
    { kind: "text", name: "category_name", label: "Category", required: true },
    {
      kind: "select",
      name: "project_status",
      label: "Status",
      required: true,
      options: STATUSES.map((value) => ({ value, label: capitalise(value) })),
    },
    { kind: "textarea", name: "description", label: "Description", required: true, wide: true },
    imageField("image_url", "Project Image", "projects", { required: false }),
    activeField,
  ],
  schema: z.object({
    title: requiredText(PROJECT_REQUIRED, 200),
    category_name: requiredText(PROJECT_REQUIRED, 100),
    project_status: oneOf(STATUSES, "Choose a status"),
    description: requiredText(PROJECT_REQUIRED, 10_000),
    image_url: optionalImage(),
    is_active: isActive(),
  }),
  defaults: () => ({
    title: "",
    category_name: "",
    project_status: "ongoing",
    description: "",
    image_url: "",
    is_active: true,
  }),
  order: { column: "created_at", ascending: false },
  card: (row) => ({
    image: row.image_url as string | null,
    title: String(row.title),
    subtitle: String(row.description),
    badges: [
      activeBadge(row),
      {
        label: capitalise(String(row.project_status)),
        tone: STATUS_TONE[String(row.project_status)] ?? "grey",
      },
      { label: String(row.category_name), tone: "brand" },
    ],
  }),
};

const CERT_REQUIRED = "Please fill in all required fields";

export const certifications: ResourceDefinition = {
  key: "certifications",
  table: "certifications",
  texts: nounTexts(noun("certification"), "Certifications Management", { invalid: CERT_REQUIRED }),
  fields: [
    {
      kind: "text",
      name: "certificate_name",
      label: "Certificate Name",
      required: true,
      wide: true,
    },
    imageField("image_url", "Certificate Image", "certificates/images"),
    {
      kind: "document",
      name: "pdf_url",
      label: "Certificate PDF",
      folder: "certificates",
      maxBytes: 10 * 1024 * 1024,
      hint: "Optional: upload a PDF (up to 10MB) or paste its address",
      wide: true,
    },
    sortOrderField,
    activeField,
  ],
  schema: z.object({
    certificate_name: requiredText(CERT_REQUIRED, 200),
    image_url: requiredImage(CERT_REQUIRED),
    pdf_url: optionalLink(),
    sort_order: sortOrder(),
    is_active: isActive(),
  }),
  defaults: () => ({
    certificate_name: "",
    image_url: "",
    pdf_url: "",
    sort_order: 0,
    is_active: true,
  }),
  order: { column: "sort_order", ascending: true },
  newSortOrder: "count",
  card: (row) => ({
    image: row.image_url as string,
    title: String(row.certificate_name),
    badges: [
      activeBadge(row),
      ...(row.pdf_url ? [{ label: "PDF", tone: "yellow" as const }] : []),
      orderBadge(row),
    ],
    link: row.pdf_url ? { label: "View PDF", href: String(row.pdf_url) } : undefined,
  }),
};

const LOGO_REQUIRED = "Please fill in all required fields";

export const logos: ResourceDefinition = {
  key: "logo_settings",
  table: "logo_settings",
  texts: nounTexts(noun("logo"), "Logo Management", {
    saveError: "Error saving logo settings. Please try again.",
    invalid: LOGO_REQUIRED,
  }),
  fields: [
    imageField("logo_url", "Logo Image", "logos", {
      placeholder: "Logo",
      hint: "PNG, JPG, GIF or WebP, up to 10MB",
    }),
    { kind: "text", name: "logo_name", label: "Organization Name", required: true },
    { kind: "text", name: "tagline", label: "Tagline", hint: "Optional" },
    { kind: "checkbox", name: "is_active", label: "Active (shown in the header and footer)" },
  ],
  schema: z.object({
    logo_url: requiredImage(LOGO_REQUIRED),
    logo_name: requiredText(LOGO_REQUIRED, 200),
    tagline: optionalText(300),
    is_active: isActive(),
  }),
  defaults: () => ({
    logo_url: "",
    logo_name: "HELPING HANDS FOUNDATION",
    tagline: "Making a Difference",
    is_active: true,
  }),
  order: { column: "created_at", ascending: false },
  activation: "logo",
  card: (row) => ({
    image: row.logo_url as string,
    imagePlaceholder: "Logo",
    title: String(row.logo_name),
    subtitle: (row.tagline as string) || undefined,
    badges: [activeBadge(row)],
  }),
};
