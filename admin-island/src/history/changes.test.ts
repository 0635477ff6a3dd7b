// A recorded change in words: each field by its form's label, short values quoted,
// yes/no for flags, places counted from 1, pictures before and after, long text and
// lists word by word; the record's bookkeeping never shows.
import { describe, expect, it } from "vitest";
import { causes } from "../content/resources/home.ts";
import { medicalContent } from "../content/resources/programmes.ts";
import { projects } from "../content/resources/showcase.ts";
import { describeChange, labelOf } from "./changes.ts";
import type { AuditEntry } from "./history-query.ts";

function entry(
  action: AuditEntry["action"],
  old_data: Record<string, unknown> | null,
  new_data: Record<string, unknown> | null,
): AuditEntry {
  return {
    id: 1,
    occurred_at: "2026-11-25T12:00:00.000Z",
    actor_email: "admin@example.org",
    table_name: "causes",
    row_id: "c1",
    action,
    old_data,
    new_data,
  };
}

const texts = (change: ReturnType<typeof describeChange>) =>
  change.differences.map((difference) => difference.text);

describe("describeChange", () => {
  it("says Added and Deleted for a record that came or went", () => {
    expect(describeChange(entry("INSERT", null, { title: "A" }), causes.fields)).toMatchObject({
      action: "added",
      summary: "Added",
      differences: [],
    });
    expect(describeChange(entry("DELETE", { title: "A" }, null), causes.fields)).toMatchObject({
      action: "deleted",
      summary: "Deleted",
      differences: [],
    });
  });

  it("names each changed field by its label, with the values before and after", () => {
    const change = describeChange(
      entry(
        "UPDATE",
        { id: "c1", title: "Old", is_active: true, sort_order: 2, updated_at: "a", category: null },
        {
          id: "c1",
          title: "New",
          is_active: false,
          sort_order: 0,
          updated_at: "b",
          category: "Care",
        },
      ),
      causes.fields,
    );
    expect(change.summary).toBe("Changed");
    expect(texts(change)).toEqual([
      "Title: “Old” → “New”",
      "Category: empty → “Care”",
      "Position: 3 → 1",
      "Shown on the site: yes → no",
    ]);
  });

  it("words a choice by its option's label", () => {
    const change = describeChange(
      entry("UPDATE", { project_status: "ongoing" }, { project_status: "completed" }),
      projects.fields,
    );
    expect(texts(change)).toEqual(["Status: “Ongoing” → “Completed”"]);
  });

  it("shows pictures before and after", () => {
    const change = describeChange(
      entry(
        "UPDATE",
        { image_url: "https://example.org/a.jpg" },
        { image_url: "https://example.org/b.jpg" },
      ),
      causes.fields,
    );
    expect(change.differences).toEqual([
      {
        kind: "picture",
        column: "image_url",
        label: "Cause Image",
        before: "https://example.org/a.jpg",
        after: "https://example.org/b.jpg",
        text: "Cause Image: Picture before → Picture after",
      },
    ]);
    // A gallery picture has no form: it is the Picture.
    expect(labelOf("image_url", [])).toBe("Picture");
  });

  it("shows long text word by word", () => {
    const before = "We help children in the valley go to school, with books, uniforms and a meal.";
    const after =
      "We help children in the valley go to school, with books, uniforms and two meals.";
    const change = describeChange(
      entry("UPDATE", { description: before }, { description: after }),
      causes.fields,
    );
    const [difference] = change.differences;
    expect(difference?.kind).toBe("words");
    expect(difference?.text).toBe(
      "Description: We help children in the valley go to school, with books, uniforms and [-a meal-]{+two meals+}.",
    );
  });

  it("compares a list's items as text, and says when only their order changed", () => {
    const first = { icon: "heart", title: "First aid", description: "Help at once" };
    const second = { icon: "heart", title: "Check-ups", description: "Every month" };
    const reordered = describeChange(
      entry("UPDATE", { services: [first, second] }, { services: [second, first] }),
      medicalContent.fields,
    );
    expect(texts(reordered)).toEqual(["Services: order changed"]);

    const added = describeChange(
      entry(
        "UPDATE",
        { services: [first] },
        { services: [first, { ...second, title: "Eye care" }] },
      ),
      medicalContent.fields,
    );
    expect(texts(added)).toEqual([
      "Services: 1. heart · First aid · Help at once\n{+2. heart · Eye care · Every month+}",
    ]);
  });

  it("names alt text and the decorative flag, and ignores the record's bookkeeping", () => {
    const change = describeChange(
      entry(
        "UPDATE",
        { image_alt: null, image_decorative: false, updated_at: "a", created_at: "x" },
        { image_alt: "Children reading", image_decorative: true, updated_at: "b", created_at: "y" },
      ),
      [],
    );
    expect(texts(change)).toEqual([
      "Alt text: empty → “Children reading”",
      "Decorative picture: no → yes",
    ]);
  });

  it("says a save that changed nothing changed nothing", () => {
    const change = describeChange(
      entry("UPDATE", { title: "Same", updated_at: "a" }, { title: "Same", updated_at: "b" }),
      causes.fields,
    );
    expect(change).toMatchObject({ summary: "Saved without changes", differences: [] });
  });
});
