// Team changes in the audit log: only the service role (the team function) appends
// them, through record_team_change, and the log stays append-only and admins-only.
// They never pass for content changes: not in the trash, not restorable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACTORS,
  ADMIN_ID,
  as,
  type Db,
  freshDatabase,
  outcome,
  tryAs,
  USER_ID,
} from "./harness.ts";

let db: Db;

beforeAll(async () => {
  db = await freshDatabase({ seed: true });
}, 60_000);

afterAll(async () => {
  await db.close();
});

const RECORD = "select public.record_team_change($1, $2, $3, $4, $5) as id";

function summary(result: { ok: boolean; code?: string; rows?: number }) {
  return result.ok ? "ok" : result.code;
}

describe("record_team_change", () => {
  it("lets the service role append a team entry naming the administrator who acted", async () => {
    const { rows } = await as(db, "service", (tx) =>
      tx.query<{ id: number }>(RECORD, [
        ADMIN_ID,
        "INVITE",
        USER_ID,
        null,
        { email: "volunteer@helpinghands.example", role: "admin", status: "invited" },
      ]),
    );
    const id = rows[0]?.id;
    expect(id).toBeGreaterThan(0);
    const entry = await db.query<Record<string, unknown>>(
      "select actor_id, actor_email, actor_role, table_name, row_id, action, old_data, new_data from public.audit_log where id = $1",
      [id],
    );
    expect(entry.rows).toEqual([
      {
        actor_id: ADMIN_ID,
        actor_email: "admin@helpinghands.example",
        actor_role: "service_role",
        table_name: "admins",
        row_id: USER_ID,
        action: "INVITE",
        old_data: null,
        new_data: { email: "volunteer@helpinghands.example", role: "admin", status: "invited" },
      },
    ]);
  });

  it("refuses anon, signed-in users and admins", async () => {
    for (const actor of ACTORS) {
      const result = await tryAs(db, actor, (tx) =>
        outcome(() => tx.query(RECORD, [ADMIN_ID, "REMOVE", USER_ID, null, null])),
      );
      expect(summary(result), actor).toBe("42501");
    }
  });

  it("takes only team actions, a member, and an administrator who exists", async () => {
    for (const [label, args] of [
      ["a content action", [ADMIN_ID, "DELETE", USER_ID, null, null]],
      ["an unknown action", [ADMIN_ID, "PROMOTE", USER_ID, null, null]],
      ["no member", [ADMIN_ID, "INVITE", null, null, null]],
      ["no actor", [null, "INVITE", USER_ID, null, null]],
      ["an actor with no account", ["00000000-0000-4000-8000-00000000c001", "INVITE", USER_ID]],
    ] as const) {
      const params = [...args, null, null].slice(0, 5);
      const result = await tryAs(db, "service", (tx) => outcome(() => tx.query(RECORD, params)));
      expect(summary(result), label).toBe("22023");
    }
  });

  it("keeps the log append-only: a team entry cannot be changed or deleted, and no role inserts directly", async () => {
    await as(db, "service", (tx) =>
      tx.query(RECORD, [ADMIN_ID, "RESEND", USER_ID, null, { status: "invited" }]),
    );
    for (const actor of ["anon", "user", "admin", "service"] as const) {
      for (const sql of [
        "update public.audit_log set action = 'INVITE' where table_name = 'admins'",
        "delete from public.audit_log where table_name = 'admins'",
        `insert into public.audit_log (actor_role, table_name, row_id, action) values ('x', 'admins', '${USER_ID}', 'INVITE')`,
      ]) {
        const result = await tryAs(db, actor, (tx) => outcome(() => tx.query(sql)));
        expect(summary(result), `${actor}: ${sql}`).toBe("42501");
      }
    }
  });

  it("lets admins read team entries, and nobody else", async () => {
    const read = (tx: Parameters<Parameters<typeof tryAs>[2]>[0]) =>
      outcome(() => tx.query("select * from public.audit_log where table_name = 'admins'"));
    expect(summary(await tryAs(db, "anon", read))).toBe("42501");
    expect(await tryAs(db, "user", read)).toEqual({ ok: true, rows: 0 });
    const admin = await tryAs(db, "admin", read);
    expect(admin.ok && admin.rows > 0).toBe(true);
  });

  it("never shows a team entry in the trash, and refuses to restore one", async () => {
    const { rows } = await as(db, "service", (tx) =>
      tx.query<{ id: number }>(RECORD, [
        ADMIN_ID,
        "REMOVE",
        USER_ID,
        { email: "volunteer@helpinghands.example", role: "admin", status: "invited" },
        null,
      ]),
    );
    const trash = await tryAs(db, "admin", (tx) =>
      tx.query<{ table_name: string }>("select table_name from public.trash_entries()"),
    );
    expect(trash.rows.filter((row) => row.table_name === "admins")).toEqual([]);
    const restore = await tryAs(db, "admin", (tx) =>
      outcome(() => tx.query("select public.restore_version($1, 'before')", [rows[0]?.id])),
    );
    expect(summary(restore)).toBe("22023");
    const expired = await tryAs(db, "service", (tx) =>
      tx.query<{ table_name: string }>(
        "select table_name from public.expired_trash('2999-01-01T00:00:00Z')",
      ),
    );
    expect(expired.rows.filter((row) => row.table_name === "admins")).toEqual([]);
  });

  it("keeps content entries off the team's actions", async () => {
    const result = await outcome(() =>
      db.query(
        "insert into public.audit_log (actor_role, table_name, row_id, action) values ('x', 'banners', $1, 'INVITE')",
        [USER_ID],
      ),
    );
    expect(summary(result)).toBe("23514");
  });
});
