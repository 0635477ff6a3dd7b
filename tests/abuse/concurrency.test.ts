// Abuse group "concurrency": admins saving at the same moment, with real signed-in
// clients going through the admin's own reads and writes (getRows, insertRows,
// updateRow, deleteRow) against the stack. An admin saving a row someone changed after it was loaded is told so
// (ConflictError) and can reload; nobody's save is silently overwritten; concurrent
// writes to different rows are each applied exactly once; the content revision rises
// by one with every committed write and never goes back; the audit log holds exactly
// one entry per write, naming the admin who made it.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminClient } from "../../admin-island/src/api/client.ts";
import { ConflictError } from "../../admin-island/src/api/errors.ts";
import type { ListOrder, Row, TableName } from "../../admin-island/src/api/rows.ts";
import { insertRows } from "../../admin-island/src/content/row-create-mutation.ts";
import { deleteRow } from "../../admin-island/src/content/row-delete-mutation.ts";
import { updateRow } from "../../admin-island/src/content/row-update-mutation.ts";
import { getRows } from "../../admin-island/src/content/rows-query.ts";
import { SINGLE_RECORD, validRows } from "../../supabase/tests/fixtures.ts";
import {
  anonClient,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
  typedClient,
} from "../contract/stack.ts";
import { scale, Tally } from "./tally.ts";

const tally = new Tally("concurrency");
/** Admins saving the same row at once. */
const K = scale(8, 20);
/** Concurrent writes to different rows. */
const N = scale(60, 300);
/** Rounds of the same-row race. */
const ROUNDS = scale(6, 24);

interface Admin {
  user: TestUser;
  /** The admin's own kind of client, typed by the generated schema, signed in as `user`. */
  client: AdminClient;
}

/** The order the admin's lists read in here: newest first. */
const NEWEST: ListOrder = { column: "created_at", ascending: false };

let stack: TestStack;
let service: SupabaseClient;
let anon: SupabaseClient;
let admins: Admin[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  anon = anonClient(stack);
  const users = await Promise.all(
    Array.from({ length: K }, () => signedInUser(stack, { admin: true })),
  );
  admins = await Promise.all(
    users.map(async (user) => ({ user, client: await typedClient(stack, user) })),
  );
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

/** The content revision, read as the build reads it: anonymously, over the REST API. */
async function revision(): Promise<number> {
  const { data, error } = await anon
    .from("content_revision")
    .select("revision")
    .eq("id", 1)
    .single();
  if (error) throw new Error(`content_revision: ${error.message}`);
  return Number((data as { revision: number }).revision);
}

interface AuditEntry {
  id: number;
  table_name: string;
  row_id: string | null;
  action: string;
  actor_id: string | null;
}

async function lastAuditId(): Promise<number> {
  const { data, error } = await service
    .from("audit_log")
    .select("id")
    .order("id", { ascending: false })
    .limit(1);
  if (error) throw new Error(`audit_log: ${error.message}`);
  return Number((data as { id: number }[])[0]?.id ?? 0);
}

/** Every audit entry after `since`, oldest first. */
async function auditSince(since: number): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await service
      .from("audit_log")
      .select("id, table_name, row_id, action, actor_id")
      .gt("id", since)
      .order("id")
      .range(from, from + 999);
    if (error) throw new Error(`audit_log: ${error.message}`);
    entries.push(...(data as AuditEntry[]));
    if ((data as AuditEntry[]).length < 1000) return entries;
  }
}

async function storedRow(table: TableName, id: string): Promise<Row | null> {
  const { data, error } = await service.from(table).select("*").eq("id", id);
  if (error) throw new Error(`${table}: ${error.message}`);
  return ((data as Row[])[0] as Row | undefined) ?? null;
}

/** Reads the revision again and again until stopped, so a step back would be seen. */
function watchRevision(): { stop: () => Promise<number[]> } {
  const seen: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      seen.push(await revision());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return seen;
    },
  };
}

const nonDecreasing = (values: number[]) =>
  values.every((v, i) => i === 0 || v >= (values[i - 1] as number));

/** Tables the race runs on, and the column each admin writes its name into. */
const RACES: { table: TableName; column: string; row: () => Record<string, unknown> }[] = [
  { table: "causes", column: "title", row: () => ({ ...validRows.causes }) },
  { table: "projects", column: "title", row: () => ({ ...validRows.projects }) },
  { table: "board_staff", column: "name", row: () => ({ ...validRows.board_staff }) },
  { table: "banners", column: "subtitle", row: () => ({ ...validRows.banners }) },
  {
    table: "certifications",
    column: "certificate_name",
    row: () => ({ ...validRows.certifications }),
  },
  { table: "medical_content", column: "title", row: () => ({ ...validRows.medical_content }) },
  // The single records: the stored row itself, as their screens edit it.
  { table: "about_content", column: "about_title", row: () => ({}) },
  { table: "organisation", column: "name", row: () => ({}) },
];

/** Whether a table holds one record, which the race edits instead of inserting its own. */
const singleRecord = (table: TableName) => (SINGLE_RECORD as ReadonlySet<string>).has(table);

describe("admins saving the same row at once", () => {
  it(`one of ${K} saves wins, the others are told and can reload; nothing is overwritten`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const race = RACES[round % RACES.length] as (typeof RACES)[number];
      const { table, column } = race;
      const tag = `${table} round ${round}`;
      const owner = admins[round % K] as Admin;
      let target: Row;
      if (singleRecord(table)) {
        const [record] = await getRows(owner.client, table, NEWEST);
        target = record as Row;
      } else {
        [target] = (await insertRows(owner.client, table, [race.row()])) as [Row];
      }
      // Every admin opens the row: they all hold the same updated_at.
      const loaded = await Promise.all(
        admins.map(async (admin) => {
          const rows = await getRows(admin.client, table, NEWEST);
          return rows.find((row) => row.id === target.id) as Row;
        }),
      );
      tally.holds(
        `${tag}: every admin loaded the same version`,
        loaded.every((row) => row?.updated_at === target.updated_at),
      );
      const before = await revision();
      const auditStart = await lastAuditId();
      const values = (k: number) => ({ [column]: `saved by admin ${k} in ${tag}` });

      const results = await Promise.allSettled(
        admins.map((admin, k) =>
          updateRow(admin.client, table, target.id, values(k), loaded[k]?.updated_at),
        ),
      );

      const winners = results.flatMap((result, k) => (result.status === "fulfilled" ? [k] : []));
      tally.holds(
        `${tag}: exactly one of ${K} saves wins (${winners.length} did)`,
        winners.length === 1,
      );
      for (const [k, result] of results.entries()) {
        if (result.status === "fulfilled") continue;
        const error = result.reason;
        if (error instanceof ConflictError) {
          tally.holds(`${tag}: admin ${k} is told someone else changed it`, !error.deleted);
        } else {
          tally.error(`${tag}: admin ${k}`, error);
        }
      }
      const winner = winners[0] ?? -1;
      const stored = await storedRow(table, target.id);
      tally.holds(
        `${tag}: the stored row holds the winner's values`,
        winner >= 0 && stored?.[column] === values(winner)[column],
      );
      tally.holds(
        `${tag}: the winner saw what was stored`,
        winner >= 0 &&
          results[winner]?.status === "fulfilled" &&
          (results[winner] as PromiseFulfilledResult<Row>).value.updated_at === stored?.updated_at,
      );
      const after = await revision();
      tally.holds(`${tag}: the revision rose by one (${before} to ${after})`, after === before + 1);
      const audit = (await auditSince(auditStart)).filter((entry) => entry.row_id === target.id);
      tally.holds(
        `${tag}: one audit entry, by the winner`,
        audit.length === 1 &&
          audit[0]?.action === "UPDATE" &&
          audit[0]?.actor_id === (admins[winner] as Admin | undefined)?.user.id,
      );

      // A loser reloads, sees the winner's values and saves over them knowingly.
      const loser = (winner + 1) % K;
      const reloader = admins[loser] as Admin;
      const fresh = (await getRows(reloader.client, table, NEWEST)).find(
        (row) => row.id === target.id,
      );
      tally.holds(
        `${tag}: after reloading, admin ${loser} sees the winner's values`,
        fresh?.[column] === stored?.[column],
      );
      const retry = await updateRow(
        reloader.client,
        table,
        target.id,
        values(loser),
        fresh?.updated_at,
      ).catch((error: unknown) => error);
      tally.holds(
        `${tag}: admin ${loser}'s save after reloading goes through`,
        (retry as Row | undefined)?.[column] === values(loser)[column],
      );
      // The winner's old version is stale now: saving from it again is refused.
      const first = admins[winner];
      const stale = first
        ? await updateRow(
            first.client,
            table,
            target.id,
            { [column]: "stale" },
            loaded[winner]?.updated_at,
          ).catch((error: unknown) => error)
        : undefined;
      tally.holds(`${tag}: a save from the old version is refused`, stale instanceof ConflictError);
      tally.holds(
        `${tag}: and changes nothing`,
        (await storedRow(table, target.id))?.[column] === values(loser)[column],
      );
      if (!singleRecord(table)) await deleteRow(owner.client, table, target.id);
    }
  }, 180_000);

  it("a save after a delete is reported as such, and brings nothing back", async () => {
    const [deleter, editor] = admins as [Admin, Admin];
    const [row] = (await insertRows(deleter.client, "causes", [{ ...validRows.causes }])) as [Row];
    await deleteRow(deleter.client, "causes", row.id);
    const failure = await updateRow(
      editor.client,
      "causes",
      row.id,
      { title: "edited after the delete" },
      row.updated_at,
    ).catch((error: unknown) => error);
    tally.holds(
      "save after a delete: ConflictError that says deleted",
      failure instanceof ConflictError && failure.deleted,
    );
    tally.holds(
      "save after a delete: the row stays gone",
      (await storedRow("causes", row.id)) === null,
    );

    // A delete racing K-1 saves: each save either landed before the delete or is
    // told the row is gone; none resurrects it.
    for (let round = 0; round < Math.max(2, ROUNDS / 2); round += 1) {
      const [target] = (await insertRows(deleter.client, "causes", [{ ...validRows.causes }])) as [
        Row,
      ];
      const before = await revision();
      const auditStart = await lastAuditId();
      const [removed, ...saves] = await Promise.allSettled([
        deleteRow(deleter.client, "causes", target.id),
        ...admins
          .slice(1)
          .map((admin, k) =>
            updateRow(
              admin.client,
              "causes",
              target.id,
              { title: `racing the delete ${k}` },
              target.updated_at,
            ),
          ),
      ]);
      const tag = `delete race ${round}`;
      tally.holds(`${tag}: the delete went through`, removed?.status === "fulfilled");
      const landed = saves.filter((save) => save.status === "fulfilled").length;
      tally.holds(`${tag}: at most one save landed (${landed})`, landed <= 1);
      for (const [k, save] of saves.entries()) {
        if (save.status === "fulfilled") continue;
        if (save.reason instanceof ConflictError) tally.holds(`${tag}: admin ${k + 1} told`, true);
        else tally.error(`${tag}: admin ${k + 1}`, save.reason);
      }
      tally.holds(`${tag}: the row is gone`, (await storedRow("causes", target.id)) === null);
      const audit = (await auditSince(auditStart)).filter((entry) => entry.row_id === target.id);
      tally.holds(
        `${tag}: the audit log holds the delete and the landed save, nothing else`,
        audit.filter((e) => e.action === "DELETE").length === 1 &&
          audit.filter((e) => e.action === "UPDATE").length === landed &&
          audit.length === 1 + landed,
      );
      tally.holds(`${tag}: revision +${1 + landed}`, (await revision()) === before + 1 + landed);
    }
  }, 120_000);
});

describe("concurrent writes to different rows", () => {
  it(`${N} inserts and updates by ${K} admins are each applied exactly once`, async () => {
    const run = randomUUID().slice(0, 8);
    const tables = [
      { table: "causes" as const, column: "title", row: validRows.causes },
      { table: "projects" as const, column: "title", row: validRows.projects },
      { table: "board_staff" as const, column: "name", row: validRows.board_staff },
    ];
    const inserts = Math.ceil(N / 2);
    const updates = N - inserts;
    // The rows the updates change, made beforehand (not counted).
    const targets: { table: TableName; column: string; row: Row }[] = [];
    for (let i = 0; i < updates; i += 1) {
      const spec = tables[i % tables.length] as (typeof tables)[number];
      targets.push({ table: spec.table, column: spec.column, row: undefined as unknown as Row });
    }
    for (const spec of tables) {
      const mine = targets.filter((t) => t.table === spec.table);
      if (mine.length === 0) continue;
      const { data, error } = await service
        .from(spec.table)
        .insert(mine.map((_, j) => ({ ...spec.row, [spec.column]: `target ${run} ${j}` })))
        .select();
      expect(error).toBeNull();
      for (const [j, t] of mine.entries()) t.row = (data as Row[])[j] as Row;
    }

    const before = await revision();
    const auditStart = await lastAuditId();
    const watch = watchRevision();
    const writes: {
      name: string;
      admin: Admin;
      table: TableName;
      marker: string;
      op: () => Promise<Row>;
    }[] = [];
    for (let i = 0; i < inserts; i += 1) {
      const spec = tables[i % tables.length] as (typeof tables)[number];
      const admin = admins[i % K] as Admin;
      const marker = `insert ${run} ${i}`;
      writes.push({
        name: `insert ${i}`,
        admin,
        table: spec.table,
        marker,
        op: async () =>
          (
            await insertRows(admin.client, spec.table, [{ ...spec.row, [spec.column]: marker }])
          )[0] as Row,
      });
    }
    for (const [i, target] of targets.entries()) {
      const admin = admins[(i + 1) % K] as Admin;
      const marker = `update ${run} ${i}`;
      writes.push({
        name: `update ${i}`,
        admin,
        table: target.table,
        marker,
        op: () =>
          updateRow(
            admin.client,
            target.table,
            target.row.id,
            { [target.column]: marker },
            target.row.updated_at,
          ),
      });
    }
    // All at once, interleaved.
    const order = writes
      .map((_, i) => i)
      .sort((a, b) => ((a * 7919) % writes.length) - ((b * 7919) % writes.length));
    const results = await Promise.allSettled(
      order.map((i) => (writes[i] as (typeof writes)[number]).op()),
    );
    const seen = await watch.stop();
    const after = await revision();

    const done = new Map<number, Row>();
    for (const [j, result] of results.entries()) {
      const i = order[j] as number;
      const write = writes[i] as (typeof writes)[number];
      if (result.status === "fulfilled") done.set(i, result.value);
      else tally.error(`${write.name} by an admin`, result.reason);
    }
    tally.holds(`all ${N} writes succeeded (${done.size})`, done.size === N);

    // Each marker is stored exactly once, in the row the write named.
    for (const spec of tables) {
      const { data, error } = await service
        .from(spec.table)
        .select(`id, ${spec.column}`)
        .like(spec.column, `% ${run} %`)
        .range(0, 10_000);
      expect(error).toBeNull();
      const found = (data ?? []) as unknown as Record<string, string>[];
      const stored = found.map((row) => row[spec.column] as string);
      for (const [i, write] of writes.entries()) {
        if (write.table !== spec.table) continue;
        const count = stored.filter((value) => value === write.marker).length;
        tally.holds(`${write.name}: stored exactly once (${count})`, count === 1);
        const row = done.get(i);
        if (row) {
          const where = found.find((r) => r[spec.column] === write.marker);
          tally.holds(`${write.name}: in the row it returned`, where?.id === row.id);
        }
      }
      const inserted = stored.filter((value) => value.startsWith(`insert ${run} `)).length;
      const expected = writes.filter(
        (w) => w.table === spec.table && w.name.startsWith("insert"),
      ).length;
      tally.holds(
        `${spec.table}: ${expected} rows inserted, no more (${inserted})`,
        inserted === expected,
      );
    }

    // The revision: one step per committed write, never back.
    tally.holds(`revision rose by exactly ${N} (${before} to ${after})`, after === before + N);
    tally.holds(
      `revision never went back while ${N} writes ran (${seen.length} reads)`,
      nonDecreasing([before, ...seen, after]) && seen.every((v) => v >= before && v <= before + N),
    );

    // The audit log: one entry per write, of the right kind, by the admin who made it.
    const audit = await auditSince(auditStart);
    tally.holds(`audit log: ${N} entries for ${N} writes (${audit.length})`, audit.length === N);
    for (const [i, write] of writes.entries()) {
      const row = done.get(i);
      if (!row) continue;
      const entries = audit.filter(
        (entry) => entry.row_id === row.id && entry.table_name === write.table,
      );
      const action = write.name.startsWith("insert") ? "INSERT" : "UPDATE";
      tally.holds(
        `${write.name}: one ${action} audit entry by its admin`,
        entries.length === 1 &&
          entries[0]?.action === action &&
          entries[0]?.actor_id === write.admin.user.id,
      );
    }
  }, 300_000);
});

it("reports", () => {
  tally.report();
});
