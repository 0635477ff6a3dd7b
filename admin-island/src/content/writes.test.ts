import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  signedInUser,
  startTestStack,
  type TestStack,
  typedClient,
} from "../../../tests/contract/stack.ts";
import type { Backend } from "../api/backend.ts";
import { ConflictError } from "../api/errors.ts";
import type { ListOrder, Row, TableName } from "../api/rows.ts";
import { type AuditEntry, getHistory } from "../history/history-query.ts";
import { getTrash } from "../trash/trash-query.ts";
import { undoing } from "../ui/words.ts";
import { insertRows } from "./row-create-mutation.ts";
import { type ContentTable, contentWrites, firstChangeSince, nextSortOrder } from "./writes.ts";

/** A list ordered by sort_order, as visitors see banners and pictures. */
const BY_SORT_ORDER: ListOrder = { column: "sort_order", ascending: true };

const rows = (...orders: number[]): Row[] =>
  orders.map((sort_order, index) => ({ id: `${index}`, sort_order }));

interface Sent {
  method: string;
  /** The path and query, e.g. /rest/v1/rpc/activate_logo */
  path: string;
  body: string;
}

let stack: TestStack;
let backend: Backend;
/** The requests the admin's client sent since the last reset. */
const sent: Sent[] = [];
/** Requests that fail once, answered as PostgREST refuses (code "test"). */
let failing: { method: string; path: string }[] = [];

/** Every request passes here: recorded, and refused when a test asked for it. */
const faultyFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const entry = {
    method: request.method,
    path: `${url.pathname}${url.search}`,
    body: init?.body ? String(init.body) : "",
  };
  sent.push(entry);
  const fault = failing.find((f) => f.method === entry.method && entry.path.startsWith(f.path));
  if (fault) {
    failing = failing.filter((other) => other !== fault);
    const refusal = { code: "test", message: "refused by the test", details: null, hint: null };
    return new Response(JSON.stringify(refusal), {
      status: 500,
      headers: { "content-type": "application/json" },
    });
  }
  return fetch(input, init);
};

beforeAll(async () => {
  stack = await startTestStack();
  const admin = await signedInUser(stack, { admin: true });
  const client = await typedClient(stack, admin, faultyFetch);
  backend = { client, url: stack.url, publishableKey: stack.publishableKey };
});
afterAll(() => stack?.close());
afterEach(() => {
  sent.length = 0;
  failing = [];
});

/** The database as its owner (no RLS), for arranging rows and reading what was stored. */
function owner() {
  if (!stack.db) throw new Error("these checks read the embedded database");
  return stack.db;
}

/** Deletes every row of a table, as the owner. */
async function clear(table: TableName): Promise<void> {
  await owner().query(`delete from public.${table}`);
}

/** The rows of a table as stored, oldest first. */
async function stored(table: TableName): Promise<Record<string, unknown>[]> {
  return (
    await owner().query<Record<string, unknown>>(
      `select * from public.${table} order by created_at, id`,
    )
  ).rows;
}

/** Rows added through the API (not through contentWrites), answered as a screen loads them. */
function seed(table: TableName, values: Record<string, unknown>[]): Promise<Row[]> {
  return insertRows(backend.client, table, values);
}

/** One row as a screen loads it now. */
async function loaded(table: TableName, id: string): Promise<Row> {
  const { data, error } = await backend.client.from(table).select().eq("id", id).single();
  if (error) throw error;
  return data;
}

/** The content writes of `target`, and how many times they said they wrote. */
function writesTo(target: ContentTable) {
  const count = { written: 0 };
  const writes = contentWrites(backend, target, (table) => {
    expect(table).toBe(target.table);
    count.written += 1;
  });
  /** How many writes `work` reports; its failure is swallowed. */
  const writtenDuring = async (work: () => Promise<unknown>) => {
    const before = count.written;
    await work().catch(() => {});
    return count.written - before;
  };
  return { writes, writtenDuring };
}

/** The requests sent that change something (no reads). */
const changes = () => sent.filter((request) => request.method !== "GET");

const cause = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  description: "Wells for villages",
  image_url: "https://example.org/water.jpg",
  ...extra,
});
const logo = (logo_name: string, is_active: boolean) => ({
  logo_name,
  logo_url: "https://example.org/logo.png",
  is_active,
});

describe("nextSortOrder", () => {
  it("takes the next free number, after the highest order", () => {
    expect(nextSortOrder(rows(0, 5, 2))).toBe(6);
    // After a delete (#1 and #3 left), the next is #4, never a second #3.
    expect(nextSortOrder(rows(0, 2))).toBe(3);
    expect(nextSortOrder([])).toBe(0);
  });
});

describe("contentWrites", () => {
  it("places a new record by the table's rule, unless the form gave an order", async () => {
    await clear("banners");
    const { writes, writtenDuring } = writesTo({ table: "banners", order: BY_SORT_ORDER });
    expect(writes.prefill({ title: "", sort_order: 0 }, rows(0, 5))).toEqual({
      title: "",
      sort_order: 6,
    });
    expect(writes.prefill({ title: "" }, rows(0, 5))).toEqual({ title: "" });

    const image_url = "https://example.org/banner.jpg";
    expect(await writtenDuring(() => writes.create({ title: "A", image_url }, rows(0, 5)))).toBe(1);
    await writes.create({ title: "B", image_url, sort_order: 1 }, rows(0, 5));
    expect(
      (await stored("banners")).map(({ title, sort_order }) => ({ title, sort_order })),
    ).toEqual([
      { title: "A", sort_order: 6 },
      { title: "B", sort_order: 1 },
    ]);
  });

  it("stores a new active logo inactive, then activates it", async () => {
    await clear("logo_settings");
    await seed("logo_settings", [logo("Old", true)]);
    const { writes } = writesTo({ table: "logo_settings", activation: "logo" });
    sent.length = 0;
    const saved = await writes.create(logo("New", true), []);
    expect(saved).toEqual({ id: expect.any(String) });
    // As the log recorded it: stored inactive, then made the active one.
    const [inserted] = await getHistory(backend.client, "logo_settings", saved.id ?? "").then(
      (entries) => entries.filter((entry) => entry.action === "INSERT"),
    );
    expect(inserted?.new_data).toMatchObject({ logo_name: "New", is_active: false });
    expect(changes().map(({ method, path }) => `${method} ${path.split("?")[0]}`)).toEqual([
      "POST /rest/v1/logo_settings",
      "POST /rest/v1/rpc/activate_logo",
    ]);
    const active = (await stored("logo_settings")).filter((row) => row.is_active);
    expect(active.map((row) => row.logo_name)).toEqual(["New"]);
  });

  it("keeps a logo's save when its activation fails, and says so", async () => {
    await clear("logo_settings");
    const [old] = (await seed("logo_settings", [logo("Old", false)])) as [Row];
    failing.push({ method: "POST", path: "/rest/v1/rpc/activate_logo" });
    const { writes, writtenDuring } = writesTo({ table: "logo_settings", activation: "logo" });
    let saved = {};
    const signals = await writtenDuring(async () => {
      saved = await writes.update(old, { logo_name: "Renamed", is_active: true });
    });
    expect(saved).toEqual({ activationError: expect.objectContaining({ code: "test" }) });
    expect(signals).toBe(1);
    expect(await stored("logo_settings")).toEqual([
      expect.objectContaining({ id: old.id, logo_name: "Renamed", is_active: false }),
    ]);
  });

  it("shows a hidden logo through activate_logo and hides one with a plain update", async () => {
    await clear("logo_settings");
    const [a, b] = (await seed("logo_settings", [logo("A", true), logo("B", false)])) as [Row, Row];
    const { writes } = writesTo({ table: "logo_settings", activation: "logo" });
    sent.length = 0;
    await writes.toggle(b);
    expect(changes()).toEqual([
      {
        method: "POST",
        path: "/rest/v1/rpc/activate_logo",
        body: JSON.stringify({ logo_id: b.id }),
      },
    ]);
    const current = await loaded("logo_settings", b.id);
    sent.length = 0;
    await writes.toggle(current);
    const [update] = changes();
    expect(changes()).toHaveLength(1);
    expect(update?.method).toBe("PATCH");
    const query = new URLSearchParams(update?.path.split("?")[1]);
    expect(query.get("id")).toBe(`eq.${b.id}`);
    expect(query.get("updated_at")).toBe(`eq.${current.updated_at}`);
    expect(JSON.parse(update?.body ?? "")).toEqual({ is_active: false });
    const now = await stored("logo_settings");
    expect(Object.fromEntries(now.map((row) => [row.id, row.is_active]))).toEqual({
      [a.id]: false,
      [b.id]: false,
    });
  });

  it("signals a save after each successful write and none after a failed one", async () => {
    const [row] = (await seed("projects", [
      { title: "Water", category_name: "Health", description: "Wells", is_active: true },
    ])) as [Row];
    const { writes, writtenDuring } = writesTo({ table: "projects" });
    expect(await writtenDuring(() => writes.toggle(row))).toBe(1);
    // `row` is as it was loaded, before the toggle: a stale save.
    await expect(writes.update(row, { title: "Stale" })).rejects.toBeInstanceOf(ConflictError);
    expect(await writtenDuring(() => writes.update(row, { title: "Stale" }))).toBe(0);
    failing.push({ method: "DELETE", path: "/rest/v1/projects" });
    expect(await writtenDuring(() => writes.remove(row))).toBe(0);
    expect((await stored("projects")).some((other) => other.id === row.id)).toBe(true);
    expect(await writtenDuring(() => writes.remove(row))).toBe(1);
    expect((await stored("projects")).some((other) => other.id === row.id)).toBe(false);
  });
});

describe("contentWrites: the safety net", () => {
  it("writes a whole order in one call and signals one save", async () => {
    await clear("causes");
    const [a, b, c] = (await seed("causes", [
      cause("A", { sort_order: 0 }),
      cause("B", { sort_order: 1 }),
      cause("C", { sort_order: 2 }),
    ])) as [Row, Row, Row];
    const positions = async () =>
      Object.fromEntries((await stored("causes")).map((row) => [row.id, row.sort_order]));
    const { writes, writtenDuring } = writesTo({ table: "causes" });
    sent.length = 0;
    expect(await writtenDuring(() => writes.reorder([c, a, b]))).toBe(1);
    expect(changes()).toEqual([
      {
        method: "POST",
        path: "/rest/v1/rpc/reorder_rows",
        body: JSON.stringify({ target: "causes", ids: [c.id, a.id, b.id] }),
      },
    ]);
    expect(await positions()).toEqual({ [a.id]: 1, [b.id]: 2, [c.id]: 0 });
    // A list that lost a row meanwhile is refused whole, and nothing is signalled.
    await owner().query("delete from public.causes where id = $1", [b.id]);
    expect(await writtenDuring(() => writes.reorder([a, b, c]))).toBe(0);
    await expect(writes.reorder([a, b, c])).rejects.toMatchObject({ code: "40001" });
    expect(await positions()).toEqual({ [a.id]: 1, [c.id]: 0 });
  });

  it("puts rows back as they were loaded, through restores the log records", async () => {
    const [loaded0] = (await seed("causes", [cause("Water", { is_active: true })])) as [Row];
    const { writes, writtenDuring } = writesTo({ table: "causes" });
    await writes.update(loaded0, { title: "Wells" });
    await writes.toggle(await loaded("causes", loaded0.id));
    const history = await getHistory(backend.client, "causes", loaded0.id);
    const firstChange = history.filter((entry) => entry.action === "UPDATE").at(-1);

    sent.length = 0;
    expect(await writtenDuring(() => writes.putBack([loaded0]))).toBe(1);
    // The version before the first change since loading: both changes are undone.
    expect(changes()).toEqual([
      {
        method: "POST",
        path: "/rest/v1/rpc/restore_version",
        body: JSON.stringify({ entry: firstChange?.id, state: "before" }),
      },
    ]);
    expect(await loaded("causes", loaded0.id)).toMatchObject({ title: "Water", is_active: true });
    const [newest] = await getHistory(backend.client, "causes", loaded0.id);
    expect(newest).toMatchObject({ action: "UPDATE", row_id: loaded0.id });
    expect(newest?.id).toBeGreaterThan(history[0]?.id ?? Number.POSITIVE_INFINITY);
  });

  it("brings a deleted row back with its id", async () => {
    const [loaded0] = (await seed("causes", [cause("Water")])) as [Row];
    const { writes } = writesTo({ table: "causes" });
    await writes.remove(loaded0);
    await writes.putBack([loaded0]);
    expect((await stored("causes")).filter((row) => row.id === loaded0.id)).toEqual([
      expect.objectContaining({ id: loaded0.id, title: "Water" }),
    ]);
  });

  it("has nothing to undo for a row unchanged since it was loaded", async () => {
    const [loaded0] = (await seed("causes", [cause("Water")])) as [Row];
    const { writes, writtenDuring } = writesTo({ table: "causes" });
    sent.length = 0;
    expect(await writtenDuring(() => writes.putBack([loaded0]))).toBe(0);
    await expect(writes.putBack([loaded0])).rejects.toMatchObject({
      message: undoing.nothingToUndo,
    });
    expect(changes()).toEqual([]);
    const history = await getHistory(backend.client, "causes", loaded0.id);
    expect(history.map((entry) => entry.action)).toEqual(["INSERT"]);
  });

  it("names the logo that was shown among the rows an activation changes", () => {
    const rows: Row[] = [
      { id: "a", is_active: true },
      { id: "b", is_active: false },
      { id: "c", is_active: false },
    ];
    const [a, b] = rows as [Row, Row];
    const { writes: logoWrites } = writesTo({ table: "logo_settings", activation: "logo" });
    expect(logoWrites.affected(b, rows).map((row) => row.id)).toEqual(["b", "a"]);
    expect(logoWrites.affected(b, rows, { is_active: false })).toEqual([b]);
    expect(logoWrites.affected(a, rows)).toEqual([a]);
    const { writes: plain } = writesTo({ table: "causes" });
    expect(plain.affected(b, rows)).toEqual([b]);
  });

  it("restores a recorded version and signals a save; a deletion the same", async () => {
    const [row] = (await seed("causes", [cause("Water")])) as [Row];
    const { writes, writtenDuring } = writesTo({ table: "causes" });
    await writes.update(row, { title: "Wells" });
    const [change] = await getHistory(backend.client, "causes", row.id);
    if (change?.action !== "UPDATE") throw new Error("the save was not recorded");
    expect(await writtenDuring(() => writes.restore(change, "before"))).toBe(1);
    expect((await loaded("causes", row.id)).title).toBe("Water");

    // A deletion is in the trash as its log entry; restoring the version before it
    // brings the record back and takes it out of the trash.
    await writes.remove(await loaded("causes", row.id));
    const [deletion] = await getHistory(backend.client, "causes", row.id);
    if (deletion?.action !== "DELETE") throw new Error("the deletion was not recorded");
    const inTrash = (await getTrash(backend.client)).find((entry) => entry.row_id === row.id);
    expect(inTrash?.entry_id).toBe(deletion.id);
    expect(await writtenDuring(() => writes.restore(deletion, "before"))).toBe(1);
    expect((await loaded("causes", row.id)).title).toBe("Water");
    expect((await getTrash(backend.client)).some((entry) => entry.row_id === row.id)).toBe(false);
  });
});

describe("firstChangeSince", () => {
  it("matches the loaded row's updated_at in any notation of the same instant", () => {
    const row: Row = { id: "r", updated_at: "2026-11-25T10:00:00.123456+00:00" };
    const entry = (id: number, updated_at: string): AuditEntry => ({
      id,
      occurred_at: updated_at,
      actor_email: null,
      table_name: "causes",
      row_id: "r",
      action: "UPDATE",
      old_data: { updated_at },
      new_data: {},
    });
    const entries = [
      entry(9, "2026-11-25T10:05:00.000Z"),
      entry(7, "2026-11-25T10:00:00.123Z"),
      entry(3, "2026-11-24T08:00:00.000Z"),
    ];
    expect(firstChangeSince(row, entries)?.id).toBe(7);
    expect(firstChangeSince({ id: "r", updated_at: "2020-01-01T00:00:00Z" }, entries)).toBe(
      undefined,
    );
  });
});
