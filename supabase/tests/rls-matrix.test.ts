// Every content table x {anon, signed-in user without a role, editor, administrator at
// aal1 and at aal2} x {read active, read inactive, insert, update, delete}, case by case
// on PGlite: the cases and what each must come to are declared in content-matrix.ts,
// which `npm run test:postgres` runs on PostgreSQL too. The database alone decides each
// outcome.

import type { Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMINISTRATORS_ONLY,
  CONTENT_CASES,
  type ContentCase,
  expectedOf,
  SECOND_FACTOR,
  withIds,
} from "./content-matrix.ts";
import { CONTENT_TABLES, type ContentTable, hasActiveFlag, validRows } from "./fixtures.ts";
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

let db: Db;
const rowIds = new Map<ContentTable, { active: string; inactive?: string }>();

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
    rowIds.set(table, { active, inactive });
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

function attempt(test: ContentCase, actor: Exclude<Actor, "service">) {
  const ids = rowIds.get(test.table);
  if (!ids) throw new Error(`no rows for ${test.table}`);
  return tryAs(db, actor, async (tx) => {
    if (test.before) await asOwnerWithin(tx, () => tx.query(test.before as string));
    return outcome(() => tx.query(withIds(test.sql, ids)));
  });
}

for (const table of CONTENT_TABLES) {
  describe(table, () => {
    for (const actor of ACTORS) {
      for (const test of CONTENT_CASES.filter((c) => c.table === table)) {
        const outcome = expectedOf(table, actor, test.operation);
        it(`${actor}: ${test.operation} -> ${outcome}`, async () => {
          expect(summary(await attempt(test, actor))).toBe(outcome);
        });
      }
    }

    const refused = [
      "user" as const,
      ...(ADMINISTRATORS_ONLY.has(table) ? (["editor"] as const) : []),
      ...(SECOND_FACTOR.has(table) ? (["admin-aal1"] as const) : []),
    ];
    it(`${refused.join(", ")}: a refused update or delete leaves the row as it was`, async () => {
      const row = rowIds.get(table);
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
