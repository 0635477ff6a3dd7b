// The shape of a resource definition: everything the generic screens need to manage
// one table. Screens never name a table or a text themselves.

import type { z } from "../../../../src/lib/schema/zod.ts";
import type { ListOrder, Row, TableName } from "../../api/rows.ts";

/** A plain sentence at the top of a screen, with a link onward. */
export interface ScreenNotice {
  text: string;
  link?: { href: string; label: string };
}

interface FieldBase<N extends string = string> {
  /** The column (or, inside a list, the item key) the field edits. */
  name: N;
  label: string;
  required?: boolean;
  hint?: string;
  /** Takes the whole row of the form grid. */
  wide?: boolean;
}

export interface TextField<N extends string = string> extends FieldBase<N> {
  kind: "text" | "textarea";
  placeholder?: string;
  inputType?: "text" | "url" | "email" | "tel";
  maxLength?: number;
}
export interface NumberField<N extends string = string> extends FieldBase<N> {
  kind: "number";
  min?: number;
}
export interface SelectField<N extends string = string> extends FieldBase<N> {
  kind: "select";
  options: { value: string; label: string }[];
}
export interface CheckboxField<N extends string = string> extends FieldBase<N> {
  kind: "checkbox";
}
export interface ImageField<N extends string = string> extends FieldBase<N> {
  kind: "image";
  /** Storage folder for uploads, e.g. 'banners'. */
  folder: string;
  maxBytes: number;
  /** The grey placeholder shown when the preview fails ('Logo' for logos). */
  placeholder?: string;
}
export interface DocumentField<N extends string = string> extends FieldBase<N> {
  kind: "document";
  folder: string;
  maxBytes: number;
}
/** A list item's icon, picked from the site's service icons; a health tip may take an emoji. */
export interface IconField<N extends string = string> extends FieldBase<N> {
  kind: "icon";
  /** Offers an Emoji choice, with a box for the emoji, besides the icons. */
  emoji?: boolean;
}
export type ItemField<N extends string = string> =
  | TextField<N>
  | SelectField<N>
  | ImageField<N>
  | IconField<N>;
export interface ListField<N extends string = string> extends FieldBase<N> {
  kind: "list";
  itemLabel: string;
  addLabel: string;
  fields: ItemField[];
  newItem: Record<string, string>;
}
export type Field<N extends string = string> =
  | TextField<N>
  | NumberField<N>
  | SelectField<N>
  | CheckboxField<N>
  | ImageField<N>
  | DocumentField<N>
  | ListField<N>
  | IconField<N>;

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
  /** Shown above the form when its checks fail; also the form's refusal of a blank required field. */
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
  /**
   * 'contain' shows the whole picture (a QR code, a logo), whose edges matter; the
   * others fill the card's frame and may lose their edges ('cover', the default).
   */
  imageFit?: "cover" | "contain";
  title: string;
  subtitle?: string;
  lines?: string[];
  badges?: CardBadge[];
  link?: { label: string; href: string };
}

/**
 * How a list screen is searched and filtered, on the rows it has loaded: a search
 * looks in `fields` (and in the card's title), and `category`, when the table has
 * one, narrows the list to one of its values.
 */
export interface ListSearch {
  /** The columns whose text a search looks in. */
  fields: string[];
  /** What the search box's hint says it looks in: 'Project Title, Category'. */
  labels: string[];
  category?: {
    field: string;
    label: string;
    /** A select's options, which name its stored values; a free-text column has none. */
    options?: { value: string; label: string }[];
  };
}

/**
 * A resource as the generic screens see it, whatever its table. Definitions are
 * written with defineResource<'table'> (define.ts), which checks their field names
 * and card against the table's schema and derives the form rules, defaults and order.
 */
export interface ResourceDefinition {
  key: string;
  table: TableName;
  texts: ResourceTexts;
  fields: Field[];
  /** Form values in, the columns to write out. */
  schema: z.ZodType<Record<string, unknown>>;
  /** Values of a new record's form. */
  defaults: () => FormValues;
  /** How the list is ordered: as visitors see it (a new record's place follows it). */
  order: ListOrder;
  card: (row: Row) => CardView;
  /** What the list's search looks in, and its category filter. */
  search: ListSearch;
  /** Activation goes through the atomic activate_logo RPC. */
  activation?: "logo";
  /**
   * The site shows one record of this table, the first active one in the list's
   * order; its card says so, and the other active ones say why they are not shown.
   */
  showsOne?: boolean;
  /** Modal width: 'wide' for the programme content forms. */
  modal?: "normal" | "wide";
  /**
   * Adding may take many pictures at once: one record per file, each titled by the
   * form's title or else by its file name.
   */
  bulk?: { imageField: string; titleField: string; folder: string };
  /** Said at the top of the screen: where its records show (or that they show nowhere). */
  notice?: ScreenNotice;
}

/** What a gallery screen says, beyond its heading, empty text and picture noun. */
export interface GalleryTexts {
  loading: string;
  loadError: string;
  /** Under the empty text: how to start the gallery. */
  emptyHint: string;
  /** The drop zone, idle and while uploading. */
  dropHint: string;
  uploading: string;
  chooseButton: string;
  /** The accepted files, under the button. */
  fileHint: string;
  /** Names the list of files being uploaded. */
  progressLabel: string;
  /** Names one file's progress bar. */
  fileProgress: (name: string) => string;
  fileWaiting: string;
  fileAdded: string;
  /** The statistics panel's terms. */
  stats: { total: string; active: string; inactive: string; rate: string };
  /** Names the list of pictures. */
  listLabel: string;
  activeBadge: string;
  inactiveBadge: string;
  show: string;
  hide: string;
  delete: string;
  activated: string;
  deactivated: string;
  statusError: string;
  confirmDelete: string;
  deleted: string;
  deleteError: string;
  /** A picture's place when moving it is read out: 'picture 2 of 6'. */
  moveUnit: string;
  history: string;
  /** Describing a picture for people who cannot see it (its alt text). */
  describe: {
    button: string;
    title: (name: string) => string;
    altLabel: string;
    altHint: string;
    /** How much of the limit is used: '12 of 500 characters'. */
    count: (used: number, limit: number) => string;
    decorativeLabel: string;
    decorativeHint: string;
    save: string;
    cancel: string;
    saved: string;
    error: string;
    /** The gentle prompt on a picture just added without a description. */
    prompt: string;
    /** What an older picture without a description says instead. */
    none: string;
    decorativeBadge: string;
    /** The description as the tile shows it. */
    shown: (alt: string) => string;
  };
}

export interface GalleryDefinition {
  key: string;
  table: TableName;
  heading: string;
  /** Storage folder of its uploads. */
  folder: string;
  empty: string;
  /** Names one picture, numbered: 'Medical Gallery Image 2'. */
  noun: string;
  texts: GalleryTexts;
  /** What the gallery's search looks in: the pictures' descriptions. */
  search: ListSearch;
}
