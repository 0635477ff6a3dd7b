import { describe, expect, it } from "vitest";
import type { Tables } from "../../../supabase/database.types.ts";
import { CONTENT_TABLES, compareRows, imageUrlsOfRow, ROW_SCHEMAS, TABLE_READS } from "./tables.ts";

describe("TABLE_READS", () => {
  it("reads every content table the public site shows, active rows only but about_content", () => {
    expect(CONTENT_TABLES).toHaveLength(20);
    for (const table of CONTENT_TABLES) {
      expect(TABLE_READS[table].activeOnly).toBe(table !== "about_content");
    }
    expect(TABLE_READS.banners.order).toBe("sort_order");
    expect(TABLE_READS.projects.order).toBe("newest");
    expect(TABLE_READS.logo_settings.order).toBe("newest");
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

describe("ROW_SCHEMAS", () => {
  it("accepts a real row and refuses a malformed one", () => {
    const banner = {
      id: "x",
      title: null,
      subtitle: "S",
      image_url: "/a.jpg",
      position: "left",
      sort_order: 0,
      is_active: true,
      created_at: "2024-01-01T00:00:00Z",
      updated_at: "2024-01-01T00:00:00Z",
    };
    expect(ROW_SCHEMAS.banners.parse(banner)).toEqual(banner);
    expect(() => ROW_SCHEMAS.banners.parse({ ...banner, sort_order: "0" })).toThrow();
  });
});
