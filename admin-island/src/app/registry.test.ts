// The admin's resource definitions against the database they edit: every column they
// name exists (database.types.ts, generated from the migrations), every seed row
// passes their schema, and what their schema refuses the database refuses too. Also:
// the registry names every definition, and the signed-in part loads none of them.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isImageUrl, isLinkUrl } from "../../../src/lib/schema/rules.ts";
import { createDatabase } from "../../../supabase/local/database.ts";
import { serviceClient, startTestStack, type TestStack } from "../../../tests/contract/stack.ts";
import type { Row } from "../api/rows.ts";
import { rowToForm } from "../content/form-values.ts";
import { galleryDefinitions, resourceDefinitions } from "../content/resources/definitions.ts";
import type { ResourceDefinition } from "../content/resources/types.ts";
import { placesNewRecords } from "../content/writes.ts";
import { definitionOf, galleries, galleryOf, resources } from "./registry-definitions.ts";
import { adminRoutes } from "./routes.ts";

const typesFile = readFileSync(
  join(import.meta.dirname, "../../../supabase/database.types.ts"),
  "utf8",
);

/** The Row columns of a table, read from the generated types. */
function columnsOf(table: string): string[] {
  const start = typesFile.indexOf(`      ${table}: {\n        Row: {`);
  if (start < 0) return [];
  const body = typesFile.slice(start, typesFile.indexOf("        };", start));
  return [...body.matchAll(/^ {10}(\w+)\??:/gm)].map((match) => match[1] as string);
}

/**
 * The modules `entry` loads before it runs: its static imports and theirs, followed
 * through relative paths; a package is named by its specifier ("zod"). Type-only
 * imports and dynamic import() are left out, as the bundler leaves them out.
 */
function staticImports(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    const imports = /^(?:import|export)\s+(?!type\b)(?:[^;"']*?\s+from\s+)?["']([^"']+)["']/gm;
    for (const [, specifier] of source.matchAll(imports)) {
      if (!specifier) continue;
      if (!specifier.startsWith(".")) {
        seen.add(specifier.startsWith("@") ? specifier : (specifier.split("/")[0] as string));
        continue;
      }
      const path = join(dirname(file), specifier);
      const found = [path, `${path}.ts`, `${path}.tsx`].find((candidate) =>
        /\.tsx?$/.test(candidate) ? existsSync(candidate) : false,
      );
      if (found) visit(found);
    }
  };
  visit(entry);
  return seen;
}

let stack: TestStack;
let service: SupabaseClient;
let db: PGlite;

beforeAll(async () => {
  [stack, db] = await Promise.all([startTestStack(), createDatabase()]);
  service = serviceClient(stack);
}, 60_000);

afterAll(async () => {
  await stack?.close();
  await db?.close();
});

describe("resource registry", () => {
  it("names every definition, and each name it gives is one", () => {
    // A definition no entry names would be left out of every test below.
    expect(new Set(resources)).toEqual(new Set(Object.values(resourceDefinitions)));
    expect(new Set(galleries)).toEqual(new Set(Object.values(galleryDefinitions)));
    for (const route of adminRoutes) {
      if (route.screen.kind === "cards" || route.screen.kind === "single") {
        expect(definitionOf(route.screen)).toBe(resourceDefinitions[route.screen.resource]);
      }
      if (route.screen.kind === "gallery") {
        expect(galleryOf(route.screen)).toBe(galleryDefinitions[route.screen.gallery]);
      }
    }
  });

  it("keeps the definitions, zod and the sample rows out of what every signed-in page loads", () => {
    // The signed-in part (the dashboard, the routes, the shell) loads the definitions
    // only through a screen's dynamic import: a static import of them here would put
    // them, and zod behind them, on the dashboard again.
    const loaded = staticImports(join(import.meta.dirname, "SignedIn.tsx"));
    const names = [...loaded].map((file) => relative(join(import.meta.dirname, "../../.."), file));
    expect(names).toContain("admin-island/src/app/registry.ts");
    expect(names).toContain("admin-island/src/app/Dashboard.tsx");
    for (const heavy of [
      "admin-island/src/content/resources/definitions.ts",
      "admin-island/src/app/registry-definitions.ts",
      "src/lib/schema/zod.ts",
      "src/lib/sample-content.ts",
      "zod",
    ]) {
      expect(names).not.toContain(heavy);
    }
  });

  it.each(resources.map((d) => [d.key, d] as const))(
    "%s names only columns that exist",
    (_key, definition: ResourceDefinition) => {
      const columns = columnsOf(definition.table);
      expect(columns.length, `${definition.table} in database.types.ts`).toBeGreaterThan(0);
      const named = [
        ...definition.fields.map((field) => field.name),
        ...Object.keys(definition.defaults()),
        ...Object.keys((definition.schema as unknown as { shape: object }).shape),
        definition.order.column,
        ...(placesNewRecords(definition) ? ["sort_order"] : []),
      ];
      expect(named.filter((name) => !columns.includes(name))).toEqual([]);
    },
  );

  it.each(galleries.map((g) => [g.key, g] as const))(
    "gallery %s has the columns it writes",
    (_key, gallery) => {
      const columns = columnsOf(gallery.table);
      for (const column of ["image_url", "sort_order", "is_active", "updated_at"]) {
        expect(columns).toContain(column);
      }
    },
  );

  it.each(resources.map((d) => [d.key, d] as const))(
    "%s accepts every seed row as it is",
    async (_key, definition: ResourceDefinition) => {
      const { data, error } = await service.from(definition.table).select("*");
      expect(error).toBeNull();
      expect((data ?? []).length, `seed rows of ${definition.table}`).toBeGreaterThan(0);
      for (const row of data as Row[]) {
        const result = definition.schema.safeParse(rowToForm(definition, row));
        expect(result.error?.issues ?? [], `row ${row.id}`).toEqual([]);
      }
    },
  );

  it.each(resources.map((d) => [d.key, d] as const))(
    "%s: what the form refuses, the database refuses too",
    async (_key, definition: ResourceDefinition) => {
      const { data } = await service.from(definition.table).select("*").limit(1);
      const valid = rowToForm(definition, (data as Row[])[0] as Row);
      const parsed = definition.schema.parse(valid) as Record<string, unknown>;
      const required = definition.fields.filter(
        (field) => field.required && ["text", "textarea", "image"].includes(field.kind),
      );
      const lists = definition.fields.filter((field) => field.kind === "list");
      const cases: [string, Record<string, unknown>][] = [
        ...required.map(
          (field) =>
            [`${field.name} blank`, { [field.name]: "   " }] as [string, Record<string, unknown>],
        ),
        ...required
          .filter((field) => field.kind === "image")
          .map(
            (field) =>
              [`${field.name} javascript:`, { [field.name]: "javascript:alert(1)" }] as [
                string,
                Record<string, unknown>,
              ],
          ),
        ...lists.map(
          (field) =>
            [`${field.name} empty`, { [field.name]: [] }] as [string, Record<string, unknown>],
        ),
      ];
      expect(cases.length).toBeGreaterThan(0);
      for (const [label, change] of cases) {
        expect(definition.schema.safeParse({ ...valid, ...change }).success, `form: ${label}`).toBe(
          false,
        );
        // The same change sent straight to the database, past the form.
        const { error } = await service.from(definition.table).insert({ ...parsed, ...change });
        expect(error?.code, `database: ${label}`).toBe("23514");
      }
    },
  );
});

describe("address rules agree with the database", () => {
  const samples = [
    "https://example.org/a.jpg",
    "http://example.org",
    "https://example.org/path?q=1#x",
    "/images/seed/a.jpg",
    "//evil.example/a.jpg",
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    "data:text/html;base64,PHNjcmlwdD4=",
    "data:image/svg+xml;base64,PHN2Zz4=",
    "data:image/png;base64,iVBORw0KGgo=",
    "https://exa mple.org/a.jpg",
    'https://example.org/"onerror="x',
    "ftp://example.org/a.jpg",
    "",
    "/",
    "relative/path.jpg",
    `https://example.org/${"a".repeat(2100)}`,
    // Hosts: none, a user@ part, or a no-break space (JavaScript's \s, spelled out in SQL).
    "https://@/x.jpg",
    "http://:80/x.jpg",
    "http://./x.jpg",
    "https://example.org@evil.example/x.jpg",
    "https://exa\u00a0mple.org/x.jpg",
    "https://example.org/a\ufeffb.jpg",
    "https://[::1]:8080/x.jpg",
    "https://bücher.example/x.jpg",
    "http://127.0.0.1:54321/storage/v1/object/public/media/x.jpg",
  ];

  it.each(samples.map((sample) => [sample.slice(0, 60), sample]))("%s", async (_label, sample) => {
    const { rows } = await db.query<{ link: boolean; image: boolean }>(
      "select private.is_link_url($1) as link, private.is_image_url($1) as image",
      [sample],
    );
    expect({ link: isLinkUrl(sample), image: isImageUrl(sample) }).toEqual(rows[0]);
  });
});

describe("the donate card", () => {
  it("marks a record that still holds the install's sample details, and only that", async () => {
    const { donateContent, SAMPLE_DETAILS_BADGE } = await import(
      "../content/resources/programmes.ts"
    );
    const { SAMPLE } = await import("../../../src/lib/sample-content.ts");
    const sample = { ...SAMPLE.donate_content[0], id: "s" } as unknown as Row;
    const badges = (row: Row) => (donateContent.card(row).badges ?? []).map((b) => b.label);
    expect(badges(sample)).toContain(SAMPLE_DETAILS_BADGE);
    const own = {
      ...sample,
      qr_codes: [{ title: "eSewa", image_url: "https://x.example/qr.png", description: null }],
      bank_accounts: [
        {
          bank_name: "Nabil Bank",
          account_name: "Helping Hands Foundation",
          account_number: "0101-2345-6789",
          routing_number: null,
          swift_code: null,
          branch: null,
        },
      ],
    } as unknown as Row;
    expect(badges(own)).not.toContain(SAMPLE_DETAILS_BADGE);
  });
});
