// The words of the fixed pages, page by page: each page's own words (one record, one
// form) and its lists. The Pages screen groups them under the page they appear on.

import { coreValue, emergencyNumber, givingArea } from "../../../../src/lib/schema/items.ts";
import {
  activeBadge,
  activeField,
  ICON_HINT,
  orderBadge,
  sortOrderField,
  statisticsField,
} from "./common.ts";
import { defineResource, listField } from "./define.ts";
import { noun, nounTexts } from "./texts.ts";
import type { Field } from "./types.ts";

/** The fields every page's own words have: search engines' title and description, its top. */
const pageWordFields = [
  {
    kind: "text",
    name: "seo_title",
    label: "Page Title",
    required: true,
    hint: "In the browser tab and search results, before the charity's name",
  },
  {
    kind: "textarea",
    name: "seo_description",
    label: "Search Description",
    required: true,
    wide: true,
    hint: "What search engines and social previews show under the title: one or two sentences",
  },
  { kind: "text", name: "intro_eyebrow", label: "Small Heading", required: true },
  { kind: "text", name: "intro_title", label: "Heading", required: true },
  { kind: "textarea", name: "intro_lead", label: "Introduction", required: true, wide: true },
] as const satisfies Field[];

/**
 * A section's heading on a page: a small heading above it and a line under it, both
 * optional (`<section>_eyebrow`, `<section>_title`, `<section>_text`).
 */
const headingFields = <const S extends string>(section: S, name: string) =>
  [
    {
      kind: "text",
      name: `${section}_eyebrow`,
      label: `${name}: Small Heading`,
      hint: "Optional",
    },
    { kind: "text", name: `${section}_title`, label: `${name}: Heading`, required: true },
    {
      kind: "text",
      name: `${section}_text`,
      label: `${name}: Text`,
      hint: "Optional: one line under the heading",
      wide: true,
    },
  ] as const satisfies Field[];

/** The closing call to action's words (its buttons keep their labels). */
const ctaFields = [
  { kind: "text", name: "cta_title", label: "Closing Heading", required: true, wide: true },
  { kind: "textarea", name: "cta_text", label: "Closing Text", required: true, wide: true },
] as const satisfies Field[];

const pageTexts = (page: string) =>
  nounTexts(noun(`${page} page words`, `${page} page words`), `${page}: Page Words`, {
    createSubmit: "Save Page Words",
    updateSubmit: "Save Page Words",
    loading: "Loading the page's words...",
    added: "Page words saved. The site shows them once it is published.",
    updated: "Page words saved. The site shows them once it is published.",
    loadError: "Error loading the page's words. Please try again.",
    saveError: "Error saving the page's words. Please try again.",
  });

export const historyPage = defineResource({
  table: "history_page",
  texts: pageTexts("Our History"),
  notice: {
    text: "Shown on Our History.",
    link: { href: "/about/our-history/", label: "Open the page" },
  },
  fields: [
    ...pageWordFields,
    { kind: "text", name: "timeline_title", label: "Timeline Heading", required: true },
    {
      kind: "text",
      name: "timeline_text",
      label: "Timeline Text",
      hint: "Optional: one line under the timeline's heading",
      wide: true,
    },
    ...ctaFields,
  ],
  card: (row) => ({ title: row.intro_title, subtitle: row.intro_lead }),
});

/** What a listing says while it has nothing to show. */
const emptyFields = [
  {
    kind: "text",
    name: "empty_title",
    label: "While Empty: Heading",
    required: true,
    hint: "Shown while the list has nothing to show",
  },
  { kind: "textarea", name: "empty_text", label: "While Empty: Text", required: true, wide: true },
] as const satisfies Field[];

/** A list of values: About Us and Our Mission each hold their own. */
const valuesField = (table: "about_page" | "mission_page") =>
  listField(table, "core_values", coreValue, {
    label: "Values",
    itemLabel: "Value",
    addLabel: "Add Value",
    wide: true,
    fields: {
      icon: { kind: "icon", label: "Icon", required: true, hint: ICON_HINT },
      title: { kind: "text", label: "Title", required: true },
      description: { kind: "textarea", label: "Description", required: true },
    },
  });

export const aboutPage = defineResource({
  table: "about_page",
  texts: pageTexts("About Us"),
  notice: {
    text: "Shown on About Us. Its figures of lives, volunteers and years, its mission and its vision are the home page's: edit them in Home Management, About.",
    link: { href: "/about/", label: "Open the page" },
  },
  fields: [
    ...pageWordFields,
    {
      kind: "text",
      name: "extra_figure",
      label: "Fourth Figure",
      placeholder: "24/7",
      hint: "Optional: shown after the home page's three figures, with its label",
    },
    {
      kind: "text",
      name: "extra_figure_label",
      label: "Fourth Figure's Label",
      placeholder: "Support",
    },
    { kind: "text", name: "story_title", label: "Story Heading", required: true },
    {
      kind: "text",
      name: "founded_note",
      label: "Under the Founding Year",
      required: true,
      hint: "The year itself is the organisation's founding year",
    },
    {
      kind: "textarea",
      name: "story_text",
      label: "Story",
      required: true,
      wide: true,
      hint: "Leave a blank line between paragraphs",
    },
    { kind: "text", name: "values_eyebrow", label: "Values: Small Heading", hint: "Optional" },
    { kind: "text", name: "values_title", label: "Values: Heading", required: true },
    valuesField("about_page"),
    { kind: "text", name: "links_title", label: "Links: Heading", required: true, wide: true },
    {
      kind: "text",
      name: "history_text",
      label: "Link to Our History",
      required: true,
      wide: true,
    },
    { kind: "text", name: "team_text", label: "Link to Our Team", required: true, wide: true },
    {
      kind: "text",
      name: "mission_text",
      label: "Link to Our Mission",
      required: true,
      wide: true,
    },
    ...ctaFields,
  ],
  card: (row) => ({ title: row.intro_title, subtitle: row.intro_lead }),
});

export const missionPage = defineResource({
  table: "mission_page",
  texts: pageTexts("Our Mission"),
  notice: {
    text: "Shown on Our Mission. Its mission and vision are the home page's: edit them in Home Management, About.",
    link: { href: "/about/our-mission/", label: "Open the page" },
  },
  fields: [
    ...pageWordFields,
    ...headingFields("values", "Values"),
    valuesField("mission_page"),
    ...headingFields("objectives", "Objectives"),
    ...ctaFields,
  ],
  card: (row) => ({ title: row.intro_title, subtitle: row.intro_lead }),
});

export const missionObjectives = defineResource({
  table: "mission_objectives",
  texts: nounTexts(noun("objective"), "Our Mission: Objectives"),
  notice: {
    text: "The strategic objectives on Our Mission, in this order: drag one to move it.",
    link: { href: "/about/our-mission/", label: "Open the page" },
  },
  fields: [
    { kind: "icon", name: "icon", label: "Icon", required: true, hint: ICON_HINT },
    { kind: "text", name: "title", label: "Title", required: true, wide: true },
    { kind: "textarea", name: "description", label: "Description", required: true, wide: true },
    {
      kind: "textarea",
      name: "goals",
      label: "Goals",
      wide: true,
      hint: "Optional: one per line",
    },
    sortOrderField,
    activeField,
  ],
  card: (row) => ({
    title: row.title,
    subtitle: row.description,
    badges: [activeBadge(row), orderBadge(row)],
  }),
});

export const contactPage = defineResource({
  table: "contact_page",
  texts: pageTexts("Contact"),
  notice: {
    text: "Shown on Contact. Its address, phone numbers, emails, office hours and emergency line are the organisation's: edit them on the Organisation screen.",
    link: { href: "/contact/", label: "Open the page" },
  },
  fields: [
    ...pageWordFields,
    { kind: "text", name: "form_title", label: "Form: Heading", required: true },
    {
      kind: "text",
      name: "form_text",
      label: "Form: Text",
      hint: "Optional: one line under the heading",
      wide: true,
    },
    { kind: "text", name: "map_title", label: "Map: Heading", required: true },
    {
      kind: "textarea",
      name: "directions",
      label: "Directions",
      hint: "Optional: how to find you",
      wide: true,
    },
    { kind: "text", name: "departments_title", label: "Departments: Heading", required: true },
    {
      kind: "text",
      name: "departments_text",
      label: "Departments: Text",
      hint: "Optional: one line under the heading",
      wide: true,
    },
    {
      kind: "text",
      name: "emergency_eyebrow",
      label: "Emergency: Small Heading",
      hint: "Optional",
    },
    { kind: "text", name: "emergency_title", label: "Emergency: Heading", required: true },
    {
      kind: "textarea",
      name: "emergency_text",
      label: "Emergency: Text",
      required: true,
      wide: true,
    },
    listField("contact_page", "national_numbers", emergencyNumber, {
      label: "National Emergency Numbers",
      itemLabel: "Number",
      addLabel: "Add Number",
      wide: true,
      fields: {
        label: { kind: "text", label: "Service", required: true, placeholder: "Police" },
        number: { kind: "text", label: "Number", required: true, placeholder: "100" },
      },
    }),
  ],
  card: (row) => ({ title: row.intro_title, subtitle: row.intro_lead }),
});

export const departments = defineResource({
  table: "departments",
  texts: nounTexts(noun("department"), "Contact: Departments"),
  notice: {
    text: "The department contacts on Contact, in this order: drag one to move it.",
    link: { href: "/contact/", label: "Open the page" },
  },
  fields: [
    { kind: "text", name: "name", label: "Name", required: true },
    { kind: "text", name: "description", label: "Description", hint: "Optional", wide: true },
    { kind: "text", name: "email", label: "Email", inputType: "email", hint: "Optional" },
    { kind: "text", name: "phone", label: "Phone", inputType: "tel", hint: "Optional" },
    sortOrderField,
    activeField,
  ],
  card: (row) => ({
    title: row.name,
    subtitle: [row.email, row.phone].filter(Boolean).join(" · ") || (row.description ?? undefined),
    badges: [activeBadge(row), orderBadge(row)],
  }),
});

export const teamPage = defineResource({
  table: "team_page",
  texts: pageTexts("Our Team"),
  notice: {
    text: "Shown on Our Team. Its people are Board & Staff's people ticked 'On Our Team'.",
    link: { href: "/about/our-team/", label: "Open the page" },
  },
  fields: [
    ...pageWordFields,
    statisticsField("team_page"),
    ...headingFields("leaders", "People"),
    ...ctaFields,
  ],
  card: (row) => ({ title: row.intro_title, subtitle: row.intro_lead }),
});

export const milestones = defineResource({
  table: "milestones",
  texts: nounTexts(noun("milestone"), "Our History: Milestones"),
  notice: {
    text: "The timeline on Our History, in this order: drag a milestone to move it.",
    link: { href: "/about/our-history/", label: "Open the page" },
  },
  fields: [
    { kind: "number", name: "year", label: "Year", min: 1800, required: true },
    { kind: "text", name: "title", label: "Title", required: true },
    { kind: "textarea", name: "description", label: "Description", required: true, wide: true },
    { kind: "text", name: "location", label: "Location", hint: "Optional" },
    { kind: "text", name: "impact", label: "Impact", hint: "Optional: what it changed, in a line" },
    sortOrderField,
    activeField,
  ],
  card: (row) => ({
    title: `${row.year}: ${row.title}`,
    subtitle: row.description,
    badges: [activeBadge(row), orderBadge(row)],
  }),
});

export const donatePage = defineResource({
  table: "donate_page",
  texts: pageTexts("Donate"),
  notice: {
    text: "Shown on Donate. Its QR codes and bank accounts are edited on the Donate screen (the dashboard's Donate tile).",
    link: { href: "/donate/", label: "Open the page" },
  },
  fields: [
    ...pageWordFields,
    { kind: "text", name: "methods_title", label: "Methods: Heading", required: true },
    {
      kind: "text",
      name: "methods_text",
      label: "Methods: Text",
      hint: "Optional: one line under the heading",
      wide: true,
    },
    { kind: "text", name: "qr_title", label: "QR Codes: Heading", required: true },
    { kind: "text", name: "qr_text", label: "QR Codes: Text", hint: "Optional", wide: true },
    { kind: "text", name: "bank_title", label: "Bank Transfer: Heading", required: true },
    {
      kind: "textarea",
      name: "bank_text",
      label: "Bank Transfer: Text",
      hint: "Optional",
      wide: true,
    },
    {
      kind: "textarea",
      name: "receipt_text",
      label: "Receipts",
      hint: "Optional: shown under the methods, before the donations email address",
      wide: true,
    },
    {
      kind: "text",
      name: "none_title",
      label: "Without Methods: Heading",
      required: true,
      hint: "Shown while there is no QR code or bank account",
    },
    {
      kind: "textarea",
      name: "none_text",
      label: "Without Methods: Text",
      required: true,
      wide: true,
    },
    ...headingFields("areas", "Where a Gift Goes"),
    listField("donate_page", "giving_areas", givingArea, {
      label: "Where a Gift Goes",
      itemLabel: "Area",
      addLabel: "Add Area",
      wide: true,
      fields: {
        icon: { kind: "icon", label: "Icon", required: true, hint: ICON_HINT },
        title: { kind: "text", label: "Title", required: true },
        description: { kind: "textarea", label: "Description", required: true },
        href: {
          kind: "text",
          label: "Leads To",
          required: true,
          placeholder: "/children-home/",
          hint: "A page of the site, such as /medical/, or a web address",
        },
      },
    }),
    { kind: "text", name: "ways_eyebrow", label: "Other Ways: Small Heading", hint: "Optional" },
    { kind: "text", name: "ways_title", label: "Other Ways: Heading", required: true },
    listField("donate_page", "other_ways", coreValue, {
      label: "Other Ways to Help",
      itemLabel: "Way",
      addLabel: "Add Way",
      wide: true,
      fields: {
        icon: { kind: "icon", label: "Icon", required: true, hint: ICON_HINT },
        title: { kind: "text", label: "Title", required: true },
        description: { kind: "textarea", label: "Description", required: true },
      },
    }),
    {
      kind: "textarea",
      name: "transparency_text",
      label: "Note on Accounts",
      hint: "Optional: shown before the link to the certificates",
      wide: true,
    },
  ],
  card: (row) => ({ title: row.intro_title, subtitle: row.intro_lead }),
});

export const projectsPage = defineResource({
  table: "projects_page",
  texts: pageTexts("Projects"),
  notice: {
    text: "Shown on Projects. The projects themselves are edited on the Projects screen.",
    link: { href: "/projects/", label: "Open the page" },
  },
  fields: [...pageWordFields, ...emptyFields, ...ctaFields],
  card: (row) => ({ title: row.intro_title, subtitle: row.intro_lead }),
});

export const certificationsPage = defineResource({
  table: "certifications_page",
  texts: pageTexts("Certifications"),
  notice: {
    text: "Shown on Certifications. The certificates themselves are edited on the Certifications screen.",
    link: { href: "/certifications/", label: "Open the page" },
  },
  fields: [...pageWordFields, ...emptyFields],
  card: (row) => ({ title: row.intro_title, subtitle: row.intro_lead }),
});

/**
 * What every programme page's words start with: search engines' words, its name (the
 * homes' heading too; medical's and relief's heading is their content's title).
 */
const programmeTopFields = (nameHint: string) =>
  [
    pageWordFields[0],
    pageWordFields[1],
    pageWordFields[2],
    { kind: "text", name: "intro_title", label: "Page Name", required: true, hint: nameHint },
  ] as const satisfies Field[];

const HOME_NAME_HINT =
  "The page's heading, and its name in the breadcrumb and the pictures' descriptions";
const AID_NAME_HINT =
  "Its name in the breadcrumb and the pictures' descriptions (the big heading is the content's title)";

/** After the top: the donate buttons' label, the figures' heading, the about's small heading. */
const programmeMiddleFields = [
  {
    kind: "text",
    name: "donate_label",
    label: "Donate Button",
    required: true,
    hint: "The label of the page's donate buttons, in its top and its closing call",
  },
  {
    kind: "text",
    name: "stats_title",
    label: "Figures' Heading",
    required: true,
    hint: "Not shown: screen readers say it before the figures",
  },
  { kind: "text", name: "about_eyebrow", label: "About: Small Heading", hint: "Optional" },
] as const satisfies Field[];

/** Medical's and relief's about block, which their content records do not have. */
const aidAboutFields = [
  { kind: "text", name: "about_title", label: "About: Heading", required: true, wide: true },
  {
    kind: "textarea",
    name: "about_text",
    label: "About: Text",
    required: true,
    wide: true,
    hint: "Leave a blank line between paragraphs",
  },
  {
    kind: "text",
    name: "highlights_title",
    label: "What a Gift Pays For: Heading",
    required: true,
  },
  {
    kind: "textarea",
    name: "highlights",
    label: "What a Gift Pays For",
    wide: true,
    hint: "Optional: one per line",
  },
] as const satisfies Field[];

const programmeEndFields = [
  ...headingFields("services", "Services"),
  ...headingFields("gallery", "Gallery"),
  ...ctaFields,
] as const satisfies Field[];

/** Where a programme page's words are shown, and the screens of what its programme holds. */
const programmeNotice = (page: string, path: string, holds: string, screens: string) => ({
  text: `Shown on ${page}. What the programme holds (${holds}) is edited on ${screens}.`,
  link: { href: path, label: "Open the page" },
});

const programmeCard = (row: { intro_title: string; seo_description: string }) => ({
  title: row.intro_title,
  subtitle: row.seo_description,
});

/** A home's page words: its top with the line under the heading, and its sections'. */
const homeWords = (
  table: "children_page" | "oldage_page",
  page: string,
  path: string,
  screens: string,
) =>
  defineResource({
    table,
    texts: pageTexts(page),
    notice: programmeNotice(
      page,
      path,
      "its banners, about block, figures, services and gallery",
      screens,
    ),
    fields: [
      ...programmeTopFields(HOME_NAME_HINT),
      pageWordFields[4],
      ...programmeMiddleFields,
      ...programmeEndFields,
    ],
    card: programmeCard,
  });

export const childrenPage = homeWords(
  "children_page",
  "Children's Home",
  "/children-home/",
  "Children Home Content, Children Home Banners and Children Gallery",
);

export const oldagePage = homeWords(
  "oldage_page",
  "Old Age Home",
  "/oldage-home/",
  "Old Age Home Content, Old Age Home Banners and Old Age Home Gallery",
);

export const medicalPage = defineResource({
  table: "medical_page",
  texts: pageTexts("Medical"),
  notice: programmeNotice(
    "Medical",
    "/medical/",
    "its banner, title, text, figures, services, health tips and gallery",
    "Medical Content and Medical Gallery",
  ),
  fields: [
    ...programmeTopFields(AID_NAME_HINT),
    ...programmeMiddleFields,
    ...aidAboutFields,
    ...headingFields("tips", "Health Tips"),
    ...programmeEndFields,
  ],
  card: programmeCard,
});

export const reliefPage = defineResource({
  table: "relief_page",
  texts: pageTexts("Relief"),
  notice: programmeNotice(
    "Relief",
    "/relief/",
    "its banner, title, text, figures, services and gallery",
    "Relief Content and Relief Gallery",
  ),
  fields: [
    ...programmeTopFields(AID_NAME_HINT),
    ...programmeMiddleFields,
    ...aidAboutFields,
    ...programmeEndFields,
  ],
  card: programmeCard,
});

export const homePage = defineResource({
  table: "home_page",
  texts: pageTexts("Home"),
  notice: {
    text: "Shown on the home page: its description for search engines and its sections' headings. What the sections hold is edited in their own sections here, and the gallery's pictures on the Home Gallery screen.",
    link: { href: "/", label: "Open the page" },
  },
  fields: [
    pageWordFields[1],
    { kind: "text", name: "about_eyebrow", label: "About: Small Heading", hint: "Optional" },
    ...headingFields("causes", "Causes"),
    ...headingFields("board", "Board & Staff"),
    ...headingFields("gallery", "Gallery"),
  ],
  card: (row) => ({ title: row.causes_title, subtitle: row.seo_description }),
});
