// Alerts and two-person approval of the payment details, in the database alone: what
// each actor may do with the settings, the outbox and the pending changes; that every
// change to the donation details and every message lands in the outbox whatever path
// it took; that an administrator's direct write cannot skip the pending state while
// approval is on; that the proposer cannot approve; and how the deliverer claims
// alerts (one mail each up to a limit, then a digest).
import type { Transaction } from "@electric-sql/pglite";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { validContactMessage, validRows } from "./fixtures.ts";
import {
  ACTORS,
  addAccount,
  as,
  claimsFor,
  type Db,
  freshDatabase,
  insertRow,
  outcome,
  summary,
  tryAs,
} from "./harness.ts";

const SECOND_ID = "00000000-0000-4000-8000-00000000a002";
const SECOND_EMAIL = "second-admin@helpinghands.example";
const second = () => claimsFor("admin", { sub: SECOND_ID, email: SECOND_EMAIL });

let template: Db;
let db: Db;
let donateId: string;

beforeAll(async () => {
  template = await freshDatabase();
  await addAccount(template, { id: SECOND_ID, email: SECOND_EMAIL, role: "admin" });
}, 60_000);

afterAll(async () => {
  await template.close();
});

beforeEach(async () => {
  db = await template.clone();
  donateId = await insertRow(db, "donate_content", { ...validRows.donate_content });
});

afterEach(async () => {
  await db.close();
});

interface OutboxEntry {
  id: number;
  kind: string;
  status: string;
  payload: Record<string, unknown>;
}

async function outbox(kind?: string): Promise<OutboxEntry[]> {
  const { rows } = await db.query<OutboxEntry>(
    `select id, kind, status, payload from public.alert_outbox
      where $1::text is null or kind = $1 order by id`,
    [kind ?? null],
  );
  return rows;
}

async function donate(): Promise<{ bank_accounts: { account_number: string }[] } | undefined> {
  const { rows } = await db.query<{ bank_accounts: { account_number: string }[] }>(
    "select bank_accounts from public.donate_content where id = $1",
    [donateId],
  );
  return rows[0];
}

async function setApproval(on: boolean): Promise<void> {
  await db.query("update public.admin_settings set require_payment_approval = $1", [on]);
}

const accounts = (number: string) =>
  JSON.stringify([
    { bank_name: "Sample Bank", account_name: "Helping Hands", account_number: number },
  ]);

const updateAccount = (number: string) => (tx: Transaction) =>
  outcome(() =>
    tx.query("update public.donate_content set bank_accounts = $1 where id = $2", [
      accounts(number),
      donateId,
    ]),
  );

async function pending(): Promise<{ id: number; action: string; new_data: unknown }[]> {
  const { rows } = await db.query<{ id: number; action: string; new_data: unknown }>(
    "select id, action, new_data from public.payment_changes where status = 'pending' order by id",
  );
  return rows;
}

describe("who may do what with the new tables", () => {
  beforeEach(async () => {
    await as(db, "service", (tx) =>
      tx.query(
        "insert into public.contact_messages (name, email, subject, message) values ('Mina', 'mina@example.org', 'Hi', 'Hello')",
      ),
    );
    await setApproval(true);
    await as(db, "admin", updateAccount("0002"));
  });

  const tables = ["admin_settings", "alert_outbox", "payment_changes"] as const;

  it("visitors see nothing; signed-in non-admins see no row; admins read every table", async () => {
    for (const table of tables) {
      const read = (tx: Transaction) => outcome(() => tx.query(`select * from public.${table}`));
      expect(summary(await tryAs(db, "anon", read)), table).toBe("42501");
      expect(summary(await tryAs(db, "user", read)), table).toBe(0);
      expect(summary(await tryAs(db, "admin", read)), table).toBeGreaterThan(0);
    }
  });

  it("nobody but the deliverer changes the outbox; nobody adds to it or empties it directly", async () => {
    const update = (tx: Transaction) =>
      outcome(() => tx.query("update public.alert_outbox set status = 'sent'"));
    const remove = (tx: Transaction) => outcome(() => tx.query("delete from public.alert_outbox"));
    const insert = (tx: Transaction) =>
      outcome(() =>
        tx.query("insert into public.alert_outbox (kind, payload) values ('message', '{}')"),
      );
    for (const actor of ACTORS) {
      expect(summary(await tryAs(db, actor, update)), actor).toBe("42501");
      expect(summary(await tryAs(db, actor, remove)), actor).toBe("42501");
      expect(summary(await tryAs(db, actor, insert)), actor).toBe("42501");
    }
    expect(summary(await tryAs(db, "service", insert))).toBe("42501");
    expect(summary(await tryAs(db, "service", update))).toBeGreaterThan(0);
  });

  it("nobody writes a pending change directly: only the triggers propose, the RPCs decide", async () => {
    for (const actor of ["anon", "user", "admin", "service"] as const) {
      const approve = (tx: Transaction) =>
        outcome(() => tx.query("update public.payment_changes set status = 'approved'"));
      const insert = (tx: Transaction) =>
        outcome(() =>
          tx.query(
            "insert into public.payment_changes (target, action, new_data) values ('donate_content', 'INSERT', '{}')",
          ),
        );
      const remove = (tx: Transaction) =>
        outcome(() => tx.query("delete from public.payment_changes"));
      expect(summary(await tryAs(db, actor, approve)), actor).toBe("42501");
      expect(summary(await tryAs(db, actor, insert)), actor).toBe("42501");
      expect(summary(await tryAs(db, actor, remove)), actor).toBe("42501");
    }
  });

  it("admins change the settings; visitors and non-admins cannot; nobody adds or removes the record", async () => {
    const change = (tx: Transaction) =>
      outcome(() =>
        tx.query("update public.admin_settings set alert_address = 'office@helpinghands.example'"),
      );
    expect(summary(await tryAs(db, "anon", change))).toBe("42501");
    expect(summary(await tryAs(db, "user", change))).toBe(0);
    expect(summary(await tryAs(db, "admin", change))).toBe(1);
    for (const actor of ACTORS) {
      const insert = (tx: Transaction) =>
        outcome(() => tx.query("insert into public.admin_settings (id) values (true)"));
      const remove = (tx: Transaction) =>
        outcome(() => tx.query("delete from public.admin_settings"));
      expect(summary(await tryAs(db, actor, insert)), actor).toBe("42501");
      expect(summary(await tryAs(db, actor, remove)), actor).toBe("42501");
    }
    const stamp = (tx: Transaction) =>
      outcome(() => tx.query("update public.admin_settings set updated_by = 'mallory'"));
    expect(summary(await tryAs(db, "admin", stamp))).toBe("42501");
  });

  it("refuses an alert address that could name a second mailbox", async () => {
    for (const address of [
      "a@b.org, mallory@example.org",
      "Office <office@example.org>",
      "no-at-sign.example.org",
      "a@b",
      `${"x".repeat(320)}@example.org`,
    ]) {
      const result = await tryAs(db, "admin", (tx) =>
        outcome(() => tx.query("update public.admin_settings set alert_address = $1", [address])),
      );
      expect(summary(result), address).toBe("23514");
    }
  });

  it("the approval and delivery RPCs are closed to visitors and non-admins", async () => {
    const [change] = await pending();
    for (const actor of ["anon", "user"] as const) {
      for (const sql of [
        `select public.approve_payment_change(${change?.id})`,
        `select public.reject_payment_change(${change?.id})`,
        "select * from public.pending_payment_changes()",
        `select public.change_payment_details('DELETE', '${donateId}')`,
        "select public.claim_alerts()",
        "select public.finish_alerts(gen_random_uuid(), '[]')",
      ]) {
        const result = await tryAs(db, actor, (tx) => outcome(() => tx.query(sql)));
        expect(result.ok, `${actor}: ${sql}`).toBe(false);
      }
    }
    for (const sql of [
      "select public.claim_alerts()",
      "select public.finish_alerts(gen_random_uuid(), '[]')",
    ]) {
      const result = await tryAs(db, "admin", (tx) => outcome(() => tx.query(sql)));
      expect(summary(result), sql).toBe("42501");
    }
    expect(await pending()).toHaveLength(1);
  });
});

describe("every change lands in the outbox", () => {
  it("an admin's insert, update and delete of donate_content, with before, after and who", async () => {
    await as(db, "admin", updateAccount("0002"));
    const added = await as(db, "admin", (tx) =>
      tx.query<{ id: string }>(
        "insert into public.donate_content (qr_codes, bank_accounts) values ($1, $2) returning id",
        [JSON.stringify(validRows.donate_content.qr_codes), accounts("0100")],
      ),
    );
    const addedId = added.rows[0]?.id;
    await as(db, "admin", (tx) =>
      tx.query("delete from public.donate_content where id = $1", [addedId]),
    );
    const entries = await outbox("payment");
    expect(entries.map((entry) => entry.payload.action)).toEqual(["UPDATE", "INSERT", "DELETE"]);
    const [update, insert, remove] = entries;
    expect(update?.payload.actor_email).toBe("admin@helpinghands.example");
    expect(update?.payload.before).toMatchObject({ bank_accounts: [{ account_number: "0001" }] });
    expect(update?.payload.after).toMatchObject({ bank_accounts: [{ account_number: "0002" }] });
    expect(insert?.payload.before).toBeNull();
    expect(remove?.payload.after).toBeNull();
    expect(remove?.payload.before).toMatchObject({ id: addedId });
    expect(entries.every((entry) => entry.status === "pending")).toBe(true);
  });

  it("a restored version and the secret key's writes too; the owner's own SQL and no-op saves do not", async () => {
    await as(db, "admin", updateAccount("0002"));
    const { rows } = await db.query<{ id: number }>(
      "select id from public.audit_log where table_name = 'donate_content' and action = 'UPDATE' order by id desc limit 1",
    );
    await as(db, "admin", (tx) =>
      tx.query("select public.restore_version($1, 'before')", [rows[0]?.id]),
    );
    await as(db, "service", updateAccount("0003"));
    await db.query("update public.donate_content set bank_accounts = $1", [accounts("0004")]);
    await as(db, "admin", (tx) =>
      tx.query("update public.donate_content set is_active = is_active where id = $1", [donateId]),
    );
    const entries = await outbox("payment");
    expect(entries).toHaveLength(3);
    expect(entries[1]?.payload.after).toMatchObject({
      bank_accounts: [{ account_number: "0001" }],
    });
    expect(entries[2]?.payload).toMatchObject({ actor_role: "service_role", actor_email: null });
  });

  it("a contact message, with its sender, subject and first lines", async () => {
    await as(db, "service", (tx) =>
      tx.query(
        "insert into public.contact_messages (name, email, phone, subject, message, inquiry_type) values ($1, $2, $3, $4, $5, $6)",
        [...Object.values({ ...validContactMessage, message: "x".repeat(2000) })],
      ),
    );
    const [entry] = await outbox("message");
    expect(entry?.payload).toMatchObject({
      name: "Mina",
      email: "mina@example.org",
      subject: "Volunteering",
      inquiry_type: "volunteer",
    });
    expect(String(entry?.payload.excerpt)).toHaveLength(600);
  });

  it("a change to where alerts go, and turning approval on", async () => {
    await as(db, "admin", (tx) =>
      tx.query(
        "update public.admin_settings set alert_address = 'office@helpinghands.example', require_payment_approval = true",
      ),
    );
    const [entry] = await outbox("settings");
    expect(entry?.payload).toMatchObject({
      before: { alert_address: null, require_payment_approval: false },
      after: { alert_address: "office@helpinghands.example", require_payment_approval: true },
      actor_email: "admin@helpinghands.example",
    });
    const { rows } = await db.query<{ updated_by: string }>(
      "select updated_by from public.admin_settings",
    );
    expect(rows[0]?.updated_by).toBe("admin@helpinghands.example");
  });
});

describe("with approval on", () => {
  beforeEach(async () => {
    await setApproval(true);
  });

  it("an admin's direct update, insert and delete of donate_content stay pending; the public read keeps the old details", async () => {
    expect(summary(await as(db, "admin", updateAccount("0666")))).toBe(0);
    expect(
      summary(
        await as(db, "admin", (tx) =>
          outcome(() =>
            tx.query(
              "insert into public.donate_content (qr_codes, bank_accounts) values ($1, $2)",
              [JSON.stringify(validRows.donate_content.qr_codes), accounts("0667")],
            ),
          ),
        ),
      ),
    ).toBe(0);
    expect(
      summary(
        await as(db, "admin", (tx) =>
          outcome(() => tx.query("delete from public.donate_content where id = $1", [donateId])),
        ),
      ),
    ).toBe(0);
    expect((await donate())?.bank_accounts[0]?.account_number).toBe("0001");
    const seen = await tryAs(db, "anon", (tx) =>
      tx.query<{ bank_accounts: { account_number: string }[] }>(
        "select bank_accounts from public.donate_content",
      ),
    );
    expect(seen.rows.map((row) => row.bank_accounts[0]?.account_number)).toEqual(["0001"]);
    expect((await pending()).map((change) => change.action)).toEqual([
      "UPDATE",
      "INSERT",
      "DELETE",
    ]);
    expect((await outbox("approval")).map((entry) => entry.payload.event)).toEqual([
      "proposed",
      "proposed",
      "proposed",
    ]);
    expect(await outbox("payment")).toEqual([]);
    const { rows } = await db.query<{ n: number }>(
      "select count(*)::int as n from public.audit_log where table_name = 'donate_content' and action <> 'INSERT'",
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("restore_version and change_payment_details are held the same way", async () => {
    await setApproval(false);
    await as(db, "admin", updateAccount("0002"));
    await setApproval(true);
    const { rows } = await db.query<{ id: number }>(
      "select id from public.audit_log where table_name = 'donate_content' and action = 'UPDATE' order by id desc limit 1",
    );
    await as(db, "admin", (tx) =>
      tx.query("select public.restore_version($1, 'before')", [rows[0]?.id]),
    );
    const answer = await as(db, "admin", (tx) =>
      tx.query<{ result: { status: string; change_id: number } }>(
        "select public.change_payment_details('UPDATE', $1, $2) as result",
        [donateId, JSON.stringify({ bank_accounts: JSON.parse(accounts("0777")) })],
      ),
    );
    expect(answer.rows[0]?.result.status).toBe("pending");
    expect((await donate())?.bank_accounts[0]?.account_number).toBe("0002");
    const changes = await pending();
    expect(changes).toHaveLength(2);
    expect(changes[1]?.id).toBe(answer.rows[0]?.result.change_id);
  });

  it("a non-admin's insert is refused, not proposed; an invalid change is refused when proposed", async () => {
    const insert = (tx: Transaction) =>
      outcome(() =>
        tx.query("insert into public.donate_content (qr_codes, bank_accounts) values ($1, $2)", [
          JSON.stringify(validRows.donate_content.qr_codes),
          accounts("0667"),
        ]),
      );
    expect(summary(await tryAs(db, "user", insert))).toBe("42501");
    const empty = await tryAs(db, "admin", (tx) =>
      outcome(() =>
        tx.query("update public.donate_content set bank_accounts = '[]' where id = $1", [donateId]),
      ),
    );
    expect(empty).toMatchObject({ ok: false, code: "23514" });
    expect(empty.ok ? "" : empty.message).toContain("donate_content_bank_accounts_valid");
    expect(await pending()).toEqual([]);
  });

  it("the proposer cannot approve; a different admin can, and the change applies as a normal audited change", async () => {
    await as(db, "admin", updateAccount("0888"));
    const [change] = await pending();
    const own = await tryAs(db, "admin", (tx) =>
      outcome(() => tx.query("select public.approve_payment_change($1)", [change?.id])),
    );
    expect(summary(own)).toBe("42501");
    expect((await donate())?.bank_accounts[0]?.account_number).toBe("0001");

    await as(
      db,
      "admin",
      (tx) => tx.query("select public.approve_payment_change($1)", [change?.id]),
      second(),
    );
    expect((await donate())?.bank_accounts[0]?.account_number).toBe("0888");
    const { rows: decided } = await db.query<{ status: string; decided_by_email: string }>(
      "select status, decided_by_email from public.payment_changes where id = $1",
      [change?.id],
    );
    expect(decided[0]).toEqual({ status: "approved", decided_by_email: SECOND_EMAIL });
    const { rows: audit } = await db.query<{ actor_email: string }>(
      "select actor_email from public.audit_log where table_name = 'donate_content' and action = 'UPDATE'",
    );
    expect(audit.map((entry) => entry.actor_email)).toEqual([SECOND_EMAIL]);
    const [alert] = await outbox("payment");
    expect(alert?.payload).toMatchObject({
      actor_email: SECOND_EMAIL,
      approval: { change_id: change?.id, proposed_by_email: "admin@helpinghands.example" },
      after: { bank_accounts: [{ account_number: "0888" }] },
    });

    const again = await tryAs(
      db,
      "admin",
      (tx) => outcome(() => tx.query("select public.approve_payment_change($1)", [change?.id])),
      second(),
    );
    expect(summary(again)).toBe("P0001");
  });

  it("an approved insert and delete apply too", async () => {
    await as(db, "admin", (tx) =>
      tx.query("delete from public.donate_content where id = $1", [donateId]),
    );
    await as(db, "admin", (tx) =>
      tx.query("insert into public.donate_content (qr_codes, bank_accounts) values ($1, $2)", [
        JSON.stringify(validRows.donate_content.qr_codes),
        accounts("0999"),
      ]),
    );
    for (const change of await pending()) {
      await as(
        db,
        "admin",
        (tx) => tx.query("select public.approve_payment_change($1)", [change.id]),
        second(),
      );
    }
    const { rows } = await db.query<{ number: string }>(
      "select bank_accounts -> 0 ->> 'account_number' as number from public.donate_content",
    );
    expect(rows).toEqual([{ number: "0999" }]);
  });

  it("a pending change can be rejected by another admin, or withdrawn by its proposer", async () => {
    await as(db, "admin", updateAccount("0111"));
    await as(db, "admin", updateAccount("0222"));
    const [first, next] = await pending();
    await as(
      db,
      "admin",
      (tx) => tx.query("select public.reject_payment_change($1)", [first?.id]),
      second(),
    );
    await as(db, "admin", (tx) => tx.query("select public.reject_payment_change($1)", [next?.id]));
    const { rows } = await db.query<{ status: string }>(
      "select status from public.payment_changes order by id",
    );
    expect(rows.map((row) => row.status)).toEqual(["rejected", "withdrawn"]);
    expect((await donate())?.bank_accounts[0]?.account_number).toBe("0001");
    expect((await outbox("approval")).map((entry) => entry.payload.event)).toEqual([
      "proposed",
      "proposed",
      "rejected",
      "withdrawn",
    ]);
  });

  it("a change proposed before another was approved no longer applies", async () => {
    await as(db, "admin", updateAccount("0111"));
    await as(db, "admin", updateAccount("0222"));
    const [first, next] = await pending();
    await as(
      db,
      "admin",
      (tx) => tx.query("select public.approve_payment_change($1)", [first?.id]),
      second(),
    );
    const stale = await tryAs(
      db,
      "admin",
      (tx) => outcome(() => tx.query("select public.approve_payment_change($1)", [next?.id])),
      second(),
    );
    expect(summary(stale)).toBe("40001");
    expect((await donate())?.bank_accounts[0]?.account_number).toBe("0111");
  });

  it("an approval is refused, and changes nothing, when another approval changed the record while it was being applied", async () => {
    await as(db, "admin", updateAccount("0111"));
    await as(db, "admin", updateAccount("0222"));
    const [first, next] = await pending();
    // Two approvals at once, in two sessions: the other one commits after this one
    // looked at the record and before it writes it. PGlite has a single session, so
    // a rule stages that commit: the actions of an ON UPDATE rule run just before the
    // statement itself, and so here between the approval's look and its write.
    await db.exec(`
      create function public.land_other_approval() returns void
      language plpgsql set search_path = '' as $$
      begin
        perform pg_catalog.set_config('test.race', '', true);
        perform public.approve_payment_change(${Number(first?.id)});
      end;
      $$;
      create rule other_approval_lands as on update to public.donate_content
        where pg_catalog.current_setting('test.race', true) = 'armed'
        do also select public.land_other_approval();
    `);
    // Committed, so an approval that went through would show below.
    const stale = await as(
      db,
      "admin",
      async (tx) => {
        await tx.query("select pg_catalog.set_config('test.race', 'armed', true)");
        await tx.query("savepoint approval");
        const result = await outcome(() =>
          tx.query("select public.approve_payment_change($1)", [next?.id]),
        );
        if (!result.ok) await tx.query("rollback to savepoint approval");
        return result;
      },
      second(),
    );
    expect(summary(stale)).toBe("40001");
    expect((await donate())?.bank_accounts[0]?.account_number).toBe("0001");
    expect((await pending()).map((change) => change.id)).toEqual([first?.id, next?.id]);
  });

  it("turning approval off needs a second admin; turning it on does not", async () => {
    await as(db, "admin", (tx) =>
      tx.query("update public.admin_settings set require_payment_approval = false"),
    );
    await as(db, "admin", (tx) =>
      tx.query("update public.admin_settings set require_payment_approval = false"),
    );
    const still = await db.query<{ on: boolean }>(
      "select require_payment_approval as on from public.admin_settings",
    );
    expect(still.rows[0]?.on).toBe(true);
    const requests = await db.query<{ id: number; target: string }>(
      "select id, target from public.payment_changes where status = 'pending'",
    );
    expect(requests.rows).toEqual([{ id: expect.any(Number), target: "admin_settings" }]);
    const own = await tryAs(db, "admin", (tx) =>
      outcome(() => tx.query("select public.approve_payment_change($1)", [requests.rows[0]?.id])),
    );
    expect(summary(own)).toBe("42501");
    await as(
      db,
      "admin",
      (tx) => tx.query("select public.approve_payment_change($1)", [requests.rows[0]?.id]),
      second(),
    );
    const off = await db.query<{ on: boolean }>(
      "select require_payment_approval as on from public.admin_settings",
    );
    expect(off.rows[0]?.on).toBe(false);
    expect(summary(await as(db, "admin", updateAccount("0555")))).toBe(1);
    await as(db, "admin", (tx) =>
      tx.query("update public.admin_settings set require_payment_approval = true"),
    );
    const on = await db.query<{ on: boolean }>(
      "select require_payment_approval as on from public.admin_settings",
    );
    expect(on.rows[0]?.on).toBe(true);
  });

  it("pending_payment_changes says which changes are the caller's own", async () => {
    await as(db, "admin", updateAccount("0123"));
    const mine = await tryAs(db, "admin", (tx) =>
      tx.query<{ proposed_by_me: boolean; proposed_by_email: string }>(
        "select proposed_by_me, proposed_by_email from public.pending_payment_changes()",
      ),
    );
    expect(mine.rows).toEqual([
      { proposed_by_me: true, proposed_by_email: "admin@helpinghands.example" },
    ]);
    const theirs = await tryAs(
      db,
      "admin",
      (tx) =>
        tx.query<{ proposed_by_me: boolean }>(
          "select proposed_by_me from public.pending_payment_changes()",
        ),
      second(),
    );
    expect(theirs.rows).toEqual([{ proposed_by_me: false }]);
  });
});

describe("change_payment_details", () => {
  const call = (args: unknown[]) => (tx: Transaction) =>
    tx.query<{ result: { status: string; row?: Record<string, unknown> } }>(
      "select public.change_payment_details($1, $2, $3, $4) as result",
      args,
    );

  it("says whether a write applied, changed nothing, met a newer change or found the record gone", async () => {
    const { rows } = await db.query<{ updated_at: string }>(
      "select updated_at::text from public.donate_content where id = $1",
      [donateId],
    );
    const loaded = rows[0]?.updated_at;
    const values = JSON.stringify({ bank_accounts: JSON.parse(accounts("0314")) });
    const applied = await as(db, "admin", call(["UPDATE", donateId, values, loaded]));
    expect(applied.rows[0]?.result).toMatchObject({
      status: "applied",
      row: { bank_accounts: [{ account_number: "0314" }] },
    });
    const conflict = await as(db, "admin", call(["UPDATE", donateId, values, loaded]));
    expect(conflict.rows[0]?.result).toEqual({ status: "conflict" });
    const same = await as(db, "admin", call(["UPDATE", donateId, values, null]));
    expect(same.rows[0]?.result.status).toBe("applied");
    await as(db, "admin", call(["DELETE", donateId, null, null]));
    const gone = await as(db, "admin", call(["UPDATE", donateId, values, null]));
    expect(gone.rows[0]?.result).toEqual({ status: "gone" });
    expect(
      summary(
        await tryAs(db, "admin", (tx) =>
          outcome(() => call(["MERGE", donateId, values, null])(tx)),
        ),
      ),
    ).toBe("22023");
  });
});

describe("claiming alerts", () => {
  type Claim = {
    claim_id: string;
    alerts: { id: number; kind: string }[];
    digest: { count: number; newest: { subject: string }[] } | null;
    admins: string[];
    team: string[];
    alert_address: string | null;
  };
  const claim = async (limit = 2): Promise<Claim> => {
    const { rows } = await as(db, "service", (tx) =>
      tx.query<{ claim: Claim }>("select public.claim_alerts($1, 3600) as claim", [limit]),
    );
    const result = rows[0]?.claim;
    if (!result) throw new Error("no claim");
    return result;
  };
  const finish = (claimId: string, results: unknown[]) =>
    as(db, "service", (tx) =>
      tx.query("select public.finish_alerts($1, $2)", [claimId, JSON.stringify(results)]),
    );
  const message = (subject: string) =>
    as(db, "service", (tx) =>
      tx.query(
        "insert into public.contact_messages (name, email, subject, message) values ('Mina', 'mina@example.org', $1, 'Hello')",
        [subject],
      ),
    );
  const windowPasses = () =>
    db.query("update private.alert_sends set sent_at = sent_at - interval '2 hours'");

  it("answers every admin's address, and the address set for messages", async () => {
    const first = await claim();
    expect(first.admins.sort()).toEqual(["admin@helpinghands.example", SECOND_EMAIL].sort());
    expect(first.alert_address).toBeNull();
  });

  it("sends one mail per message up to the limit, then holds the rest for one digest", async () => {
    for (const subject of ["One", "Two", "Three", "Four", "Five"]) await message(subject);
    const first = await claim();
    expect(first.alerts.map((alert) => alert.kind)).toEqual(["message", "message"]);
    expect(first.digest).toBeNull();
    await finish(
      first.claim_id,
      first.alerts.map((alert) => ({ id: alert.id, ok: true })),
    );
    const quiet = await claim();
    expect(quiet.alerts).toEqual([]);
    expect(quiet.digest).toBeNull();

    await message("Six");
    await windowPasses();
    const digest = await claim();
    expect(digest.alerts).toEqual([]);
    expect(digest.digest?.count).toBe(4);
    expect(digest.digest?.newest.map((item) => item.subject)).toEqual([
      "Six",
      "Five",
      "Four",
      "Three",
    ]);
    await finish(digest.claim_id, [{ id: null, ok: true }]);
    const statuses = await db.query<{ status: string; n: number }>(
      "select status, count(*)::int as n from public.alert_outbox group by status",
    );
    expect(statuses.rows).toEqual([{ status: "sent", n: 6 }]);
  });

  it("payment alerts are never capped; a failure is tried again later; a lease that ran out comes back", async () => {
    for (let i = 0; i < 4; i += 1) await as(db, "admin", updateAccount(`07${i}`));
    const first = await claim(1);
    expect(first.alerts).toHaveLength(4);
    const [failed, ...sent] = first.alerts;
    await finish(first.claim_id, [
      { id: failed?.id, ok: false, error: "SMTP refused" },
      ...sent.map((alert) => ({ id: alert.id, ok: true })),
    ]);
    const { rows } = await db.query<{ status: string; last_error: string; later: boolean }>(
      "select status, last_error, next_attempt_at > now() as later from public.alert_outbox where id = $1",
      [failed?.id],
    );
    expect(rows[0]).toEqual({ status: "pending", last_error: "SMTP refused", later: true });
    expect((await claim()).alerts).toEqual([]);

    await db.query("update public.alert_outbox set next_attempt_at = now() where id = $1", [
      failed?.id,
    ]);
    const retry = await claim();
    expect(retry.alerts.map((alert) => alert.id)).toEqual([failed?.id]);
    await db.query("update public.alert_outbox set claimed_until = now() - interval '1 minute'");
    const again = await claim();
    expect(again.alerts.map((alert) => alert.id)).toEqual([failed?.id]);
    // The first claim's late answer changes nothing.
    await finish(retry.claim_id, [{ id: failed?.id, ok: true }]);
    const { rows: still } = await db.query<{ status: string }>(
      "select status from public.alert_outbox where id = $1",
      [failed?.id],
    );
    expect(still[0]?.status).toBe("sending");
    await finish(again.claim_id, [
      { id: failed?.id, ok: false, error: "No recipient", final: true },
    ]);
    const { rows: final } = await db.query<{ status: string }>(
      "select status from public.alert_outbox where id = $1",
      [failed?.id],
    );
    expect(final[0]?.status).toBe("failed");
  });

  it("asking for delivery without pg_net and its Vault secrets does nothing and never fails a write", async () => {
    const { rows } = await db.query<{ id: number | null }>(
      "select private.request_alert_delivery() as id",
    );
    expect(rows[0]?.id).toBeNull();
  });

  it("admin_emails names current admins only", async () => {
    await db.query("update auth.users set banned_until = now() + interval '1 day' where id = $1", [
      SECOND_ID,
    ]);
    const { rows } = await db.query<{ emails: string[] }>(
      "select private.admin_emails() as emails",
    );
    expect(rows[0]?.emails).toEqual(["admin@helpinghands.example"]);
  });

  it("a claim names the whole team beside the administrators: editors too, never a user without a role", async () => {
    await db.query("update auth.users set banned_until = now() + interval '1 day' where id = $1", [
      SECOND_ID,
    ]);
    const { admins, team } = await claim();
    expect(admins).toEqual(["admin@helpinghands.example"]);
    expect([...team].sort()).toEqual(["admin@helpinghands.example", "editor@helpinghands.example"]);
  });
});
