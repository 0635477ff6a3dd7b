import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyMigrations, createDatabase, listMigrations } from "./database.ts";

describe("migrations", () => {
  it("are named <YYYYMMDDHHMMSS>_<what>.sql with unique, ordered versions", async () => {
    const migrations = await listMigrations();
    const versions = migrations.map((m) => m.version);
    expect(versions.length).toBeGreaterThan(10);
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort()).toEqual(versions);
  });

  it("refuses a file that does not follow the naming rule", async () => {
    const dir = await mkdtemp(join(tmpdir(), "migrations-"));
    await writeFile(join(dir, "add_table.sql"), "select 1;");
    await expect(listMigrations(dir)).rejects.toThrow(/add_table\.sql/);
  });

  it("are recorded once applied, so a second run applies nothing and a new file applies alone", async () => {
    const db = await createDatabase();
    try {
      expect(await applyMigrations(db)).toEqual([]);
      const dir = await mkdtemp(join(tmpdir(), "migrations-"));
      const all = await listMigrations();
      for (const migration of all) {
        await writeFile(join(dir, `${migration.version}_${migration.name}.sql`), "select 1;");
      }
      await writeFile(
        join(dir, "29991231000000_later.sql"),
        "create table public.later_probe (id int);",
      );
      const applied = await applyMigrations(db, dir);
      expect(applied.map((m) => m.name)).toEqual(["later"]);
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from supabase_migrations.schema_migrations",
      );
      expect(rows[0]?.n).toBe(all.length + 1);
    } finally {
      await db.close();
    }
  }, 60_000);

  it("roll back a failing migration whole and say which one failed", async () => {
    const db = await createDatabase();
    try {
      const dir = await mkdtemp(join(tmpdir(), "migrations-"));
      for (const migration of await listMigrations()) {
        await writeFile(join(dir, `${migration.version}_${migration.name}.sql`), "select 1;");
      }
      await writeFile(
        join(dir, "29991231000000_broken.sql"),
        "create table public.half_done (id int); select no_such_function();",
      );
      await expect(applyMigrations(db, dir)).rejects.toThrow(/29991231000000_broken failed/);
      const { rows } = await db.query<{ t: string | null }>(
        "select to_regclass('public.half_done')::text as t",
      );
      expect(rows[0]?.t).toBeNull();
    } finally {
      await db.close();
    }
  }, 60_000);
});
