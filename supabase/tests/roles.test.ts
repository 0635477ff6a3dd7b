// Who may do what beyond the content tables (rls-matrix.test.ts covers those): every
// other table and every function the API exposes, by actor: anon, a signed-in user
// without a role, an editor and an administrator. Editors do the content work
// (ordering, the trash, restoring a version, the messages, the media, the publish
// runs); the settings, the alerts, the payment changes and the logo stay with
// administrators. Each attempt runs in a rolled-back transaction.

import type { Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validContactMessage, validRows } from "./fixtures.ts";
import {
  ACTORS,
  type Actor,
  addAccount,
  as,
  asOwnerWithin,
  claimsFor,
  type Db,
  freshDatabase,
  insertRow,
  outcome,
  summary,
  tryAs,
} from "./harness.ts";

type Person = Exclude<Actor, "service">;
/**
 * A number: rows returned or touched. SOME: at least one row. Any other string: the
 * SQLSTATE it failed with.
 */
const SOME = "at least one row";
type Outcomes = Record<Person, number | string>;

const SECOND_ID = "00000000-0000-4000-8000-00000000a002";

let db: Db;
let logoId: string;
let causeIds: string[];
let auditEntry: number;
let pendingChange: number;

beforeAll(async () => {
  db = await freshDatabase();
  await db.query("delete from public.logo_settings");
  logoId = await insertRow(db, "logo_settings", { ...validRows.logo_settings, is_active: false });
  await db.query("delete from public.causes");
  causeIds = [
    await insertRow(db, "causes", { ...validRows.causes, sort_order: 1 }),
    await insertRow(db, "causes", { ...validRows.causes, sort_order: 2 }),
  ];
  await insertRow(db, "contact_messages", validContactMessage);
  await db.query(
    "insert into public.publish_runs (status, requested_revision) values ('queued', 1)",
  );
  await db.query(
    "insert into storage.objects (bucket_id, name, metadata) values ('media', 'gallery/kept.jpg', '{}')",
  );
  // An entry to restore and a deleted row in the trash, made by the administrator.
  auditEntry = await as(db, "admin", async (tx) => {
    await tx.query("update public.causes set title = 'Renamed' where id = $1", [causeIds[0]]);
    const deleted = await insertRow(tx, "causes", { ...validRows.causes, sort_order: 3 });
    await tx.query("delete from public.causes where id = $1", [deleted]);
    const { rows } = await tx.query<{ id: number }>(
      "select id from public.audit_log where table_name = 'causes' and action = 'UPDATE' order by id desc limit 1",
    );
    return rows[0]?.id ?? 0;
  });
  // A pending payment change, proposed by a second administrator with approval on (the
  // one who proposes a change does not decide it).
  await addAccount(db, { id: SECOND_ID, email: "second@helpinghands.example", role: "admin" });
  await db.query("update public.admin_settings set require_payment_approval = true");
  const second = claimsFor("admin", { sub: SECOND_ID, email: "second@helpinghands.example" });
  pendingChange = await as(
    db,
    "admin",
    async (tx) => {
      await tx.query("select public.change_payment_details('INSERT', null, $1)", [
        JSON.stringify({ ...validRows.donate_content, is_active: false }),
      ]);
      const { rows } = await tx.query<{ id: number }>(
        "select id from public.payment_changes where status = 'pending'",
      );
      return rows[0]?.id ?? 0;
    },
    second,
  );
  await db.query("update public.admin_settings set require_payment_approval = false");
}, 60_000);

afterAll(async () => {
  await db.close();
});

const cases: Record<string, { run: (tx: Transaction) => Promise<unknown>; outcomes: Outcomes }> = {
  "read the settings": {
    run: (tx) => tx.query("select * from public.admin_settings"),
    outcomes: { anon: "42501", user: 0, editor: 0, admin: 1 },
  },
  "change the alert address": {
    run: (tx) =>
      tx.query("update public.admin_settings set alert_address = 'office@helpinghands.example'"),
    outcomes: { anon: "42501", user: 0, editor: 0, admin: 1 },
  },
  "turn approval on": {
    run: (tx) => tx.query("update public.admin_settings set require_payment_approval = true"),
    outcomes: { anon: "42501", user: 0, editor: 0, admin: 1 },
  },
  "read the alert outbox": {
    run: (tx) => tx.query("select * from public.alert_outbox"),
    outcomes: { anon: "42501", user: 0, editor: 0, admin: SOME },
  },
  "read the payment changes": {
    run: (tx) => tx.query("select * from public.payment_changes"),
    outcomes: { anon: "42501", user: 0, editor: 0, admin: 1 },
  },
  "list the pending payment changes": {
    run: (tx) => tx.query("select * from public.pending_payment_changes()"),
    outcomes: { anon: "42501", user: "42501", editor: "42501", admin: 1 },
  },
  "approve a payment change": {
    run: (tx) => tx.query("select public.approve_payment_change($1)", [pendingChange]),
    outcomes: { anon: "42501", user: "42501", editor: "42501", admin: 1 },
  },
  "reject a payment change": {
    run: (tx) => tx.query("select public.reject_payment_change($1)", [pendingChange]),
    outcomes: { anon: "42501", user: "42501", editor: "42501", admin: 1 },
  },
  "change the payment details through the function": {
    run: (tx) =>
      tx.query("select public.change_payment_details('INSERT', null, $1)", [
        JSON.stringify(validRows.donate_content),
      ]),
    outcomes: { anon: "42501", user: "42501", editor: "42501", admin: 1 },
  },
  "activate a logo": {
    run: (tx) => tx.query("select public.activate_logo($1)", [logoId]),
    outcomes: { anon: "42501", user: "42501", editor: "42501", admin: 1 },
  },
  "change the order": {
    run: (tx) => tx.query("select public.reorder_rows('causes', $1)", [[...causeIds].reverse()]),
    outcomes: { anon: "42501", user: "42501", editor: 1, admin: 1 },
  },
  "open the trash": {
    run: (tx) => tx.query("select * from public.trash_entries()"),
    outcomes: { anon: "42501", user: "42501", editor: 1, admin: 1 },
  },
  "restore a version": {
    run: (tx) => tx.query("select public.restore_version($1, 'before')", [auditEntry]),
    outcomes: { anon: "42501", user: "42501", editor: 1, admin: 1 },
  },
  "read the audit log": {
    run: (tx) => tx.query("select * from public.audit_log where id = $1", [auditEntry]),
    outcomes: { anon: "42501", user: 0, editor: 1, admin: 1 },
  },
  "read the contact messages": {
    run: (tx) => tx.query("select * from public.contact_messages"),
    outcomes: { anon: "42501", user: 0, editor: 1, admin: 1 },
  },
  "mark a message handled": {
    run: (tx) => tx.query("update public.contact_messages set handled = true"),
    outcomes: { anon: "42501", user: 0, editor: 1, admin: 1 },
  },
  "delete a message": {
    run: (tx) => tx.query("delete from public.contact_messages"),
    outcomes: { anon: "42501", user: 0, editor: 1, admin: 1 },
  },
  "read the publish runs": {
    run: (tx) => tx.query("select * from public.publish_runs"),
    outcomes: { anon: "42501", user: 0, editor: 1, admin: 1 },
  },
  "remove a media object": {
    run: (tx) => tx.query("delete from storage.objects where name = 'gallery/kept.jpg'"),
    outcomes: { anon: 0, user: 0, editor: 1, admin: 1 },
  },
  "read the deployment's health": {
    run: (tx) => tx.query("select public.deployment_health()"),
    outcomes: { anon: "42501", user: "42501", editor: "42501", admin: 1 },
  },
};

describe("who may do what", () => {
  for (const [what, { run, outcomes }] of Object.entries(cases)) {
    for (const actor of ACTORS) {
      const wanted = outcomes[actor];
      it(`${actor}: ${what} -> ${wanted}`, async () => {
        const got = summary(await tryAs(db, actor, (tx) => outcome(() => run(tx) as never)));
        if (wanted === SOME) expect(got).toBeGreaterThan(0);
        else expect(got).toBe(wanted);
      });
    }
  }
});

describe("the role checks", () => {
  // `if not private.is_admin()` lets a null through: each check answers true or false,
  // for every actor and for accounts removed, banned or left without a role.
  it("answer true or false, never null", async () => {
    const checks = "select private.is_admin() as admin, private.can_edit() as edit";
    const seen: unknown[] = [];
    for (const actor of ACTORS) {
      for (const change of [
        "select $1::text",
        "update auth.users set banned_until = now() + interval '1 day' where email = $1",
        "update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where email = $1",
        "delete from auth.users where email = $1",
      ]) {
        const row = await tryAs(db, actor, async (tx) => {
          await asOwnerWithin(tx, () => tx.query(change, [`${actor}@helpinghands.example`]));
          return (await tx.query<{ admin: unknown; edit: unknown }>(checks)).rows[0];
        });
        seen.push(row?.admin, row?.edit);
      }
    }
    expect(seen.filter((value) => typeof value !== "boolean")).toEqual([]);
  });
});

describe("admin_access", () => {
  const accessOf = (actor: Person) =>
    tryAs(db, actor, async (tx) => {
      const { rows } = await tx.query<{ access: string }>("select public.admin_access() as access");
      return rows[0]?.access;
    });

  it("names the role of an editor and of an administrator, and a user without one as removed", async () => {
    expect(await accessOf("admin")).toBe("admin");
    expect(await accessOf("editor")).toBe("editor");
    expect(await accessOf("user")).toBe("removed");
    expect(
      summary(
        await tryAs(db, "anon", (tx) => outcome(() => tx.query("select public.admin_access()"))),
      ),
    ).toBe("42501");
  });

  it("follows the account, not the token: a demoted administrator is an editor at once", async () => {
    const demoted = await tryAs(db, "admin", async (tx) => {
      await asOwnerWithin(tx, () =>
        tx.query(
          `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"editor"}'
            where email = 'admin@helpinghands.example'`,
        ),
      );
      const access = await tx.query<{ access: string }>("select public.admin_access() as access");
      const settings = await outcome(() =>
        tx.query("update public.admin_settings set require_payment_approval = true"),
      );
      const content = await outcome(() =>
        tx.query("update public.causes set title = 'Still editable' where id = $1", [causeIds[1]]),
      );
      return {
        access: access.rows[0]?.access,
        settings: summary(settings),
        content: summary(content),
      };
    });
    expect(demoted).toEqual({ access: "editor", settings: 0, content: 1 });
  });

  it("a token from before a promotion gains nothing until it is renewed", async () => {
    const promoted = await tryAs(db, "editor", async (tx) => {
      await asOwnerWithin(tx, () =>
        tx.query(
          `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}'
            where email = 'editor@helpinghands.example'`,
        ),
      );
      return summary(
        await outcome(() =>
          tx.query("update public.admin_settings set require_payment_approval = true"),
        ),
      );
    });
    expect(promoted).toBe(0);
  });
});
