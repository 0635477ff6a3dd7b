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
      await expect(applyMigrations(db, dir)).rejects.toThrow(/29991231000000_broken\.sql failed: /);
      const { rows } = await db.query<{ t: string | null }>(
        "select to_regclass('public.half_done')::text as t",
      );
      expect(rows[0]?.t).toBeNull();
    } finally {
      await db.close();
    }
  }, 60_000);

  it("say plainly which file needs an extension PGlite does not have, and where to run it", async () => {
    const cases: [string, string, RegExp][] = [
      [
        "29991231000000_places.sql",
        "create extension if not exists postgis with schema extensions;\n" +
          "create table public.places (id int, location extensions.geography(Point, 4326));",
        /needs the Postgres extension "postgis"/,
      ],
      [
        "29991231000000_routes.sql",
        "create table public.routes (id int, path geometry(LineString, 4326));",
        /needs the type geometry of the Postgres extension "postgis"/,
      ],
    ];
    for (const [name, sql, needs] of cases) {
      const dir = await mkdtemp(join(tmpdir(), "migrations-"));
      await writeFile(join(dir, name), sql);
      const failure = createDatabase({ migrationsDir: dir });
      await expect(failure).rejects.toThrow(`Migration ${join(dir, name)} needs`);
      await expect(failure).rejects.toThrow(needs);
      await expect(failure).rejects.toThrow(
        "which the embedded database (PGlite) does not have, so it cannot run on the local " +
          "stand-in: run it against a real Postgres (`supabase start`, or a hosted Supabase project)",
      );
    }
  }, 60_000);
});
