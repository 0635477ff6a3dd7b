// The shape of a resource definition: everything the generic screens need to manage
// one table. Screens never name a table or a text themselves.

import type { ListOrder, Row, TableName } from "../data/data-layer.ts";
import type { z } from "./zod.ts";

interface FieldBase {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  /** Takes the whole row of the form grid. */
  wide?: boolean;
}

export interface TextField extends FieldBase {
  kind: "text" | "textarea";
  placeholder?: string;
  inputType?: "text" | "url";
  maxLength?: number;
}
export interface NumberField extends FieldBase {
  kind: "number";
  min?: number;
}
export interface SelectField extends FieldBase {
  kind: "select";
  options: { value: string; label: string }[];
}
export interface CheckboxField extends FieldBase {
  kind: "checkbox";
}
export interface ImageField extends FieldBase {
  kind: "image";
  /** Storage folder for uploads, e.g. 'banners'. */
  folder: string;
  maxBytes: number;
  /** The grey placeholder shown when the preview fails ('Logo' for logos). */
  placeholder?: string;
}
export interface DocumentField extends FieldBase {
  kind: "document";
  folder: string;
  maxBytes: number;
}
export type ItemField = TextField | SelectField | ImageField;
export interface ListField extends FieldBase {
  kind: "list";
  itemLabel: string;
  addLabel: string;
  fields: ItemField[];
  newItem: Record<string, string>;
}
export type Field =
  | TextField
  | NumberField
  | SelectField
  | CheckboxField
  | ImageField
  | DocumentField
  | ListField;

export type FormValues = Record<string, unknown>;

export interface ResourceTexts {
  /** Screen heading, e.g. 'Projects Management'. */
  heading: string;
  addButton: string;
  addTitle: string;
  editTitle: string;
  createSubmit: string;
  updateSubmit: string;
  loading: string;
  empty: string;
  emptyHint: string;
  emptyAction: string;
  confirmDelete: string;
  added: string;
  updated: string;
  deleted: string;
  activated: string;
  deactivated: string;
  loadError: string;
  saveError: string;
  deleteError: string;
  statusError: string;
  /** Shown above the form when its checks fail (the spec's alert text). */
  invalid: string;
}

export interface CardBadge {
  label: string;
  tone: "green" | "blue" | "yellow" | "grey" | "brand";
}

export interface CardView {
  image?: string | null;
  /** Logos fall back to a grey 'Logo' box, other pictures to 'No image'. */
  imagePlaceholder?: string;
  title: string;
  subtitle?: string;
  lines?: string[];
  badges?: CardBadge[];
  link?: { label: string; href: string };
}

export type NewSortOrder = "max-plus-one" | "count";

export interface ResourceDefinition {
  key: string;
  table: TableName;
  texts: ResourceTexts;
  fields: Field[];
  /** Form values in, the columns to write out. */
  schema: z.ZodType<Record<string, unknown>>;
  /** Values of a new record's form (spec section 3 defaults). */
  defaults: () => FormValues;
  /** How the list is ordered (spec section 7). */
  order: ListOrder;
  /** Where a new record goes in the order, when the table has sort_order. */
  newSortOrder?: NewSortOrder;
  card: (row: Row) => CardView;
  /** Activation goes through the atomic activate_logo RPC. */
  activation?: "logo";
  /** Modal width: 'wide' for the programme content forms. */
  modal?: "normal" | "wide";
  /**
   * Adding may take many pictures at once: one record per file, each titled by the
   * form's title or else by its file name.
   */
  bulk?: { imageField: string; titleField: string; folder: string };
}

export interface GalleryDefinition {
  key: string;
  table: TableName;
  heading: string;
  /** Storage folder of its uploads. */
  folder: string;
  empty: string;
  noun: string;
}
