// Every picture visitors see can be described by its editors: each form of a table with
// image_alt has the Alt text and Decorative fields right after the picture they
// describe, a new record starts not decorative (and still active), and blank alt text
// is stored as null.
import { describe, expect, it } from "vitest";
import type { Column } from "../../../../src/lib/schema/columns.ts";
import { type ContentTable, TABLES } from "../../../../src/lib/schema/tables.ts";
import { resources } from "../../app/registry-definitions.ts";
import { isAltTextField } from "./common.ts";

const columnsOf = (table: string): Record<string, Column> =>
  TABLES[table as ContentTable]?.columns ?? {};
const described = resources.filter((definition) => "image_alt" in columnsOf(definition.table));

describe("describing pictures in the admin", () => {
  it("covers every table whose pictures visitors see", () => {
    expect([...new Set(described.map((definition) => definition.table))].sort()).toEqual(
      [
        "banners",
        "board_staff",
        "causes",
        "certifications",
        "children_banners",
        "logo_settings",
        "oldage_banners",
        "projects",
      ].sort(),
    );
  });

  it.each(described.map((definition) => [definition.key, definition] as const))(
    "%s: Alt text and Decorative follow the picture they describe",
    (_key, definition) => {
      const names = definition.fields.map((field) => field.name);
      const at = names.indexOf("image_alt");
      const alt = definition.fields[at];
      expect(alt && isAltTextField(alt)).toBe(true);
      if (!alt || !isAltTextField(alt)) return;
      expect(alt).toMatchObject({ kind: "text", label: "Alt text" });
      expect(alt.required).toBeFalsy();
      expect(alt.hint).toMatch(/^Describe the picture for people who cannot see it\. Leave empty/);
      const picture = definition.fields[at - 1];
      expect(picture?.kind).toBe("image");
      expect(picture?.name).toBe(alt.describes);
      expect(definition.fields[at + 1]).toMatchObject({
        kind: "checkbox",
        name: "image_decorative",
        label: "Decorative picture (no description)",
      });
    },
  );

  it.each(described.map((definition) => [definition.key, definition] as const))(
    "%s: a new record is not decorative, and blank alt text is stored as null",
    (_key, definition) => {
      const values = definition.defaults();
      expect(values.image_decorative).toBe(false);
      expect(values.image_alt).toBe("");
      if ("is_active" in values) expect(values.is_active).toBe(true);
      const { shape } = definition.schema as unknown as {
        shape: Record<string, { parse(value: unknown): unknown } | undefined>;
      };
      expect(shape.image_alt?.parse("  \u200b ")).toBeNull();
      expect(shape.image_alt?.parse(" A girl reading ")).toBe("A girl reading");
      expect(() => shape.image_alt?.parse("x".repeat(501))).toThrow("Use at most 500 characters");
      expect(shape.image_decorative?.parse(true)).toBe(true);
    },
  );
});
