// The trash function through the real stack: deletions past their 30 days lose the
// files only they used (through the Storage API), a file any live record or any
// deletion still in the trash uses stays, and only admins or the secret key purge.
// Deletions are aged by writing their audit entries with an old date, which only the
// embedded stack's database owner can do.
import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessToken,
  embeddedOnly,
  REAL_PROJECT,
  serviceClient,
  signedInUser,
  startTestStack,
  type TestStack,
  type TestUser,
} from "./stack.ts";

const PIXEL = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const DAY = 86_400_000;

let stack: TestStack;
let service: SupabaseClient;
let admin: TestUser;
let user: TestUser;
const run = `trash-${randomUUID()}`;

beforeAll(async () => {
  stack = await startTestStack();
  service = serviceClient(stack);
  [admin, user] = await Promise.all([signedInUser(stack, { admin: true }), signedInUser(stack)]);
}, 60_000);

afterAll(async () => {
  await stack?.close();
});

async function store(name: string): Promise<{ path: string; url: string }> {
  const path = `gallery/home/${run}-${name}.png`;
  const { error } = await service.storage
    .from("media")
    .upload(path, new Blob([new Uint8Array(PIXEL)], { type: "image/png" }));
  if (error) throw new Error(`could not store ${path}: ${error.message}`);
  return { path, url: service.storage.from("media").getPublicUrl(path).data.publicUrl };
}

async function exists(path: string): Promise<boolean> {
  const { data } = await service.storage.from("media").download(path);
  return data !== null;
}

/** A deletion recorded `daysAgo` days ago, of a home gallery picture at `url`. */
async function deletedAgo(url: string, daysAgo: number): Promise<void> {
  const db = stack.db;
  if (!db) throw new Error("the embedded stack exposes its database");
  const id = randomUUID();
  await db.query(
    `insert into public.audit_log (occurred_at, actor_role, table_name, row_id, action, old_data)
     values ($1, 'authenticated', 'home_gallery', $2, 'DELETE', $3)`,
    [
      new Date(Date.now() - daysAgo * DAY).toISOString(),
      id,
      JSON.stringify({ id, image_url: url, sort_order: 0, is_active: true }),
    ],
  );
}

const purge = (token: string, apikey = stack.publishableKey) =>
  fetch(`${stack.url}/functions/v1/trash`, {
    method: "POST",
    headers: { apikey, authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ action: "purge" }),
  });

describe.skipIf(REAL_PROJECT)(embeddedOnly("trash purge (ages deletions in the database)"), () => {
  it("removes the files only long-deleted records used, and keeps every file still used", async () => {
    const old = await store("only-deleted");
    const live = await store("still-shown");
    const recent = await store("deleted-last-week");
    await deletedAgo(old.url, 40);
    // Deleted long ago too, but a live record still shows the same picture.
    await deletedAgo(live.url, 45);
    const { error } = await service
      .from("home_gallery")
      .insert({ image_url: live.url, sort_order: 50 });
    expect(error).toBeNull();
    // Deleted last week: still in the trash, so still restorable with its picture.
    await deletedAgo(recent.url, 7);

    const response = await purge(await accessToken(admin));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { purged: number; files: number };
    expect(body.purged).toBeGreaterThanOrEqual(2);
    expect(await exists(old.path)).toBe(false);
    expect(await exists(live.path)).toBe(true);
    expect(await exists(recent.path)).toBe(true);

    // Purged once: the next purge has nothing left of these.
    const again = (await (await purge(await accessToken(admin))).json()) as { purged: number };
    expect(again.purged).toBe(0);
  });

  it("is done by admins or the secret key, and refused to everyone else", async () => {
    expect((await purge(await accessToken(user))).status).toBe(403);
    expect((await purge(stack.publishableKey)).status).toBe(401);
    expect((await purge("not-a-token")).status).toBe(401);
    const scheduled = await purge(stack.secretKey, stack.secretKey);
    expect(scheduled.status).toBe(200);
  });
});
