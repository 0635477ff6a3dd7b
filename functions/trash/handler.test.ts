// Every answer of the trash function, through the handler with fakes: who may purge,
// that files go before a deletion is marked, and that a failure leaves it due.
import { assertEquals } from "../_shared/assert.ts";
import type { Caller } from "../_shared/caller.ts";
import {
  createTrashHandler,
  type ExpiredDeletion,
  REMOVE_BATCH,
  type TrashDeps,
} from "./handler.ts";

const URL = "http://127.0.0.1/trash";
const SECRET = "sb_secret_0123456789abcdef";

function setup(due: ExpiredDeletion[], options: { failRemove?: boolean } = {}) {
  const removed: string[][] = [];
  const marked: { entries: number[]; files: string[] }[] = [];
  const errors: string[] = [];
  const callers: Record<string, Caller> = {
    "admin-token": { kind: "admin", userId: "admin-1" },
    "user-token": { kind: "user" },
  };
  const deps: TrashDeps = {
    identify: async (token) => callers[token] ?? { kind: "none" },
    isSecretKey: (token) => token === SECRET,
    expired: async () => due,
    remove: async (paths) => {
      if (options.failRemove) throw new Error("storage is down");
      removed.push(paths);
    },
    markPurged: async (entries, files) => {
      marked.push({ entries, files });
    },
    logError: (message) => errors.push(message),
  };
  const handle = createTrashHandler(deps);
  const post = (token: string | null, body: unknown = { action: "purge" }) =>
    handle(
      new Request(URL, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
  return { post, handle, removed, marked, errors };
}

const due: ExpiredDeletion[] = [
  { entryId: 7, unusedFiles: ["gallery/home/a.webp", "gallery/home/b.webp"] },
  { entryId: 9, unusedFiles: ["gallery/home/b.webp"] },
  { entryId: 12, unusedFiles: [] },
];

Deno.test("an admin purges: each unused file removed once, then the deletions marked", async () => {
  const t = setup(due);
  const response = await t.post("admin-token");
  assertEquals(response.status, 200);
  assertEquals(await response.json(), { purged: 3, files: 2 });
  assertEquals(t.removed, [["gallery/home/a.webp", "gallery/home/b.webp"]]);
  assertEquals(t.marked, [
    { entries: [7, 9, 12], files: ["gallery/home/a.webp", "gallery/home/b.webp"] },
  ]);
});

Deno.test("the secret key purges too (a schedule); nothing due changes nothing", async () => {
  const t = setup([]);
  const response = await t.post(SECRET);
  assertEquals(response.status, 200);
  assertEquals(await response.json(), { purged: 0, files: 0 });
  assertEquals(t.removed, []);
  assertEquals(t.marked, []);
});

Deno.test("files are removed in batches Storage accepts", async () => {
  const many = Array.from({ length: REMOVE_BATCH + 5 }, (_, i) => `gallery/home/${i}.webp`);
  const t = setup([{ entryId: 1, unusedFiles: many }]);
  assertEquals((await t.post("admin-token")).status, 200);
  assertEquals(
    t.removed.map((batch) => batch.length),
    [REMOVE_BATCH, 5],
  );
});

Deno.test("a failed removal marks nothing, so the next purge tries again", async () => {
  const t = setup(due, { failRemove: true });
  const response = await t.post("admin-token");
  assertEquals(response.status, 500);
  assertEquals((await response.json()).error, "unavailable");
  assertEquals(t.marked, []);
  assertEquals(t.errors, ["trash purge failed"]);
});

Deno.test("visitors, signed-in non-admins and strangers are refused before anything runs", async () => {
  for (const [token, status] of [
    [null, 401],
    ["forged", 401],
    ["sb_secret_wrong", 401],
    ["user-token", 403],
  ] as const) {
    const t = setup(due);
    assertEquals((await t.post(token)).status, status, String(token));
    assertEquals(t.removed, []);
    assertEquals(t.marked, []);
  }
});

Deno.test("only the purge action, only POST", async () => {
  const t = setup(due);
  assertEquals((await t.post("admin-token", { action: "empty-everything" })).status, 400);
  assertEquals((await t.post("admin-token", "not json")).status, 400);
  const get = await t.handle(
    new Request(URL, { headers: { authorization: "Bearer admin-token" } }),
  );
  assertEquals(get.status, 405);
  assertEquals((await t.handle(new Request(URL, { method: "OPTIONS" }))).status, 204);
  assertEquals(t.removed, []);
});
