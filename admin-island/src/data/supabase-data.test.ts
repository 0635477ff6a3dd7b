// The real DataLayer against the embedded stack: the admin's writes pass RLS as an
// admin, a save over someone else's newer change is refused, and nothing changes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
} from "../../../tests/contract/stack.ts";
import type { AdminClient } from "./client.ts";
import { ConflictError, type DataError, type DataLayer } from "./data-layer.ts";
import { supabaseDataLayer } from "./supabase-data.ts";

let stack: TestStack;
let data: DataLayer;
let userData: DataLayer;

beforeAll(async () => {
  stack = await startTestStack();
  const admin = await signedInUser(stack, { admin: true });
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
