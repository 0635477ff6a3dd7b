// Who may do what beyond the content tables (rls-matrix.test.ts covers those): the
// matrix of role-matrix.ts (run on PostgreSQL too, by npm run test:postgres), the role
// checks' answers, the second factor's two halves (the token's claim and the session's
// row), and admin_access following the account rather than the token.

import type { Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validRows } from "./fixtures.ts";
import {
  ACTORS,
  ADMIN_ID,
  asOwnerWithin,
  claimsFor,
  type Db,
  freshDatabase,
  insertRow,
  outcome,
  summary,
  tryAs,
} from "./harness.ts";
import { matches, type Person, ROLE_MATRIX, ROLE_MATRIX_SETUP } from "./role-matrix.ts";

let db: Db;

beforeAll(async () => {
  db = await freshDatabase();
  await db.exec(ROLE_MATRIX_SETUP);
}, 60_000);

afterAll(async () => {
  await db.close();
});

describe("who may do what", () => {
  for (const { what, sql, outcomes } of ROLE_MATRIX) {
    for (const actor of ACTORS) {
      const wanted = outcomes[actor];
      it(`${actor}: ${what} -> ${wanted}`, async () => {
        const got = summary(await tryAs(db, actor, (tx) => outcome(() => tx.query(sql))));
        expect(matches(got, wanted), `got ${got}`).toBe(true);
      });
    }
  }
});

describe("the role checks", () => {
  // `if not private.is_admin()` lets a null through: each check answers true or false,
  // for every actor and for accounts removed, banned or left without a role.
  it("answer true or false, never null", async () => {
    const checks =
      "select private.is_admin() as admin, private.can_edit() as edit, private.has_aal2() as aal2";
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
          return (await tx.query<{ admin: unknown; edit: unknown; aal2: unknown }>(checks)).rows[0];
        });
        seen.push(row?.admin, row?.edit, row?.aal2);
      }
    }
    expect(seen.filter((value) => typeof value !== "boolean")).toEqual([]);
  });
});

describe("the second factor", () => {
  beforeAll(async () => {
    await insertRow(db, "donate_content", { ...validRows.donate_content });
  });

  const changeDetails = (tx: Transaction) =>
    outcome(() => tx.query("update public.donate_content set is_active = is_active returning id"));

  it("is read from the token and from the session's row: a claim alone is not enough", async () => {
    expect(summary(await tryAs(db, "admin", changeDetails))).toBeGreaterThan(0);
    // The aal1 session's token edited to say aal2 (a forged claim): its row says aal1.
    const forged = await tryAs(db, "admin-aal1", changeDetails, {
      ...claimsFor("admin-aal1"),
      aal: "aal2",
    });
    expect(summary(forged)).toBe(0);
    // The aal2 session's token edited to say aal1: the token counts too.
    const lowered = await tryAs(db, "admin", changeDetails, { ...claimsFor("admin"), aal: "aal1" });
    expect(summary(lowered)).toBe(0);
  });

  it("removed (a lost phone): Auth lowers the session's row, and its aal2 token stops at once", async () => {
    const after = await tryAs(db, "admin", async (tx) => {
      await asOwnerWithin(tx, async () => {
        await tx.query(
          "update auth.sessions set aal = 'aal1', factor_id = null where user_id = $1",
          [ADMIN_ID],
        );
      });
      return summary(await changeDetails(tx));
    });
    expect(after).toBe(0);
  });

  it("refuses the payment RPCs in words that name what is missing", async () => {
    const refused = await tryAs(db, "admin-aal1", (tx) =>
      outcome(() =>
        tx.query("select public.change_payment_details('INSERT', null, $1)", [
          JSON.stringify(validRows.donate_content),
        ]),
      ),
    );
    expect(refused).toMatchObject({ ok: false, code: "42501" });
    expect(refused.ok ? "" : refused.message).toMatch(/authenticator app/);
  });

  it("is answered to the session by second_factor_verified()", async () => {
    const answer = async (actor: Person) =>
      tryAs(db, actor, async (tx) => {
        const { rows } = await tx.query<{ v: boolean }>(
          "select public.second_factor_verified() as v",
        );
        return rows[0]?.v;
      });
    expect(await answer("admin")).toBe(true);
    expect(await answer("admin-aal1")).toBe(false);
    expect(await answer("editor")).toBe(false);
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
        tx.query(
          "update public.causes set title = 'Still editable' where title = 'Role matrix cause 2'",
        ),
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
