// Fields, options and card badges shared by several definitions.

import {
  acceptedTypesHint,
  MAX_UPLOAD_BYTES,
  megabytes,
  SMALL_PICTURE_MAX_BYTES,
} from "../../../../functions/_shared/media-rules.ts";
import { service, statistic } from "../../../../src/lib/schema/items.ts";
import type { ColumnOf, ContentTable } from "../../../../src/lib/schema/tables.ts";
import { listField } from "./define.ts";
import type {
  CardBadge,
  CheckboxField,
  ImageField,
  ListField,
  NumberField,
  TextField,
} from "./types.ts";

export const POSITION_OPTIONS = [
  { value: "left", label: "Left Aligned" },
  { value: "center", label: "Center Aligned" },
  { value: "right", label: "Right Aligned" },
];

export const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A select's options for a column's values, each labelled with a capital. */
export const optionsOf = (values: readonly string[]) =>
  values.map((value) => ({ value, label: capitalise(value) }));

export function positionLabel(value: unknown): string {
  return POSITION_OPTIONS.find((option) => option.value === value)?.label ?? String(value);
}

/** Under an icon picker. */
export const ICON_HINT = "The site shows the chosen picture beside the item.";

/** Under a picture upload: the types it takes and its limit. */
export const imageHint = (maxBytes: number) =>
  `${acceptedTypesHint()}, up to ${megabytes(maxBytes)}MB`;
export const IMAGE_HINT_10 = imageHint(MAX_UPLOAD_BYTES);
export const IMAGE_HINT_5 = imageHint(SMALL_PICTURE_MAX_BYTES);

export function imageField<N extends string>(
  name: N,
  label: string,
  folder: string,
  options: Partial<Omit<ImageField, "name">> = {},
): ImageField<N> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  return {
    kind: "image",
    name,
    label,
    folder,
    maxBytes,
    required: true,
    wide: true,
    hint: maxBytes <= SMALL_PICTURE_MAX_BYTES ? IMAGE_HINT_5 : IMAGE_HINT_10,
    ...options,
  };
}

/** The Alt text field: which picture it describes, so a new picture can ask for it. */
export interface AltTextField extends TextField<"image_alt"> {
  /** The picture's column in the same form. */
  describes: string;
  /** Advice (never a refusal) when the picture is new in the form. */
  prompts: {
    /** ... and has no alt text. */
    missing: string;
    /** ... and keeps the alt text of the picture before it. */
    check: string;
  };
}

/** Whether a field is the Alt text of a picture in its form. */
export function isAltTextField(field: { name: string }): field is AltTextField {
  return (
    field.name === "image_alt" && typeof (field as Partial<AltTextField>).describes === "string"
  );
}

/** The tables whose pictures visitors see: each has image_alt and image_decorative. */
export type DescribedTable = {
  [T in ContentTable]: "image_alt" | "image_decorative" extends ColumnOf<T> ? T : never;
}[ContentTable];

/**
 * How a table's picture is described to visitors who cannot see it, placed right
 * after the picture's own field: its alt text (at most 500 characters, the column's
 * rule; blank is stored as null, and the site then uses its default words, `fallback`
 * in the hint) and whether it is decorative (an empty alt). The decorative flag starts
 * as no (its column's initial value).
 */
export function describeFields<T extends DescribedTable>(
  _table: T,
  picture: ColumnOf<T>,
  fallback = "a default",
): [AltTextField, CheckboxField<"image_decorative">] {
  return [
    {
      kind: "text",
      name: "image_alt",
      label: "Alt text",
      describes: picture,
      prompts: {
        missing:
          "New picture: add a short description of it, or tick Decorative picture if it adds nothing.",
        check: "New picture: check that the alt text still describes it.",
      },
      wide: true,
      hint: `Describe the picture for people who cannot see it. Leave empty to use ${fallback}.`,
    },
    {
      kind: "checkbox",
      name: "image_decorative",
      label: "Decorative picture (no description)",
      wide: true,
      hint: "Only for a picture that adds nothing to the page: screen readers then skip it.",
    },
  ];
}

export const sortOrderField: NumberField<"sort_order"> = {
  kind: "number",
  name: "sort_order",
  label: "Sort Order",
  min: 0,
};

export const activeField: CheckboxField<"is_active"> = {
  kind: "checkbox",
  name: "is_active",
  label: "Active",
};

/** A programme page's services. */
export function servicesField<T extends ContentTable>(table: T): ListField<ColumnOf<T>> {
  return listField(table, "services" as ColumnOf<T>, service, {
    label: "Services",
    itemLabel: "Service",
    addLabel: "Add Service",
    wide: true,
    fields: {
      icon: { kind: "icon", label: "Icon", required: true, hint: ICON_HINT },
      title: { kind: "text", label: "Title", required: true },
      description: { kind: "textarea", label: "Description", required: true },
    },
  });
}

/** A programme page's figures. */
export function statisticsField<T extends ContentTable>(table: T): ListField<ColumnOf<T>> {
  return listField(table, "statistics" as ColumnOf<T>, statistic, {
    label: "Statistics",
    itemLabel: "Statistic",
    addLabel: "Add Statistic",
    wide: true,
    fields: {
      number: { kind: "text", label: "Number", required: true, placeholder: "5,000+" },
      label: { kind: "text", label: "Label", required: true },
    },
  });
}

export function activeBadge(
  row: { is_active: boolean },
  labels: [string, string] = ["Active", "Inactive"],
): CardBadge {
  return row.is_active ? { label: labels[0], tone: "green" } : { label: labels[1], tone: "grey" };
}

/** Editors count from 1: the badge shows sort_order + 1. */
export function orderBadge(row: { sort_order: number }): CardBadge {
  return { label: `#${row.sort_order + 1}`, tone: "brand" };
}
