// Creates and migrates the embedded database: Supabase's bootstrap, then every
// migration in supabase/migrations that has not run yet (tracked the way the
// Supabase CLI tracks them), then optionally the seed.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

const supabaseDir = join(import.meta.dirname, "..");
export const migrationsDir = join(supabaseDir, "migrations");
export const seedFile = join(supabaseDir, "seed.sql");
export const bootstrapFile = join(import.meta.dirname, "bootstrap.sql");

export interface Migration {
  version: string;
  name: string;
  file: string;
}

const MIGRATION_FILE = /^(\d{14})_(.+)\.sql$/;

export async function listMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".sql")).sort();
  return files.map((file) => {
    const match = MIGRATION_FILE.exec(file);
    if (!match?.[1] || !match[2]) {
      throw new Error(`Migration file ${file} is not named <YYYYMMDDHHMMSS>_<what>.sql`);
    }
    return { version: match[1], name: match[2], file: join(dir, file) };
  });
}

/** Anything that runs SQL scripts: PGlite, or a transaction of it. */
export interface SqlRunner {
  exec(sql: string): Promise<unknown>;
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export async function applyBootstrap(db: SqlRunner): Promise<void> {
  await db.exec(await readFile(bootstrapFile, "utf8"));
  await db.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      name text,
      statements text[],
      inserted_at timestamptz not null default now()
    );
  `);
}

/** Applies the migrations not yet recorded, each in its own transaction. */
export async function applyMigrations(db: PGlite, dir = migrationsDir): Promise<Migration[]> {
  const done = await db.query<{ version: string }>(
    "select version from supabase_migrations.schema_migrations",
  );
  const applied = new Set(done.rows.map((row) => row.version));
  const pending = (await listMigrations(dir)).filter((m) => !applied.has(m.version));
  for (const migration of pending) {
    const sql = await readFile(migration.file, "utf8");
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          "insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)",
          [migration.version, migration.name],
        );
      });
    } catch (error) {
      throw new Error(
        `Migration ${migration.version}_${migration.name} failed: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
  return pending;
}

export async function applySeed(db: PGlite, file = seedFile): Promise<void> {
  const sql = await readFile(file, "utf8");
  await db.transaction(async (tx) => {
    await tx.exec(sql);
  });
}

export interface CreateDatabaseOptions {
  /** A folder to keep the data in; in memory when absent. */
  dataDir?: string;
  seed?: boolean;
}

export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<PGlite> {
  const db = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await db.waitReady;
  await applyBootstrap(db);
  await applyMigrations(db);
  if (options.seed) await applySeed(db);
  return db;
}
