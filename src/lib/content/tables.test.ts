import { describe, expect, it } from "vitest";
import type { Tables } from "../../../supabase/database.types.ts";
import { CONTENT_TABLES, TABLES } from "../schema/tables.ts";
import { compareRows, imageUrlsOfRow } from "./tables.ts";

describe("table reads", () => {
  it("reads every content table the public site shows, active rows only but the single records", () => {
    expect(CONTENT_TABLES).toHaveLength(37);
    // The single records (about, the organisation, a page's words) have no Active flag:
    // visitors read them.
    const single = new Set([
      "about_content",
      "organisation",
      "history_page",
      "team_page",
      "about_page",
      "mission_page",
      "contact_page",
      "donate_page",
      "projects_page",
      "certifications_page",
      "home_page",
      "children_page",
      "oldage_page",
      "medical_page",
      "relief_page",
    ]);
    for (const table of CONTENT_TABLES) {
      expect(TABLES[table].read.activeOnly).toBe(!single.has(table));
    }
    expect(TABLES.banners.read.order).toBe("sort_order");
    expect(TABLES.projects.read.order).toBe("newest");
    expect(TABLES.logo_settings.read.order).toBe("newest");
  });
});

describe("compareRows", () => {
  const row = (id: string, sort_order: number, created_at: string) => ({
    id,
    sort_order,
    created_at,
  });

  it("orders by sort_order, then created_at, then id", () => {
    const rows = [
      row("c", 1, "2024-01-02"),
      row("b", 0, "2024-01-03"),
      row("a", 1, "2024-01-02"),
      row("d", 1, "2024-01-01"),
    ];
    expect(rows.sort(compareRows("sort_order")).map((r) => r.id)).toEqual(["b", "d", "a", "c"]);
  });

  it("orders newest first", () => {
    const rows = [row("a", 0, "2024-01-01"), row("b", 0, "2024-03-01"), row("c", 0, "2024-02-01")];
    expect(rows.sort(compareRows("newest")).map((r) => r.id)).toEqual(["b", "c", "a"]);
  });
});

describe("imageUrlsOfRow", () => {
  it("finds image columns and QR code images inside JSON lists", () => {
    const donate: Tables<"donate_content"> = {
      id: "1",
      is_active: true,
      created_at: "",
      updated_at: "",
      qr_codes: [{ title: "Pay", image_url: "/images/qr.png" }],
      bank_accounts: [{ bank_name: "B", account_name: "A", account_number: "1" }],
    };
    expect(imageUrlsOfRow(donate)).toEqual(["/images/qr.png"]);
    expect(
      imageUrlsOfRow({
        logo_url: "/l.png",
        banner_image_url: "/b.png",
        about_image_url: "/a.png",
        title: "/x.png",
      }),
    ).toEqual(["/l.png", "/b.png", "/a.png"]);
    expect(imageUrlsOfRow({ image: "/i.png", image_url: "/u.png", pdf_url: "/c.pdf" })).toEqual([
      "/i.png",
      "/u.png",
    ]);
  });
});

describe("row schemas", () => {
  it("accepts a real row and refuses a malformed one", () => {
    const banner = {
      id: "x",
      title: null,
      subtitle: "S",
      image_url: "/a.jpg",
      image_alt: null,
      image_decorative: false,
      position: "left",
      sort_order: 0,
      is_active: true,
      created_at: "2024-01-01T00:00:00Z",
      updated_at: "2024-01-01T00:00:00Z",
    };
    expect(TABLES.banners.row.parse(banner)).toEqual(banner);
    expect(() => TABLES.banners.row.parse({ ...banner, sort_order: "0" })).toThrow();
    // A column the site does not know fails the read instead of vanishing.
    expect(() => TABLES.banners.row.parse({ ...banner, alt_text: "A" })).toThrow(/alt_text/);
  });
});
