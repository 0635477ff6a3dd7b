// One schema per content table, written once: its columns (each a kind from
// columns.ts, with the limits of the table's CHECK constraints) and how visitors
// read it. Everything else derives from here: the build's row schemas (strict, so a
// column the site does not know fails the build instead of vanishing), the pages'
// row types, the admin's form rules and the list orders. schema.test.ts holds every
// table against the migrated database and supabase/database.types.ts.
import {
  active,
  type Column,
  choice,
  count,
  countryCode,
  flag,
  icon,
  image,
  list,
  optEmail,
  optImage,
  optLines,
  optLink,
  optText,
  sortOrder,
  text,
  year,
} from "./columns.ts";
import {
  bankAccount,
  coreValue,
  emailAddress,
  emergencyNumber,
  givingArea,
  healthTip,
  phone,
  qrCode,
  service,
  socialLink,
  statistic,
} from "./items.ts";
import { z } from "./zod.ts";

/** How visitors read a table: active rows only or all, in which order. */
export interface TableRead {
  activeOnly: boolean;
  /** sort_order ascending, or newest created_at first. */
  order: "sort_order" | "newest";
  /**
   * 'one': a page shows only the first row read (the newest active one); the other
   * active rows are kept but not shown. Otherwise every row read is shown.
   */
  shows?: "one";
  /**
   * false: no public page shows this table's pictures (it is edited in the admin only).
   * Its rows are still loaded (the build counts them), but its pictures are not fetched
   * or prepared.
   */
  picturesShown?: false;
}

const bySortOrder: TableRead = { activeOnly: true, order: "sort_order" };
/** A table of one record without an Active flag: visitors read it whole. */
const singleRecord: TableRead = { activeOnly: false, order: "newest", shows: "one" };
const newestActive: TableRead = { activeOnly: true, order: "newest" };
/** A page's single record: the newest active one is shown. */
const newestShown: TableRead = { ...newestActive, shows: "one" };

type Columns = Record<string, Column>;

type RowShape<C extends Columns> = {
  id: z.ZodString;
  created_at: z.ZodString;
  updated_at: z.ZodString;
} & { [K in keyof C]: C[K]["row"] };

export interface TableSchema<C extends Columns = Columns> {
  read: TableRead;
  /** The columns an editor writes (every column but id and the timestamps). */
  columns: C;
  /** A whole stored row, strict about its keys. */
  row: z.ZodObject<RowShape<C>, z.core.$strict>;
}

function table<const C extends Columns>(read: TableRead, columns: C): TableSchema<C> {
  const shape = {
    id: z.string(),
    ...Object.fromEntries(Object.entries(columns).map(([name, spec]) => [name, spec.row])),
    created_at: z.string(),
    updated_at: z.string(),
  } as RowShape<C>;
  return { read, columns, row: z.strictObject(shape) };
}

export const POSITIONS = ["left", "center", "right"] as const;
export const GALLERY_CATEGORIES = ["general", "events", "activities", "achievements"] as const;
export const PROJECT_STATUSES = ["ongoing", "completed", "planning"] as const;

const position = () => choice(POSITIONS, "Choose a position");

/** What every page of fixed words has: its title and description for search engines, and its top. */
const pageWords = () => ({
  seo_title: text(200),
  seo_description: text(300),
  intro_eyebrow: text(100),
  intro_title: text(200),
  intro_lead: text(1000),
});

/**
 * A section's heading: an optional small heading above it, the heading, and an
 * optional line under it (`<section>_eyebrow`, `_title`, `_text`), as the admin's
 * headingFields() edits them.
 */
function sectionHeading<const S extends string>(
  section: S,
): Record<`${S}_eyebrow` | `${S}_text`, Column<string | null>> &
  Record<`${S}_title`, Column<string>> {
  return {
    [`${section}_eyebrow`]: optText(100),
    [`${section}_title`]: text(200),
    [`${section}_text`]: optText(500),
  } as Record<`${S}_eyebrow` | `${S}_text`, Column<string | null>> &
    Record<`${S}_title`, Column<string>>;
}

/** A page's closing call to action: a heading and a sentence (its buttons' labels are fixed). */
const callToAction = () => ({ cta_title: text(200), cta_text: text(1000) });

/** What a listing says while it has nothing to show. */
const emptyWords = () => ({ empty_title: text(200), empty_text: text(1000) });

/**
 * How a picture is described to visitors who cannot see it: its alt text (null:
 * the site's default words), or marked decorative (an empty alt).
 */
const described = () => ({ image_alt: optText(500), image_decorative: flag() });

const gallery = () =>
  table(bySortOrder, {
    image_url: image(),
    ...described(),
    sort_order: sortOrder(),
    is_active: active(),
  });

const programmeBanner = {
  image_url: image(),
  ...described(),
  position: position(),
  sort_order: sortOrder(),
  is_active: active(),
};

/** The children's and old-age homes' page: an about block, figures and services. */
const homeContent = () =>
  table(newestShown, {
    about_image_url: image(),
    about_title: text(200),
    about_description: text(10_000),
    statistics: list(statistic),
    services: list(service),
    is_active: active(),
  });

/**
 * A programme page's words around its content: what search engines read, its name and
 * small heading, its donate button, its figures' (unseen) heading, its sections'
 * headings and texts and its closing call, with what the page adds (`own`) between its
 * figures and its services.
 */
const programmePage = <const T extends Columns, const C extends Columns>(top: T, own: C) =>
  table(singleRecord, {
    seo_title: text(200),
    seo_description: text(300),
    intro_eyebrow: text(100),
    intro_title: text(200),
    ...top,
    donate_label: text(100),
    stats_title: text(200),
    about_eyebrow: optText(100),
    ...own,
    ...sectionHeading("services"),
    ...sectionHeading("gallery"),
    ...callToAction(),
  });

/** A home's page: the line under its heading (its about block is its content's). */
const homePage = () => programmePage({ intro_lead: text(1000) }, {});

/** Medical's and relief's about block: a heading, paragraphs, and what a gift pays for. */
const aidAbout = {
  about_title: text(200),
  about_text: text(10_000),
  highlights_title: text(200),
  highlights: optLines(2000),
};

/** The most phone numbers, email addresses or social links the organisation lists. */
export const MAX_CONTACTS = 10;

export const TABLES = {
  /** The organisation's identity: one record every page, the admin and the mails read. */
  organisation: table(singleRecord, {
    name: text(200),
    short_name: text(100),
    tagline: text(300),
    description: text(1000),
    street: text(200),
    locality: text(200),
    postal_code: optText(20),
    country: text(100),
    country_code: countryCode(),
    phones: list(phone, MAX_CONTACTS),
    emergency_phone: optText(50),
    emails: list(emailAddress, MAX_CONTACTS),
    socials: list(socialLink, MAX_CONTACTS),
    founded_year: year(1800, 2100),
    /** In the footer and on the contact page. */
    office_hours: optText(300),
    /** The footer's line above the social links. */
    follow_text: optText(300),
  }),
  /** Contact's words: its top, its sections' headings and texts, the national numbers. */
  contact_page: table(singleRecord, {
    ...pageWords(),
    form_title: text(200),
    form_text: optText(500),
    map_title: text(200),
    directions: optText(1000),
    departments_title: text(200),
    departments_text: optText(500),
    emergency_eyebrow: optText(100),
    emergency_title: text(200),
    emergency_text: text(2000),
    national_numbers: list(emergencyNumber, 10),
  }),
  /** Contact's departments, in the order editors drag them into. */
  departments: table(bySortOrder, {
    name: text(200),
    description: optText(500),
    email: optEmail(),
    phone: optText(50),
    sort_order: sortOrder(),
    is_active: active(),
  }),
  /** Our History's words: what search engines read, its top, the timeline's heading, its call. */
  history_page: table(singleRecord, {
    ...pageWords(),
    timeline_title: text(200),
    timeline_text: optText(500),
    ...callToAction(),
  }),
  /**
   * About Us's words. Its figures of lives, volunteers and years, its mission and its
   * vision are about_content's (the home page shows them too): one fact, one place.
   */
  about_page: table(singleRecord, {
    ...pageWords(),
    /** A fourth figure beside about_content's three: '24/7' 'Support'. */
    extra_figure: optText(20),
    extra_figure_label: optText(100),
    story_title: text(200),
    /** Paragraphs, a blank line between them. */
    story_text: text(10_000),
    /** Under the founding year (the organisation's). */
    founded_note: text(200),
    values_eyebrow: optText(100),
    values_title: text(200),
    core_values: list(coreValue, 12),
    links_title: text(200),
    /** What each link to the other About pages says of its page. */
    history_text: text(300),
    team_text: text(300),
    mission_text: text(300),
    ...callToAction(),
  }),
  /** Our Mission's words: its top, its values, its objectives' headings, its call. */
  mission_page: table(singleRecord, {
    ...pageWords(),
    ...sectionHeading("values"),
    core_values: list(coreValue, 12),
    ...sectionHeading("objectives"),
    ...callToAction(),
  }),
  /** Our Mission's strategic objectives, in the order editors drag them into. */
  mission_objectives: table(bySortOrder, {
    icon: icon(),
    title: text(200),
    description: text(2000),
    goals: optLines(2000),
    sort_order: sortOrder(),
    is_active: active(),
  }),
  /** Our Team's words: what search engines read, its top, its figures, the leaders' heading, its call. */
  team_page: table(singleRecord, {
    ...pageWords(),
    statistics: list(statistic),
    ...sectionHeading("leaders"),
    ...callToAction(),
  }),
  /** Our History's timeline, in the order editors drag it into. */
  milestones: table(bySortOrder, {
    year: year(1800, 2100),
    title: text(200),
    description: text(2000),
    location: optText(200),
    impact: optText(300),
    sort_order: sortOrder(),
    is_active: active(),
  }),
  logo_settings: table(newestShown, {
    logo_url: image(),
    ...described(),
    logo_name: text(200),
    tagline: optText(300),
    is_active: active(),
  }),
  banners: table(bySortOrder, {
    title: optText(200),
    subtitle: optText(500),
    ...programmeBanner,
  }),
  about_content: table(singleRecord, {
    image_url: image(),
    years_of_service: count(1000),
    about_title: text(200),
    about_text: text(10_000),
    lives_impacted: count(1_000_000_000),
    active_volunteers: count(1_000_000_000),
    our_vision: text(5000),
    our_mission: text(5000),
  }),
  causes: table(bySortOrder, {
    title: text(200),
    description: text(5000),
    image: optImage(),
    image_url: image(),
    ...described(),
    icon: optText(100),
    category: optText(100),
    sort_order: sortOrder(),
    is_active: active(),
  }),
  /**
   * One list of people: each is shown in Board & Staff on the home page, on Our Team,
   * or both, as their two ticks say. Our Team shows the rest of what is here.
   */
  board_staff: table(bySortOrder, {
    name: text(200),
    designation: text(200),
    image_url: optImage(),
    ...described(),
    bio: optText(2000),
    specialties: optLines(1000),
    /** The most important first: a card shows the first two. */
    achievements: optLines(2000),
    email: optEmail(),
    phone: optText(50),
    social_label: optText(50),
    social_url: optLink(),
    on_home_page: flag(true),
    on_team_page: flag(true),
    sort_order: sortOrder(),
    is_active: active(),
  }),
  gallery_images: table(
    { ...bySortOrder, picturesShown: false },
    {
      title: text(200),
      description: optText(2000),
      category: choice(GALLERY_CATEGORIES, "Choose a category"),
      image_url: image(),
      sort_order: sortOrder(),
      is_active: active(),
    },
  ),
  home_gallery: gallery(),
  children_gallery: gallery(),
  oldage_gallery: gallery(),
  medical_gallery: gallery(),
  relief_gallery: gallery(),
  children_banners: table(bySortOrder, programmeBanner),
  oldage_banners: table(bySortOrder, {
    title: optText(200),
    subtitle: optText(500),
    ...programmeBanner,
  }),
  children_content: homeContent(),
  oldage_content: homeContent(),
  medical_content: table(newestShown, {
    banner_image_url: image(),
    title: text(200),
    description: text(10_000),
    services: list(service),
    statistics: list(statistic),
    health_tips: list(healthTip),
    is_active: active(),
  }),
  relief_content: table(newestShown, {
    banner_image_url: image(),
    title: text(200),
    description: text(10_000),
    services: list(service),
    statistics: list(statistic),
    is_active: active(),
  }),
  /**
   * Donate's words: its top, the payment methods' headings and texts (the methods
   * themselves are donate_content's), what it says when there is none, where a gift
   * goes, the other ways to help and the note on accounts.
   */
  donate_page: table(singleRecord, {
    ...pageWords(),
    methods_title: text(200),
    methods_text: optText(500),
    qr_title: text(200),
    qr_text: optText(500),
    bank_title: text(200),
    bank_text: optText(1000),
    /** After the methods, before the donations email address. */
    receipt_text: optText(1000),
    none_title: text(200),
    none_text: text(1000),
    ...sectionHeading("areas"),
    giving_areas: list(givingArea, 12),
    ways_eyebrow: optText(100),
    ways_title: text(200),
    other_ways: list(coreValue, 12),
    transparency_text: optText(500),
  }),
  /** Projects' words: its top, what it says while there is no project, its call. */
  projects_page: table(singleRecord, {
    ...pageWords(),
    ...emptyWords(),
    ...callToAction(),
  }),
  /** Certifications' words: its top and what it says while there is no certificate. */
  certifications_page: table(singleRecord, {
    ...pageWords(),
    ...emptyWords(),
  }),
  /**
   * The home page's words: what search engines read under the charity's name, and its
   * sections' headings (what the sections hold is their own tables').
   */
  home_page: table(singleRecord, {
    seo_description: text(300),
    about_eyebrow: optText(100),
    ...sectionHeading("causes"),
    ...sectionHeading("board"),
    ...sectionHeading("gallery"),
  }),
  children_page: homePage(),
  oldage_page: homePage(),
  medical_page: programmePage({}, { ...aidAbout, ...sectionHeading("tips") }),
  relief_page: programmePage({}, aidAbout),
  donate_content: table(newestShown, {
    qr_codes: list(qrCode),
    bank_accounts: list(bankAccount),
    is_active: active(),
  }),
  projects: table(newestActive, {
    title: text(200),
    description: text(10_000),
    image_url: optImage(),
    ...described(),
    category_name: text(100),
    project_status: choice(PROJECT_STATUSES, "Choose a status"),
    is_active: active(),
  }),
  certifications: table(bySortOrder, {
    certificate_name: text(200),
    image_url: image(),
    ...described(),
    pdf_url: optLink(),
    sort_order: sortOrder(),
    is_active: active(),
  }),
};

export type ContentTable = keyof typeof TABLES;

export const CONTENT_TABLES = Object.keys(TABLES) as ContentTable[];

/** A stored row of a content table, as the build reads it and the pages use it. */
export type RowOf<T extends ContentTable> = z.output<(typeof TABLES)[T]["row"]>;

/** The columns an editor writes in table T. */
export type ColumnOf<T extends ContentTable> = keyof (typeof TABLES)[T]["columns"] & string;

/** The content revision the build publishes (one row, not a content table). */
export const REVISION_SCHEMA = z.strictObject({
  id: z.number().int(),
  revision: z.number().int(),
  updated_at: z.string(),
});

/**
 * The form rule of some of a table's columns: each column's own rule, refusing with
 * `messages[column]` or else `required`.
 */
export function formSchema<T extends ContentTable>(
  name: T,
  columns: readonly ColumnOf<T>[],
  required: string,
  messages: Partial<Record<ColumnOf<T>, string>> = {},
) {
  const specs: Record<string, Column> = TABLES[name].columns;
  const byColumn: Partial<Record<string, string>> = messages;
  return z.object(
    Object.fromEntries(
      columns.map((column) => {
        const spec = specs[column];
        if (!spec) throw new Error(`${name} has no column ${column}`);
        return [column, spec.form(byColumn[column] ?? required)];
      }),
    ),
  );
}
