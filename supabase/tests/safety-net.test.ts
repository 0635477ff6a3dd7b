// The editor's safety net in the database: reordering in one call, history and
// restore over the append-only audit log, the trash and its purge.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTORS, as, type Db, freshDatabase, outcome, tryAs } from "./harness.ts";

let db: Db;

beforeAll(async () => {
  db = await freshDatabase({ seed: true });
}, 60_000);

afterAll(async () => {
  await db.close();
});

async function causes(): Promise<{ id: string; title: string; sort_order: number }[]> {
  const { rows } = await db.query<{ id: string; title: string; sort_order: number }>(
    "select id, title, sort_order from public.causes order by sort_order, id",
  );
  return rows;
}

const auditCount = async () =>
  (await db.query<{ n: number }>("select count(*)::int as n from public.audit_log")).rows[0]?.n ??
  0;

describe("reorder_rows", () => {
  it("writes the whole new order in one call, auditing only the rows that moved", async () => {
    const before = await causes();
    const ids = before.map((row) => row.id);
    const swapped = [ids[1], ids[0], ...ids.slice(2)];
    const entries = await auditCount();
    await as(db, "admin", (tx) => tx.query("select public.reorder_rows('causes', $1)", [swapped]));
    const after = await causes();
    expect(after.map((row) => row.id)).toEqual(swapped);
    expect(after.map((row) => row.sort_order)).toEqual(after.map((_, i) => i));
    expect(await auditCount()).toBe(entries + 2);
  });

  it("applies nothing when the list is incomplete, repeats a row or names a stranger", async () => {
    const before = await causes();
    const ids = before.map((row) => row.id);
    for (const [label, given] of [
      ["one row missing", ids.slice(1)],
      ["a row twice", [ids[0], ...ids.slice(0, -1)]],
      ["a stranger", [...ids.slice(0, -1), "00000000-0000-4000-8000-000000000999"]],
      ["reversed, but empty", []],
    ] as const) {
      const result = await tryAs(db, "admin", (tx) =>
        outcome(() => tx.query("select public.reorder_rows('causes', $1)", [[...given].reverse()])),
      );
      expect(result.ok, label).toBe(false);
    }
    expect(await causes()).toEqual(before);
  });

  it("is for admins only, and only on content tables with an order", async () => {
    const ids = (await causes()).map((row) => row.id).reverse();
    for (const actor of ["anon", "user"] as const) {
      const result = await tryAs(db, actor, (tx) =>
        outcome(() => tx.query("select public.reorder_rows('causes', $1)", [ids])),
      );
      expect(result.ok ? "accepted" : result.code, actor).toBe("42501");
    }
    for (const target of ["projects", "audit_log", "auth.users", "causes; drop table x"]) {
      const result = await tryAs(db, "admin", (tx) =>
        outcome(() => tx.query("select public.reorder_rows($1, $2)", [target, ids])),
      );
      expect(result.ok, target).toBe(false);
    }
  });
});

describe("history and restore", () => {
  let causeId: string;
  let entry: number;

  beforeAll(async () => {
    causeId = (await causes())[0]?.id ?? "";
    await as(db, "admin", (tx) =>
      tx.query("update public.causes set title = 'A better title' where id = $1", [causeId]),
    );
    const { rows } = await db.query<{ id: number }>(
      "select id from public.audit_log where row_id = $1 and action = 'UPDATE' order by id desc limit 1",
      [causeId],
    );
    entry = rows[0]?.id ?? 0;
  });

  it("lets admins read a record's history, and nobody else", async () => {
    const read = (actor: "anon" | "user" | "admin") =>
      tryAs(db, actor, (tx) =>
        outcome(() => tx.query("select * from public.audit_log where row_id = $1", [causeId])),
      );
    expect(await read("admin")).toMatchObject({ ok: true });
    expect(((await read("admin")) as { rows: number }).rows).toBeGreaterThan(0);
    expect(await read("user")).toEqual({ ok: true, rows: 0 });
    expect((await read("anon")).ok).toBe(false);
  });

  it("restores a version as a new change, which the log records; the log itself is untouched", async () => {
    const entries = await auditCount();
    const logBefore = await db.query("select * from public.audit_log order by id");
    const { rows } = await as(db, "admin", (tx) =>
      tx.query<{ v: { title: string } }>("select public.restore_version($1, 'before') as v", [
        entry,
      ]),
    );
    expect(rows[0]?.v.title).not.toBe("A better title");
    expect(await auditCount()).toBe(entries + 1);
    const logAfter = await db.query("select * from public.audit_log order by id");
    expect(logAfter.rows.slice(0, logBefore.rows.length)).toEqual(logBefore.rows);
    const { rows: last } = await db.query<{ action: string; row_id: string }>(
      "select action, row_id from public.audit_log order by id desc limit 1",
    );
    expect(last[0]).toEqual({ action: "UPDATE", row_id: causeId });
  });

  it("is for admins only", async () => {
    for (const actor of ["anon", "user"] as const) {
      const result = await tryAs(db, actor, (tx) =>
        outcome(() => tx.query("select public.restore_version($1, 'after')", [entry])),
      );
      expect(result.ok, actor).toBe(false);
    }
  });

  it("keeps one logo active when a version makes another one active", async () => {
    const { rows: logos } = await db.query<{ id: string; is_active: boolean }>(
      "select id, is_active from public.logo_settings order by is_active desc",
    );
    const [active, inactive] = logos;
    // Make the inactive one active through a change, then restore the version before it.
    await as(db, "admin", (tx) => tx.query("select public.activate_logo($1)", [inactive?.id]));
    const { rows } = await db.query<{ id: number }>(
      "select id from public.audit_log where row_id = $1 and action = 'UPDATE' order by id desc limit 1",
      [active?.id],
    );
    await as(db, "admin", (tx) =>
      tx.query("select public.restore_version($1, 'before')", [rows[0]?.id]),
    );
    const { rows: now } = await db.query<{ id: string }>(
      "select id from public.logo_settings where is_active",
    );
    expect(now.map((row) => row.id)).toEqual([active?.id]);
  });
});

describe("positions never tie", () => {
  const places = async () => (await causes()).map((row) => row.sort_order);
  const lastAudit = async (rowId: string, action: string) =>
    (
      await db.query<{ id: number }>(
        "select id from public.audit_log where row_id = $1 and action = $2 order by id desc limit 1",
        [rowId, action],
      )
    ).rows[0]?.id;

  it("a restore keeps the record where it is now; only its words come back", async () => {
    const before = await causes();
    const first = before[0];
    const ids = before.map((row) => row.id);
    // Added first; then moved last and renamed. Restoring the version it was added as
    // brings back its title, not its first place.
    await as(db, "admin", (tx) =>
      tx.query("select public.reorder_rows('causes', $1)", [[...ids.slice(1), ids[0]]]),
    );
    await as(db, "admin", (tx) =>
      tx.query("update public.causes set title = 'Moved and renamed' where id = $1", [first?.id]),
    );
    const added = await lastAudit(first?.id ?? "", "INSERT");
    expect(added).toBeDefined();
    await as(db, "admin", (tx) => tx.query("select public.restore_version($1, 'after')", [added]));
    const after = await causes();
    expect(after.at(-1)).toEqual({ ...first, sort_order: before.length - 1 });
    expect(await places()).toEqual(before.map((_, i) => i));
  });

  it("a deleted record comes back at its old place and the records after it move down", async () => {
    const before = await causes();
    const middle = before[1];
    await as(db, "admin", (tx) =>
      tx.query("delete from public.causes where id = $1", [middle?.id]),
    );
    // Meanwhile the list is reordered (its places numbered again, the old one taken)
    // and a new record takes the next free place.
    const rest = (await causes()).map((row) => row.id);
    await as(db, "admin", (tx) => tx.query("select public.reorder_rows('causes', $1)", [rest]));
    await as(db, "admin", (tx) =>
      tx.query(
        "insert into public.causes (title, description, image_url, sort_order) values ('Newcomer', 'New', '/images/a.png', $1)",
        [rest.length],
      ),
    );
    const entry = await lastAudit(middle?.id ?? "", "DELETE");
    await as(db, "admin", (tx) => tx.query("select public.restore_version($1, 'before')", [entry]));
    const after = await causes();
    expect(after.map((row) => row.id)).toEqual([...before.map((row) => row.id), after.at(-1)?.id]);
    expect(after.at(-1)?.title).toBe("Newcomer");
    expect(after.map((row) => row.sort_order)).toEqual(after.map((_, i) => i));
    await as(db, "admin", (tx) => tx.query("delete from public.causes where title = 'Newcomer'"));
  });

  it("a new record on a taken place goes after the last; a move onto one is refused", async () => {
    const before = await causes();
    await as(db, "admin", (tx) =>
      tx.query(
        "insert into public.causes (title, description, image_url) values ('Default place', 'New', '/images/a.png')",
      ),
    );
    const after = await causes();
    expect(after.at(-1)).toMatchObject({
      title: "Default place",
      sort_order: (before.at(-1)?.sort_order ?? 0) + 1,
    });
    const moved = await tryAs(db, "admin", (tx) =>
      outcome(() =>
        tx.query("update public.causes set sort_order = 0 where title = 'Default place'"),
      ),
    );
    expect(moved).toMatchObject({ ok: false, code: "23505" });
    await as(db, "admin", (tx) =>
      tx.query("delete from public.causes where title = 'Default place'"),
    );
  });

  it("every list with positions keeps them apart", async () => {
    const { rows } = await db.query<{ table_name: string; kept: boolean }>(
      `select c.relname as table_name,
              exists (select 1 from pg_catalog.pg_constraint k
                       where k.conrelid = c.oid and k.contype = 'u' and k.condeferrable
                         and k.conkey = array[a.attnum]) and
              exists (select 1 from pg_catalog.pg_trigger g
                       where g.tgrelid = c.oid and g.tgname = 'place_new_row') as kept
         from pg_catalog.pg_class c
         join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attname = 'sort_order'
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((row) => !row.kept).map((row) => row.table_name)).toEqual([]);
  });
});

describe("trash", () => {
  const trash = (actor: "anon" | "user" | "admin") =>
    tryAs(db, actor, (tx) => outcome(() => tx.query("select * from public.trash_entries()")));

  it("holds a deleted record, which admins restore with its id and visitors never see", async () => {
    const [cause] = await causes();
    await as(db, "admin", (tx) => tx.query("delete from public.causes where id = $1", [cause?.id]));
    const { rows } = await as(db, "admin", (tx) =>
      tx.query<{ entry_id: number; row_id: string; table_name: string }>(
        "select * from public.trash_entries()",
      ),
    );
    const deleted = rows.find((row) => row.row_id === cause?.id);
    expect(deleted?.table_name).toBe("causes");
    expect((await trash("anon")).ok).toBe(false);
    expect((await trash("user")).ok).toBe(false);

    await as(db, "admin", (tx) =>
      tx.query("select public.restore_version($1, 'before')", [deleted?.entry_id]),
    );
    expect((await causes()).map((row) => row.id)).toContain(cause?.id);
    const again = await as(db, "admin", (tx) =>
      tx.query<{ row_id: string }>("select * from public.trash_entries()"),
    );
    expect(again.rows.map((row) => row.row_id)).not.toContain(cause?.id);
  });

  it("purges after 30 days: the files only deleted records used, never one still in use", async () => {
    const media = (name: string) =>
      `http://127.0.0.1:54321/storage/v1/object/public/media/gallery/home/${name}.webp`;
    const ids: string[] = [];
    for (const name of ["only-trashed", "shared"]) {
      const { rows } = await db.query<{ id: string }>(
        "insert into public.home_gallery (image_url, sort_order) values ($1, 90) returning id",
        [media(name)],
      );
      ids.push(rows[0]?.id ?? "");
    }
    // A live record keeps using the shared picture.
    await db.query("insert into public.home_gallery (image_url, sort_order) values ($1, 91)", [
      media("shared"),
    ]);
    await as(db, "admin", (tx) =>
      tx.query("delete from public.home_gallery where id = any($1)", [ids]),
    );
    const expired = (at: string) =>
      as(db, "service", (tx) =>
        tx.query<{ entry_id: number; row_id: string; unused_files: string[] }>(
          "select * from public.expired_trash($1)",
          [at],
        ),
      );
    expect((await expired(new Date().toISOString())).rows).toEqual([]);
    const later = new Date(Date.now() + 31 * 86_400_000).toISOString();
    const due = (await expired(later)).rows.filter((row) => ids.includes(row.row_id));
    expect(due.flatMap((row) => row.unused_files)).toEqual(["gallery/home/only-trashed.webp"]);

    await as(db, "service", (tx) =>
      tx.query("select public.mark_trash_purged($1, $2)", [
        due.map((row) => row.entry_id),
        ["gallery/home/only-trashed.webp"],
      ]),
    );
    expect((await expired(later)).rows.filter((row) => ids.includes(row.row_id))).toEqual([]);
    for (const actor of ACTORS) {
      for (const sql of [
        "select * from public.expired_trash()",
        "select public.mark_trash_purged(array[1]::bigint[])",
      ]) {
        const result = await tryAs(db, actor, (tx) => outcome(() => tx.query(sql)));
        expect(result.ok, `${actor}: ${sql}`).toBe(false);
      }
    }
  });
});
