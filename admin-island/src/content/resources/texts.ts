// A screen's texts follow one pattern per noun ('Error saving project. Please try
// again.', 'Are you sure you want to delete this project?'); a definition names its
// noun and overrides only the texts its screen words differently.
import type { ResourceTexts } from "./types.ts";

export function nounTexts(
  noun: { one: string; many: string; One: string; Many: string },
  heading: string,
  overrides: Partial<ResourceTexts> = {},
): ResourceTexts {
  return {
    heading,
    addButton: `Add ${noun.One}`,
    addTitle: `Add New ${noun.One}`,
    editTitle: `Edit ${noun.One}`,
    createSubmit: `Create ${noun.One}`,
    updateSubmit: `Update ${noun.One}`,
    loading: `Loading ${noun.many}...`,
    empty: `No ${noun.Many} Yet`,
    emptyHint: `Add the first one and it will appear on the site after publishing.`,
    emptyAction: `Add Your First ${noun.One}`,
    confirmDelete: `Are you sure you want to delete this ${noun.one}?`,
    added: `${noun.One} added successfully!`,
    updated: `${noun.One} updated successfully!`,
    deleted: `${noun.One} deleted successfully!`,
    activated: `${noun.One} is now active.`,
    deactivated: `${noun.One} is now inactive.`,
    loadError: `Error loading ${noun.many}. Please try again.`,
    saveError: `Error saving ${noun.one}. Please try again.`,
    deleteError: `Error deleting ${noun.one}. Please try again.`,
    statusError: `Error updating ${noun.one} status. Please try again.`,
    invalid: "Please fill in all required fields",
    ...overrides,
  };
}

export function noun(one: string, many = `${one}s`) {
  const cap = (s: string) => s.replace(/(^|\s)\S/g, (c) => c.toUpperCase());
  return { one, many, One: cap(one), Many: cap(many) };
}
