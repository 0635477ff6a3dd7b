// The tables and functions beyond plain content: contact messages, the audit log,
// the content revision, logo activation and the media bucket's policies.
import type { Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_UPLOAD_BYTES, MEDIA_MIME_TYPES } from "../../functions/_shared/media-rules.ts";
import { validContactMessage, validRows } from "./fixtures.ts";
import {
  ACTORS,
  ADMIN_ID,
  as,
  type Db,
  freshDatabase,
  insertRow,
  outcome,
  summary,
  tryAs,
} from "./harness.ts";

let db: Db;

beforeAll(async () => {
  db = await freshDatabase();
}, 60_000);

afterAll(async () => {
  await db.close();
});

describe("contact_messages", () => {
  let messageId: string;
  beforeAll(async () => {
    messageId = await as(db, "service", async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "insert into public.contact_messages (name, email, phone, subject, message, inquiry_type) values ($1, $2, $3, $4, $5, $6) returning id",
        Object.values(validContactMessage),
      );
      return rows[0]?.id ?? "";
    });
  });

  const insert = (tx: Transaction) =>
    outcome(() =>
      tx.query(
        "insert into public.contact_messages (name, email, subject, message) values ('Eve', 'eve@example.org', 'Hi', 'Hello')",
      ),
    );

  it("is written by the service role only: anon, users and admins cannot insert", async () => {
    expect(summary(await tryAs(db, "anon", insert))).toBe("42501");
    expect(summary(await tryAs(db, "user", insert))).toBe("42501");
    expect(summary(await tryAs(db, "admin", insert))).toBe("42501");
    expect(summary(await tryAs(db, "service", insert))).toBe(1);
  });

  it("is closed to anon and to signed-in non-admins, open to admins", async () => {
    const read = (tx: Transaction) =>
      outcome(() => tx.query("select * from public.contact_messages"));
    expect(summary(await tryAs(db, "anon", read))).toBe("42501");
    expect(summary(await tryAs(db, "user", read))).toBe(0);
    expect(summary(await tryAs(db, "admin", read))).toBe(1);
  });

  it("lets admins mark a message handled but not rewrite what the sender wrote", async () => {
    const handled = (tx: Transaction) =>
      outcome(() =>
        tx.query("update public.contact_messages set handled = true where id = $1", [messageId]),
      );
    expect(summary(await tryAs(db, "anon", handled))).toBe("42501");
    expect(summary(await tryAs(db, "user", handled))).toBe(0);
    expect(summary(await tryAs(db, "admin", handled))).toBe(1);
    const rewrite = (tx: Transaction) =>
      outcome(() =>
        tx.query("update public.contact_messages set message = 'forged' where id = $1", [
          messageId,
        ]),
      );
    expect(summary(await tryAs(db, "admin", rewrite))).toBe("42501");
  });

  it("lets only admins delete", async () => {
    const remove = (tx: Transaction) =>
      outcome(() => tx.query("delete from public.contact_messages where id = $1", [messageId]));
    expect(summary(await tryAs(db, "anon", remove))).toBe("42501");
    expect(summary(await tryAs(db, "user", remove))).toBe(0);
    expect(summary(await tryAs(db, "admin", remove))).toBe(1);
  });

  it("refuses a bad inquiry type and a malformed email, storing nothing", async () => {
    const bad = [
      ["inquiry_type", "sales", "23514"],
      ["email", "not-an-email", "23514"],
      ["name", "   ", "23514"],
      ["message", null, "23502"],
    ] as const;
    for (const [column, value, code] of bad) {
      const row: Record<string, unknown> = { ...validContactMessage, [column]: value };
      const result = await tryAs(db, "service", (tx) =>
        outcome(() =>
          tx.query(
            `insert into public.contact_messages (${Object.keys(row).join(", ")}) values (${Object.keys(
              row,
            )
              .map((_, i) => `$${i + 1}`)
              .join(", ")})`,
            Object.values(row),
          ),
        ),
      );
      expect(summary(result), column).toBe(code);
    }
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from public.contact_messages",
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe("content revision", () => {
  const revision = async () =>
    (await db.query<{ revision: string }>("select revision::text from public.content_revision"))
      .rows[0]?.revision;

  it("is readable by anon", async () => {
    const result = await tryAs(db, "anon", (tx) =>
      tx.query<{ revision: string }>("select revision from public.content_revision"),
    );
    expect(result.rows).toHaveLength(1);
  });

  it("goes up on every insert, update and delete of a content table", async () => {
    const start = Number(await revision());
    const id = await as(db, "admin", async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "insert into public.banners (image_url, title) values ('/images/seed/x.jpg', 'New') returning id",
      );
      return rows[0]?.id ?? "";
    });
    expect(Number(await revision())).toBe(start + 1);
    await as(db, "admin", (tx) =>
      tx.query("update public.banners set title = 'Changed' where id = $1", [id]),
    );
    expect(Number(await revision())).toBe(start + 2);
    await as(db, "admin", (tx) => tx.query("delete from public.banners where id = $1", [id]));
    expect(Number(await revision())).toBe(start + 3);
  });

  it("does not move when a write changes nothing or is refused", async () => {
    const start = await revision();
    await as(db, "user", (tx) => tx.query("update public.banners set title = 'x'"));
    await tryAs(db, "anon", (tx) => outcome(() => tx.query("delete from public.banners")));
    expect(await revision()).toBe(start);
  });

  it("cannot be written by anyone but the database", async () => {
    for (const actor of ACTORS) {
      const result = await tryAs(db, actor, (tx) =>
        outcome(() => tx.query("update public.content_revision set revision = 0")),
      );
      expect(summary(result), actor).toBe("42501");
    }
  });
});

describe("audit log", () => {
  it("records who changed which row, how, with the old and new values", async () => {
    const id = await as(db, "admin", async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        "insert into public.donate_content (qr_codes, bank_accounts) values ($1, $2) returning id",
        [
          JSON.stringify(validRows.donate_content.qr_codes),
          JSON.stringify(validRows.donate_content.bank_accounts),
        ],
      );
      return rows[0]?.id ?? "";
    });
    const changed = [
      { bank_name: "Other Bank", account_name: "Helping Hands", account_number: "0002" },
    ];
    await as(db, "admin", (tx) =>
      tx.query("update public.donate_content set bank_accounts = $1 where id = $2", [
        JSON.stringify(changed),
        id,
      ]),
    );
    await as(db, "admin", (tx) =>
      tx.query("delete from public.donate_content where id = $1", [id]),
    );

    const { rows } = await db.query<{
      action: string;
      actor_id: string;
      actor_email: string;
      actor_role: string;
      table_name: string;
      old_data: { bank_accounts: unknown } | null;
      new_data: { bank_accounts: unknown } | null;
    }>("select * from public.audit_log where row_id = $1 order by id", [id]);
    expect(rows.map((row) => row.action)).toEqual(["INSERT", "UPDATE", "DELETE"]);
    for (const row of rows) {
      expect(row.actor_id).toBe(ADMIN_ID);
      expect(row.actor_email).toBe("admin@helpinghands.example");
      expect(row.actor_role).toBe("authenticated");
      expect(row.table_name).toBe("donate_content");
    }
    expect(rows[0]?.old_data).toBeNull();
    expect(rows[1]?.old_data?.bank_accounts).toEqual(validRows.donate_content.bank_accounts);
    expect(rows[1]?.new_data?.bank_accounts).toEqual(changed);
    expect(rows[2]?.new_data).toBeNull();
    expect(rows[2]?.old_data?.bank_accounts).toEqual(changed);
  });

  it("is read by admins only", async () => {
    const read = (tx: Transaction) => outcome(() => tx.query("select * from public.audit_log"));
    expect(summary(await tryAs(db, "anon", read))).toBe("42501");
    expect(summary(await tryAs(db, "user", read))).toBe(0);
    const admin = await tryAs(db, "admin", read);
    expect(admin.ok && admin.rows > 0).toBe(true);
  });

  it("cannot be changed, deleted or added to by anyone, the service role and the owner included", async () => {
    for (const actor of ["anon", "user", "admin", "service"] as const) {
      for (const sql of [
        "update public.audit_log set action = 'DELETE'",
        "delete from public.audit_log",
        "insert into public.audit_log (actor_role, table_name, action) values ('x', 'banners', 'INSERT')",
      ]) {
        const result = await tryAs(db, actor, (tx) => outcome(() => tx.query(sql)));
        expect(summary(result), `${actor}: ${sql}`).toBe("42501");
      }
    }
    for (const sql of [
      "update public.audit_log set action = 'DELETE'",
      "delete from public.audit_log",
      "truncate public.audit_log",
    ]) {
      const result = await outcome(() => db.query(sql));
      expect(summary(result), `owner: ${sql}`).toBe("42501");
    }
  });
});

describe("logo activation", () => {
  let first: string;
  let second: string;
  beforeAll(async () => {
    first = await insertRow(db, "logo_settings", { ...validRows.logo_settings, is_active: true });
    second = await insertRow(db, "logo_settings", { ...validRows.logo_settings, is_active: false });
  });

  const activeIds = async () =>
    (
      await db.query<{ id: string }>("select id from public.logo_settings where is_active")
    ).rows.map((r) => r.id);

  it("allows at most one active logo, enforced by the database", async () => {
    const result = await tryAs(db, "admin", (tx) =>
      outcome(() =>
        tx.query("update public.logo_settings set is_active = true where id = $1", [second]),
      ),
    );
    expect(summary(result)).toBe("23505");
    expect(await activeIds()).toEqual([first]);
  });

  it("activates one logo and deactivates the others in one call", async () => {
    await as(db, "admin", (tx) => tx.query("select public.activate_logo($1)", [second]));
    expect(await activeIds()).toEqual([second]);
    await as(db, "admin", (tx) => tx.query("select public.activate_logo($1)", [first]));
    expect(await activeIds()).toEqual([first]);
  });

  it("refuses anon and non-admins, changing nothing", async () => {
    const call = (tx: Transaction) =>
      outcome(() => tx.query("select public.activate_logo($1)", [second]));
    expect(summary(await tryAs(db, "anon", call))).toBe("42501");
    expect(summary(await tryAs(db, "user", call))).toBe("42501");
    expect(await activeIds()).toEqual([first]);
  });

  it("refuses an unknown logo id", async () => {
    const result = await tryAs(db, "admin", (tx) =>
      outcome(() =>
        tx.query("select public.activate_logo('00000000-0000-4000-8000-000000000000')"),
      ),
    );
    expect(summary(result)).toBe("22023");
    expect(await activeIds()).toEqual([first]);
  });
});

describe("publish run limits", () => {
  const at = "2026-11-24T12:00:00Z";
  const runs = async () =>
    (
      await db.query<{ id: number; status: string; error: string | null }>(
        "select id, status, error from public.publish_runs order by id",
      )
    ).rows;
  const expire = (tx: Transaction, queue: number, build: number) =>
    tx.query<{ n: number }>("select public.expire_publish_runs($1, $2, $3) as n", [
      queue,
      build,
      at,
    ]);
  /** Replaces every run with these, oldest first: times are minutes before `at`. */
  const plant = async (
    planted: { status: string; requested: number; started?: number; finished?: number }[],
  ) => {
    await db.query("delete from public.publish_runs");
    const ago = (minutes: number | undefined) =>
      minutes === undefined ? null : new Date(Date.parse(at) - minutes * 60_000).toISOString();
    for (const run of planted) {
      await db.query(
        `insert into public.publish_runs (status, requested_revision, requested_at, started_at, finished_at)
         values ($1, 1, $2, $3, $4)`,
        [run.status, ago(run.requested), ago(run.started), ago(run.finished)],
      );
    }
  };

  it("fails a queued run past the queue limit and a build past the build limit, nothing else", async () => {
    // A build that never reported, started 31 minutes before `at`, and a fresh one; a
    // run queued 11 minutes before `at` after the last build had ended.
    await plant([
      { status: "failed", requested: 120, started: 119, finished: 118 },
      { status: "building", requested: 40, started: 31 },
    ]);
    const { rows } = await as(db, "service", (tx) => expire(tx, 600, 1800));
    expect(rows[0]?.n).toBe(1);
    expect((await runs())[1]?.error).toBe("The build did not finish within 30 minutes.");

    await plant([
      { status: "succeeded", requested: 30, started: 29, finished: 28 },
      { status: "building", requested: 10, started: 9 },
    ]);
    expect((await as(db, "service", (tx) => expire(tx, 600, 1800))).rows[0]?.n).toBe(0);

    await plant([
      { status: "failed", requested: 120, started: 119, finished: 118 },
      { status: "queued", requested: 11 },
    ]);
    const before = await runs();
    expect((await as(db, "service", (tx) => expire(tx, 600, 1800))).rows[0]?.n).toBe(1);
    const after = await runs();
    expect(after.map((run) => run.status)).toEqual(["failed", "failed"]);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]?.error).toBe("The host never started the build.");
    // Nothing left to expire: calling again changes nothing.
    expect((await as(db, "service", (tx) => expire(tx, 600, 1800))).rows[0]?.n).toBe(0);
  });

  it("never fails a queued run while a build runs: the host starts it after that build", async () => {
    // Queued 11 minutes ago behind a build that has run for 12 minutes (within its
    // limit): the host is busy, not refusing.
    await plant([
      { status: "building", requested: 12, started: 12 },
      { status: "queued", requested: 11 },
    ]);
    expect((await as(db, "service", (tx) => expire(tx, 600, 1800))).rows[0]?.n).toBe(0);
    expect((await runs()).map((run) => run.status)).toEqual(["building", "queued"]);
  });

  it("counts a queued run's wait from the end of the build before it", async () => {
    // Asked for 15 minutes ago, while a build ran that ended 5 minutes ago: it has
    // waited 5 minutes for the host, not 15.
    await plant([
      { status: "succeeded", requested: 20, started: 20, finished: 5 },
      { status: "queued", requested: 15 },
    ]);
    expect((await as(db, "service", (tx) => expire(tx, 600, 1800))).rows[0]?.n).toBe(0);
    // 11 minutes after that build ended, the host has had its chance.
    await plant([
      { status: "succeeded", requested: 25, started: 25, finished: 11 },
      { status: "queued", requested: 15 },
    ]);
    expect((await as(db, "service", (tx) => expire(tx, 600, 1800))).rows[0]?.n).toBe(1);
    expect((await runs())[1]?.error).toBe("The host never started the build.");
  });

  it("gives a queued run behind a build that is failed for running too long a wait of its own", async () => {
    await plant([
      { status: "building", requested: 45, started: 45 },
      { status: "queued", requested: 40 },
    ]);
    expect((await as(db, "service", (tx) => expire(tx, 600, 1800))).rows[0]?.n).toBe(1);
    expect((await runs()).map((run) => run.status)).toEqual(["failed", "queued"]);
  });

  it("refuses limits that are not positive, and everyone but the service role", async () => {
    expect(summary(await tryAs(db, "service", (tx) => outcome(() => expire(tx, 0, 1800))))).toBe(
      "22023",
    );
    for (const actor of ACTORS) {
      expect(summary(await tryAs(db, actor, (tx) => outcome(() => expire(tx, 600, 1800))))).toBe(
        "42501",
      );
    }
  });
});

describe("media bucket", () => {
  const upload = (name: string) => (tx: Transaction) =>
    outcome(() =>
      tx.query(
        "insert into storage.objects (bucket_id, name, metadata) values ('media', $1, '{}')",
        [name],
      ),
    );

  it("is public, limited to the size and the types of functions/_shared/media-rules.ts", async () => {
    const { rows } = await db.query<{
      public: boolean;
      file_size_limit: string;
      allowed_mime_types: string[];
    }>(
      "select public, file_size_limit::text, allowed_mime_types from storage.buckets where id = 'media'",
    );
    expect(rows[0]).toEqual({
      public: true,
      file_size_limit: String(MAX_UPLOAD_BYTES),
      allowed_mime_types: MEDIA_MIME_TYPES,
    });
  });

  it("lets nobody but the service role add or replace objects; admins remove them", async () => {
    // Uploads go through the media function, which checks the bytes and stores with
    // the service role (migration 20261122004000).
    for (const actor of ACTORS) {
      expect(summary(await tryAs(db, actor, upload("gallery/a.jpg"))), actor).toBe("42501");
    }
    expect(summary(await tryAs(db, "service", upload("gallery/a.jpg")))).toBe(1);

    await as(db, "service", (tx) => upload("gallery/kept.jpg")(tx));
    for (const actor of ACTORS) {
      const changed = await tryAs(db, actor, (tx) =>
        outcome(() =>
          tx.query(
            "update storage.objects set name = 'gallery/moved.jpg' where name = 'gallery/kept.jpg'",
          ),
        ),
      );
      expect(summary(changed), actor).toBe(0);
    }
    for (const actor of ["anon", "user"] as const) {
      const removed = await tryAs(db, actor, (tx) =>
        outcome(() => tx.query("delete from storage.objects where name = 'gallery/kept.jpg'")),
      );
      expect(summary(removed), actor).toBe(0);
    }
    const removed = await tryAs(db, "admin", (tx) =>
      outcome(() => tx.query("delete from storage.objects where name = 'gallery/kept.jpg'")),
    );
    expect(summary(removed)).toBe(1);
  });

  it("has no listing for visitors", async () => {
    const list = (tx: Transaction) => outcome(() => tx.query("select * from storage.objects"));
    expect(summary(await tryAs(db, "anon", list))).toBe(0);
    expect(summary(await tryAs(db, "user", list))).toBe(0);
    expect(summary(await tryAs(db, "admin", list))).toBe(1);
  });
});
