// Every content table x {anon, signed-in user without a role, editor, administrator at
// aal1 and at aal2} x
// {read active, read inactive, insert, update, delete}. The database alone decides each
// outcome. Editors change the content; the payment details and the logo stay with
// administrators (editors may read them, as visitors read the active ones), and the
// payment details need an administrator whose session verified a second factor (aal2).

import type { Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTENT_TABLES,
  type ContentTable,
  hasActiveFlag,
  SINGLE_RECORD,
  validRows,
} from "./fixtures.ts";
import {
  ACTORS,
  type Actor,
  ADMIN_ID,
  asOwnerWithin,
  claimsFor,
  type Db,
  freshDatabase,
  insertRow,
  outcome,
  summary,
  tryAs,
  USER_ID,
} from "./harness.ts";

type Operation = "read active" | "read inactive" | "insert" | "update" | "delete";

// A number: the statement succeeded and returned or touched that many rows.
// A string: it failed with that SQLSTATE. 42501 is "insufficient privilege".
const expected: Record<Exclude<Actor, "service">, Record<Operation, number | string>> = {
  anon: { "read active": 1, "read inactive": 0, insert: "42501", update: "42501", delete: "42501" },
  user: { "read active": 1, "read inactive": 0, insert: "42501", update: 0, delete: 0 },
  editor: { "read active": 1, "read inactive": 1, insert: 1, update: 1, delete: 1 },
  "admin-aal1": { "read active": 1, "read inactive": 1, insert: 1, update: 1, delete: 1 },
  admin: { "read active": 1, "read inactive": 1, insert: 1, update: 1, delete: 1 },
};

/** The payment details: administrators write them only at aal2 (a verified second factor). */
const SECOND_FACTOR: ReadonlySet<ContentTable> = new Set(["donate_content"]);

/** The tables only administrators write: an editor reads them as staff, writes as a user. */
const ADMINISTRATORS_ONLY: ReadonlySet<ContentTable> = new Set(["donate_content", "logo_settings"]);

function expectedOf(table: ContentTable, actor: Exclude<Actor, "service">, operation: Operation) {
  const refused =
    (actor === "editor" && ADMINISTRATORS_ONLY.has(table)) ||
    (actor === "admin-aal1" && SECOND_FACTOR.has(table));
  if (refused && operation !== "read active" && operation !== "read inactive") {
    return operation === "insert" ? "42501" : 0;
  }
  return expected[actor][operation];
}

let db: Db;
const ids = new Map<ContentTable, { active: string; inactive?: string }>();

beforeAll(async () => {
  db = await freshDatabase();
  for (const table of CONTENT_TABLES) {
    // Only this test's rows: not the ones a migration inserted (a single record's table
    // holds at most one row anyway).
    await db.query(`delete from public.${table}`);
    const active = await insertRow(db, table, { ...validRows[table] });
    const inactive = hasActiveFlag(table)
      ? await insertRow(db, table, { ...validRows[table], is_active: false })
      : undefined;
    ids.set(table, { active, inactive });
  }
}, 60_000);

afterAll(async () => {
  // Every attempt above ran in a rolled-back transaction: the rows are all still there.
  for (const table of CONTENT_TABLES) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from public.${table}`,
    );
    expect(rows[0]?.n, table).toBe(hasActiveFlag(table) ? 2 : 1);
  }
  await db.close();
});

async function attempt(
  table: ContentTable,
  actor: Exclude<Actor, "service">,
  operation: Operation,
) {
  const row = ids.get(table);
  if (!row) throw new Error(`no rows for ${table}`);
  return tryAs(db, actor, async (tx) => {
    switch (operation) {
      case "read active":
        return outcome(() => tx.query(`select * from public.${table} where id = $1`, [row.active]));
      case "read inactive":
        return outcome(() =>
          tx.query(`select * from public.${table} where id = $1`, [row.inactive]),
        );
      case "insert": {
        // A single record's table holds one row; make room so only the policy decides.
        if (SINGLE_RECORD.has(table)) {
          await asOwnerWithin(tx, () => tx.query(`delete from public.${table}`));
        }
        // At most one logo is active (its own test covers that); insert an inactive one.
        const row: Record<string, unknown> =
          table === "logo_settings"
            ? { ...validRows[table], is_active: false }
            : { ...validRows[table] };
        const values = Object.values(row).map((value) =>
          value !== null && typeof value === "object" ? JSON.stringify(value) : value,
        );
        const columns = Object.keys(row);
        return outcome(() =>
          tx.query(
            `insert into public.${table} (${columns.join(", ")}) values (${columns.map((_, i) => `$${i + 1}`).join(", ")})`,
            values,
          ),
        );
      }
      case "update":
        return outcome(() =>
          tx.query(
            `update public.${table} set created_at = created_at - interval '1 day' where id = $1`,
            [row.active],
          ),
        );
      case "delete":
        return outcome(() => tx.query(`delete from public.${table} where id = $1`, [row.active]));
    }
  });
}

for (const table of CONTENT_TABLES) {
  describe(table, () => {
    for (const actor of ACTORS) {
      const operations = Object.keys(expected[actor]) as Operation[];
      for (const operation of operations) {
        if (operation === "read inactive" && !hasActiveFlag(table)) continue;
        const outcome = expectedOf(table, actor, operation);
        it(`${actor}: ${operation} -> ${outcome}`, async () => {
          expect(summary(await attempt(table, actor, operation))).toBe(outcome);
        });
      }
    }

    const refused = [
      "user" as const,
      ...(ADMINISTRATORS_ONLY.has(table) ? (["editor"] as const) : []),
      ...(SECOND_FACTOR.has(table) ? (["admin-aal1"] as const) : []),
    ];
    it(`${refused.join(", ")}: a refused update or delete leaves the row as it was`, async () => {
      const row = ids.get(table);
      const before = await db.query(`select * from public.${table} where id = $1`, [row?.active]);
      for (const actor of refused)
        await tryAs(db, actor, async (tx) => {
          await tx.query(
            `update public.${table} set created_at = now() - interval '9 days' where id = $1`,
            [row?.active],
          );
          await tx.query(`delete from public.${table} where id = $1`, [row?.active]);
          await asOwnerWithin(tx, async () => {
            const after = await tx.query(`select * from public.${table} where id = $1`, [
              row?.active,
            ]);
            expect(after.rows).toEqual(before.rows);
          });
        });
    });
  });
}

describe("admin claim", () => {
  it("is read from app_metadata only: user_metadata.role = 'admin' grants nothing", async () => {
    const forged = {
      sub: "00000000-0000-4000-8000-00000000c001",
      role: "authenticated",
      aud: "authenticated",
      app_metadata: { provider: "email" },
      user_metadata: { role: "admin" },
    };
    const result = await tryAs(
      db,
      "user",
      (tx) =>
        outcome(() =>
          tx.query("insert into public.home_gallery (image_url) values ('/images/seed/a.jpg')"),
        ),
      forged,
    );
    expect(summary(result)).toBe("42501");
  });

  it("needs the account to be an admin now, not only the token", async () => {
    const insert = (tx: Transaction) =>
      outcome(() =>
        tx.query("insert into public.home_gallery (image_url) values ('/images/seed/a.jpg')"),
      );
    const withAccount = async (change: string) =>
      tryAs(db, "admin", async (tx) => {
        await asOwnerWithin(tx, () => tx.query(change, [ADMIN_ID]));
        return summary(await insert(tx));
      });
    expect(await withAccount("select $1::uuid")).toBe(1);
    expect(await withAccount("delete from auth.users where id = $1")).toBe("42501");
    expect(
      await withAccount(
        "update auth.users set raw_app_meta_data = raw_app_meta_data - 'role' where id = $1",
      ),
    ).toBe("42501");
    expect(
      await withAccount(
        "update auth.users set banned_until = now() + interval '1 day' where id = $1",
      ),
    ).toBe("42501");
    expect(await withAccount("update auth.users set deleted_at = now() where id = $1")).toBe(
      "42501",
    );
    // A ban that has run out no longer counts.
    expect(
      await withAccount(
        "update auth.users set banned_until = now() - interval '1 day' where id = $1",
      ),
    ).toBe(1);
  });

  it("needs the token's session to be live: signed out elsewhere, or after a password change, it writes nothing", async () => {
    const insert = (tx: Transaction) =>
      outcome(() =>
        tx.query("insert into public.home_gallery (image_url) values ('/images/seed/a.jpg')"),
      );
    const withSession = async (change: string, claims = claimsFor("admin")) =>
      tryAs(
        db,
        "admin",
        async (tx) => {
          await asOwnerWithin(tx, () => tx.query(change, [ADMIN_ID]));
          return summary(await insert(tx));
        },
        claims,
      );
    expect(await withSession("select $1::uuid")).toBe(1);
    // Signing out (any scope) and a password change delete the session's row.
    expect(await withSession("delete from auth.sessions where id = $1")).toBe("42501");
    expect(
      await withSession(
        "update auth.sessions set not_after = now() - interval '1 second' where id = $1",
      ),
    ).toBe("42501");
    // A token without a session, or naming another account's, counts as none.
    const { session_id: _, ...sessionless } = claimsFor("admin");
    expect(await withSession("select $1::uuid", sessionless)).toBe("42501");
    expect(
      await withSession("select $1::uuid", { ...claimsFor("admin"), session_id: USER_ID }),
    ).toBe("42501");
  });

  it("does not come from the top-level role claim", async () => {
    const forged = { sub: "00000000-0000-4000-8000-00000000c002", role: "admin", app_metadata: {} };
    const result = await tryAs(
      db,
      "user",
      (tx) => outcome(() => tx.query("delete from public.banners")),
      forged,
    );
    expect(summary(result)).toBe(0);
  });
});
