// The real DataLayer against the embedded stack: the admin's writes pass RLS as an
// admin, a save over someone else's newer change is refused, and nothing changes; the
// safety net (one-call orders, history, restores, the trash) runs on the database's own
// functions and log.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
} from "../../../tests/contract/stack.ts";
import { contentWrites } from "../content/writes.ts";
import { failures } from "../words.ts";
import type { AdminClient } from "./client.ts";
import { ConflictError, type DataError, type DataLayer, type Row } from "./data-layer.ts";
import { supabaseDataLayer } from "./supabase-data.ts";

let stack: TestStack;
let data: DataLayer;
let userData: DataLayer;
let adminEmail: string;

beforeAll(async () => {
  stack = await startTestStack();
  const admin = await signedInUser(stack, { admin: true });
  adminEmail = admin.email;
  const user = await signedInUser(stack);
  data = supabaseDataLayer(admin.client as unknown as AdminClient, stack.url, stack.publishableKey);
  userData = supabaseDataLayer(
    user.client as unknown as AdminClient,
    stack.url,
    stack.publishableKey,
  );
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

describe("supabaseDataLayer", () => {
  it("lists every row, inactive ones too, in the asked order", async () => {
    const rows = await data.list("board_staff", { column: "sort_order", ascending: true });
    expect(rows.length).toBeGreaterThan(0);
    const orders = rows.map((row) => row.sort_order as number);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });

  it("inserts, updates with the loaded updated_at, and refuses a stale save", async () => {
    const [created] = await data.insert("causes", [
      {
        title: "Clean water",
        description: "Wells for villages",
        image_url: "https://example.org/w.jpg",
        sort_order: 7,
      },
    ]);
    expect(created?.id).toBeTruthy();
    const loadedAt = created?.updated_at as string;

    // Another admin saves first.
    const { error } = await serviceClient(stack)
      .from("causes")
      .update({ title: "Clean water now" })
      .eq("id", created?.id);
    expect(error).toBeNull();

    await expect(
      data.update("causes", created?.id as string, { title: "Mine" }, loadedAt),
    ).rejects.toBeInstanceOf(ConflictError);
    const fresh = await data.list("causes", { column: "sort_order", ascending: true });
    const row = fresh.find((r) => r.id === created?.id);
    expect(row?.title).toBe("Clean water now");

    // With the current version the save goes through.
    const saved = await data.update(
      "causes",
      created?.id as string,
      { title: "Mine" },
      row?.updated_at,
    );
    expect(saved.title).toBe("Mine");
  });

  it("tells a deleted row from a changed one", async () => {
    const [created] = await data.insert("causes", [
      { title: "Gone", description: "Soon", image_url: "https://example.org/g.jpg" },
    ]);
    await data.remove("causes", created?.id as string);
    const failure = await data
      .update("causes", created?.id as string, { title: "x" }, created?.updated_at)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConflictError);
    expect((failure as ConflictError).deleted).toBe(true);
  });

  it("removes an unsaved upload by its public URL, and nothing outside the bucket", async () => {
    const media = serviceClient(stack).storage.from("media");
    const path = `gallery/home/2026/${crypto.randomUUID()}.png`;
    const stored = await media.upload(
      path,
      new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }),
      {
        contentType: "image/png",
      },
    );
    expect(stored.error).toBeNull();
    const url = media.getPublicUrl(path).data.publicUrl;
    expect((await fetch(url)).status).toBe(200);

    await data.removeUpload("https://elsewhere.example/storage/v1/object/public/media/x.png");
    await data.removeUpload("/images/seed/banner-1.jpg");
    expect((await fetch(url)).status).toBe(200);
    await data.removeUpload(url);
    expect((await fetch(url)).status).not.toBe(200);
    // A non-admin removes nothing.
    const other = `gallery/home/2026/${crypto.randomUUID()}.png`;
    await media.upload(other, new Blob([new Uint8Array([1])], { type: "image/png" }), {
      contentType: "image/png",
    });
    await userData.removeUpload(media.getPublicUrl(other).data.publicUrl);
    expect((await fetch(media.getPublicUrl(other).data.publicUrl)).status).toBe(200);
  });

  it("turns a database refusal into words, keeping the database's code", async () => {
    const refused = await data
      .insert("causes", [{ title: "t", description: "d", image_url: "javascript:alert(1)" }])
      .catch((error: unknown) => error as DataError);
    expect(refused).toMatchObject({
      code: "23514",
      message:
        "Image address is not valid. Enter a web address starting with https://, or upload a file.",
    });
    await expect(
      userData.insert("causes", [
        { title: "t", description: "d", image_url: "https://e.org/a.jpg" },
      ]),
    ).rejects.toMatchObject({ code: "42501", message: "This account may not make that change." });
  });

  it("activates one logo atomically", async () => {
    const [logo] = await data.insert("logo_settings", [
      { logo_url: "https://example.org/logo.png", logo_name: "SECOND", is_active: false },
    ]);
    await data.activateLogo(logo?.id as string);
    const logos = await data.list("logo_settings", { column: "created_at", ascending: false });
    expect(logos.filter((l) => l.is_active).map((l) => l.id)).toEqual([logo?.id]);
  });
});

describe("supabaseDataLayer: the safety net", () => {
  const BY_ORDER = { column: "sort_order", ascending: true };

  it("writes a whole list's order in one call, and refuses a list that changed", async () => {
    const before = await data.list("certifications", BY_ORDER);
    expect(before.length).toBeGreaterThan(1);
    const reversed = [...before].reverse().map((row) => row.id);
    await data.reorder("certifications", reversed);
    const after = await data.list("certifications", BY_ORDER);
    expect(after.map((row) => row.id)).toEqual(reversed);
    expect(after.map((row) => row.sort_order)).toEqual(after.map((_, index) => index));

    await expect(data.reorder("certifications", reversed.slice(1))).rejects.toMatchObject({
      code: "40001",
      message: failures.listChanged,
    });
    await expect(userData.reorder("certifications", reversed)).rejects.toMatchObject({
      code: "42501",
      message: "This account may not make that change.",
    });
    expect((await data.list("certifications", BY_ORDER)).map((row) => row.id)).toEqual(reversed);
  });

  it("answers a row's history newest first and writes a version back", async () => {
    const [created] = (await data.insert("causes", [
      { title: "First words", description: "About", image_url: "https://example.org/h.jpg" },
    ])) as [Row];
    await data.update("causes", created.id, { title: "Second words" }, created.updated_at);
    const history = await data.history("causes", created.id);
    expect(history.map((entry) => entry.action)).toEqual(["UPDATE", "INSERT"]);
    const [update] = history;
    expect(update).toMatchObject({
      table_name: "causes",
      row_id: created.id,
      actor_email: adminEmail,
      old_data: expect.objectContaining({ title: "First words" }),
      new_data: expect.objectContaining({ title: "Second words" }),
    });

    const restored = await data.restoreVersion(update?.id as number, "before");
    expect(restored).toMatchObject({ id: created.id, title: "First words" });
    expect((await data.history("causes", created.id)).map((entry) => entry.action)).toEqual([
      "UPDATE",
      "UPDATE",
      "INSERT",
    ]);
    await expect(userData.history("causes", created.id)).resolves.toEqual([]);
  });

  it("puts a row back as it was loaded (Undo), matching the log's timestamps", async () => {
    const [loaded] = (await data.insert("causes", [
      { title: "As loaded", description: "About", image_url: "https://example.org/u.jpg" },
    ])) as [Row];
    const writes = contentWrites(data, { table: "causes" });
    await writes.update(loaded, { title: "Edited" });
    const edited = (await data.list("causes", BY_ORDER)).find((row) => row.id === loaded.id);
    await writes.toggle(edited as Row);
    await writes.putBack([loaded]);
    const back = (await data.list("causes", BY_ORDER)).find((row) => row.id === loaded.id);
    expect(back).toMatchObject({ title: "As loaded", is_active: true });
  });

  it("keeps a deletion in the trash until it is restored, with its id", async () => {
    const [created] = (await data.insert("causes", [
      { title: "Soon deleted", description: "About", image_url: "https://example.org/t.jpg" },
    ])) as [Row];
    await data.remove("causes", created.id);
    const entry = (await data.trash()).find((candidate) => candidate.row_id === created.id);
    expect(entry).toMatchObject({
      table_name: "causes",
      deleted_by: adminEmail,
      data: expect.objectContaining({ title: "Soon deleted" }),
    });
    const kept = Date.parse(entry?.purge_at ?? "") - Date.parse(entry?.deleted_at ?? "");
    expect(kept).toBe(30 * 24 * 3600 * 1000);

    const back = await data.restoreVersion(entry?.entry_id as number, "before");
    expect(back).toMatchObject({ id: created.id, title: "Soon deleted" });
    expect((await data.trash()).some((candidate) => candidate.row_id === created.id)).toBe(false);
    await expect(userData.trash()).rejects.toMatchObject({ code: "42501" });
  });

  it("asks for a purge without ever throwing", async () => {
    await expect(data.purgeTrash()).resolves.toBeUndefined();
    await expect(userData.purgeTrash()).resolves.toBeUndefined();
  });
});

describe("supabaseDataLayer: long lists and the inbox", () => {
  const BY_ORDER = { column: "sort_order", ascending: true };

  it("reads a list past the 1,000 rows one read answers, each row once, in order", async () => {
    const service = serviceClient(stack);
    const before = await data.list("oldage_gallery", BY_ORDER);
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
      const rows = await data.list("oldage_gallery", BY_ORDER);
      expect(rows).toHaveLength(before.length + 1010);
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
      const orders = rows.map((row) => row.sort_order as number);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
    } finally {
      const ids = (inserted as { id: string }[]).map((row) => row.id);
      await service.from("oldage_gallery").delete().in("id", ids);
    }
  });

  it("pages the inbox newest first, by range, with exact counts", async () => {
    const service = serviceClient(stack);
    const sent = Array.from({ length: 60 }, (_, i) => ({
      name: `Sender ${i}`,
      email: `sender${i}@example.org`,
      subject: `Question ${i}`,
      message: "Hello",
      inquiry_type: "general",
      handled: i % 4 === 0,
    }));
    const { error } = await service.from("contact_messages").insert(sent);
    expect(error).toBeNull();
    const counts = await data.messageCounts();
    expect(counts.total).toBeGreaterThanOrEqual(60);

    const query = { pageSize: 25, search: "", show: "all" as const };
    const pages = await Promise.all([0, 1, 2, 3].map((page) => data.messages({ ...query, page })));
    for (const page of pages) expect(page.total).toBe(counts.total);
    const rows = pages.flatMap((page) => page.rows);
    expect(rows).toHaveLength(Math.min(counts.total, 100));
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const times = rows.map((row) => Date.parse(String(row.created_at)));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const fresh = await data.messages({ ...query, page: 0, show: "new" });
    expect(fresh.total).toBe(counts.unread);
    expect(fresh.rows.every((row) => row.handled === false)).toBe(true);
    // A page past the last answers none, and how many there are.
    const past = await data.messages({ ...query, page: 1000 });
    expect(past).toEqual({ rows: [], total: counts.total });
    await expect(userData.messageCounts()).resolves.toEqual({ total: 0, unread: 0 });
  });
});
