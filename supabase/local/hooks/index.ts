// The hosted project's delivery setup, played by the stand-in: what README "Alerts on a
// hosted project" asks an operator to set up once, done here at every start.
//
//   hosted                                              here
//   pg_net enabled                                      extensions.sql: net.http_post
//                                                       queues; net-worker.ts sends
//                                                       after commit
//   Vault secrets project_url, secret_key               the same names in vault.secrets:
//                                                       the stand-in's URL and secret key
//   Supabase Cron job 'deliver-alerts', every minute:   the same SQL, run as the owner
//     asks for delivery while anything is undelivered   every `cronSeconds`
//
// The migration's trigger on public.alert_outbox calls private.request_alert_delivery()
// itself, which finds pg_net and the two secrets and asks the alerts function to
// deliver: the same SQL runs here as on a hosted project; only the sending differs.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PGliteInterface } from "@electric-sql/pglite";
import { type NetWorker, startNetWorker } from "./net-worker.ts";

/** A Supabase Cron job: its SQL, run on a fixed interval. */
interface CronJob {
  name: string;
  command: string;
}

/** The jobs README's setup schedules on a hosted project (each every minute, '* * * * *'). */
const CRON_JOBS: CronJob[] = [
  {
    name: "deliver-alerts",
    command: `select private.request_alert_delivery()
               where exists (select 1 from public.alert_outbox
                              where status in ('pending', 'held', 'sending'))`,
  },
];

/** How often the local cron runs its jobs (s); hosted runs every minute. */
const DEFAULT_CRON_SECONDS = 60;

export interface HostedHooksOptions {
  /** Where the API answers: the project_url secret. */
  projectUrl: string;
  /** The key the database calls the functions with: the secret_key secret. */
  secretKey: string;
  /** How often the cron jobs run (s); default DEFAULT_CRON_SECONDS. */
  cronSeconds?: number;
  fetch?: typeof fetch;
  warn?: (message: string) => void;
}

export interface HostedHooks {
  /** Sends what pg_net has queued now, and waits for the answers. */
  drain(): Promise<void>;
  /** Runs every cron job once, now. */
  runCron(): Promise<void>;
  close(): Promise<void>;
}

const extensionsFile = join(import.meta.dirname, "extensions.sql");

/** Installs the pg_net and Vault stand-ins and stores the project's two secrets. */
export async function installHostedExtensions(
  db: PGliteInterface,
  secrets: { projectUrl: string; secretKey: string },
): Promise<void> {
  await db.exec(await readFile(extensionsFile, "utf8"));
  for (const [name, value] of [
    ["project_url", secrets.projectUrl],
    ["secret_key", secrets.secretKey],
  ] as const) {
    await db.query(
      `insert into vault.secrets (name, secret) values ($1, $2)
       on conflict (name) do update set secret = excluded.secret, updated_at = now()`,
      [name, value],
    );
  }
}

export async function startHostedHooks(
  db: PGliteInterface,
  options: HostedHooksOptions,
): Promise<HostedHooks> {
  const warn = options.warn ?? ((message: string) => console.warn(message));
  await installHostedExtensions(db, options);
  const worker: NetWorker = await startNetWorker(db, { fetch: options.fetch, warn });
  let closed = false;
  const runCron = async () => {
    for (const job of CRON_JOBS) {
      if (closed) return;
      try {
        await db.query(job.command);
      } catch (error) {
        if (!closed) warn(`[cron] ${job.name}: ${(error as Error).message}`);
      }
    }
  };
  const every = Math.max(1, options.cronSeconds ?? DEFAULT_CRON_SECONDS) * 1000;
  const timer = setInterval(() => void runCron(), every);
  timer.unref();
  return {
    drain: () => worker.drain(),
    runCron,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await worker.close();
    },
  };
}
