// One case per rule the database enforces: a bad value is refused with its
// Postgres error code and nothing is stored. Every insert runs as an admin, so
// RLS allows it and only the constraint under test can refuse it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_TABLES, type ContentTable, SINGLE_RECORD, validRows } from "./fixtures.ts";
import { type Db, freshDatabase, outcome, tryAs } from "./harness.ts";

let db: Db;
let countsBefore: Map<string, number>;

async function counts(): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  for (const table of CONTENT_TABLES) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.${table}`,
    );
    result.set(table, rows[0]?.n ?? -1);
  }
  return result;
}

beforeAll(async () => {
  db = await freshDatabase();
  countsBefore = await counts();
}, 60_000);

afterAll(async () => {
  // Nothing any refused case tried to write was stored.
  expect(await counts()).toEqual(countsBefore);
  await db.close();
});

/** Inserts the table's valid row with one column changed, as an admin, and rolls back. */
async function insertWith(table: ContentTable, column: string, value: unknown) {
  const row: Record<string, unknown> = { ...validRows[table], [column]: value };
  const columns = Object.keys(row);
  const values = Object.values(row).map((v) =>
    v !== null && typeof v === "object" ? JSON.stringify(v) : v,
  );
  const result = await tryAs(db, "admin", async (tx) => {
    // A single record's table holds one row: the new one takes its place, so only the
    // value decides.
    if (SINGLE_RECORD.has(table)) await tx.query(`delete from public.${table}`);
    return outcome(() =>
      tx.query(
        `insert into public.${table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
        values,
      ),
    );
  });
  return result.ok ? "stored" : result.code;
}

describe("every valid fixture row is accepted", () => {
  for (const table of CONTENT_TABLES) {
    it(table, async () => {
      expect(await insertWith(table, "id", "00000000-0000-4000-8000-000000000123")).toBe("stored");
    });
  }
});

describe("required fields", () => {
  let required: { table: ContentTable; column: string; type: string }[] = [];
  beforeAll(async () => {
    const { rows } = await db.query<{ table: ContentTable; column: string; type: string }>(
      `
      select table_name as table, column_name as column, data_type as type
        from information_schema.columns
       where table_schema = 'public' and is_nullable = 'NO' and column_default is null
         and table_name = any($1)
       order by 1, 2`,
      [CONTENT_TABLES],
    );
    required = rows;
  });

  it("are found in every content table", () => {
    expect(new Set(required.map((r) => r.table)).size).toBe(CONTENT_TABLES.length);
  });

  it("refuse null (23502)", async () => {
    for (const { table, column } of required) {
      expect(await insertWith(table, column, null), `${table}.${column}`).toBe("23502");
    }
  });

  it("refuse blank text and empty lists (23514)", async () => {
    for (const { table, column, type } of required) {
      if (type !== "text" && type !== "jsonb") continue;
      const blank = type === "jsonb" ? [] : " \t ";
      expect(await insertWith(table, column, blank), `${table}.${column}`).toBe("23514");
    }
  });
});

describe("enumerations", () => {
  const cases: [ContentTable, string, string][] = [
    ["banners", "position", "top"],
    ["children_banners", "position", "middle"],
    ["oldage_banners", "position", "Left"],
    ["gallery_images", "category", "misc"],
    ["projects", "project_status", "done"],
  ];
  for (const [table, column, value] of cases) {
    it(`${table}.${column} refuses '${value}'`, async () => {
      expect(await insertWith(table, column, value)).toBe("23514");
    });
  }

  it("accept each listed value", async () => {
    for (const position of ["left", "center", "right"]) {
      expect(await insertWith("banners", "position", position)).toBe("stored");
    }
    for (const category of ["general", "events", "activities", "achievements"]) {
      expect(await insertWith("gallery_images", "category", category)).toBe("stored");
    }
    for (const status of ["completed", "ongoing", "planning"]) {
      expect(await insertWith("projects", "project_status", status)).toBe("stored");
    }
  });
});

describe("whole non-negative numbers", () => {
  const sorted = CONTENT_TABLES.filter((table) => "sort_order" in validRows[table]);

  it("sort_order refuses -1 in every table that has one", async () => {
    expect(sorted).toHaveLength(15);
    for (const table of sorted)
      expect(await insertWith(table, "sort_order", -1), table).toBe("23514");
  });

  it("about numbers refuse negatives and fractions", async () => {
    for (const column of ["years_of_service", "lives_impacted", "active_volunteers"]) {
      expect(await insertWith("about_content", column, -1), column).toBe("23514");
      expect(await insertWith("about_content", column, "1.5"), column).toBe("22P02");
    }
    expect(await insertWith("about_content", "years_of_service", 0)).toBe("stored");
  });
});

describe("bounded text", () => {
  const cases: [ContentTable, string, number][] = [
    ["banners", "title", 200],
    ["banners", "subtitle", 500],
    ["causes", "description", 5000],
    ["board_staff", "name", 200],
    ["board_staff", "bio", 2000],
    ["board_staff", "achievements", 2000],
    ["about_content", "about_text", 10000],
    ["projects", "category_name", 100],
    ["logo_settings", "tagline", 300],
    ["certifications", "certificate_name", 200],
  ];
  for (const [table, column, max] of cases) {
    it(`${table}.${column} takes ${max} characters, not ${max + 1}`, async () => {
      expect(await insertWith(table, column, "a".repeat(max))).toBe("stored");
      expect(await insertWith(table, column, "a".repeat(max + 1))).toBe("23514");
    });
  }
});

describe("URLs", () => {
  const png =
    "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
  const good = [
    "https://cdn.example.org/a/b.jpg?w=800#x",
    "http://127.0.0.1:54321/storage/v1/object/public/media/x.jpg",
    "/images/seed/banner-1.jpg",
    png,
  ];
  const bad = [
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
    "data:image/png,notbase64<>",
    "vbscript:msgbox",
    "//evil.example/x.png",
    "http://",
    "https://exa mple.org/x.png",
    "ftp://example.org/x.png",
    'https://example.org/"onerror="alert(1)',
    "images/relative.jpg",
    `https://example.org/${"a".repeat(2048)}`,
  ];

  it("image columns accept http(s), site paths and embedded raster images", async () => {
    for (const url of good)
      expect(await insertWith("banners", "image_url", url), url).toBe("stored");
  });

  it("image columns refuse every other scheme and shape", async () => {
    for (const url of bad) expect(await insertWith("banners", "image_url", url), url).toBe("23514");
  });

  it("every URL column of every table applies the rule", async () => {
    const columns: [ContentTable, string][] = [
      ["logo_settings", "logo_url"],
      ["about_content", "image_url"],
      ["causes", "image"],
      ["causes", "image_url"],
      ["board_staff", "image_url"],
      ["gallery_images", "image_url"],
      ["home_gallery", "image_url"],
      ["children_gallery", "image_url"],
      ["oldage_gallery", "image_url"],
      ["medical_gallery", "image_url"],
      ["relief_gallery", "image_url"],
      ["children_banners", "image_url"],
      ["oldage_banners", "image_url"],
      ["children_content", "about_image_url"],
      ["oldage_content", "about_image_url"],
      ["medical_content", "banner_image_url"],
      ["relief_content", "banner_image_url"],
      ["projects", "image_url"],
      ["certifications", "image_url"],
      ["certifications", "pdf_url"],
      ["board_staff", "social_url"],
    ];
    for (const [table, column] of columns) {
      expect(await insertWith(table, column, "javascript:alert(1)"), `${table}.${column}`).toBe(
        "23514",
      );
    }
  });

  it("a person's email must be an address, their social link a web address", async () => {
    expect(await insertWith("board_staff", "email", "asha@example.org")).toBe("stored");
    expect(await insertWith("board_staff", "email", "asha at example")).toBe("23514");
    expect(await insertWith("board_staff", "email", "<asha@example.org>")).toBe("23514");
    expect(await insertWith("board_staff", "social_url", "https://www.linkedin.com/in/asha")).toBe(
      "stored",
    );
  });

  it("certificate PDFs are links only, never embedded data", async () => {
    expect(
      await insertWith("certifications", "pdf_url", "/images/seed/sample-certificate.pdf"),
    ).toBe("stored");
    expect(
      await insertWith("certifications", "pdf_url", "data:application/pdf;base64,JVBERi0="),
    ).toBe("23514");
  });
});

describe("JSON lists", () => {
  const stat = { number: "5,000+", label: "Patients Treated" };
  const lists: [ContentTable, string, Record<string, string>][] = [
    ["children_content", "statistics", stat],
    [
      "oldage_content",
      "services",
      { icon: "Heart", title: "Care", description: "Round the clock." },
    ],
    [
      "medical_content",
      "health_tips",
      { title: "Water", description: "8 glasses a day.", icon: "💧" },
    ],
    ["relief_content", "statistics", stat],
    ["donate_content", "qr_codes", { title: "Mobile Payment", image_url: "/images/seed/qr.png" }],
    [
      "donate_content",
      "bank_accounts",
      { bank_name: "Bank", account_name: "HHF", account_number: "1" },
    ],
  ];

  for (const [table, column, item] of lists) {
    describe(`${table}.${column}`, () => {
      const [firstKey] = Object.keys(item);
      const shapes: [string, unknown][] = [
        ["an object instead of a list", item],
        ["a string", "[]"],
        ["an empty list", []],
        ["a list of strings", ["a"]],
        ["an item without a required key", [{ ...item, [firstKey ?? ""]: undefined }]],
        ["an item with a blank required key", [{ ...item, [firstKey ?? ""]: "  " }]],
        ["an item with a number where text belongs", [{ ...item, [firstKey ?? ""]: 5 }]],
        ["an item with an unknown key", [{ ...item, onclick: "alert(1)" }]],
        ["more than 50 items", Array.from({ length: 51 }, () => item)],
      ];
      it("accepts a list of valid items", async () => {
        expect(await insertWith(table, column, [item, item])).toBe("stored");
      });
      for (const [label, value] of shapes) {
        it(`refuses ${label}`, async () => {
          expect(await insertWith(table, column, value)).toBe("23514");
        });
      }
    });
  }

  it("QR code images follow the URL rule; optional keys may be absent or null", async () => {
    const qr = { title: "Pay", image_url: "javascript:alert(1)" };
    expect(await insertWith("donate_content", "qr_codes", [qr])).toBe("23514");
    const ok = { title: "Pay", image_url: "/images/seed/qr.png", description: null };
    expect(await insertWith("donate_content", "qr_codes", [ok])).toBe("stored");
    const bank = {
      bank_name: "B",
      account_name: "A",
      account_number: "1",
      swift_code: null,
      branch: "Main",
    };
    expect(await insertWith("donate_content", "bank_accounts", [bank])).toBe("stored");
  });
});

describe("the organisation's record", () => {
  const replaceWith = (column: string, value: unknown) => insertWith("organisation", column, value);

  it("stores a valid record, and only one", async () => {
    expect(await replaceWith("country_code", "GB")).toBe("stored");
    // Beside the migration's record, a second one is refused.
    const second = await tryAs(db, "admin", (tx) =>
      outcome(() =>
        tx.query(
          "insert into public.organisation (name, short_name, tagline, description, street, locality, country, country_code, phones, emails, socials, founded_year) select name, short_name, tagline, description, street, locality, country, country_code, phones, emails, socials, founded_year from public.organisation",
        ),
      ),
    );
    expect(second.ok ? "stored" : second.code).toBe("23505");
  });

  it.each([
    ["country_code", "np"],
    ["country_code", "NPL"],
    ["country_code", ""],
    ["name", "\u00a0"],
    ["founded_year", 1799],
    ["founded_year", 2101],
    ["phones", []],
    ["phones", [{ number: "+977", extra: "x" }]],
    ["emails", [{ address: "info at example" }]],
    ["emails", [{ address: "a@b.example" }, { address: "<a@b.example>" }]],
    ["socials", [{ label: "Site", href: "javascript:alert(1)" }]],
    ["socials", [{ label: "Site", href: "//evil.example" }]],
    ["socials", Array.from({ length: 11 }, (_, i) => ({ label: `S${i}`, href: "/x" }))],
  ])("refuses %s = %j", async (column, value) => {
    expect(await replaceWith(column, value)).toBe("23514");
  });
});
