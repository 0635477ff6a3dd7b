// The organisation's identity: one record, edited in one form, that every public page
// shows (the header, the footer, the contact page, the search engines' structured data
// and the social cards), and that the admin and the alert mails take the name from.
import { emailAddress, phone, socialLink } from "../../../../src/lib/schema/items.ts";
import { defineResource, listField } from "./define.ts";
import { noun, nounTexts } from "./texts.ts";

const SAVED = "Organisation details saved. The site shows them once it is published.";

export const organisation = defineResource({
  table: "organisation",
  texts: nounTexts(noun("organisation details", "organisation details"), "Organisation", {
    createSubmit: "Save Organisation Details",
    updateSubmit: "Save Organisation Details",
    loading: "Loading the organisation's details...",
    added: SAVED,
    updated: SAVED,
    loadError: "Error loading the organisation's details. Please try again.",
    saveError: "Error saving the organisation's details. Please try again.",
  }),
  notice: {
    text: "These details appear on every page: the name in the header, footer and browser tabs, the address, phones and emails in the footer and on the contact page, and all of them in what search engines read.",
  },
  fields: [
    { kind: "text", name: "name", label: "Name", required: true, wide: true },
    {
      kind: "text",
      name: "short_name",
      label: "Short Name",
      required: true,
      hint: "Where the full name is too long: the header without a logo name",
    },
    {
      kind: "number",
      name: "founded_year",
      label: "Founding Year",
      min: 1800,
      required: true,
    },
    {
      kind: "text",
      name: "tagline",
      label: "Tagline",
      required: true,
      wide: true,
      hint: "One line about the charity, for social media previews",
    },
    {
      kind: "textarea",
      name: "description",
      label: "Description",
      required: true,
      wide: true,
      hint: "Two sentences at most: the footer and search engines show it",
    },
    { kind: "text", name: "street", label: "Street Address", required: true, wide: true },
    { kind: "text", name: "locality", label: "Town or City", required: true },
    { kind: "text", name: "postal_code", label: "Postal Code", hint: "Optional" },
    { kind: "text", name: "country", label: "Country", required: true },
    {
      kind: "text",
      name: "country_code",
      label: "Country Code",
      required: true,
      maxLength: 2,
      hint: "Two letters, such as NP, GB or US: for search engines",
    },
    listField("organisation", "phones", phone, {
      label: "Phone Numbers",
      itemLabel: "Phone Number",
      addLabel: "Add Phone Number",
      wide: true,
      hint: "The first one is the main number",
      fields: { number: { kind: "text", label: "Phone Number", required: true } },
    }),
    {
      kind: "text",
      name: "emergency_phone",
      label: "Emergency Phone",
      hint: "Optional: a round-the-clock line, shown on the contact page",
    },
    {
      kind: "text",
      name: "office_hours",
      label: "Office Hours",
      wide: true,
      placeholder: "Mon-Fri 8:00 AM-6:00 PM",
      hint: "Optional: in the footer and on the contact page",
    },
    listField("organisation", "emails", emailAddress, {
      label: "Email Addresses",
      itemLabel: "Email Address",
      addLabel: "Add Email Address",
      wide: true,
      hint: "The first one is the main address",
      fields: { address: { kind: "text", label: "Email Address", required: true } },
    }),
    {
      kind: "text",
      name: "follow_text",
      label: "Line Above the Social Links",
      wide: true,
      hint: "Optional: in the footer, under 'Follow Us'",
    },
    listField("organisation", "socials", socialLink, {
      label: "Social Links",
      itemLabel: "Social Link",
      addLabel: "Add Social Link",
      wide: true,
      fields: {
        label: { kind: "text", label: "Network", required: true, placeholder: "Facebook" },
        href: {
          kind: "text",
          label: "Page Address",
          required: true,
          inputType: "url",
          placeholder: "https://www.facebook.com/...",
        },
      },
    }),
  ],
  card: (row) => ({ title: row.name, subtitle: row.tagline }),
});
