// The rules every content write follows, whichever screen makes it: where a new record
// goes in the order, one active logo through activate_logo, a whole order in one call,
// restores and Undo through the recorded versions, and one save signal per successful
// write (none for a failed one).
import { describe, expect, it, vi } from "vitest";
import type { AuditEntry, ListOrder, Row, TrashEntry } from "../api/data-layer.ts";
import { $saves } from "../publishing/saves.ts";
import { createFakeData } from "../testing/fake-data.ts";
import { contentWrites, firstChangeSince, nextSortOrder, restoreDeleted } from "./writes.ts";

// No canvas here: the resize step hands the file back; the checks stay real.
vi.mock("../uploads/images.ts", async (original) =>
  (await import("../testing/fake-images.ts")).withoutCanvas(original),
);

/** A list ordered by sort_order, as visitors see banners and pictures. */
const BY_SORT_ORDER: ListOrder = { column: "sort_order", ascending: true };

const rows = (...orders: number[]): Row[] =>
  orders.map((sort_order, index) => ({ id: `${index}`, sort_order }));

/** How many saves `work` signals. */
async function savesDuring(work: () => Promise<unknown>): Promise<number> {
  const before = $saves.get();
  await work().catch(() => {});
  return $saves.get() - before;
}

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
    const fake = createFakeData();
    const writes = contentWrites(fake, { table: "banners", order: BY_SORT_ORDER });
    expect(writes.prefill({ title: "", sort_order: 0 }, rows(0, 5))).toEqual({
      title: "",
      sort_order: 6,
    });
    expect(writes.prefill({ title: "" }, rows(0, 5))).toEqual({ title: "" });

    expect(await savesDuring(() => writes.create({ title: "A" }, rows(0, 5)))).toBe(1);
    await writes.create({ title: "B", sort_order: 1 }, rows(0, 5));
    expect(fake.insert.mock.calls.map(([, [values]]) => values)).toEqual([
      { title: "A", sort_order: 6 },
      { title: "B", sort_order: 1 },
    ]);
  });

  it("stores a new active logo inactive, then activates it", async () => {
    const fake = createFakeData({ logo_settings: [{ logo_name: "Old", is_active: true }] });
    const writes = contentWrites(fake, { table: "logo_settings", activation: "logo" });
    const saved = await writes.create({ logo_name: "New", is_active: true }, []);
    expect(saved).toEqual({ id: expect.any(String) });
    expect(fake.insert).toHaveBeenCalledWith("logo_settings", [
      { logo_name: "New", is_active: false },
    ]);
    const active = fake.rows("logo_settings").filter((row) => row.is_active);
    expect(active.map((row) => row.logo_name)).toEqual(["New"]);
  });

  it("keeps a logo's save when its activation fails, and says so", async () => {
    const fake = createFakeData({ logo_settings: [{ logo_name: "Old", is_active: false }] });
    const [old] = fake.rows("logo_settings") as [Row];
    fake.fail("activateLogo");
    const writes = contentWrites(fake, { table: "logo_settings", activation: "logo" });
    let saved = {};
    const signals = await savesDuring(async () => {
      saved = await writes.update(old, { logo_name: "Renamed", is_active: true });
    });
    expect(saved).toEqual({ activationError: expect.objectContaining({ code: "test" }) });
    expect(signals).toBe(1);
    expect(fake.row("logo_settings", old.id)).toMatchObject({
      logo_name: "Renamed",
      is_active: false,
    });
  });

  it("shows a hidden logo through activate_logo and hides one with a plain update", async () => {
    const fake = createFakeData({
      logo_settings: [
        { logo_name: "A", is_active: true },
        { logo_name: "B", is_active: false },
      ],
    });
    const [a, b] = fake.rows("logo_settings") as [Row, Row];
    const writes = contentWrites(fake, { table: "logo_settings", activation: "logo" });
    await writes.toggle(b);
    expect(fake.activateLogo).toHaveBeenCalledWith(b.id);
    expect(fake.update).not.toHaveBeenCalled();
    const current = fake.row("logo_settings", b.id) as Row;
    await writes.toggle(current);
    expect(fake.update).toHaveBeenCalledWith(
      "logo_settings",
      b.id,
      { is_active: false },
      current.updated_at,
    );
    expect(fake.row("logo_settings", a.id)?.is_active).toBe(false);
  });

  it("signals a save after each successful write and none after a failed one", async () => {
    const fake = createFakeData({ projects: [{ title: "Water", is_active: true }] });
    const [row] = fake.rows("projects") as [Row];
    const writes = contentWrites(fake, { table: "projects" });
    expect(await savesDuring(() => writes.toggle(row))).toBe(1);
    expect(await savesDuring(() => writes.update(row, { title: "Stale" }))).toBe(0);
    fake.fail("remove");
    expect(await savesDuring(() => writes.remove(row))).toBe(0);
    expect(await savesDuring(() => writes.remove(row))).toBe(1);
    expect(fake.rows("projects")).toEqual([]);
  });

  it("orders a batch of pictures after the highest order there is", async () => {
    const fake = createFakeData();
    const batch = { folder: "gallery/home", record: (url: string) => ({ image_url: url }) };
    const files = [new File(["a"], "a.png", { type: "image/png" })];
    await contentWrites(fake, { table: "home_gallery" }).addPictures(files, batch, rows(0, 7));
    await contentWrites(fake, {
      table: "gallery_images",
      order: BY_SORT_ORDER,
    }).addPictures(files, batch, rows(0, 7));
    expect(fake.insert.mock.calls.map(([table, [values]]) => [table, values?.sort_order])).toEqual([
      ["home_gallery", 8],
      ["gallery_images", 8],
    ]);
  });
});

describe("contentWrites: the safety net", () => {
  it("writes a whole order in one call and signals one save", async () => {
    const fake = createFakeData({
      causes: [{ sort_order: 0 }, { sort_order: 1 }, { sort_order: 2 }],
    });
    const [a, b, c] = fake.rows("causes") as [Row, Row, Row];
    const writes = contentWrites(fake, { table: "causes" });
    expect(await savesDuring(() => writes.reorder([c, a, b]))).toBe(1);
    expect(fake.reorder).toHaveBeenCalledWith("causes", [c.id, a.id, b.id]);
    expect(fake.rows("causes").map((row) => [row.id, row.sort_order])).toEqual([
      [a.id, 1],
      [b.id, 2],
      [c.id, 0],
    ]);
    // A list that lost a row meanwhile is refused whole, and nothing is signalled.
    fake.drop("causes", b.id);
    expect(await savesDuring(() => writes.reorder([a, b, c]))).toBe(0);
    await expect(writes.reorder([a, b, c])).rejects.toMatchObject({ code: "40001" });
  });

  it("puts rows back as they were loaded, through restores the log records", async () => {
    const fake = createFakeData({ causes: [{ title: "Water", is_active: true }] });
    const [loaded] = fake.rows("causes") as [Row];
    const writes = contentWrites(fake, { table: "causes" });
    await writes.update(loaded, { title: "Wells" });
    await writes.toggle(fake.row("causes", loaded.id) as Row);
    const firstChange = fake.log().find((entry) => entry.action === "UPDATE");

    expect(await savesDuring(() => writes.putBack([loaded]))).toBe(1);
    // The version before the first change since loading: both changes are undone.
    expect(fake.restoreVersion).toHaveBeenCalledWith(firstChange?.id, "before");
    expect(fake.row("causes", loaded.id)).toMatchObject({ title: "Water", is_active: true });
    expect(fake.log().at(-1)).toMatchObject({ action: "UPDATE", row_id: loaded.id });
  });

  it("brings a deleted row back with its id", async () => {
    const fake = createFakeData({ causes: [{ title: "Water" }] });
    const [loaded] = fake.rows("causes") as [Row];
    const writes = contentWrites(fake, { table: "causes" });
    await writes.remove(loaded);
    await writes.putBack([loaded]);
    expect(fake.rows("causes")).toEqual([
      expect.objectContaining({ id: loaded.id, title: "Water" }),
    ]);
  });

  it("has nothing to undo for a row unchanged since it was loaded", async () => {
    const fake = createFakeData({ causes: [{ title: "Water" }] });
    const [loaded] = fake.rows("causes") as [Row];
    const writes = contentWrites(fake, { table: "causes" });
    expect(await savesDuring(() => writes.putBack([loaded]))).toBe(0);
    await expect(writes.putBack([loaded])).rejects.toMatchObject({
      message: "There is nothing to undo: the item has changed since.",
    });
    expect(fake.restoreVersion).not.toHaveBeenCalled();
  });

  it("names the logo that was shown among the rows an activation changes", () => {
    const rows: Row[] = [
      { id: "a", is_active: true },
      { id: "b", is_active: false },
      { id: "c", is_active: false },
    ];
    const [a, b] = rows as [Row, Row];
    const logoWrites = contentWrites(createFakeData(), {
      table: "logo_settings",
      activation: "logo",
    });
    expect(logoWrites.affected(b, rows).map((row) => row.id)).toEqual(["b", "a"]);
    expect(logoWrites.affected(b, rows, { is_active: false })).toEqual([b]);
    expect(logoWrites.affected(a, rows)).toEqual([a]);
    const plain = contentWrites(createFakeData(), { table: "causes" });
    expect(plain.affected(b, rows)).toEqual([b]);
  });

  it("restores a recorded version and signals a save; a trash entry the same", async () => {
    const fake = createFakeData({ causes: [{ title: "Water" }] });
    const [row] = fake.rows("causes") as [Row];
    const writes = contentWrites(fake, { table: "causes" });
    await writes.update(row, { title: "Wells" });
    const change = fake.log().at(-1) as AuditEntry;
    expect(await savesDuring(() => writes.restore(change, "before"))).toBe(1);
    expect(fake.row("causes", row.id)?.title).toBe("Water");

    await writes.remove(fake.row("causes", row.id) as Row);
    const [deleted] = await fake.trash();
    expect(await savesDuring(() => restoreDeleted(fake, deleted as TrashEntry))).toBe(1);
    expect(fake.row("causes", row.id)?.title).toBe("Water");
    expect(await fake.trash()).toEqual([]);
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
