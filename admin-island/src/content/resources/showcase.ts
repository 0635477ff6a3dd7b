// Projects, certifications and the logo.
import { MAX_UPLOAD_BYTES, megabytes } from "../../../../functions/_shared/media-rules.ts";
import { PROJECT_STATUSES } from "../../../../src/lib/schema/tables.ts";
import {
  activeBadge,
  activeField,
  capitalise,
  describeFields,
  imageField,
  optionsOf,
  orderBadge,
  sortOrderField,
} from "./common.ts";
import { defineResource } from "./define.ts";
import { noun, nounTexts } from "./texts.ts";
import type { CardBadge } from "./types.ts";

const STATUS_TONE: Record<string, CardBadge["tone"]> = {
  completed: "green",
  ongoing: "blue",
  planning: "yellow",
};
export const projects = defineResource({
  table: "projects",
  texts: nounTexts(noun("project"), "Projects Management"),
  notice: {
    text: "Shown on Projects, newest first. The page's own words (its introduction, what it says while empty, its closing call) are edited in Pages, Projects.",
    link: { href: "/projects/", label: "Open the page" },
  },
  fields: [
    { kind: "text", name: "title", label: "Project Title", required: true },
    { kind: "text", name: "category_name", label: "Category", required: true },
    {
      kind: "select",
      name: "project_status",
      label: "Status",
      required: true,
      options: optionsOf(PROJECT_STATUSES),
    },
    { kind: "textarea", name: "description", label: "Description", required: true, wide: true },
    imageField("image_url", "Project Image", "projects", { required: false }),
    ...describeFields("projects", "image_url", "the project's title"),
    activeField,
  ],
  card: (row) => ({
    image: row.image_url,
    title: row.title,
    subtitle: row.description,
    badges: [
      activeBadge(row),
      { label: capitalise(row.project_status), tone: STATUS_TONE[row.project_status] ?? "grey" },
      { label: row.category_name, tone: "brand" },
    ],
  }),
});

export const certifications = defineResource({
  table: "certifications",
  texts: nounTexts(noun("certification"), "Certifications Management"),
  notice: {
    text: "Shown on Certifications, in this order: drag one to move it. The page's own words are edited in Pages, Certifications.",
    link: { href: "/certifications/", label: "Open the page" },
  },
  fields: [
    {
      kind: "text",
      name: "certificate_name",
      label: "Certificate Name",
      required: true,
      wide: true,
    },
    imageField("image_url", "Certificate Image", "certificates/images"),
    ...describeFields("certifications", "image_url", "the certificate's name"),
    {
      kind: "document",
      name: "pdf_url",
      label: "Certificate PDF",
      folder: "certificates",
      maxBytes: MAX_UPLOAD_BYTES,
      hint: `Optional: upload a PDF (up to ${megabytes(MAX_UPLOAD_BYTES)}MB) or paste its address`,
      wide: true,
    },
    sortOrderField,
    activeField,
  ],
  card: (row) => ({
    image: row.image_url,
    title: row.certificate_name,
    badges: [
      activeBadge(row),
      ...(row.pdf_url ? [{ label: "PDF", tone: "yellow" as const }] : []),
      orderBadge(row),
    ],
    link: row.pdf_url ? { label: "View PDF", href: row.pdf_url } : undefined,
  }),
});

export const logos = defineResource({
  table: "logo_settings",
  texts: nounTexts(noun("logo"), "Logo Management", {
    saveError: "Error saving logo settings. Please try again.",
  }),
  fields: [
    imageField("logo_url", "Logo Image", "logos", {
      placeholder: "Logo",
    }),
    ...describeFields("logo_settings", "logo_url"),
    { kind: "text", name: "logo_name", label: "Organization Name", required: true },
    { kind: "text", name: "tagline", label: "Tagline", hint: "Optional" },
    { kind: "checkbox", name: "is_active", label: "Active (shown in the header and footer)" },
  ],
  activation: "logo",
  card: (row) => ({
    image: row.logo_url,
    imagePlaceholder: "Logo",
    imageFit: "contain",
    title: row.logo_name,
    subtitle: row.tagline || undefined,
    badges: [activeBadge(row)],
  }),
});
