// Field and option lists shared by several definitions.
import { serviceIconNames } from "../../../src/lib/icons.ts";
import type { Row } from "../data/data-layer.ts";
import { FIVE_MB, TEN_MB } from "../data/images.ts";
import type { Field, ImageField, ListField } from "./types.ts";

export const POSITION_OPTIONS = [
  { value: "left", label: "Left Aligned" },
  { value: "center", label: "Center Aligned" },
  { value: "right", label: "Right Aligned" },
];
export const POSITIONS = ["left", "center", "right"] as const;

export function positionLabel(value: unknown): string {
  return POSITION_OPTIONS.find((option) => option.value === value)?.label ?? String(value);
}

/** The service icons an administrator can pick: the site's own list. */
export const ICON_NAMES: readonly string[] = serviceIconNames;

export const IMAGE_HINT_10 = "PNG, JPG, GIF or WebP, up to 10MB";
export const IMAGE_HINT_5 = "PNG, JPG, GIF or WebP, up to 5MB";

export function imageField(
  name: string,
  label: string,
  folder: string,
  options: Partial<ImageField> = {},
): ImageField {
  const maxBytes = options.maxBytes ?? TEN_MB;
  return {
    kind: "image",
    name,
    label,
    folder,
    maxBytes,
    required: true,
    wide: true,
    hint: maxBytes <= FIVE_MB ? IMAGE_HINT_5 : IMAGE_HINT_10,
    ...options,
  };
}

export const sortOrderField: Field = {
  kind: "number",
  name: "sort_order",
  label: "Sort Order",
  min: 0,
};
export const activeField: Field = { kind: "checkbox", name: "is_active", label: "Active" };

export function servicesField(newIcon: string): ListField {
  return {
    kind: "list",
    name: "services",
    label: "Services",
    itemLabel: "Service",
    addLabel: "Add Service",
    wide: true,
    newItem: { icon: newIcon, title: "", description: "" },
    fields: [
      {
        kind: "text",
        name: "icon",
        label: "Icon",
        required: true,
        hint: `One of: ${ICON_NAMES.join(", ")}`,
      },
      { kind: "text", name: "title", label: "Title", required: true },
      { kind: "textarea", name: "description", label: "Description", required: true },
    ],
  };
}

export const statisticsField: ListField = {
  kind: "list",
  name: "statistics",
  label: "Statistics",
  itemLabel: "Statistic",
  addLabel: "Add Statistic",
  wide: true,
  newItem: { number: "", label: "" },
  fields: [
    { kind: "text", name: "number", label: "Number", required: true, placeholder: "5,000+" },
    { kind: "text", name: "label", label: "Label", required: true },
  ],
};

export function activeBadge(row: Row, labels: [string, string] = ["Active", "Inactive"]) {
  return row.is_active
    ? { label: labels[0], tone: "green" as const }
    : { label: labels[1], tone: "grey" as const };
}

export function orderBadge(row: Row) {
  return { label: `#${Number(row.sort_order ?? 0) + 1}`, tone: "brand" as const };
}

/** Null texts become '' for the form's inputs. */
export function formText(value: unknown): string {
  return typeof value === "string" ? value : "";
}
