// The hosted project's delivery setup, played by the stand-in: what README "Alerts on a
// hosted project" asks an operator to set up once, done here at every start.
//
//   hosted                                              here
//   pg_net enabled                                      extensions.sql: net.http_post
//                                                       queues; net-worker.ts sends
//                                                       after commit
//   Vault secrets project_url, secret_key               the same names in vault.secrets:
//                                                       the stand-in's URL and secret key
//   Supabase Cron job 'deliver-alerts', every minute:   the same SQL, in cron.job, run as
//     asks for delivery while anything is undelivered   the owner every `cronSeconds`
//   Supabase Cron job 'purge-trash', daily at 03:17:    the same SQL, in cron.job, run
//     asks the trash function to purge                  when a tick falls in 03:17 UTC
//
// The migration's trigger on public.alert_outbox calls private.request_alert_delivery()
// itself, which finds pg_net and the two secrets and asks the alerts function to
// deliver: the same SQL runs here as on a hosted project; only the sending differs.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { PGliteInterface } from "@electric-sql/pglite";
import { type NetWorker, startNetWorker } from "./net-worker.ts";

/** A Supabase Cron job, as `cron.schedule(name, schedule, command)` makes it. */
export interface CronJob {
  name: string;
  schedule: string;
  command: string;
}

/**
 * The jobs README's setup schedules on a hosted project: alert delivery every minute
 * while anything is undelivered, and the trash purge daily. The same SQL runs there; the
 * stand-in schedules both at every start, into its own cron.job.
 */
export const CRON_JOBS: readonly CronJob[] = [
  {
    name: "deliver-alerts",
    schedule: "* * * * *",
    command: `select private.request_alert_delivery()
 where exists (select 1 from public.alert_outbox where status in ('pending', 'held', 'sending'))`,
  },
  {
    name: "purge-trash",
    schedule: "17 3 * * *",
    command: `select net.http_post(
  url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/trash',
  headers := jsonb_build_object('Content-Type', 'application/json',
    'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'secret_key')),
  body := '{"action": "purge"}'::jsonb)`,
  },
];

/** Whether a job's schedule falls on `now`'s minute (the two forms extensions.sql takes). */
function due(schedule: string, now: Date): boolean {
  if (schedule === "* * * * *") return true;
  const [minute, hour] = schedule.split(" ").map(Number);
  return now.getUTCMinutes() === minute && now.getUTCHours() === hour;
}

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
  /** Runs the cron jobs due now (every-minute jobs always), once. */
  runCron(now?: Date): Promise<void>;
  close(): Promise<void>;
}

const extensionsFile = join(import.meta.dirname, "extensions.sql");

/**
 * Installs the pg_net, Vault and pg_cron stand-ins, stores the project's two secrets and
 * schedules the two jobs.
 */
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
  for (const job of CRON_JOBS) {
    await db.query("select cron.schedule($1, $2, $3)", [job.name, job.schedule, job.command]);
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
  // A daily job runs once in its minute, however often the local cron ticks.
  const ranInMinute = new Map<string, number>();
  const runCron = async (now = new Date()) => {
    const minute = Math.floor(now.getTime() / 60_000);
    const { rows } = await db.query<{ jobname: string; schedule: string; command: string }>(
      "select jobname, schedule, command from cron.job where active order by jobid",
    );
    for (const job of rows) {
      if (closed) return;
      if (!due(job.schedule, now)) continue;
      if (job.schedule !== "* * * * *" && ranInMinute.get(job.jobname) === minute) continue;
      ranInMinute.set(job.jobname, minute);
      try {
        await db.query(job.command);
      } catch (error) {
        if (!closed) warn(`[cron] ${job.jobname}: ${(error as Error).message}`);
      }
    }
  };
  const every = Math.max(1, options.cronSeconds ?? DEFAULT_CRON_SECONDS) * 1000;
  const timer = setInterval(
    () =>
      void runCron().catch((error) => {
        if (!closed) warn(`[cron] ${(error as Error).message}`);
      }),
    every,
  );
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
