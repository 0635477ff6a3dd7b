// The embedded backend that `npm start` and `npm run dev` share: the data folder,
// PGlite with the bootstrap, migrations and (on first run) the seed, the project
// keys, the local mail catcher, the Supabase API stand-in with the Edge Functions
// (Auth and the functions send their mail to the catcher; the database calls the
// alerts function through the stand-in's pg_net, as hosted), and the first admin.
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { loadAuthSettings } from "../../supabase/local/auth/config.ts";
import { applyBootstrap, applyMigrations, applySeed } from "../../supabase/local/database.ts";
import { apiKeys, loadOrCreateKeys, type ProjectKeys } from "../../supabase/local/keys.ts";
import { type MailCatcher, startMailCatcher } from "../../supabase/local/mail/index.ts";
import { freePort, startStandIn } from "../../supabase/local/server.ts";
import { type AdminSetup, setUpAdmin } from "./admin-account.ts";
import { repoRoot } from "./settings.ts";

export interface Database {
  db: PGlite;
  /** True when this start created the database (and so seeded it). */
  created: boolean;
  migrationsApplied: number;
}

/**
 * Marks a database still being created: written into <dataDir>/db before PGlite makes
 * the database there and removed once the seed has committed. A first run killed in
 * between (after initdb made PG_VERSION, before the seed) would otherwise leave a
 * database the next start takes for a finished one: migrated, but never seeded.
 */
const CREATING_MARKER = ".creating";

/**
 * Opens <dataDir>/db, creating and seeding it on first run, migrating it always.
 *
 * Durability: PGlite writes the folder through Emscripten's NODEFS, one synchronous
 * write(2) per write Postgres makes, and Postgres writes its WAL at every commit
 * (synchronous_commit is on). So a commit that returned is in the operating system's
 * hands, and a killed process (kill -9, a crash) loses no committed transaction and
 * leaves nothing corrupt: the next open replays the WAL (tests/abuse/faults.test.ts kills
 * a writer at random moments to prove it). PGlite runs Postgres with fsync off, though,
 * and NODEFS has no fsync either, so a power cut or an OS crash may lose the last
 * commits, as on any database with fsync off. Hosted Supabase keeps the real data.
 */
export async function openDatabase(dataDir: string): Promise<Database> {
  const dir = join(dataDir, "db");
  const marker = join(dir, CREATING_MARKER);
  const created = !existsSync(join(dir, "PG_VERSION")) || existsSync(marker);
  if (created) {
    // Whatever is there is no finished database (see CREATING_MARKER): start again.
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    await writeFile(marker, "This database is being created; it is not usable yet.\n");
  }
  const db = new PGlite(dir);
  try {
    await db.waitReady;
    // Idempotent: brings a database made by an older bootstrap up to date.
    await applyBootstrap(db);
    const applied = await applyMigrations(db);
    if (created) {
      await applySeed(db);
      await rm(marker);
    }
    return { db, created, migrationsApplied: applied.length };
  } catch (error) {
    await db.close().catch(() => {});
    // A first run that failed half-way would otherwise leave an unseeded database.
    if (created) await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

export interface StackOptions {
  dataDir: string;
  /** 0: any free port. */
  apiPort: number;
  /** The functions' secrets over the mail catcher's; a secret given as "" is unset. */
  functionSecrets: Record<string, string>;
  adminEmail?: string;
  adminPassword?: string;
  /** The mail catcher's page and API port, and its SMTP port; 0 or absent: any free port. */
  mailPort?: number;
  mailSmtpPort?: number;
  /** Where the site runs: Auth's site URL (config.toml's site_url when absent). */
  siteUrl?: string;
}

/** Where the local mail catcher listens: its page (and API), and its SMTP server. */
export type StackMail = Pick<MailCatcher, "url" | "smtpHost" | "smtpPort">;

/**
 * The function secrets that send mail to the catcher (functions/_shared/mail.ts reads
 * them), from the sender config.toml's [local_smtp] names for Auth's mail; secrets given
 * explicitly win.
 */
export function mailSecrets(mail: StackMail): Record<string, string> {
  const { sender } = loadAuthSettings();
  // A display name with a comma, a dot or the like is quoted, as RFC 5322 wants.
  const name = /[()<>[\]:;@\\,."]/.test(sender.name) ? JSON.stringify(sender.name) : sender.name;
  return {
    SMTP_HOST: mail.smtpHost,
    SMTP_PORT: String(mail.smtpPort),
    MAIL_FROM: `${name} <${sender.address}>`,
  };
}

export interface Stack {
  db: PGlite;
  keys: ProjectKeys;
  apiUrl: string;
  mail: StackMail;
  databaseCreated: boolean;
  migrationsApplied: number;
  admin: AdminSetup;
  close(): Promise<void>;
}

/** Starts the mail catcher, saying which setting to change when its ports are taken. */
async function startCatcher(options: StackOptions): Promise<MailCatcher> {
  try {
    return await startMailCatcher({ port: options.mailPort, smtpPort: options.mailSmtpPort });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(
        "MAIL_PORT or MAIL_SMTP_PORT is in use; set them to other ports (0: any free one).",
      );
    }
    throw error;
  }
}

/** Starts the database, the mail catcher, the API stand-in (127.0.0.1:apiPort) and the admin account. */
export async function startStack(options: StackOptions): Promise<Stack> {
  const keys = await loadOrCreateKeys(options.dataDir);
  const apiPort = options.apiPort === 0 ? await freePort() : options.apiPort;
  const catcher = await startCatcher(options);
  const mail: StackMail = {
    url: catcher.url,
    smtpHost: catcher.smtpHost,
    smtpPort: catcher.smtpPort,
  };
  const opened = await openDatabase(options.dataDir).catch(async (error) => {
    await catcher.close();
    throw error;
  });
  const { db, created, migrationsApplied } = opened;
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  try {
    standIn = await startStandIn(
      {
        db,
        keys,
        storageDir: join(options.dataDir, "storage"),
        functionsDir: join(repoRoot, "functions"),
        // A secret given as "" is unset (functions.env's way to unset one).
        functionSecrets: Object.fromEntries(
          Object.entries({ ...mailSecrets(mail), ...options.functionSecrets }).filter(
            ([, value]) => value !== "",
          ),
        ),
        authSmtp: { host: catcher.smtpHost, port: catcher.smtpPort },
        authSettings: options.siteUrl ? { siteUrl: options.siteUrl } : {},
        // pg_net, Vault and the cron job a hosted project is set up with (README): the
        // database asks the alerts function to deliver, as hosted.
        hostedHooks: {},
      },
      apiPort,
    );
  } catch (error) {
    await db.close();
    await catcher.close();
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(
        `API_PORT ${apiPort} is in use; set API_PORT to another port (0: any free one).`,
      );
    }
    throw error;
  }
  const admin = await setUpAdmin({
    dataDir: options.dataDir,
    env: { ADMIN_EMAIL: options.adminEmail, ADMIN_PASSWORD: options.adminPassword },
    url: standIn.url,
    secretKey: apiKeys(keys).secret,
    async findUser(email) {
      // The database is ours and in this process; asking it avoids paging
      // through the Auth admin API's user list.
      const { rows } = await db.query<{ id: string; role: string | null }>(
        "select id, raw_app_meta_data ->> 'role' as role from auth.users where lower(email) = lower($1)",
        [email],
      );
      const row = rows[0];
      return row ? { id: row.id, isAdmin: row.role === "admin" } : null;
    },
  });
  let closed = false;
  return {
    db,
    keys,
    apiUrl: standIn.url,
    mail,
    databaseCreated: created,
    migrationsApplied,
    admin,
    async close() {
      if (closed) return;
      closed = true;
      // The stand-in first (it stops the function processes), then flush the database.
      await standIn.close().catch((error) => console.error("stopping the API stand-in:", error));
      await catcher.close().catch((error) => console.error("stopping the mail catcher:", error));
      await db.close();
    },
  };
}
