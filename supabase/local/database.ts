// Creates and migrates the embedded database: Supabase's bootstrap, then every
// migration in supabase/migrations that has not run yet (tracked the way the
// Supabase CLI tracks them), then optionally the seed.
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
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
      throw migrationFailure(migration, error);
    }
  }
  return pending;
}

// PGlite (PostgreSQL 18) has no extension but plpgsql loaded: CREATE EXTENSION of any
// other answers 0A000 'extension "postgis" is not available' (older Postgres:
// 58P01 'could not open extension control file ".../postgis.control"'). A PostGIS type
// used where the project enabled PostGIS outside its migrations is 42704.
const MISSING_EXTENSION = [
  /^extension "([^"]+)" is not available/,
  /^could not open extension control file "[^"]*?([^/"]+)\.control"/,
];
const POSTGIS_TYPE = /^type "(?:[^"]+\.)?(geometry|geography|box2d|box3d|raster)" does not exist/;

/** Names the migration's file, and says plainly when PGlite lacks an extension it needs. */
function migrationFailure(migration: Migration, error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const inRepo = relative(join(supabaseDir, ".."), migration.file);
  const file = inRepo.startsWith(`..${sep}`) ? migration.file : inRepo;
  const extension = MISSING_EXTENSION.map((rule) => rule.exec(message)?.[1]).find(Boolean);
  const postgisType = POSTGIS_TYPE.exec(message)?.[1];
  const needs = extension
    ? `the Postgres extension "${extension}"`
    : postgisType
      ? `the type ${postgisType} of the Postgres extension "postgis"`
      : undefined;
  if (!needs) return new Error(`Migration ${file} failed: ${message}`, { cause: error });
  return new Error(
    `Migration ${file} needs ${needs}, which the embedded database (PGlite) does not have, ` +
      "so it cannot run on the local stand-in: run it against a real Postgres " +
      `(\`supabase start\`, or a hosted Supabase project). PGlite said: ${message}`,
    { cause: error },
  );
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
  /** The migrations to apply: supabase/migrations when absent. */
  migrationsDir?: string;
}

export async function createDatabase(options: CreateDatabaseOptions = {}): Promise<PGlite> {
  const dir = options.migrationsDir ?? migrationsDir;
  if (!options.dataDir) return inMemoryDatabase(options.seed ?? false, dir);
  return migrated(new PGlite(options.dataDir), options.seed ?? false, dir);
}

/** Bootstraps, migrates and seeds a new database; closes it if any step fails. */
async function migrated(db: PGlite, seed: boolean, dir: string): Promise<PGlite> {
  try {
    await db.waitReady;
    await applyBootstrap(db);
    await applyMigrations(db, dir);
    if (seed) await applySeed(db);
    return db;
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

// An in-memory database (the tests', one or more per test file) starts from a copy of
// the data folder a first one left once migrated (and seeded), kept in the temporary
// folder under the hash of everything that made it: loading it takes about a quarter
// of the time of running the bootstrap, every migration and the seed again, which each
// test file's stack would otherwise do. A change to any of those files (this one and
// PGlite's version included) makes another hash, so a copy is never out of date;
// copies a day old are removed.
const TEMPLATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

async function inMemoryDatabase(seed: boolean, dir: string): Promise<PGlite> {
  const file = join(templateDir(), `${await templateKey(seed, dir)}.tar`);
  const saved = await readFile(file).catch(() => null);
  if (saved) {
    const db = new PGlite({ loadDataDir: new Blob([saved]) });
    await db.waitReady;
    return db;
  }
  const db = await migrated(new PGlite(), seed, dir);
  await saveTemplate(db, file).catch((error: Error) => {
    console.warn(`[database] could not keep a copy of the migrated database: ${error.message}`);
  });
  return db;
}

/** One folder per user, so tests run as root and as another user never share files. */
function templateDir(): string {
  return join(tmpdir(), `charity-site-databases-${process.getuid?.() ?? "user"}`);
}

async function templateKey(seed: boolean, dir: string): Promise<string> {
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
  for (const migration of await listMigrations(dir)) {
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
