// Creates and migrates the embedded database: Supabase's bootstrap, then every
// migration in supabase/migrations that has not run yet (tracked the way the
// Supabase CLI tracks them), then optionally the seed.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
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
  if (!options.dataDir) return inMemoryDatabase(options.seed ?? false);
  const db = new PGlite(options.dataDir);
  await db.waitReady;
  await applyBootstrap(db);
  await applyMigrations(db);
  if (options.seed) await applySeed(db);
  return db;
}

// An in-memory database (the tests', one or more per test file) starts from a copy of
// the data folder a first one left once migrated (and seeded), kept in the temporary
// folder under the hash of everything that made it: loading it takes about a quarter
// of the time of running the bootstrap, every migration and the seed again, which each
// test file's stack would otherwise do. A change to any of those files (this one and
// PGlite's version included) makes another hash, so a copy is never out of date;
// copies a day old are removed.
const TEMPLATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

async function inMemoryDatabase(seed: boolean): Promise<PGlite> {
  const file = join(templateDir(), `${await templateKey(seed)}.tar`);
  const saved = await readFile(file).catch(() => null);
  if (saved) {
    const db = new PGlite({ loadDataDir: new Blob([saved]) });
    await db.waitReady;
    return db;
  }
  const db = new PGlite();
  await db.waitReady;
  await applyBootstrap(db);
  await applyMigrations(db);
  if (seed) await applySeed(db);
  await saveTemplate(db, file).catch((error: Error) => {
    console.warn(`[database] could not keep a copy of the migrated database: ${error.message}`);
  });
  return db;
}

/** One folder per user, so tests run as root and as another user never share files. */
function templateDir(): string {
  return join(tmpdir(), `charity-site-databases-${process.getuid?.() ?? "user"}`);
}

async function templateKey(seed: boolean): Promise<string> {
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    await readFile(
      join(supabaseDir, "..", "node_modules", "@electric-sql", "pglite", "package.json"),
      "utf8",
    ),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\0`);
  // This file too: how it bootstraps and migrates is part of what made the copy.
  hash.update(await readFile(import.meta.filename));
  hash.update(await readFile(bootstrapFile));
  for (const migration of await listMigrations()) {
    hash.update(`\0${migration.version}\0`);
    hash.update(await readFile(migration.file));
  }
  if (seed) hash.update(await readFile(seedFile));
  return `${seed ? "seeded" : "empty"}-${hash.digest("hex").slice(0, 32)}`;
}

async function saveTemplate(db: PGlite, file: string): Promise<void> {
  const dir = dirname(file);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const data = Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer());
  // Written whole under another name, then renamed: a reader never sees half a copy.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, data, { mode: 0o600 });
  await rename(partial, file);
  const now = Date.now();
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > TEMPLATE_MAX_AGE_MS) await rm(path, { force: true });
  }
}
