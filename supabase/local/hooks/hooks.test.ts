// The hosted delivery setup as the stand-in plays it: pg_net's queue sends after commit
// (never after a rollback) and records the answer; the migration's own trigger finds
// pg_net and the Vault secrets and asks the alerts function to deliver; the cron job
// asks again only while something is undelivered.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "../database.ts";
import { type HostedHooks, installHostedExtensions, startHostedHooks } from "./index.ts";

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let server: Server;
let base: string;
const received: Received[] = [];
let answerStatus = 200;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      received.push({
        method: request.method ?? "",
        url: request.url ?? "",
        headers: request.headers,
        body,
      });
      if (request.url?.startsWith("/slow")) return;
      response.writeHead(answerStatus, { "content-type": "application/json" }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  received.length = 0;
  answerStatus = 200;
});

async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("pg_net, played", () => {
  let db: PGlite;
  let hooks: HostedHooks;
  const warnings: string[] = [];

  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
    hooks = await startHostedHooks(db, {
      projectUrl: base,
      secretKey: "sb_secret_test",
      cronSeconds: 3600,
      warn: (message) => warnings.push(message),
    });
  });

  afterAll(async () => {
    await hooks.close();
    await db.close();
  });

  it("sends a request queued in a transaction once it commits, and records the answer", async () => {
    let id = 0;
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `select net.http_post($1, '{"hello": "world"}'::jsonb, '{}'::jsonb,
           '{"Content-Type": "application/json", "Authorization": "Bearer k"}'::jsonb) as id`,
        [`${base}/hook`],
      );
      id = Number(rows[0]?.id);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(received).toEqual([]);
    });
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({
      method: "POST",
      url: "/hook",
      body: '{"hello": "world"}',
      headers: { authorization: "Bearer k", "content-type": "application/json" },
    });
    await until(async () => {
      const { rows } = await db.query("select 1 from net._http_response where id = $1", [id]);
      return rows.length === 1;
    });
    const { rows } = await db.query<{ status_code: number; content: string; queued: number }>(
      `select status_code, content, (select count(*)::int from net.http_request_queue) as queued
         from net._http_response where id = $1`,
      [id],
    );
    expect(rows[0]).toEqual({ status_code: 200, content: '{"ok":true}', queued: 0 });
  });

  it("never sends a request whose transaction rolled back", async () => {
    await db
      .transaction(async (tx) => {
        await tx.query("select net.http_post($1)", [`${base}/rolled-back`]);
        throw new Error("rollback");
      })
      .catch(() => {});
    await db.query("select net.http_post($1)", [`${base}/after`]);
    await until(() => received.length === 1);
    expect(received.map((request) => request.url)).toEqual(["/after"]);
  });

  it("records a timeout and a failed answer, and tells the console", async () => {
    answerStatus = 503;
    await db.query("select net.http_post($1)", [`${base}/down`]);
    await db.query("select net.http_post($1, timeout_milliseconds => 100)", [`${base}/slow`]);
    await until(async () => {
      const { rows } = await db.query("select 1 from net._http_response");
      return rows.length >= 4;
    });
    const { rows } = await db.query<{ status_code: number | null; timed_out: boolean }>(
      "select status_code, timed_out from net._http_response order by created desc, id desc limit 2",
    );
    expect(rows.map((row) => [row.status_code, row.timed_out]).sort()).toEqual(
      [
        [503, false],
        [null, true],
      ].sort(),
    );
    expect(warnings.some((warning) => warning.includes("/down: HTTP 503"))).toBe(true);
    expect(warnings.some((warning) => warning.includes("/slow: Timeout of 100 ms"))).toBe(true);
  });

  it("keeps the secrets in Vault, one per name, replaced when they change", async () => {
    await installHostedExtensions(db, { projectUrl: "http://elsewhere", secretKey: "sb_secret_2" });
    const { rows } = await db.query<{ name: string; decrypted_secret: string }>(
      "select name, decrypted_secret from vault.decrypted_secrets order by name",
    );
    expect(rows).toEqual([
      { name: "project_url", decrypted_secret: "http://elsewhere" },
      { name: "secret_key", decrypted_secret: "sb_secret_2" },
    ]);
    await installHostedExtensions(db, { projectUrl: base, secretKey: "sb_secret_test" });
  });
});

/**
 * A migrated database with the hosted setup played on it, calling the test server, for
 * the describe block it is called in; the cron ticks only when a test asks.
 */
function projectWithHooks(projectUrl: () => string): {
  db: () => PGlite;
  hooks: () => HostedHooks;
} {
  let db: PGlite;
  let hooks: HostedHooks;
  beforeAll(async () => {
    db = await createDatabase();
    hooks = await startHostedHooks(db, {
      projectUrl: projectUrl(),
      secretKey: "sb_secret_project",
      cronSeconds: 3600,
      warn: () => {},
    });
  }, 60_000);
  afterAll(async () => {
    await hooks.close();
    await db.close();
  });
  return { db: () => db, hooks: () => hooks };
}

describe("the project's own delivery requests", () => {
  const project = projectWithHooks(() => `${base}/`);

  it("a new alert asks the alerts function to deliver, with the secret key, after commit", async () => {
    await project.db().transaction(async (tx) => {
      await tx.query(
        `select set_config('role', 'service_role', true),
                set_config('request.jwt.claims', '{"role":"service_role"}', true)`,
      );
      await tx.query(
        "insert into public.contact_messages (name, email, subject, message) values ('Mina', 'mina@example.org', 'Hi', 'Hello')",
      );
    });
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({
      method: "POST",
      url: "/functions/v1/alerts",
      body: '{"action": "deliver"}',
      headers: { authorization: "Bearer sb_secret_project", apikey: "sb_secret_project" },
    });
  });

  it("the cron job asks again only while something is undelivered", async () => {
    await project.hooks().runCron();
    await until(() => received.length === 1);
    await project.db().query("update public.alert_outbox set status = 'sent'");
    received.length = 0;
    await project.hooks().runCron();
    await project.hooks().drain();
    expect(received).toEqual([]);
  });
});

describe("the project's cron jobs", () => {
  const project = projectWithHooks(() => base);

  it("keeps both jobs in cron.job, one per name, as cron.schedule does", async () => {
    const schedule = () =>
      project
        .db()
        .query<{ jobname: string; schedule: string; active: boolean }>(
          "select jobname, schedule, active from cron.job order by jobid",
        );
    const expected = [
      { jobname: "deliver-alerts", schedule: "* * * * *", active: true },
      { jobname: "purge-trash", schedule: "17 3 * * *", active: true },
    ];
    expect((await schedule()).rows).toEqual(expected);
    // Scheduling again under the same name replaces the job.
    await installHostedExtensions(project.db(), {
      projectUrl: base,
      secretKey: "sb_secret_project",
    });
    expect((await schedule()).rows).toEqual(expected);
  });

  it("refuses a schedule it cannot play, loudly", async () => {
    await expect(
      project.db().query("select cron.schedule('weekly', '0 3 * * 1', 'select 1')"),
    ).rejects.toThrow(/plays only '\* \* \* \* \*' and daily 'M H \* \* \*' schedules/);
    await expect(project.db().query("select cron.unschedule('no-such-job')")).rejects.toThrow(
      /could not find valid entry/,
    );
  });

  it("runs the daily purge once in its minute, with the secret key, and not at other times", async () => {
    await project.hooks().runCron(new Date("2026-11-28T03:16:30Z"));
    await project.hooks().drain();
    expect(received.filter((request) => request.url === "/functions/v1/trash")).toEqual([]);
    await project.hooks().runCron(new Date("2026-11-28T03:17:05Z"));
    await project.hooks().runCron(new Date("2026-11-28T03:17:50Z"));
    await until(() => received.some((request) => request.url === "/functions/v1/trash"));
    await project.hooks().drain();
    const purges = received.filter((request) => request.url === "/functions/v1/trash");
    expect(purges).toHaveLength(1);
    expect(purges[0]).toMatchObject({
      method: "POST",
      body: '{"action": "purge"}',
      headers: { authorization: "Bearer sb_secret_project" },
    });
  });
});
