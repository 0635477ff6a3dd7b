// The content tables' reads and writes against the embedded stack: an admin's writes
// pass RLS, anyone else's are refused; a save over someone else's newer change is
// refused and changes nothing; a whole order is written in one call or not at all; one
// logo is active at a time; and a list is read whole, past the rows one read answers.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
} from "../../../tests/contract/stack.ts";
import { $access } from "../api/access.ts";
import type { AdminClient } from "../api/client.ts";
import { AccessRemovedError, ConflictError } from "../api/errors.ts";
import type { ListOrder, TableName } from "../api/rows.ts";
import { failures } from "../api/words.ts";
import { activateLogo } from "./logo-activate-mutation.ts";
import { insertRows } from "./row-create-mutation.ts";
import { deleteRow } from "./row-delete-mutation.ts";
import { updateRow } from "./row-update-mutation.ts";
import { getRows } from "./rows-query.ts";
import { reorderRows } from "./rows-reorder-mutation.ts";

const BY_ORDER: ListOrder = { column: "sort_order", ascending: true };

let stack: TestStack;
let admin: AdminClient;
let user: AdminClient;

beforeAll(async () => {
  stack = await startTestStack();
  admin = (await signedInUser(stack, { admin: true })).client;
  user = (await signedInUser(stack)).client;
});
afterAll(() => stack?.close());
afterEach(() => $access.set("admin"));

/**
 * What a non-admin's call fails with. A refusal marks this session's access as
 * removed (so it sends nothing more); the admin's calls that follow act again.
 */
async function refusedToUser(call: Promise<unknown>): Promise<unknown> {
  const failure = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  $access.set("admin");
  return failure;
}

/** A row as the database holds it, read as its owner (no RLS). */
async function stored(table: TableName, id: string) {
  if (!stack.db) throw new Error("these checks read the embedded database");
  const { rows } = await stack.db.query<Record<string, unknown>>(
    `select * from public.${table} where id = $1`,
    [id],
  );
  return rows[0];
}

const cause = (title: string) => ({
  title,
  description: "Wells for villages",
  image_url: "https://example.org/w.jpg",
});

describe("getRows", () => {
  it("lists every row, inactive ones too, in the asked order", async () => {
    const [hidden] = await insertRows(admin, "board_staff", [
      { name: "Hidden", designation: "Treasurer", is_active: false },
    ]);
    const rows = await getRows(admin, "board_staff", BY_ORDER);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.some((row) => row.id === hidden?.id)).toBe(true);
    const orders = rows.map((row) => row.sort_order as number);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("reads a list past the 1,000 rows one read answers, each row once, in order", async () => {
    const service = serviceClient(stack);
    const before = await getRows(admin, "oldage_gallery", BY_ORDER);
    const added = Array.from({ length: 1010 }, (_, i) => ({
      image_url: `https://example.org/long-${i}.jpg`,
      sort_order: 5 + (i % 400),
    }));
    const { data: inserted, error } = await service
      .from("oldage_gallery")
      .insert(added)
      .select("id");
    expect(error).toBeNull();
    try {
      const rows = await getRows(admin, "oldage_gallery", BY_ORDER);
      expect(rows).toHaveLength(before.length + 1010);
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      const orders = rows.map((row) => row.sort_order as number);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    } finally {
      const ids = (inserted ?? []).map((row: { id: string }) => row.id);
      await service.from("oldage_gallery").delete().in("id", ids);
    }
  }, 30_000);
});

describe("insertRows and updateRow", () => {
  it("inserts, updates with the loaded updated_at, and refuses a stale save", async () => {
    const [created] = await insertRows(admin, "causes", [
      { ...cause("Clean water"), sort_order: 7 },
    ]);
    if (!created) throw new Error("nothing inserted");
    const loadedAt = created.updated_at;

    // Another admin saves first.
    const { error } = await serviceClient(stack)
      .from("causes")
      .update({ title: "Clean water now" })
      .eq("id", created.id);
    expect(error).toBeNull();

    await expect(
      updateRow(admin, "causes", created.id, { title: "Mine" }, loadedAt),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(await stored("causes", created.id)).toMatchObject({ title: "Clean water now" });

    // With the current version the save goes through.
    const [fresh] = (await getRows(admin, "causes", BY_ORDER)).filter((r) => r.id === created.id);
    const saved = await updateRow(
      admin,
      "causes",
      created.id,
      { title: "Mine" },
      fresh?.updated_at,
    );
    expect(saved.title).toBe("Mine");
    expect(await stored("causes", created.id)).toMatchObject({ title: "Mine" });
  });

  it("tells a deleted row from a changed one", async () => {
    const [created] = await insertRows(admin, "causes", [cause("Gone")]);
    if (!created) throw new Error("nothing inserted");
    await deleteRow(admin, "causes", created.id);
    expect(await stored("causes", created.id)).toBeUndefined();
    const failure = await updateRow(
      admin,
      "causes",
      created.id,
      { title: "x" },
      created.updated_at,
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConflictError);
    expect(failure).toMatchObject({ deleted: true });
    // A second delete finds nothing, and says so.
    await expect(deleteRow(admin, "causes", created.id)).rejects.toMatchObject({
      message: failures.nothingDeleted,
    });
  });

  it("turns a database refusal into words, keeping the database's code", async () => {
    await expect(
      insertRows(admin, "causes", [{ ...cause("t"), image_url: "javascript:alert(1)" }]),
    ).rejects.toMatchObject({
      code: "23514",
      message:
        "Image address is not valid. Enter a web address starting with https://, or upload a file.",
    });
  });

  it("refuses a non-admin's writes (RLS), and says the account may not act", async () => {
    expect(await refusedToUser(insertRows(user, "causes", [cause("Not mine")]))).toBeInstanceOf(
      AccessRemovedError,
    );
    if (!stack.db) throw new Error("these checks read the embedded database");
    const { rows } = await stack.db.query("select id from public.causes where title = 'Not mine'");
    expect(rows).toEqual([]);
  });
});

describe("activateLogo", () => {
  it("activates one logo atomically", async () => {
    const [logo] = await insertRows(admin, "logo_settings", [
      { logo_url: "https://example.org/logo.png", logo_name: "SECOND", is_active: false },
    ]);
    if (!logo) throw new Error("nothing inserted");
    await activateLogo(admin, logo.id);
    const logos = await getRows(admin, "logo_settings", { column: "created_at", ascending: false });
    expect(logos.filter((l) => l.is_active).map((l) => l.id)).toEqual([logo.id]);
  });
});

describe("reorderRows", () => {
  it("writes a whole list's order in one call, and refuses a list that changed", async () => {
    const before = await getRows(admin, "certifications", BY_ORDER);
    expect(before.length).toBeGreaterThan(1);
    const reversed = [...before].reverse().map((row) => row.id);
    await reorderRows(admin, "certifications", reversed);
    const after = await getRows(admin, "certifications", BY_ORDER);
    expect(after.map((row) => row.id)).toEqual(reversed);
    expect(after.map((row) => row.sort_order)).toEqual(after.map((_, index) => index));

    await expect(reorderRows(admin, "certifications", reversed.slice(1))).rejects.toMatchObject({
      code: "40001",
      message: failures.listChanged,
    });
    expect(
      await refusedToUser(
        reorderRows(
          user,
          "certifications",
          before.map((row) => row.id),
        ),
      ),
    ).toBeInstanceOf(AccessRemovedError);
    expect((await getRows(admin, "certifications", BY_ORDER)).map((row) => row.id)).toEqual(
      reversed,
    );
  });
});
