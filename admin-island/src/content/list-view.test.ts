// What a list screen shows of its rows: the search (every word, any case, accents
// aside, in the definition's text fields and the card's title), the category filter,
// the first rows and "Show more", and when dragging may change the order. Also what
// each registered list searches, derived from its fields.
import { describe, expect, it } from "vitest";
import type { Row } from "../api/rows.ts";
import { galleries, resources } from "../app/registry-definitions.ts";
import { listWords } from "../ui/words.ts";
import {
  canReorder,
  categoryChoices,
  filterRows,
  foldText,
  indexRows,
  isFiltered,
  LIST_BATCH,
  NO_CRITERIA,
  searchWords,
  shownOf,
} from "./list-view.ts";
import { listSearch } from "./resources/define.ts";
import { galleryImages } from "./resources/home.ts";
import { certifications, logos, projects } from "./resources/showcase.ts";
import type { ListSearch } from "./resources/types.ts";

const SEARCH: ListSearch = {
  fields: ["title", "description", "category_name"],
  labels: ["Title", "Description", "Category"],
  category: { field: "category_name", label: "Category" },
};

const row = (id: string, values: Record<string, unknown>): Row => ({ id, ...values });

const ROWS = [
  row("1", { title: "Clean Water", description: "Wells in Dhading", category_name: "Water" }),
  row("2", { title: "Café for Elders", description: "Warm meals", category_name: "Elder care" }),
  row("3", { title: "School Books", description: "Books for 40 schools", category_name: "water " }),
  row("4", { title: "Night Shelter", description: null, category_name: null }),
];

const ids = (rows: { row: Row }[]) => rows.map((entry) => entry.row.id);

describe("searching a list", () => {
  const indexed = indexRows(ROWS, SEARCH);

  it("folds case, accents and spaces", () => {
    expect(foldText("  CAFÉ   for\tÉlders ")).toBe("cafe for elders");
    expect(searchWords("  Clean   WATER ")).toEqual(["clean", "water"]);
    expect(searchWords("   ")).toEqual([]);
  });

  it("finds rows holding every word, in any of the search's fields, in list order", () => {
    expect(ids(filterRows(indexed, { query: "water", category: "" }))).toEqual(["1", "3"]);
    expect(ids(filterRows(indexed, { query: "WELLS clean", category: "" }))).toEqual(["1"]);
    expect(ids(filterRows(indexed, { query: "cafe", category: "" }))).toEqual(["2"]);
    expect(ids(filterRows(indexed, { query: "clean meals", category: "" }))).toEqual([]);
    // Words are found inside longer words, and null fields are simply empty.
    expect(ids(filterRows(indexed, { query: "helt", category: "" }))).toEqual(["4"]);
  });

  it("keeps every row, with its place, when nothing is asked", () => {
    const all = filterRows(indexed, NO_CRITERIA);
    expect(ids(all)).toEqual(["1", "2", "3", "4"]);
    expect(all.map((entry) => entry.index)).toEqual([0, 1, 2, 3]);
    expect(isFiltered(NO_CRITERIA)).toBe(false);
    expect(isFiltered({ query: "  ", category: "" })).toBe(false);
    expect(isFiltered({ query: "a", category: "" })).toBe(true);
    expect(isFiltered({ query: "", category: "water" })).toBe(true);
  });

  it("looks in the card's title too, and never in columns the search does not name", () => {
    const titled = indexRows(ROWS, { fields: [], labels: [] }, (r) => `Banner ${r.id}`);
    expect(ids(filterRows(titled, { query: "banner 3", category: "" }))).toEqual(["3"]);
    expect(ids(filterRows(titled, { query: "water", category: "" }))).toEqual([]);
  });

  it("narrows to one category, however its case or spaces are written", () => {
    expect(ids(filterRows(indexed, { query: "", category: "water" }))).toEqual(["1", "3"]);
    expect(ids(filterRows(indexed, { query: "books", category: "water" }))).toEqual(["3"]);
    expect(ids(filterRows(indexed, { query: "meals", category: "water" }))).toEqual([]);
  });
});

describe("the categories to choose from", () => {
  it("are the values in use, once each, counted and in alphabetical order", () => {
    expect(categoryChoices(ROWS, SEARCH.category as NonNullable<ListSearch["category"]>)).toEqual([
      { value: "elder care", label: "Elder care", count: 1 },
      { value: "water", label: "Water", count: 2 },
    ]);
  });

  it("are named by a select's options, and keep a chosen one no row is in any more", () => {
    const category = {
      field: "category",
      label: "Category",
      options: [
        { value: "events", label: "Events" },
        { value: "community", label: "Community" },
      ],
    };
    const rows = [row("a", { category: "events" }), row("b", { category: "events" })];
    expect(categoryChoices(rows, category, "community")).toEqual([
      { value: "community", label: "Community", count: 0 },
      { value: "events", label: "Events", count: 2 },
    ]);
  });
});

describe("showing a long list a part at a time", () => {
  it("shows the first batch, then one more batch each time, then says all are in", () => {
    expect(LIST_BATCH).toBe(50);
    expect(shownOf(LIST_BATCH, 240)).toEqual({ shown: 50, next: 50, complete: false });
    expect(shownOf(200, 240)).toEqual({ shown: 200, next: 40, complete: false });
    expect(shownOf(250, 240)).toEqual({ shown: 240, next: 0, complete: true });
    expect(shownOf(LIST_BATCH, 12)).toEqual({ shown: 12, next: 0, complete: true });
    expect(shownOf(LIST_BATCH, 0)).toEqual({ shown: 0, next: 0, complete: true });
  });

  it("says how many match, how many are shown, and what Show more adds", () => {
    expect(listWords.count(12, 240, true)).toBe("12 of 240 match");
    expect(listWords.count(1240, 1240, false)).toBe("1,240 in total");
    expect(listWords.showing(50, 240)).toBe("Showing 50 of 240");
    expect(listWords.showMore(40)).toBe("Show 40 more");
    expect(listWords.allLoaded(240)).toBe("All 240 loaded");
    expect(listWords.noResults("xyz ", null)).toBe("No results for “xyz”");
    expect(listWords.noResults("", "Water")).toBe("No results in Water");
    expect(listWords.noResults("well", "Water")).toBe("No results for “well” in Water");
    expect(listWords.searchHint(["Project Title", "Category", "Description"])).toBe(
      "Type to find by project title, category and description.",
    );
  });

  it("lets a sorted list be dragged only while nothing is left out", () => {
    expect(canReorder(true, false)).toBe(true);
    expect(canReorder(true, true)).toBe(false);
    expect(canReorder(false, false)).toBe(false);
  });
});

describe("what each list searches, from its definition", () => {
  it("searches the record's own words, never addresses or alt text, and filters by category", () => {
    expect(projects.search.fields).toEqual(["title", "category_name", "description"]);
    expect(projects.search.category).toEqual({
      field: "category_name",
      label: "Category",
      options: undefined,
    });
    expect(certifications.search.fields).toEqual(["certificate_name"]);
    expect(certifications.search.category).toBeUndefined();
    expect(logos.search.fields).toEqual(["logo_name", "tagline"]);
    expect(galleryImages.search.category?.options?.map((option) => option.value)).toContain(
      "events",
    );
    expect(
      listSearch([
        { kind: "text", name: "link", label: "Link", inputType: "url" },
        { kind: "text", name: "name", label: "Name" },
      ]).fields,
    ).toEqual(["name"]);
  });

  it("names only fields of its own form, for every list in the registry", () => {
    for (const definition of resources) {
      const names = definition.fields.map((field) => field.name);
      for (const field of definition.search.fields) expect(names).toContain(field);
      expect(definition.search.fields).not.toContain("image_alt");
      expect(definition.search.labels).toHaveLength(definition.search.fields.length);
      if (definition.search.category) expect(names).toContain(definition.search.category.field);
    }
    for (const gallery of galleries) expect(gallery.search.fields).toEqual(["image_alt"]);
  });
});
