// The seed is the product's default content as real rows: it must apply to the
// migrated schema, fill every content table, and refer only to files we ship.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedFile } from "../local/database.ts";
import { CONTENT_TABLES, hasActiveFlag } from "./fixtures.ts";
import { type Db, freshDatabase, tryAs } from "./harness.ts";

const publicDir = join(import.meta.dirname, "..", "..", "public");
let db: Db;

beforeAll(async () => {
  db = await freshDatabase({ seed: true });
}, 60_000);

afterAll(async () => {
  await db.close();
});

async function activeCount(table: string): Promise<number> {
  const where = hasActiveFlag(table as never) ? "where is_active" : "";
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from public.${table} ${where}`,
  );
  return rows[0]?.n ?? 0;
}

describe("seed", () => {
  it("gives every content table at least one visible row", async () => {
    for (const table of CONTENT_TABLES) expect(await activeCount(table), table).toBeGreaterThan(0);
  });

  it("holds the product's default content", async () => {
    expect(await activeCount("banners")).toBe(3);
    expect(await activeCount("causes")).toBe(6);
    expect(await activeCount("about_content")).toBe(1);
    expect(await activeCount("logo_settings")).toBe(1);
    for (const gallery of [
      "home_gallery",
      "children_gallery",
      "oldage_gallery",
      "medical_gallery",
      "relief_gallery",
    ]) {
      expect(await activeCount(gallery), gallery).toBeGreaterThanOrEqual(6);
    }
    const { rows: statuses } = await db.query<{ project_status: string; n: number }>(
      "select project_status, count(*)::int as n from public.projects where is_active group by 1 order by 1",
    );
    expect(statuses.map((row) => row.project_status)).toEqual(["completed", "ongoing", "planning"]);
    for (const row of statuses) expect(row.n, row.project_status).toBeGreaterThanOrEqual(2);
    const { rows: about } = await db.query<{
      years_of_service: number;
      lives_impacted: number;
      active_volunteers: number;
    }>("select years_of_service, lives_impacted, active_volunteers from public.about_content");
    expect(about[0]).toEqual({ years_of_service: 15, lives_impacted: 500, active_volunteers: 50 });
    const { rows: donate } = await db.query<{ qr: string }>(
      "select qr_codes -> 0 ->> 'title' as qr from public.donate_content where is_active",
    );
    expect(donate[0]?.qr).toBe("Mobile Payment");
  });

  it("includes inactive rows that visitors do not see", async () => {
    const { rows } = await db.query<{ n: number }>(
      "select (select count(*) from public.banners where not is_active)::int + (select count(*) from public.projects where not is_active)::int as n",
    );
    expect(rows[0]?.n).toBeGreaterThan(0);
    const visible = await tryAs(db, "anon", (tx) =>
      tx.query<{ n: number }>("select count(*)::int as n from public.banners where not is_active"),
    );
    expect(visible.rows[0]?.n).toBe(0);
  });

  it("refers only to files that ship in public/, never to remote hosts", async () => {
    const sql = await readFile(seedFile, "utf8");
    // The only web addresses are the sample people's social links: pages a visitor may
    // follow, never a file the site loads.
    const remote = sql.match(/https?:\/\/[^'\s]+/g) ?? [];
    expect(remote.filter((url) => !/^https:\/\/www\.linkedin\.com\/in\/[\w-]+$/.test(url))).toEqual(
      [],
    );
    const paths = [
      ...new Set(sql.match(/'\/[^'\s]+\.(?:jpe?g|png|webp|avif|gif|pdf)'/g) ?? []),
    ].map((quoted) => quoted.slice(1, -1));
    expect(paths.length).toBeGreaterThan(30);
    const missing = paths.filter((path) => !existsSync(join(publicDir, path)));
    expect(missing).toEqual([]);
  });
});
